package org.bgml.diagram.layout;

import org.bgml.diagram.glsp.BgmlModelState;
import org.eclipse.glsp.server.layout.LayoutEngine;

import com.google.inject.Inject;

/**
 * The diagram's layout as GLSP's layout engine: node places live in the session's {@link LayoutStore}, and
 * {@link AutoLayout} computes them on the server. {@link #layout()} lays out everything again (the Layout button);
 * {@link #ensurePlaced()} only gives a place to what has none yet, so a user's arrangement is never moved unasked.
 */
public class BgmlLayoutEngine implements LayoutEngine {
    @Inject
    protected BgmlModelState state;

    public BgmlLayoutEngine() {
    }

    /** Outside a GLSP session (benchmarks). */
    public BgmlLayoutEngine(BgmlModelState state) {
        this.state = state;
    }

    @Override
    public void layout() {
        long t0 = System.nanoTime();
        AutoLayout.layoutAll(state.getModel(), state.getLayout());
        state.getTimings().layoutNanos = System.nanoTime() - t0;
    }

    /** Places every entity without a stored place (all of them when none has one). */
    public void ensurePlaced() {
        long t0 = System.nanoTime();
        AutoLayout.ensure(state.getModel(), state.getLayout());
        state.getTimings().layoutNanos = System.nanoTime() - t0;
    }

    /** Width and height of an entity: its own minimum, an assembly's room for its components, or its stored size. */
    public double[] size(org.bgml.model.Entity entity) {
        return AutoLayout.size(entity, state.getLayout());
    }
}
