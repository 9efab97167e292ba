package org.bgml.diagram;

import java.nio.file.Path;
import java.util.Map;

import org.bgml.diagram.glsp.BgmlDiagnostics;
import org.bgml.diagram.glsp.BgmlDiagramConfiguration;
import org.bgml.diagram.glsp.GModelJson;
import org.bgml.diagram.glsp.BgmlModelState;
import org.bgml.diagram.glsp.TimedGModelFactory;
import org.bgml.diagram.gmodel.BgmlGModelFactory;
import org.bgml.diagram.layout.BgmlLayoutEngine;
import org.bgml.diagram.layout.LayoutStore;
import org.bgml.model.BenchmarkModel;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.graph.GModelRoot;
import org.eclipse.glsp.graph.gson.GraphGsonConfigurator;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;

/** Server-side cost of opening a diagram: validation, ELK layout and model → GModel, without any client. */
public final class DiagramBenchmark {
    private DiagramBenchmark() {
    }

    /** Builds the diagram of {@code model} once, from an empty layout, and returns what it cost. */
    public static DiagramTimings measure(BenchmarkModel model) {
        return build(model).getTimings();
    }

    private static BgmlModelState build(BenchmarkModel model) {
        BgmlModelState state = new BgmlModelState();
        state.init();
        state.open(Path.of(model.getName() + ".bgml"), model, new LayoutStore());
        new TimedGModelFactory(state, new BgmlGModelFactory(state, new BgmlDiagnostics(state), new BgmlLayoutEngine(state))).createGModel();
        return state;
    }

    /**
     * The JSON the client gets for the diagram of {@code model} (its root element, as the server writes it), and the
     * same written by GLSP's own reflective adapter; each with the milliseconds the fastest of {@code repeat} writes
     * took.
     */
    public static Written json(BenchmarkModel model, int repeat) {
        GModelRoot root = build(model).getRoot();
        Map<String, EClass> types = new BgmlDiagramConfiguration().getTypeMappings();
        Gson server = new GModelJson.Configurator().withTypes(types).configureGsonBuilder(new GsonBuilder()).create();
        Gson glsp = new GraphGsonConfigurator().withTypes(types).configureGsonBuilder(new GsonBuilder()).create();
        String[] text = new String[2];
        double[] millis = { Double.MAX_VALUE, Double.MAX_VALUE };
        for (int i = 0; i < Math.max(1, repeat); i++) {
            Gson[] both = { server, glsp };
            for (int k = 0; k < 2; k++) {
                long t0 = System.nanoTime();
                text[k] = both[k].toJson(root, GModelElement.class);
                millis[k] = Math.min(millis[k], (System.nanoTime() - t0) / 1e6);
            }
        }
        return new Written(text[0], millis[0], text[1], millis[1]);
    }

    /** {@link #json}'s answer. */
    public record Written(String server, double serverMillis, String glsp, double glspMillis) {
    }
}
