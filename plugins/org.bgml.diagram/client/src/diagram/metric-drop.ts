import { ContainerElement, ContainerManager, FeedbackEmitter, GChildElement, GModelElement, InsertOptions, Point, TrackedInsert } from '@eclipse-glsp/client';
import { injectable } from 'inversify';
import { EdgeTypes, LabelTypes, MetricTypes, PortTypes } from '../protocol/element-types';

const METRIC_TYPES: readonly string[] = Object.values(MetricTypes);
// connections and ports are measured; a trigger edge is an action, which no metric measures
const MEASURABLE: readonly string[] = [EdgeTypes.INVOCATION, EdgeTypes.EVENT, ...Object.values(PortTypes)];

/**
 * Where a metric from the palette goes: onto the connection or port under the mouse (or one of their labels).
 * GLSP's container manager finds containers by bounds, which edges do not have, so for metric types this looks at the
 * SVG element under the pointer instead. A drop anywhere else still goes to the server, naming what was hit, so that
 * its refusal tells the user where a metric belongs; the cursor shows beforehand that the spot is wrong. Every other
 * element type keeps GLSP's own behaviour.
 */
@injectable()
export class BgmlContainerManager extends ContainerManager {
    override insert(proxy: GModelElement, location: Point, elementTypeId: string, opts?: Partial<InsertOptions>): TrackedInsert {
        if (!METRIC_TYPES.includes(elementTypeId)) {
            return super.insert(proxy, location, elementTypeId, opts);
        }
        const options = { validateLocationInContainer: false, ...opts };
        const container = elementAt(proxy, opts?.evt);
        return { elementTypeId, container, location, valid: opts?.evt !== undefined, options };
    }

    override isCreationAllowed(container: ContainerElement | undefined, elementTypeId: string, opts?: Partial<InsertOptions>): boolean {
        if (METRIC_TYPES.includes(elementTypeId)) {
            return container !== undefined && MEASURABLE.includes(container.type);
        }
        return super.isCreationAllowed(container, elementTypeId, opts);
    }

    override addInsertFeedback(feedback: FeedbackEmitter, insert: TrackedInsert, ctx?: GModelElement, event?: MouseEvent): FeedbackEmitter {
        if (!METRIC_TYPES.includes(insert.elementTypeId)) {
            return super.addInsertFeedback(feedback, insert, ctx, event);
        }
        const fits = insert.container !== undefined && MEASURABLE.includes(insert.container.type);
        return super.addInsertFeedback(feedback, { ...insert, valid: fits }, ctx, event);
    }
}

/**
 * The edge or port under the pointer of `event` (a label stands for its edge or port), else the innermost diagram
 * element there, skipping the creation tool's own ghost.
 */
function elementAt(anyElement: GModelElement, event: MouseEvent | undefined): (GModelElement & ContainerElement) | undefined {
    if (!event) {
        return undefined;
    }
    const root = anyElement.root;
    let innermost: GModelElement | undefined;
    for (const hit of document.elementsFromPoint(event.clientX, event.clientY)) {
        // the diagram's DOM ids are `<diagram div id>_<GModel id>`; the hidden measuring copy has its own div
        const diagram = hit.closest('.sprotty');
        if (!diagram || !diagram.id || hit.closest('.ghost-element')) {
            continue;
        }
        const prefix = diagram.id + '_';
        for (let node: Element | null = hit; node && node !== diagram; node = node.parentElement) {
            if (!node.id.startsWith(prefix)) {
                continue;
            }
            const element = root.index.getById(node.id.substring(prefix.length));
            const measured = element ? measurable(element) : undefined;
            if (measured) {
                return measured as GModelElement & ContainerElement;
            }
            innermost ??= element;
        }
    }
    return innermost as (GModelElement & ContainerElement) | undefined;
}

/** The element itself when it is an edge or a port, or the edge or port a label of it belongs to. */
function measurable(element: GModelElement): GModelElement | undefined {
    if (MEASURABLE.includes(element.type)) {
        return element;
    }
    if (element.type.startsWith('label:') && element.type !== LabelTypes.OPTION && element instanceof GChildElement) {
        const parent = element.parent as GModelElement;
        return MEASURABLE.includes(parent.type) ? parent : undefined;
    }
    return undefined;
}
