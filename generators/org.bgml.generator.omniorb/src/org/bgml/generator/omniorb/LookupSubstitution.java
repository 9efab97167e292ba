package org.bgml.generator.omniorb;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.model.io.ElementPaths;

/**
 * Lookup time on the omniorb target. A generated benchmark finds its objects through IOR files, not through a
 * naming service, so a LookupTime metric measures what resolving a reference costs there: string_to_object on the
 * stringified IOR, the narrow and a first _non_existent (which opens the connection). The manifest says so, on
 * every lookup-time metric, so that the figure is never read as a naming-service resolve.
 */
final class LookupSubstitution {
    static final String TEXT = "IOR file, no naming service: the lookup time is string_to_object on the IOR the server "
            + "wrote, the narrow and a first _non_existent, not a resolve through CosNaming";

    private LookupSubstitution() {
    }

    static List<Manifest.Substitution> of(BenchmarkPlan plan) {
        List<Manifest.Substitution> out = new ArrayList<>();
        for (InvocationPlan i : plan.invocations()) {
            List<String> elements = new ArrayList<>();
            for (MetricPlan m : i.metrics()) {
                if ("lookupTime".equals(m.kind())) {
                    elements.add(ElementPaths.pathOf(m.metric()));
                }
            }
            if (elements.isEmpty()) {
                continue;
            }
            out.add(new Manifest.Substitution(plan.processPath(i.clientProcess()), List.copyOf(elements), TEXT));
        }
        return out;
    }
}
