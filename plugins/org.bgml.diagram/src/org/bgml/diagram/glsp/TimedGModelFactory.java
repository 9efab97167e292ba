package org.bgml.diagram.glsp;

import org.bgml.diagram.BgmlTypes;
import org.bgml.diagram.DiagramTimings;
import org.bgml.diagram.gmodel.BgmlGModelFactory;
import org.eclipse.glsp.graph.GEdge;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GNode;
import org.eclipse.glsp.server.features.core.model.GModelFactory;

import com.google.inject.Inject;

/**
 * The GModel factory GLSP calls: builds the diagram with {@link BgmlGModelFactory} and records what the build cost in
 * the session's {@link DiagramTimings}. Validation and layout time themselves when they run (a move runs neither);
 * the rest of the build is the model → GModel time.
 */
public class TimedGModelFactory implements GModelFactory {
    @Inject
    protected BgmlModelState state;
    @Inject
    protected BgmlGModelFactory factory;

    public TimedGModelFactory() {
    }

    /** Outside a GLSP session (benchmarks). */
    public TimedGModelFactory(BgmlModelState state, BgmlGModelFactory factory) {
        this.state = state;
        this.factory = factory;
    }

    @Override
    public void createGModel() {
        DiagramTimings timings = state.getTimings();
        timings.validateNanos = 0;
        timings.layoutNanos = 0;
        long t0 = System.nanoTime();
        factory.createGModel();
        long total = System.nanoTime() - t0;
        timings.gmodelNanos = Math.max(0, total - timings.validateNanos - timings.layoutNanos);
        int[] counts = new int[2];
        count(state.getRoot(), counts);
        timings.nodes = counts[0];
        timings.edges = counts[1];
    }

    /** Entity nodes (not process boxes) and edges below {@code element}. */
    private static void count(GModelElement element, int[] counts) {
        for (GModelElement child : element.getChildren()) {
            if (child instanceof GNode && !BgmlTypes.PROCESS.equals(child.getType())) {
                counts[0]++;
            } else if (child instanceof GEdge) {
                counts[1]++;
            }
            if (child instanceof GNode) {
                count(child, counts);
            }
        }
    }
}
