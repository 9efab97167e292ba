package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.Behaviour;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.EventSource;
import org.bgml.model.PathLatency;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/**
 * What the {@code ciao} target does not generate yet: behaviours with action lists, timer event sources (rate
 * generators) and end-to-end path metrics. A model that has any of them is refused before a file is written, naming
 * every such element, rather than generated into a benchmark whose later hops stay silent. (The {@code tao} target
 * runs them: see {@link TaoChains}.)
 */
public final class TaoUnsupported {
    private TaoUnsupported() {
    }

    /** Throws with one line per element the target cannot honour; does nothing when there is none. */
    public static void refuse(BenchmarkModel model, String target) {
        List<String> found = find(model);
        if (!found.isEmpty()) {
            throw new IllegalArgumentException(target + ": the " + target + " target does not generate "
                    + String.join("; ", found) + ". Generate this model for a target that runs event chains, or model the "
                    + "behaviour with its kind (echo, cubit, busyWork, forward) and the events with metric loops");
        }
    }

    /** Each unsupported element, described with its element path, in model order. */
    public static List<String> find(BenchmarkModel model) {
        List<String> found = new ArrayList<>();
        for (var it = model.eAllContents(); it.hasNext();) {
            EObject o = it.next();
            if (o instanceof Behaviour b && !b.getActions().isEmpty()) {
                found.add("the action list of " + ElementPaths.pathOf(b.eContainer()) + " (" + b.getActions().size()
                        + " action" + (b.getActions().size() == 1 ? "" : "s") + ")");
            } else if (o instanceof EventSource s && s.getTimer() != null) {
                found.add("the timer of event source " + ElementPaths.pathOf(s) + " (a rate generator)");
            } else if (o instanceof PathLatency p) {
                found.add("the end-to-end path metric " + ElementPaths.pathOf(p) + " (PathLatency)");
            }
        }
        return found;
    }
}
