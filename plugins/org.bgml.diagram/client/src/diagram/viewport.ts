import {
    Bounds,
    CommandExecutionContext,
    CommandReturn,
    Dimension,
    EdgeLayoutPostprocessor,
    EdgePlacement,
    EdgeRouterRegistry,
    FitToScreenAction,
    FitToScreenCommand,
    GEdge,
    GModelElement,
    GModelRoot,
    Point,
    TYPES,
    Viewport,
    isBoundsAware,
    isEdgeLayoutable,
    isViewport,
    toDegrees
} from '@eclipse-glsp/client';
import { inject, injectable } from 'inversify';

/** The parts of the edge label layout this file uses (protected in Sprotty's class). */
interface LabelPlacing {
    getEdgePlacement(element: GModelElement): EdgePlacement;
    getAlignment(label: GModelElement, placement: EdgePlacement, angle: number): Point;
}

/**
 * Fit to screen over what is drawn. Sprotty's command maps every bounds-aware element through its parents, which
 * fails for a label on an edge: its box is not where it is drawn (Sprotty places it along the route while rendering),
 * and GLSP's edge maps it through the bounds of its routing points, which are NaN for an edge without any (all of
 * ours: the server sends none, the router draws straight from port to port). One result label then made the whole
 * viewport NaN, and no node was drawn. Here a label on an edge counts with the box it is drawn in (its point on the
 * route and its alignment, as the edge layout computes them), and an edge with its route.
 */
@injectable()
export class BgmlFitToScreenCommand extends FitToScreenCommand {
    @inject(EdgeRouterRegistry) protected edgeRouterRegistry: EdgeRouterRegistry;
    @inject(EdgeLayoutPostprocessor) protected edgeLayout: EdgeLayoutPostprocessor;

    constructor(@inject(TYPES.Action) action: FitToScreenAction) {
        super(action);
    }

    /**
     * Fits to the canvas as it is on screen now. Sprotty measures the canvas only when the window changes size, but the
     * page around it changes too: the problems list below it grows when the first validation comes. Fit then fitted
     * the model to a canvas taller than the one shown, leaving the bottom rows of a large model under that list.
     */
    override execute(context: CommandExecutionContext): CommandReturn {
        const root = context.root as GModelRoot & Partial<Viewport>;
        const canvas = measureCanvas(this.viewerOptions.baseDiv);
        if (canvas && isViewport(root) && !Bounds.equals(root.canvasBounds, canvas)) {
            root.canvasBounds = canvas;
        }
        return super.execute(context);
    }

    protected override boundsInViewport(element: GModelElement, bounds: Bounds, viewport: GModelRoot & Viewport): Bounds {
        if (element instanceof GEdge) {
            return this.boundsInViewport(element.parent, routeBounds(this.edgeRouterRegistry, element), viewport);
        }
        const edge = 'parent' in element ? (element as { parent: GModelElement }).parent : undefined;
        if (edge instanceof GEdge && isEdgeLayoutable(element) && isBoundsAware(element)) {
            const drawn = edgeLabelBounds(this.edgeRouterRegistry, this.edgeLayout as unknown as LabelPlacing, edge, element, element.bounds);
            return drawn ? this.boundsInViewport(edge.parent, drawn, viewport) : Bounds.EMPTY;
        }
        return super.boundsInViewport(element, bounds, viewport);
    }
}

/** The bounds of an edge's drawn route, in the coordinates of the edge's parent. */
export function routeBounds(routers: EdgeRouterRegistry, edge: GEdge): Bounds {
    const route = routers.route(edge);
    if (route.length === 0) {
        return Bounds.EMPTY;
    }
    const xs = route.map(p => p.x);
    const ys = route.map(p => p.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * Where a label on `edge` is drawn, in the coordinates of the edge's parent: its point on the route plus its
 * alignment, as Sprotty's edge layout places it (labels that are not rotated, like all of ours).
 */
export function edgeLabelBounds(
    routers: EdgeRouterRegistry,
    layout: LabelPlacing,
    edge: GEdge,
    label: GModelElement,
    size: Bounds
): Bounds | undefined {
    const placement = layout.getEdgePlacement(label);
    const router = routers.get(edge.routerKind);
    const position = Math.min(1, Math.max(0, placement.position));
    const point = router.pointAt(edge, position);
    if (!point) {
        return undefined;
    }
    const derivative = router.derivativeAt(edge, position);
    const angle = derivative ? toDegrees(Math.atan2(derivative.y, derivative.x)) : 0;
    const alignment = layout.getAlignment(label, placement, angle);
    return { x: point.x + size.x + alignment.x, y: point.y + size.y + alignment.y, width: size.width, height: size.height };
}

/** The canvas (the `<svg>`) of the diagram in `baseDiv`, in page coordinates as Sprotty measures it; undefined before it is drawn. */
export function measureCanvas(baseDiv: string): Bounds | undefined {
    const svg = document.getElementById(baseDiv)?.querySelector('svg');
    if (!svg) {
        return undefined;
    }
    const box = svg.getBoundingClientRect();
    const bounds = { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height };
    return Dimension.isValid(bounds) && bounds.width > 0 && bounds.height > 0 ? bounds : undefined;
}
