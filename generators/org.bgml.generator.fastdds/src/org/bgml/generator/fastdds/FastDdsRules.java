package org.bgml.generator.fastdds;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.io.ElementPaths;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.Severity;
import org.eclipse.emf.ecore.EObject;

/**
 * What the fastdds target does not generate yet, checked on the plan before any file is written: each refusal
 * names its rule id and the element, so a model is refused whole, never half generated. Every rule has a broken
 * model in tests/org.bgml.generator.fastdds.tests/broken/ (its {@code RuleCoverageTest} checks that).
 */
public final class FastDdsRules {
    /** An event construct with no DDS mapping here: a path not started by a timer, an event metric a sink cannot measure. */
    public static final String EVENTS = "fastdds.events";
    /** A parameter or return type a request or reply cannot carry here: any, object references, sequences of strings. */
    public static final String PARAMETER_TYPE = "fastdds.parameter-type";
    /**
     * A metric kind the target does not measure: lookups, missed deadlines, path latency over calls; and functional
     * paths of two-way or collocated calls (a oneway call between processes, as DBA-color makes them, is cut into
     * segments: {@link FastDdsWhiteBox}).
     */
    public static final String METRIC = "fastdds.metric";
    /**
     * Several threads where they cannot be told apart: calling threads to a facet that runs actions or ends a path (its
     * chain replier serves the operation's topics only), or an event metric's publishing threads. Calling threads to
     * any other facet each get request and reply topics of their own, since with the catalogue's KEEP_LAST history one
     * thread's reply could replace another's in a shared reader before it is taken.
     */
    public static final String THREADS = "fastdds.threads";
    /** A deployment over several hosts: traffic stays on loopback. */
    public static final String HOSTS = "fastdds.hosts";

    private static final Set<String> MEASURED = Set.of("latency", "throughput", "jitter", "payloadSweep", "contextSwitch", "footprint");

    private FastDdsRules() {
    }

    /** Every refusal of the plan, in model order of the checks. */
    public static List<ModelDiagnostic> check(BenchmarkPlan plan) {
        String root = plan.model().getName();
        List<ModelDiagnostic> found = new ArrayList<>();
        Set<EObject> reported = new LinkedHashSet<>();
        Set<String> hosts = new LinkedHashSet<>();
        for (ProcessPlan p : plan.processes()) {
            hosts.add(p.host() == null ? "localhost" : p.host());
        }
        if (hosts.size() > 1) {
            found.add(error(HOSTS, plan.deploymentElement(), root, "the deployment spans hosts " + String.join(", ", hosts)
                    + "; the fastdds target keeps its traffic on loopback and runs on one host"));
        }
        FastDdsEvents.check(plan, reported, (rule, element, message) -> found.add(error(rule, element, root, message)));
        ChainPlan chains = ChainPlan.of(plan);
        for (InvocationPlan i : plan.invocations()) {
            for (Operation op : org.bgml.generator.common.idl.IdlTypes.allOperations(i.iface())) {
                if (op.getReturnType() != null && !FastDdsTypes.carried(op.getReturnType()) && reported.add(op)) {
                    found.add(error(PARAMETER_TYPE, op, root, "operation " + op.getName()
                            + " returns a type the fastdds target cannot carry (primitives, strings, structs of them and sequences of primitives or structs only)"));
                }
                for (Parameter p : op.getParameters()) {
                    if (!FastDdsTypes.carried(p.getType()) && reported.add(p)) {
                        found.add(error(PARAMETER_TYPE, p, root, "parameter " + p.getName() + " of " + op.getName()
                                + " has a type the fastdds target cannot carry (primitives, strings, structs of them and sequences of primitives or structs only)"));
                    }
                }
            }
            for (MetricPlan m : i.metrics()) {
                if (FastDdsWhiteBox.FUNCTIONAL_PATH.equals(m.kind())) {
                    String why = FastDdsWhiteBox.refusal(m, i);
                    if (why != null && reported.add(m.metric())) {
                        found.add(error(METRIC, m.metric(), root, "metric " + m.metric().getName() + " (functionalPath): " + why));
                    }
                } else if (!MEASURED.contains(m.kind()) && reported.add(m.metric())) {
                    found.add(error(METRIC, m.metric(), root, "metric " + m.metric().getName() + " (" + m.kind()
                            + "): the fastdds target measures latency, throughput, jitter, payload sweeps, context switches, footprint and functional paths of oneway calls"));
                } else if (m.threads() > 1 && "contextSwitch".equals(m.kind()) && reported.add(m.metric())) {
                    found.add(error(THREADS, m.metric(), root, "metric " + m.metric().getName() + " asks for " + m.threads()
                            + " calling threads; the fastdds target counts the context switches of one calling thread"));
                } else if (m.threads() > 1 && chained(chains, i) && reported.add(m.metric())) {
                    found.add(error(THREADS, m.metric(), root, "metric " + m.metric().getName() + " asks for " + m.threads()
                            + " calling threads to facet " + i.server().getName() + "/" + i.facet().getName()
                            + ", which runs actions or ends a path; on fastdds its replier serves one calling thread"));
                }
            }
        }
        return found;
    }

    /** The facet an invocation calls runs behaviour actions or ends a path (it has a chain replier). */
    private static boolean chained(ChainPlan chains, InvocationPlan i) {
        return !ChainPlan.actions(i.facet()).isEmpty() || !chains.pathsEndingAt(i.facet()).isEmpty();
    }

    private static ModelDiagnostic error(String rule, EObject element, String root, String message) {
        return new ModelDiagnostic(Severity.ERROR, rule, message, element,
                element == null ? root : ElementPaths.displayPath(element, root));
    }

    /** Refuses the plan, before anything is written, when any rule finds something. */
    public static void enforce(BenchmarkPlan plan) {
        List<ModelDiagnostic> found = check(plan);
        if (!found.isEmpty()) {
            throw new FastDdsRefusal(found);
        }
    }
}
