/** @jsx svg */
import {
    GEdge,
    GEdgeView,
    GIssueMarker,
    GIssueMarkerView,
    GLabel,
    GLabelView,
    GModelElement,
    GModelRoot,
    Hoverable,
    IViewArgs,
    Point,
    RenderingContext,
    Selectable,
    ShapeView,
    angleOfPoint,
    getAbsoluteBounds,
    getSubType,
    setAttr,
    setClass,
    svg,
    toDegrees,
    Viewport
} from '@eclipse-glsp/client';
import { injectable } from 'inversify';
import { VNode } from 'snabbdom';
import { EdgeTypes, NodeTypes, PortTypes } from '../protocol/element-types';
import { cachedDrawing, drawnState, drawsDetail, frameOffset, framed, placement } from './cached-views';
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
 *
 * Below `DETAIL_ZOOM` it is drawn as an overview (`drawsDetail`): without its texts, and with its ports as plain squares
 * in one path (one per set of port classes, so a port's problem or verdict colour stays), which is all a few pixels of
 * screen show of them; what the ports carry (result labels, problem markers) is still drawn.
 *
 * Drawn anew only when the entity or anything inside it changed (`cachedDrawing`), when the zoom crosses `DETAIL_ZOOM`,
 * or, for an entity partly outside the canvas (whose ports and labels outside are not drawn), when the viewport
 * changed.
 */
@injectable()
export class BgmlNodeView extends ShapeView {
    render(node: Readonly<BgmlNode & Hoverable & Selectable>, context: RenderingContext, _args?: IViewArgs): VNode | undefined {
        if (!this.isVisible(node, context)) {
            return undefined;
        }
        if (node.parent !== node.root) {
            return this.draw(node, context); // drawn (and cached) with the container around it
        }
        const state = drawnState(node);
        state.push(drawsDetail(node, context));
        if (!this.isInside(node)) {
            const root = node.root as unknown as Viewport & GModelRoot;
            state.push(root.zoom, root.scroll.x, root.scroll.y, root.canvasBounds.width, root.canvasBounds.height);
        }
        return cachedDrawing(node, context, state, () => this.draw(node, context));
    }

    /**
     * Whether the entity, with room around it for the labels of its ports, lies on the canvas, so that the views inside
     * it draw everything whatever the viewport.
     */
    protected isInside(node: Readonly<BgmlNode>): boolean {
        const ab = getAbsoluteBounds(node);
        const canvas = node.root.canvasBounds;
        const room = LABEL_ROOM * (node.root as unknown as Viewport).zoom;
        return ab.x >= room && ab.y >= room && ab.x + ab.width + room <= canvas.width && ab.y + ab.height + room <= canvas.height;
    }

    protected draw(node: Readonly<BgmlNode & Hoverable & Selectable>, context: RenderingContext): VNode {
        const width = Math.max(node.size.width, 0);
        const height = Math.max(node.size.height, 0);
        const container = node.type === NodeTypes.ASSEMBLY || node.type === NodeTypes.PROCESS;
        const detail = drawsDetail(node, context);
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
                {hasKindLabel || !detail ? '' : <text class-bgml-kind-fallback={true} x={8} y={18}>{'«' + node.kindName + '»'}</text>}
                {detail ? context.renderChildren(node) : this.renderOverviewChildren(node, context)}
            </g>
        );
    }

    /**
     * The children of an entity drawn as an overview: its ports as squares in one path per set of port classes, then
     * what the ports hold and every other child as always (the text views draw nothing at this zoom).
     */
    protected renderOverviewChildren(node: Readonly<BgmlNode>, context: RenderingContext): VNode[] {
        const squares = new Map<string, string[]>();
        const drawn: VNode[] = [];
        for (const child of node.children) {
            if (!(child instanceof BgmlPort)) {
                const vnode = context.renderElement(child);
                if (vnode) {
                    drawn.push(vnode);
                }
                continue;
            }
            const o = frameOffset(child, context) ?? child.position;
            const classes = portClasses(child).join(' ');
            const list = squares.get(classes) ?? [];
            list.push(`M${round(o.x + 1)},${round(o.y + 1)}h${round(child.size.width - 2)}v${round(child.size.height - 2)}h${round(2 - child.size.width)}z`);
            squares.set(classes, list);
            for (const inside of child.children) {
                const vnode = context.renderElement(inside);
                if (vnode) {
                    drawn.push(vnode);
                }
            }
        }
        const paths: VNode[] = [];
        for (const [classes, list] of squares) {
            const css: Record<string, boolean> = { 'bgml-port-overview': true };
            classes.split(' ').filter(c => c !== '').forEach(c => (css[c] = true));
            paths.push(<path class={css} d={list.join('')} />);
        }
        return [...paths, ...drawn];
    }
}

/** The classes that colour a port (problems, verdicts, the selection), as its own drawing would have them. */
function portClasses(port: Readonly<BgmlPort & Partial<Selectable>>): string[] {
    const classes = (port.cssClasses ?? []).filter(c => c.startsWith('bgml-') || c === 'error' || c === 'warning');
    const problem = (port as unknown as { args?: Record<string, unknown> }).args?.['problem'];
    if ((problem === 'error' || problem === 'warning') && !classes.includes('bgml-' + problem)) {
        classes.push('bgml-' + problem);
    }
    if (port.selected) {
        classes.push('selected');
    }
    return classes.sort();
}

/** How far (in diagram units) a port's result label may reach out of its entity. */
const LABEL_ROOM = 400;

function hasChildOfType(element: { children: readonly { type: string; children?: readonly unknown[] }[] }, type: string): boolean {
    return element.children.some(
        child => child.type === type || (child.children !== undefined && hasChildOfType(child as never, type))
    );
}

/**
 * A port on its node's border. The shapes follow the usual component notation: a facet is a lollipop (filled circle),
 * a receptacle a socket (half circle open away from the node), an event source a triangle pointing out of the node and
 * an event sink a triangle pointing in. A transparent square keeps the whole port box clickable. Drawn in its entity's
 * coordinates (`framed`), without a transform of its own.
 */
@injectable()
export class BgmlPortView extends ShapeView {
    render(port: Readonly<BgmlPort & Hoverable & Selectable>, context: RenderingContext): VNode | undefined {
        if (!this.isVisible(port, context)) {
            return undefined;
        }
        const o = frameOffset(port, context) ?? { x: 0, y: 0 };
        const w = port.size.width;
        const h = port.size.height;
        const side = port.side;
        const classes: Record<string, boolean> = {
            'bgml-port': true,
            selected: port.selected,
            mouseover: port.hoverFeedback
        };
        classes['bgml-side-' + side] = true;
        return framed(
            port,
            context,
            <g class={classes}>
                {drawsDetail(port, context) ? <rect class-bgml-port-hit={true} x={o.x} y={o.y} width={w} height={h} /> : ''}
                {this.renderShape(port.type, w, h, side, o)}
                {context.renderChildren(port)}
            </g>
        );
    }

    protected renderShape(type: string, w: number, h: number, side: string, o: Point): VNode {
        // drawn for a port on the right border, then turned (in the coordinates themselves) to face out of its side
        const turn = turner(outwardAngle(side), o.x + w / 2, o.y + h / 2);
        const at = (x: number, y: number): string => {
            const p = turn(o.x + x, o.y + y);
            return `${p.x},${p.y}`;
        };
        switch (type) {
            case PortTypes.FACET:
                return <circle class-bgml-port-shape={true} class-bgml-facet={true} cx={o.x + w / 2} cy={o.y + h / 2} r={Math.min(w, h) / 2 - 1} />;
            case PortTypes.RECEPTACLE: {
                // a half circle opening to the right
                const r = Math.min(w, h) / 2 - 1;
                const d = `M ${at(w / 2 + r * 0.2, h / 2 - r)} A ${r},${r} 0 0 0 ${at(w / 2 + r * 0.2, h / 2 + r)}`;
                return <path class-bgml-port-shape={true} class-bgml-receptacle={true} d={d} />;
            }
            case PortTypes.SOURCE:
                return <path class-bgml-port-shape={true} class-bgml-source={true} d={`M ${at(1, 1)} L ${at(w - 1, h / 2)} L ${at(1, h - 1)} Z`} />;
            case PortTypes.SINK:
                return <path class-bgml-port-shape={true} class-bgml-sink={true} d={`M ${at(w - 1, 1)} L ${at(1, h / 2)} L ${at(w - 1, h - 1)} Z`} />;
            default:
                return <rect class-bgml-port-shape={true} x={o.x + 1} y={o.y + 1} width={w - 2} height={h - 2} />;
        }
    }
}

/** Turns points by `degrees` about (cx, cy); multiples of 90° come out exact. */
function turner(degrees: number, cx: number, cy: number): (x: number, y: number) => Point {
    const radians = (degrees * Math.PI) / 180;
    const cos = Math.round(Math.cos(radians) * 1e9) / 1e9;
    const sin = Math.round(Math.sin(radians) * 1e9) / 1e9;
    return (x, y) => ({ x: round(cx + (x - cx) * cos - (y - cy) * sin), y: round(cy + (x - cx) * sin + (y - cy) * cos) });
}

function round(v: number): number {
    return Math.round(v * 1000) / 1000;
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

/**
 * Connections: invocations end in an open arrow at the facet, event connections are dashed with a filled one. Drawn
 * anew only when the connection, its labels or the place of either end changed (`cachedDrawing`), or when the zoom
 * crosses `DETAIL_ZOOM`: below it a connection without labels is one line, without its arrow head and its wider
 * invisible line for the mouse (`drawsDetail`).
 */
@injectable()
export class BgmlEdgeView extends GEdgeView {
    override render(edge: Readonly<GEdge>, context: RenderingContext): VNode {
        const line = edge.children.length === 0 && !drawsDetail(edge, context);
        const state = drawnState(edge);
        placement(edge.source, state);
        state.push('to');
        placement(edge.target, state);
        state.push(line);
        return line
            ? cachedDrawing(edge, context, state, () => this.renderOverview(edge, context), 'path')
            : cachedDrawing(edge, context, state, () => super.render(edge, context));
    }

    /** The connection as one line, with the classes its full drawing has (the style sheet styles both alike). */
    protected renderOverview(edge: Readonly<GEdge>, context: RenderingContext): VNode {
        const route = this.edgeRouterRegistry.get(edge.routerKind).route(edge);
        return (
            <path
                class-sprotty-edge={true}
                class-mouseover={edge.hoverFeedback}
                class-bgml-edge-line={true}
                {...this.additionalClasses(edge, context)}
                d={route.length < 2 ? '' : this.createPathForSegments(route)}
            />
        );
    }

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
        // the arrow head drawn pointing left from the end point, turned along the last segment (in the coordinates
        // themselves: a transform per element makes the browser's every repaint of a large diagram far slower)
        const turn = turner(toDegrees(angleOfPoint(Point.subtract(p1, p2))), p2.x, p2.y);
        const at = (x: number, y: number): string => {
            const p = turn(p2.x + x, p2.y + y);
            return `${p.x},${p.y}`;
        };
        additionals.push(
            <path
                class-bgml-arrow={true}
                class-bgml-arrow-open={edge.type !== EdgeTypes.EVENT}
                d={edge.type === EdgeTypes.EVENT ? `M ${at(1, 0)} L ${at(10, -4)} L ${at(10, 4)} Z` : `M ${at(10, -5)} L ${at(1, 0)} L ${at(10, 5)}`}
            />
        );
        return additionals;
    }
}

/** Overlay, metric and option labels: text on a light plate so they stay readable over edges. */
@injectable()
export class BgmlBadgeLabelView extends GLabelView {
    override render(label: Readonly<GLabel & Partial<Selectable>>, context: RenderingContext): VNode | undefined {
        const text = label.text ?? '';
        // the server sizes labels generously (it cannot measure text); fit the plate to 10 px text instead
        const estimate = text.length * 5.8 + 2;
        const width = label.size.width > 0 ? Math.min(label.size.width, estimate) : estimate;
        const height = label.size.height > 0 ? label.size.height : 14;
        const o = frameOffset(label, context) ?? { x: 0, y: 0 };
        return framed(
            label,
            context,
            <g class-bgml-badge={true} class-selected={label.selected === true}>
                <rect class-bgml-badge-plate={true} x={o.x - 3} y={o.y - 1} width={width + 6} height={height + 2} rx={3} ry={3} />
                <text class-sprotty-label={true} x={o.x} y={o.y}>
                    {text}
                </text>
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
    override render(label: Readonly<GLabel & Partial<Selectable>>, context: RenderingContext): VNode | undefined {
        const lines = (label.text ?? '').split('\n');
        const o = frameOffset(label, context) ?? { x: 0, y: 0 };
        const detail = (label as unknown as { args?: Record<string, unknown> }).args?.['detail'];
        const width = label.size.width > 0 ? label.size.width : Math.max(...lines.map(l => l.length)) * 5.6;
        return framed(
            label,
            context,
            <g class-bgml-badge={true} class-bgml-placement={true}>
                <rect class-bgml-badge-plate={true} x={o.x - 3} y={o.y - 1} width={width + 6} height={lines.length * 13 + 2} rx={3} ry={3} />
                <text class-sprotty-label={true}>
                    {lines.map((line, i) => (
                        <tspan x={o.x} y={o.y + i * 13}>
                            {line}
                        </tspan>
                    ))}
                </text>
                {typeof detail === 'string' ? <title>{detail}</title> : undefined}
            </g>
        );
    }
}

/** Names, kinds and other plain texts: inside an entity drawn in its coordinates (`framed`), elsewhere as GLSP draws them. */
@injectable()
export class BgmlTextLabelView extends GLabelView {
    override render(label: Readonly<GLabel>, context: RenderingContext): VNode | undefined {
        const o = frameOffset(label, context);
        if (o === undefined) {
            return super.render(label, context);
        }
        if (!drawsDetail(label, context) || !this.isVisible(label, context)) {
            return undefined;
        }
        const vnode = (
            <text class-sprotty-label={true} x={o.x} y={o.y}>
                {label.text}
            </text>
        );
        const subType = getSubType(label);
        if (subType) {
            setAttr(vnode, 'class', subType);
        }
        return framed(label, context, vnode);
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

/**
 * GLSP's validation marker (a 16 px warning or error sign), left out of the overview (`drawsDetail`): there it would be
 * under 4 px, and the class of the element it marks colours that element already. Zooming in draws it.
 */
@injectable()
export class BgmlIssueMarkerView extends GIssueMarkerView {
    override render(marker: GIssueMarker, context: RenderingContext): VNode {
        // nothing drawn: Sprotty's views may answer undefined (`IView.render`), GLSP's class declares VNode only
        return drawsDetail(marker, context) ? super.render(marker, context) : (undefined as unknown as VNode);
    }
}
