import {
    Bounds,
    CommandExecutionContext,
    Dimension,
    EdgeLayoutPostprocessor,
    EdgeRouterRegistry,
    FeedbackAwareSetModelCommand,
    FitToScreenAction,
    GEdge,
    GModelRoot,
    IActionDispatcherProvider,
    InitializeCanvasBoundsAction,
    InitializeCanvasBoundsCommand,
    SetModelAction,
    TYPES,
    ViewerOptions,
    isBoundsAware,
    isViewport
} from '@eclipse-glsp/client';
import { inject, injectable } from 'inversify';
import { markChangedOnly } from './cached-views';
import { BgmlFitToScreenCommand, measureCanvas } from './viewport';

/** How a model is fitted when it arrives: the whole model, with a margin, never enlarged. */
export const START_FIT = { padding: 30, maxZoom: 1, animate: false } as const;

/** The roots that were fitted to the canvas before they were first drawn ({@link FitOnArrivalSetModelCommand}). */
const fittedOnArrival = new WeakSet<object>();

/** Whether `root` was fitted to the canvas before it was first drawn, so that fitting it again changes nothing. */
export function wasFittedOnArrival(root: unknown): boolean {
    return typeof root === 'object' && root !== null && fittedOnArrival.has(root);
}

/**
 * Sets a model from the server already fitted to the canvas. Sprotty sets a new model with an unknown canvas size,
 * draws it, measures the canvas, draws it again at zoom 1, and only the startup's fit to screen then draws it at the
 * zoom it is shown at. On the 1,000-component model the drawing at zoom 1 (with every text in view) was wasted, and
 * the fit itself mapped every port and label through its parents. Here the new root takes the canvas size the diagram has already
 * (its `<svg>` is there, drawn for the empty model before) and the viewport of a fit over its top-level elements and the
 * labels on edges, before anything is drawn: the first drawing is the one the user sees.
 */
@injectable()
export class FitOnArrivalSetModelCommand extends FeedbackAwareSetModelCommand {
    @inject(TYPES.ViewerOptions) protected viewerOptions: ViewerOptions;
    @inject(EdgeRouterRegistry) protected edgeRouterRegistry: EdgeRouterRegistry;
    @inject(EdgeLayoutPostprocessor) protected edgeLayout: EdgeLayoutPostprocessor;
    @inject(TYPES.IActionDispatcherProvider) protected dispatcher: IActionDispatcherProvider;

    constructor(@inject(TYPES.Action) action: SetModelAction) {
        super(action);
    }

    override execute(context: CommandExecutionContext): GModelRoot {
        const root = super.execute(context) as GModelRoot;
        if (root.children.length > 0 && isViewport(root) && !Dimension.isValid(root.canvasBounds)) {
            const canvas = this.measuredCanvas();
            if (canvas) {
                root.canvasBounds = canvas;
                this.fit(root, context);
                // what the viewer would report after drawing: Sprotty waits for it after a new model, and GLSP's
                // startup counts the model as initialized with it
                void this.dispatcher().then(dispatcher => dispatcher.dispatch(InitializeCanvasBoundsAction.create(canvas)));
            }
        }
        return root;
    }

    /** The diagram's canvas (its `<svg>`), in page coordinates as Sprotty measures it; undefined before it is drawn. */
    protected measuredCanvas(): Bounds | undefined {
        return measureCanvas(this.viewerOptions.baseDiv);
    }

    protected fit(root: GModelRoot, context: CommandExecutionContext): void {
        // the top-level nodes hold their ports and labels, and every edge runs between two of them: only the labels on
        // edges can lie outside
        const ids: string[] = [];
        for (const child of root.children) {
            if (child instanceof GEdge) {
                child.children.forEach(label => ids.push(label.id));
            } else if (isBoundsAware(child)) {
                ids.push(child.id);
            }
        }
        const fit = new BgmlFitToScreenCommand(FitToScreenAction.create(ids, START_FIT));
        const injected = fit as unknown as { viewerOptions: ViewerOptions; edgeRouterRegistry: EdgeRouterRegistry; edgeLayout: EdgeLayoutPostprocessor };
        injected.viewerOptions = this.viewerOptions;
        injected.edgeRouterRegistry = this.edgeRouterRegistry;
        injected.edgeLayout = this.edgeLayout;
        fit.execute({ ...context, root });
        fittedOnArrival.add(root);
    }
}

/**
 * The canvas measured (after a new model, or a resize): when its size is the one the diagram has already (as
 * {@link FitOnArrivalSetModelCommand} set it), nothing needs drawing again.
 */
@injectable()
export class SameCanvasBoundsCommand extends InitializeCanvasBoundsCommand {
    constructor(@inject(TYPES.Action) protected readonly measured: InitializeCanvasBoundsAction) {
        super(measured);
    }

    override execute(context: CommandExecutionContext): GModelRoot {
        const root = context.root as GModelRoot;
        const same = Dimension.isValid(root.canvasBounds) && Bounds.equals(root.canvasBounds, this.measured.newCanvasBounds);
        const result = super.execute(context) as GModelRoot;
        if (same) {
            markChangedOnly(root, new Set());
        }
        return result;
    }
}
