/** @jsx svg */
import {
    GEdge,
    GEdgeView,
    GLabel,
    GLabelView,
    GModelElement,
    Hoverable,
    IViewArgs,
    Point,
    RenderingContext,
    Selectable,
    ShapeView,
    angleOfPoint,
    setClass,
    svg,
    toDegrees
} from '@eclipse-glsp/client';
import { injectable } from 'inversify';
import { VNode } from 'snabbdom';
import { EdgeTypes, NodeTypes, PortTypes } from '../protocol/element-types';
import { BgmlNode, BgmlPort } from './model';

const KIND_CLASS: Record<string, string> = {
    [NodeTypes.SERVER]: 'bgml-kind-server',
    [NodeTypes.CLIENT]: 'bgml-kind-client',
    [NodeTypes.COMPONENT]: 'bgml-kind-component',
    [NodeTypes.ASSEMBLY]: 'bgml-kind-assembly',
    [NodeTypes.PROCESS]: 'bgml-kind-process'
};

/**
 * An entity: a rounded box with a coloured kind band on top. Assemblies and processes are containers: their nested
 * nodes are children and are drawn inside. The kind word itself comes from the server's `label:kind` child; when a
 * model has none, the view writes it so the kind is never hidden.
 */
@injectable()
export class BgmlNodeView extends ShapeView {
    render(node: Readonly<BgmlNode & Hoverable & Selectable>, context: RenderingContext, _args?: IViewArgs): VNode | undefined {
        if (!this.isVisible(node, context)) {
            return undefined;
        }
        const width = Math.max(node.size.width, 0);
        const height = Math.max(node.size.height, 0);
        const container = node.type === NodeTypes.ASSEMBLY || node.type === NodeTypes.PROCESS;
        const hasKindLabel = hasChildOfType(node, 'label:kind');
        const classes: Record<string, boolean> = {
            'bgml-node': true,
            'bgml-container': container,
            selected: node.selected,
            mouseover: node.hoverFeedback
        };
        classes[KIND_CLASS[node.type] ?? 'bgml-kind-other'] = true;
        return (
            <g class={classes} data-kind={node.kindName}>
                <rect class-bgml-node-body={true} x={0} y={0} rx={6} ry={6} width={width} height={height} />
                <rect class-bgml-kind-band={true} x={0} y={0} width={width} height={Math.min(6, height)} rx={3} ry={3} />
                {hasKindLabel ? '' : <text class-bgml-kind-fallback={true} x={8} y={18}>{'«' + node.kindName + '»'}</text>}
                {context.renderChildren(node)}
            </g>
        );
    }
}

function hasChildOfType(element: { children: readonly { type: string; children?: readonly unknown[] }[] }, type: string): boolean {
    return element.children.some(
        child => child.type === type || (child.children !== undefined && hasChildOfType(child as never, type))
    );
}

/**
 * A port on its node's border. The shapes follow the usual component notation: a facet is a lollipop (filled circle),
 * a receptacle a socket (half circle open away from the node), an event source a triangle pointing out of the node and
 * an event sink a triangle pointing in. A transparent square keeps the whole port box clickable.
 */
@injectable()
export class BgmlPortView extends ShapeView {
    render(port: Readonly<BgmlPort & Hoverable & Selectable>, context: RenderingContext): VNode | undefined {
        if (!this.isVisible(port, context)) {
            return undefined;
        }
        const w = port.size.width;
        const h = port.size.height;
        const side = port.side;
        const classes: Record<string, boolean> = {
            'bgml-port': true,
            selected: port.selected,
            mouseover: port.hoverFeedback
        };
        classes['bgml-side-' + side] = true;
        return (
            <g class={classes}>
                <rect class-bgml-port-hit={true} x={0} y={0} width={w} height={h} />
                {this.renderShape(port.type, w, h, side)}
                {context.renderChildren(port)}
            </g>
        );
    }

    protected renderShape(type: string, w: number, h: number, side: string): VNode {
        const outward = outwardAngle(side);
        const rotate = `rotate(${outward} ${w / 2} ${h / 2})`;
        switch (type) {
            case PortTypes.FACET:
                return <circle class-bgml-port-shape={true} class-bgml-facet={true} cx={w / 2} cy={h / 2} r={Math.min(w, h) / 2 - 1} />;
            case PortTypes.RECEPTACLE: {
                // drawn for a port on the right border (opening to the right), then turned to its side
                const r = Math.min(w, h) / 2 - 1;
                const d = `M ${w / 2 + r * 0.2},${h / 2 - r} A ${r},${r} 0 0 0 ${w / 2 + r * 0.2},${h / 2 + r}`;
                return <path class-bgml-port-shape={true} class-bgml-receptacle={true} d={d} transform={rotate} />;
            }
            case PortTypes.SOURCE:
                return <path class-bgml-port-shape={true} class-bgml-source={true} d={`M 1,1 L ${w - 1},${h / 2} L 1,${h - 1} Z`} transform={rotate} />;
            case PortTypes.SINK:
                return <path class-bgml-port-shape={true} class-bgml-sink={true} d={`M ${w - 1},1 L 1,${h / 2} L ${w - 1},${h - 1} Z`} transform={rotate} />;
            default:
                return <rect class-bgml-port-shape={true} x={1} y={1} width={w - 2} height={h - 2} />;
        }
    }
}

/** Degrees to turn a shape drawn for the right border so that it faces out of the node on `side`. */
function outwardAngle(side: string): number {
    switch (side) {
        case 'left':
            return 180;
        case 'top':
            return -90;
        case 'bottom':
            return 90;
        default:
            return 0;
    }
}

/** Connections: invocations end in an open arrow at the facet, event connections are dashed with a filled one. */
@injectable()
export class BgmlEdgeView extends GEdgeView {
    protected override additionalClasses(edge: Readonly<GEdge>, _context: RenderingContext): Record<string, boolean> {
        // GEdgeView spreads these into the vnode's data: `class-` keys become classes
        return {
            'class-bgml-edge': true,
            'class-bgml-invocation': edge.type === EdgeTypes.INVOCATION,
            'class-bgml-event': edge.type === EdgeTypes.EVENT,
            'class-bgml-trigger': edge.type === EdgeTypes.TRIGGER
        };
    }

    protected override renderAdditionals(edge: GEdge, segments: Point[], context: RenderingContext): VNode[] {
        const additionals = super.renderAdditionals(edge, segments, context);
        if (segments.length < 2) {
            return additionals;
        }
        const p1 = segments[segments.length - 2];
        const p2 = segments[segments.length - 1];
        const angle = toDegrees(angleOfPoint(Point.subtract(p1, p2)));
        additionals.push(
            <path
                class-bgml-arrow={true}
                class-bgml-arrow-open={edge.type !== EdgeTypes.EVENT}
                d={edge.type === EdgeTypes.EVENT ? 'M 1,0 L 10,-4 L 10,4 Z' : 'M 10,-5 L 1,0 L 10,5'}
                transform={`rotate(${angle} ${p2.x} ${p2.y}) translate(${p2.x} ${p2.y})`}
            />
        );
        return additionals;
    }
}

/** Overlay, metric and option labels: text on a light plate so they stay readable over edges. */
@injectable()
export class BgmlBadgeLabelView extends GLabelView {
    override render(label: Readonly<GLabel & Partial<Selectable>>, _context: RenderingContext): VNode | undefined {
        const text = label.text ?? '';
        // the server sizes labels generously (it cannot measure text); fit the plate to 10 px text instead
        const estimate = text.length * 5.8 + 2;
        const width = label.size.width > 0 ? Math.min(label.size.width, estimate) : estimate;
        const height = label.size.height > 0 ? label.size.height : 14;
        return (
            <g class-bgml-badge={true} class-selected={label.selected === true}>
                <rect class-bgml-badge-plate={true} x={-3} y={-1} width={width + 6} height={height + 2} rx={3} ry={3} />
                <text class-sprotty-label={true}>{text}</text>
            </g>
        );
    }
}

/**
 * Where the shown run placed a process (`label:placement`, PROTOCOL.md): the server's lines (host and CPUs, kernel, and
 * why it ran elsewhere than its node) one under the other on a plate; the whole sentence (`args.detail`) is the tooltip.
 */
@injectable()
export class BgmlPlacementLabelView extends GLabelView {
    override render(label: Readonly<GLabel & Partial<Selectable>>, _context: RenderingContext): VNode | undefined {
        const lines = (label.text ?? '').split('\n');
        const detail = (label as unknown as { args?: Record<string, unknown> }).args?.['detail'];
        const width = label.size.width > 0 ? label.size.width : Math.max(...lines.map(l => l.length)) * 5.6;
        return (
            <g class-bgml-badge={true} class-bgml-placement={true}>
                <rect class-bgml-badge-plate={true} x={-3} y={-1} width={width + 6} height={lines.length * 13 + 2} rx={3} ry={3} />
                <text class-sprotty-label={true}>
                    {lines.map((line, i) => (
                        <tspan x={0} y={i * 13}>
                            {line}
                        </tspan>
                    ))}
                </text>
                {typeof detail === 'string' ? <title>{detail}</title> : undefined}
            </g>
        );
    }
}

/**
 * The `bgml-error` / `bgml-warning` classes of PROTOCOL.md. The server sends them in `cssClasses` and, again, as
 * `args.problem`: GLSP's marker command rewrites `cssClasses` dropping every class whose name contains "error",
 * "warning" or "info" (ours included), so the class is set here from the argument, after every render.
 */
@injectable()
export class ProblemClassPostprocessor {
    decorate(vnode: VNode, element: GModelElement): VNode {
        const problem = (element as unknown as { args?: Record<string, unknown> }).args?.['problem'];
        if (problem === 'error' || problem === 'warning') {
            setClass(vnode, 'bgml-' + problem, true);
        }
        return vnode;
    }

    postUpdate(): void {
        // nothing to do after the update
    }
}
