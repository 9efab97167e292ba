import {
    GEdge,
    GGraphView,
    GModelElement,
    GModelRoot,
    GNode,
    LocationPostprocessor,
    Point,
    RenderingContext,
    SGraphImpl,
    Viewport,
    isAlignable,
    svg
} from '@eclipse-glsp/client';
import { injectable } from 'inversify';
import { VNode, VNodeData, h } from 'snabbdom';

/**
 * Drawing a large diagram again after an edit: only what changed.
 *
 * Sprotty draws the whole model into a new virtual DOM after every command and lets snabbdom compare it with the one on
 * screen. On the 1,000-component model that is some 40,000 SVG elements per edit, most of them the same as before. The
 * entity and connection views therefore answer with a snabbdom thunk (Sprotty's `ThunkView` technique) carrying the
 * element's {@link drawnState}: when that state equals the one drawn last time, the element's previous virtual DOM is
 * kept as it is, neither built nor compared again.
 */

/** Names of element fields that are structure, not drawn state (the tree itself, the index, the features). */
const STRUCTURE = new Set(['parent', 'children', 'features', 'index', 'root']);

/**
 * Everything the drawing of `element` and its descendants depends on, as a flat list of primitive values: every own
 * field (what the server sent: position, size, texts, arguments, css classes; and what the client set: selection,
 * hover, opacity, markers, resize or routing handles). Object values are taken value by value when they are flat, and
 * as JSON text otherwise, so a field changed in place is seen too.
 */
export function drawnState(element: GModelElement | GModelRoot, state: unknown[] = []): unknown[] {
    const fields = element as unknown as Record<string, unknown>;
    for (const key of Object.keys(fields)) {
        if (STRUCTURE.has(key)) {
            continue;
        }
        const value = fields[key];
        if (value === undefined || typeof value === 'function') {
            continue;
        }
        state.push(key);
        if (value === null || typeof value !== 'object') {
            state.push(value);
        } else if (key === 'position' || key === 'alignment') {
            const point = value as Point;
            state.push(point.x, point.y);
        } else if (key === 'size') {
            const size = value as { width: number; height: number };
            state.push(size.width, size.height);
        } else if (!flat(value, state)) {
            state.push(json(value));
        }
    }
    const children = (element as { children?: readonly GModelElement[] }).children ?? [];
    state.push(children.length);
    for (const child of children) {
        drawnState(child, state);
    }
    return state;
}

/**
 * Pushes an array of primitive values, or an object whose values are all primitive (the arguments the server sends),
 * value by value, which is cheaper than its JSON text; answers false, pushing nothing, for anything else.
 */
function flat(value: object, state: unknown[]): boolean {
    if (Array.isArray(value)) {
        if (!value.every(primitive)) {
            return false;
        }
        state.push(value.length, ...value);
        return true;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) {
        return false;
    }
    const fields = value as Record<string, unknown>;
    const keys = Object.keys(fields);
    for (const key of keys) {
        if (!primitive(fields[key])) {
            return false;
        }
    }
    state.push(keys.length);
    for (const key of keys) {
        state.push(key, fields[key]);
    }
    return true;
}

function primitive(value: unknown): boolean {
    return value === null || (typeof value !== 'object' && typeof value !== 'function');
}

function json(value: object): unknown {
    try {
        return JSON.stringify(value);
    } catch {
        return {}; // not representable: never equal to the state before
    }
}

/** Where `element` lies on the canvas: its own position and size and those of every ancestor below the root. */
export function placement(element: GModelElement | undefined, state: unknown[]): unknown[] {
    for (let e = element; e !== undefined && !(e instanceof GModelRoot); e = (e as { parent?: GModelElement }).parent) {
        const shape = e as unknown as { position?: { x: number; y: number }; size?: { width: number; height: number } };
        state.push(shape.position?.x, shape.position?.y, shape.size?.width, shape.size?.height);
    }
    return state;
}

interface ThunkData extends VNodeData {
    fn: () => VNode;
    args: unknown[];
}

/**
 * A virtual DOM node that stands for `draw()`'s drawing of `element` (decorated by the viewer's postprocessors) and is
 * only drawn anew when `state` differs from the state of the node it replaces. `draw` must return an element of tag
 * `tag` (a `<g>` unless said otherwise); a drawing of another tag replaces the element on screen instead of patching
 * it. The hidden rendering pass (bounds measurement) always draws.
 */
export function cachedDrawing(element: GModelElement, context: RenderingContext, state: unknown[], draw: () => VNode, tag = 'g'): VNode {
    if (context.targetKind === 'hidden') {
        return draw();
    }
    const thunk = h(tag, {
        key: element.id,
        hook: { init, prepatch },
        fn: () => context.decorate(draw(), element),
        args: state
    } as ThunkData);
    // the viewer's postprocessors skip thunks (they decorate the drawing itself, above)
    (thunk as unknown as { thunk: boolean }).thunk = true;
    return thunk;
}

function init(thunk: VNode): void {
    copy((thunk.data as ThunkData).fn(), thunk);
}

function prepatch(old: VNode, thunk: VNode): void {
    const before = old.data as ThunkData | undefined;
    const now = thunk.data as ThunkData;
    copy(before?.args !== undefined && sameState(before.args, now.args) ? old : now.fn(), thunk);
}

function copy(drawing: VNode, thunk: VNode): void {
    const own = thunk.data as ThunkData;
    const data = drawing.data as ThunkData;
    data.fn = own.fn;
    data.args = own.args;
    thunk.data = data;
    thunk.children = drawing.children;
    thunk.text = drawing.text;
    thunk.elm = drawing.elm;
}

function sameState(a: unknown[], b: unknown[]): boolean {
    if (a.length !== b.length) {
        return false;
    }
    for (let i = 0; i < a.length; i++) {
        if (a[i] !== b[i] && !(Number.isNaN(a[i]) && Number.isNaN(b[i]))) {
            return false;
        }
    }
    return true;
}

/**
 * What the latest update changed ({@link markChangedOnly}) in the diagram `root`, not yet drawn: the elements the
 * server moved, or whose labels it shifted, or which it marked with a problem.
 */
let pendingMove: { root: GModelRoot; changed: Set<string> } | undefined;

/**
 * Tells the graph view that the next drawing of `root` follows an update in place that changed only these elements
 * (a move, problem classes, validation markers, type hints, the canvas measured again at the same size). The view
 * then keeps the drawing of every
 * top-level element that holds none of them and has no connection to one that does.
 */
export function markChangedOnly(root: GModelRoot, changed: Set<string>): void {
    if (pendingMove?.root === root) {
        changed.forEach(id => pendingMove!.changed.add(id)); // two commands before one drawing: both changes count
    } else {
        pendingMove = { root, changed: new Set(changed) };
    }
}

/** What the graph view drew last: the root, its viewport, and per top-level element its drawing and its own state. */
interface LastDrawing {
    root: GModelRoot;
    viewport: unknown[];
    children: Map<string, { vnode: VNode; own: unknown[] }>;
}

/**
 * The graph, without Sprotty's routing of every edge before the children are drawn: GLSP's edge view routes its edge
 * itself and never reads that routing (nor does anything else this diagram draws), and on a large diagram it cost as
 * much as drawing.
 *
 * After a move (`bgmlMoveNodes`) only the moved nodes and the connections at them are drawn anew (likewise after problem
 * classes, {@link markChangedOnly}); every other top-level element keeps its drawing, the very node snabbdom put on screen, which it then skips without comparing. Without
 * this, the 1,000-component model computed the drawn state of every element after each move (some 20,000 of them)
 * to find one changed node. A top-level element whose own fields changed since (selected, hovered, moved on the
 * client) is drawn as always.
 */
@injectable()
export class BgmlGraphView extends GGraphView {
    protected last?: LastDrawing;

    override render(model: Readonly<SGraphImpl>, context: RenderingContext): VNode {
        const transform = `scale(${model.zoom}) translate(${-model.scroll.x},${-model.scroll.y})`;
        const graph = svg('svg', { 'class-sprotty-graph': true }, svg('g', { transform }, ...this.renderTopLevel(model, context)));
        if (graph.data) {
            graph.data.style = { ...graph.data.style, ...this.getGridStyle(model, context) };
        }
        return graph;
    }

    protected renderTopLevel(model: Readonly<SGraphImpl>, context: RenderingContext): VNode[] {
        const move = pendingMove;
        pendingMove = undefined;
        if (context.targetKind === 'hidden') {
            return context.renderChildren(model);
        }
        const root = model as unknown as GModelRoot;
        const viewport = [model.zoom, model.scroll.x, model.scroll.y, model.canvasBounds.width, model.canvasBounds.height];
        const last = this.last;
        const keep = move !== undefined && move.root === root && last !== undefined && last.root === root && sameState(last.viewport, viewport)
            ? this.touched(root, move.changed) : undefined;
        const children = new Map<string, { vnode: VNode; own: unknown[] }>();
        const drawn: VNode[] = [];
        for (const child of model.children) {
            const own = ownState(child);
            const before = keep && !keep.has(child.id) ? last!.children.get(child.id) : undefined;
            const vnode = before && sameState(before.own, own) ? before.vnode : context.renderElement(child);
            if (vnode) {
                drawn.push(vnode);
                children.set(child.id, { vnode, own });
            }
        }
        this.last = { root, viewport, children };
        return drawn;
    }

    /** The top-level elements a move touched: the moved nodes, the edges at them, and the edges whose labels moved. */
    protected touched(root: GModelRoot, changed: Set<string>): Set<string> {
        const touched = new Set<string>();
        for (const id of changed) {
            const element = root.index.getById(id);
            const top = element ? topLevel(element) : undefined;
            if (top) {
                touched.add(top.id);
            }
        }
        for (const child of root.children) {
            if (child instanceof GEdge) {
                const source = child.source ? topLevel(child.source) : undefined;
                const target = child.target ? topLevel(child.target) : undefined;
                if ((source && touched.has(source.id)) || (target && touched.has(target.id))) {
                    touched.add(child.id);
                }
            }
        }
        return touched;
    }
}

/** The child of the root that holds `element` (or is it). */
function topLevel(element: GModelElement): GModelElement | undefined {
    for (let e = element; ; ) {
        const parent = (e as { parent?: GModelElement }).parent;
        if (parent === undefined) {
            return undefined;
        }
        if (parent instanceof GModelRoot) {
            return e;
        }
        e = parent;
    }
}

/** The fields of a top-level element that a client-side command may change in place, for the graph view's check. */
function ownState(element: GModelElement): unknown[] {
    const e = element as unknown as {
        position?: Point;
        size?: { width: number; height: number };
        selected?: boolean;
        hoverFeedback?: boolean;
        opacity?: number;
        cssClasses?: string[];
        children: readonly GModelElement[];
    };
    return [e.position?.x, e.position?.y, e.size?.width, e.size?.height, e.selected, e.hoverFeedback, e.opacity, e.cssClasses?.join(' '), e.children.length];
}

/**
 * Where an element inside an entity is drawn, in the coordinates of that entity's (or nested component's) box: the sum
 * of its own and its ancestors' positions up to the nearest node. Undefined outside any node (on an edge, at the top) and
 * in the hidden measuring pass: those are drawn as Sprotty draws them, with a translation each.
 *
 * Ports and labels are drawn at these coordinates instead of under a `transform` of their own. Every transform in an SVG
 * is a node of the browser's property trees, and with some 25,000 of them on the 1,000-component model each repaint
 * (after a move, say) cost the browser several times more than drawing the same shapes without.
 */
export function frameOffset(element: GModelElement, context: RenderingContext): Point | undefined {
    if (context.targetKind === 'hidden') {
        return undefined;
    }
    let x = 0;
    let y = 0;
    if (isAlignable(element)) {
        x += element.alignment.x;
        y += element.alignment.y;
    }
    for (let e: GModelElement | undefined = element; ; e = (e as { parent?: GModelElement }).parent) {
        if (e instanceof GModelRoot || e instanceof GEdge || e === undefined) {
            return undefined;
        }
        if (e instanceof GNode) {
            return { x, y };
        }
        const position = (e as { position?: Point }).position;
        x += position?.x ?? 0;
        y += position?.y ?? 0;
    }
}

/**
 * The zoom below which the diagram is drawn as an overview: entities without their texts (name, kind, port names), their
 * ports as plain squares in one path per entity, and connections as one line each, without their arrow heads. There
 * the 10 to 12 px texts would be 3 px high or less on screen, too small to read, a 16 px port 4 px or less, too small
 * to aim at, and an arrow head a pixel or two. The 1,000-component model opens at a zoom of about 0.1, where the full
 * drawing has some 22,000 SVG elements and the overview about 6,500; every element costs the browser time to build,
 * lay out and paint. Zooming in draws the detail again.
 */
export const DETAIL_ZOOM = 0.25;

/** Whether the entities on the canvas are drawn in full at the root's zoom ({@link DETAIL_ZOOM}); always when measuring. */
export function drawsDetail(element: GModelElement, context: RenderingContext): boolean {
    if (context.targetKind === 'hidden') {
        return true;
    }
    const zoom = (element.root as unknown as Partial<Viewport>).zoom;
    return !(typeof zoom === 'number' && zoom < DETAIL_ZOOM);
}

/** Marks a drawing made at {@link frameOffset} coordinates, which the location postprocessor leaves untranslated. */
export function framed(element: GModelElement, context: RenderingContext, vnode: VNode): VNode {
    if (frameOffset(element, context) !== undefined && vnode.data) {
        vnode.data[FRAMED] = true;
    }
    return vnode;
}

const FRAMED = 'bgmlFramed';

/** Sprotty's translation of located elements, except those drawn in their entity's coordinates ({@link framed}). */
@injectable()
export class BgmlLocationPostprocessor extends LocationPostprocessor {
    override decorate(vnode: VNode, element: GModelElement): VNode {
        return vnode.data?.[FRAMED] === true ? vnode : super.decorate(vnode, element);
    }
}
