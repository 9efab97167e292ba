import {
    Action,
    CreateEdgeOperation,
    EdgeCreationTool,
    EdgeCreationToolMouseListener,
    GModelElement,
    findParentByFeature,
    isConnectable
} from '@eclipse-glsp/client';
import { injectable } from 'inversify';
import { EdgeTypes, PortTypes } from '../protocol/element-types';
import { ShowNoticeAction } from '../protocol/bgml-actions';

const PORT_WORDS: Record<string, string> = {
    [PortTypes.FACET]: 'a facet',
    [PortTypes.RECEPTACLE]: 'a receptacle',
    [PortTypes.SOURCE]: 'an event source',
    [PortTypes.SINK]: 'an event sink'
};

/** Why the type hints refuse a pair, in the user's words; the server's own refusal (naming its rule) follows. */
export function explainRefusal(edgeType: string, sourceType: string | undefined, targetType: string | undefined): string {
    const rule =
        edgeType === EdgeTypes.EVENT
            ? 'an event connection goes from an event source to an event sink'
            : 'an invocation connection goes from a receptacle to a facet';
    const from = sourceType ? PORT_WORDS[sourceType] ?? sourceType : 'this element';
    const to = targetType ? PORT_WORDS[targetType] ?? targetType : 'this element';
    return `Illegal connection from ${from} to ${to}: ${rule} with compatible types.`;
}

/**
 * The stock tool silently ignores a click on a target its type hints refuse. Ours says why on the spot and still
 * passes the attempt to the server, which is the authority on legality: it refuses with a message naming the rule
 * (PROTOCOL.md, Operations), and the notice bar shows that message too.
 */
export class ExplainingEdgeCreationListener extends EdgeCreationToolMouseListener {
    override nonDraggingMouseUp(element: GModelElement, event: MouseEvent): Action[] {
        if (event.button === 0 && this.source && !this.target && !this.pendingDynamicCheck) {
            const target = findParentByFeature(element, isConnectable);
            if (target && !this.allowedTarget && target.id !== this.source) {
                const source = element.root.index.getById(this.source);
                const message = explainRefusal(this.triggerAction.elementTypeId, source?.type, target.type);
                return [
                    ShowNoticeAction.create(message, 'error'),
                    CreateEdgeOperation.create({
                        elementTypeId: this.triggerAction.elementTypeId,
                        sourceElementId: this.source,
                        targetElementId: target.id,
                        args: { ...this.triggerAction.args }
                    })
                ];
            }
        }
        return super.nonDraggingMouseUp(element, event);
    }
}

@injectable()
export class BgmlEdgeCreationTool extends EdgeCreationTool {
    protected override creationListener(): void {
        const listener = new ExplainingEdgeCreationListener(
            this.triggerAction,
            this.actionDispatcher,
            this.typeHintProvider,
            this,
            this.grid ? this.grid.x / 2 : undefined
        );
        this.toDisposeOnDisable.push(listener, this.mouseTool.registerListener(listener));
    }
}
