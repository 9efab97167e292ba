import {
    Args,
    Bounds,
    EditableLabel,
    GChildElement,
    GEdge,
    GLabel,
    GModelElement,
    GPort,
    Nameable,
    Point,
    RectangularNode,
    WithEditableLabel,
    argsFeature,
    deletableFeature,
    isEditableLabel,
    nameFeature,
    selectFeature,
    withEditLabelFeature
} from '@eclipse-glsp/client';
import { KIND_NAMES, LabelTypes } from '../protocol/element-types';

function editableNameLabel(parent: { children: readonly GChildElement[] }): (GChildElement & EditableLabel) | undefined {
    for (const child of parent.children) {
        if (child.type === LabelTypes.NAME && isEditableLabel(child)) {
            return child;
        }
        // the name label may sit in a header compartment
        if ('children' in child && child.type.startsWith('comp:')) {
            const nested = editableNameLabel(child as unknown as { children: readonly GChildElement[] });
            if (nested) {
                return nested;
            }
        }
    }
    return undefined;
}

/** Server, Client, Component, Assembly and deployment Process nodes. */
export class BgmlNode extends RectangularNode implements Nameable, WithEditableLabel {
    static override readonly DEFAULT_FEATURES = [...RectangularNode.DEFAULT_FEATURES, nameFeature, withEditLabelFeature, argsFeature];
    args?: Args;

    get editableLabel(): (GChildElement & EditableLabel) | undefined {
        return editableNameLabel(this);
    }

    get name(): string {
        return this.editableLabel?.text ?? this.id;
    }

    get kindName(): string {
        return KIND_NAMES[this.type] ?? this.type;
    }
}

/** Facets, receptacles, event sources and sinks, placed on their node's border by the server. */
export class BgmlPort extends GPort implements Nameable, WithEditableLabel {
    static override readonly DEFAULT_FEATURES = [...GPort.DEFAULT_FEATURES, deletableFeature, nameFeature, withEditLabelFeature, argsFeature];
    args?: Args;

    get editableLabel(): (GChildElement & EditableLabel) | undefined {
        return editableNameLabel(this);
    }

    get name(): string {
        return this.editableLabel?.text ?? this.id;
    }

    /** The border the port sits on, judged from its centre against the owning node's bounds. */
    get side(): 'left' | 'right' | 'top' | 'bottom' {
        const given = this.args?.['side'];
        if (given === 'left' || given === 'right' || given === 'top' || given === 'bottom') {
            return given;
        }
        const node = this.parent as unknown as { size?: { width: number; height: number } };
        const width = node.size?.width ?? 0;
        const height = node.size?.height ?? 0;
        const cx = this.position.x + this.size.width / 2;
        const cy = this.position.y + this.size.height / 2;
        const distances: Array<[number, 'left' | 'right' | 'top' | 'bottom']> = [
            [Math.abs(cx), 'left'],
            [Math.abs(width - cx), 'right'],
            [Math.abs(cy), 'top'],
            [Math.abs(height - cy), 'bottom']
        ];
        distances.sort((a, b) => a[0] - b[0]);
        return distances[0][1];
    }
}

/**
 * A connection. The server sends no routing points: the router draws it straight from port to port. GLSP's edge maps
 * its children's coordinates through the bounds of its routing points, which are NaN when there are none; an edge
 * without any draws in its parent's coordinates, so it maps nothing then (as Sprotty's own edge does).
 */
export class BgmlEdge extends GEdge {
    override localToParent(point: Point | Bounds): Bounds {
        return this.routingPoints.length > 0 ? super.localToParent(point) : asBounds(point);
    }

    override parentToLocal(point: Point | Bounds): Bounds {
        return this.routingPoints.length > 0 ? super.parentToLocal(point) : asBounds(point);
    }
}

function asBounds(point: Point | Bounds): Bounds {
    return Bounds.is(point) ? point : { x: point.x, y: point.y, width: -1, height: -1 };
}

/**
 * A metric badge (`METRIC#badge`) or an option label (`ENTITY#option/CONFIGURATION`): selectable on its own, so a
 * click opens the metric's or the configuration's property sheet; a selected metric badge can be deleted.
 */
export class BgmlBadge extends GLabel {
    static override readonly DEFAULT_FEATURES = [...GLabel.DEFAULT_FEATURES, selectFeature, argsFeature];
    args?: Args;
}

/**
 * Result numbers are carried in `args` (PROTOCOL.md): on the `label:result` overlay label of an edge or port (or its
 * `label:hop` of an end-to-end path), or on the element itself. Looks at the element, its result label, then its hop
 * label, then up its parents (a click on a label).
 */
export function resultArgsOf(element: GModelElement | undefined): { owner: GModelElement; args: Args } | undefined {
    let current: GModelElement | undefined = element;
    while (current) {
        const own = (current as unknown as { args?: Args }).args;
        if (own && (own['p50'] !== undefined || own['throughput'] !== undefined)) {
            const overlay = current.type === LabelTypes.RESULT || current.type === LabelTypes.HOP;
            return { owner: overlay && 'parent' in current ? (current as GChildElement).parent : current, args: own };
        }
        const children = (current as unknown as { children?: readonly GModelElement[] }).children ?? [];
        // its own result first; else the hop of an end-to-end path it carries
        for (const type of [LabelTypes.RESULT, LabelTypes.HOP]) {
            for (const child of children) {
                const args = (child as unknown as { args?: Args }).args;
                if (child.type === type && args && (args['p50'] !== undefined || args['throughput'] !== undefined)) {
                    return { owner: current, args };
                }
            }
        }
        current = current instanceof GChildElement ? (current.parent as GModelElement) : undefined;
    }
    return undefined;
}
