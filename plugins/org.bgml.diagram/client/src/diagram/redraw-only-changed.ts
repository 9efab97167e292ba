import { ApplyMarkersAction, ApplyMarkersCommand, ApplyTypeHintsCommand, CommandExecutionContext, CommandReturn, GModelRoot, TYPES } from '@eclipse-glsp/client';
import { inject, injectable } from 'inversify';
import { markChangedOnly } from './cached-views';

/**
 * GLSP's type hints, applied without drawing the diagram again. They arrive just after the first model and set what
 * each element allows (moving, deleting, connecting): features and functions, nothing that is drawn. Without this,
 * the graph view computed the drawn state of every element of a large diagram once more to find that none changed.
 */
@injectable()
export class BgmlApplyTypeHintsCommand extends ApplyTypeHintsCommand {
    constructor(@inject(TYPES.Action) action: unknown) {
        super(action as never);
    }

    override execute(context: CommandExecutionContext): GModelRoot {
        const root = super.execute(context);
        markChangedOnly(root, new Set());
        return root;
    }
}

/**
 * GLSP's validation markers, applied with only the marked elements drawn again: the command adds a marker to each
 * element it names and the severity's class, and changes nothing else.
 */
@injectable()
export class BgmlApplyMarkersCommand extends ApplyMarkersCommand {
    constructor(@inject(TYPES.Action) action: ApplyMarkersAction) {
        super(action);
    }

    override execute(context: CommandExecutionContext): CommandReturn {
        const result = super.execute(context);
        markChangedOnly(context.root, new Set(this.action.markers.map(marker => marker.elementId)));
        return result;
    }
}
