import { CommandExecutionContext, GModelRoot, TYPES, UpdateModelCommand, isBoundsAware, isEdgeLayoutable } from '@eclipse-glsp/client';
import { inject, injectable } from 'inversify';
import { MoveNodesAction } from '../protocol/bgml-actions';
import { markChangedOnly } from './cached-views';

/**
 * Applies `bgmlMoveNodes`: the server's answer to a move that only shifted nodes. The nodes get their new positions
 * and the edge labels their new offsets in the diagram the client already has, which is then drawn again; nothing is
 * parsed or rebuilt. It is an update of the model like `updateModel` (GLSP tells the model's listeners after it),
 * and like every server update it is not undone on the client (the server owns undo).
 */
@injectable()
export class MoveNodesCommand extends UpdateModelCommand {
    // Sprotty types KIND as 'updateModel' on this class; the registration only needs the string
    static override readonly KIND = MoveNodesAction.KIND as never;

    constructor(@inject(TYPES.Action) protected readonly move: MoveNodesAction) {
        super({ kind: MoveNodesAction.KIND, animate: false } as never);
    }

    override execute(context: CommandExecutionContext): GModelRoot {
        const root = context.root;
        for (const move of this.move.moves) {
            const element = root.index.getById(move.elementId);
            if (element && isBoundsAware(element) && 'position' in element) {
                (element as unknown as { position: { x: number; y: number } }).position = { x: move.x, y: move.y };
            }
        }
        const changed = new Set<string>(this.move.moves.map(move => move.elementId));
        for (const label of this.move.labels) {
            const element = root.index.getById(label.elementId);
            if (element && isEdgeLayoutable(element)) {
                element.edgePlacement = { ...element.edgePlacement, offset: label.offset };
                changed.add(label.elementId);
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
