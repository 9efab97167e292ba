import { CommandExecutionContext, GModelRoot, TYPES, UpdateModelCommand } from '@eclipse-glsp/client';
import { inject, injectable } from 'inversify';
import { SetProblemClassesAction } from '../protocol/bgml-actions';
import { markChangedOnly } from './cached-views';

const CLASSES = { error: 'bgml-error', warning: 'bgml-warning' } as const;

/**
 * Applies `bgmlSetProblemClasses`: the validation of the first model, which the server sends after the model itself.
 * Each element it names gets `args.problem` and the severity's class, as if the model had carried them, in the diagram
 * the client already has; only those elements are drawn again. Like every server update it is not undone on the
 * client.
 */
@injectable()
export class SetProblemClassesCommand extends UpdateModelCommand {
    // Sprotty types KIND as 'updateModel' on this class; the registration only needs the string
    static override readonly KIND = SetProblemClassesAction.KIND as never;

    constructor(@inject(TYPES.Action) protected readonly marks: SetProblemClassesAction) {
        super({ kind: SetProblemClassesAction.KIND, animate: false } as never);
    }

    override execute(context: CommandExecutionContext): GModelRoot {
        const root = context.root;
        const changed = new Set<string>();
        for (const mark of this.marks.elements ?? []) {
            const element = root.index.getById(mark.elementId) as unknown as
                | { args?: Record<string, unknown>; cssClasses?: string[] }
                | undefined;
            const css = CLASSES[mark.problem];
            if (!element || !css) {
                continue;
            }
            changed.add(mark.elementId);
            element.args = { ...element.args, problem: mark.problem };
            if (!element.cssClasses?.includes(css)) {
                element.cssClasses = [...(element.cssClasses ?? []), css];
            }
        }
        markChangedOnly(root, changed);
        return root;
    }

    override undo(context: CommandExecutionContext): GModelRoot {
        return context.root;
    }

    override redo(context: CommandExecutionContext): GModelRoot {
        return context.root;
    }
}
