package org.bgml.diagram;

import java.nio.file.Path;

import org.bgml.diagram.glsp.BgmlDiagnostics;
import org.bgml.diagram.glsp.BgmlModelState;
import org.bgml.diagram.glsp.TimedGModelFactory;
import org.bgml.diagram.gmodel.BgmlGModelFactory;
import org.bgml.diagram.layout.BgmlLayoutEngine;
import org.bgml.diagram.layout.LayoutStore;
import org.bgml.model.BenchmarkModel;

/** Server-side cost of opening a diagram: validation, ELK layout and model → GModel, without any client. */
public final class DiagramBenchmark {
    private DiagramBenchmark() {
    }

    /** Builds the diagram of {@code model} once, from an empty layout, and returns what it cost. */
    public static DiagramTimings measure(BenchmarkModel model) {
        BgmlModelState state = new BgmlModelState();
        state.init();
        state.open(Path.of(model.getName() + ".bgml"), model, new LayoutStore());
        new TimedGModelFactory(state, new BgmlGModelFactory(state, new BgmlDiagnostics(state), new BgmlLayoutEngine(state))).createGModel();
        return state.getTimings();
    }
}
