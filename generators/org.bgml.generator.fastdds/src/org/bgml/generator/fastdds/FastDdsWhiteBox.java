package org.bgml.generator.fastdds;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.SupportFiles;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.Interface;
import org.bgml.model.Operation;
import org.bgml.model.io.ElementPaths;

/**
 * Functional paths (white-box segments) on the fastdds target, for oneway calls between processes, as DBA-color
 * makes them. Each probed request carries the metric's id and the sender's start; the receiver records the cycle
 * to the end of its upcall in the segments {@code write}, {@code deliver}, {@code notify}, {@code take} and
 * {@code upcall}, cut at Fast DDS's own source and reception timestamps and at its listener and take
 * ({@code bgml_fastdds/whitebox.h}). A two-way or collocated functional path stays refused ({@link FastDdsRules#METRIC}).
 */
public final class FastDdsWhiteBox {
    static final String SUPPORT = "bgml_fastdds/whitebox.h";
    public static final String FUNCTIONAL_PATH = "functionalPath";

    /** What the manifest attaches to every figure of a fastdds functional path: which of seed 004's segments are joined. */
    static final String SUBSTITUTION = "DDS segments: the receiver cuts each call where Fast DDS exposes a point, into write "
            + "(serialize, to the sample's source timestamp), deliver (source to reception timestamp: send, transport and receive "
            + "are one segment), notify (reception to the listener: stands for lookup and dispatch), take (deserialize: "
            + "demarshal) and upcall (the algorithm); the neighbour's wait is outside the call and not timed";

    private final BenchmarkPlan plan;
    private final FastDdsNaming naming;

    public FastDdsWhiteBox(BenchmarkPlan plan, FastDdsNaming naming) {
        this.plan = plan;
        this.naming = naming;
    }

    /** Whether the metric is a functional path this target measures: a oneway operation called from another process. */
    public static boolean measured(MetricPlan m, InvocationPlan i) {
        return FUNCTIONAL_PATH.equals(m.kind()) && m.operation() != null && m.operation().isOneway() && !i.collocated();
    }

    /** Why a functional path is refused, or null when it is measured. */
    public static String refusal(MetricPlan m, InvocationPlan i) {
        if (m.operation() == null || !m.operation().isOneway()) {
            return "a functional path of a two-way operation is not cut into segments on fastdds (oneway calls are, as DBA-color makes them)";
        }
        if (i.collocated()) {
            return "a functional path of a collocated call is not cut into segments on fastdds (only calls between processes are)";
        }
        if (m.threads() > 1) {
            return "a functional path with " + m.threads() + " calling threads is not cut into segments on fastdds (one calling thread is)";
        }
        return null;
    }

    /** Whether any call of the model is probed: asked per process, so computed once per plan. */
    public boolean active() {
        return plan.derived(FastDdsWhiteBox.class, FastDdsWhiteBox::anyProbed);
    }

    private static boolean anyProbed(BenchmarkPlan plan) {
        for (InvocationPlan i : plan.invocations()) {
            if (!probedMetrics(i).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** The functional-path metrics measured over an invocation. */
    public static List<MetricPlan> probedMetrics(InvocationPlan i) {
        return i.metrics().stream().filter(m -> measured(m, i)).toList();
    }

    /** Whether calls of {@code op} over the invocation are probed (its requester and receiver are the probed kind). */
    public static boolean probed(InvocationPlan i, Operation op) {
        return probedMetrics(i).stream().anyMatch(m -> m.operation() == op);
    }

    /** Whether the request struct of {@code op} of {@code iface} carries the probe stamp. */
    public boolean stamped(Interface iface, Operation op) {
        return plan.invocations().stream().anyMatch(i -> i.iface() == iface && probed(i, op));
    }

    /** The stamp id of a metric: its place among the model's metrics, from 1 (the same in every process). */
    public int stampId(MetricPlan m) {
        return plan.model().getMetrics().indexOf(m.metric()) + 1;
    }

    public void writeSupport(GeneratorOutput out) {
        if (active()) {
            SupportFiles.copy(FastDdsWhiteBox.class, "/cpp-fastdds/" + SUPPORT, out, "src/" + SUPPORT);
        }
    }

    /** The IDL members of a probed request: the metric's id (with the warm-up bit) and the sender's start. */
    public String requestMembers() {
        return "unsigned long bgml_probe_metric;\nunsigned long long bgml_probe_ns;";
    }

    /** The served side of a probed oneway operation: a ProbedOnewayReceiver told which metrics to record. */
    public String receiver(ServantPlan s, InvocationPlan i, Operation op, String body) {
        String v = naming.variable(i, op);
        String req = naming.scopedType(i.iface(), naming.request(i.iface(), op));
        String rep = naming.scopedType(i.iface(), naming.reply(i.iface(), op));
        StringBuilder b = new StringBuilder();
        b.append("// ").append(i.connection().getName()).append(": ").append(s.entity().getName()).append('/').append(s.facet().getName())
                .append(" serves ").append(naming.path(op)).append(" (").append(s.behaviour().getLiteral())
                .append(", oneway; functional path: each probed call's segments are recorded here)\n");
        b.append("auto ").append(v).append("_serve = [](const ").append(req).append("& in) {\n");
        b.append(indent(body, "  ")).append("};\n");
        b.append("bgml_fastdds::ProbedOnewayReceiver<").append(req).append(", ").append(req).append("PubSubType, ").append(rep).append(", ")
                .append(rep).append("PubSubType, decltype(").append(v).append("_serve)>\n");
        b.append("    ").append(v).append("(participant, \"").append(naming.topic(i, op)).append("\", ").append(v).append("_serve);\n");
        for (MetricPlan m : probedMetrics(i)) {
            if (m.operation() != op) {
                continue;
            }
            b.append(v).append(".expect(").append(stampId(m)).append(", \"").append(naming.literal(naming.path(m.metric()))).append("\", \"")
                    .append(naming.literal(naming.path(i.connection()))).append("\", \"").append(naming.literal(naming.path(op))).append("\", ")
                    .append(FastDdsTypes.fixedBytes(op)).append(", options.timed(").append(m.iterations()).append("));\n");
        }
        return b.toString();
    }

    /** The calling side of a probed oneway operation. */
    public String requester(InvocationPlan i, Operation op) {
        String v = naming.variable(i, op);
        String req = naming.scopedType(i.iface(), naming.request(i.iface(), op));
        String rep = naming.scopedType(i.iface(), naming.reply(i.iface(), op));
        return "// " + i.connection().getName() + ": " + i.client().getName() + "/" + i.receptacle().getName() + " calls " + naming.path(op)
                + " (oneway, probed: each call is acknowledged before the next)\n"
                + "bgml_fastdds::ProbedOnewayRequester<" + req + ", " + req + "PubSubType, " + rep + ", " + rep + "PubSubType>\n"
                + "    " + v + "(participant, \"" + naming.topic(i, op) + "\", options.wait_seconds);\n"
                + v + ".handshake(options.wait_seconds); // matched both ways, then one reply seen\n";
    }

    /** The sender's loop of a functional path. */
    public String run(InvocationPlan i, MetricPlan m) {
        String v = naming.variable(i, m.operation());
        return "// " + m.metric().getName() + ": functional path of " + m.operation().getName() + ", " + m.warmup() + " warm-up and "
                + m.iterations() + " timed calls, recorded by the receiver\n"
                + "bgml_fastdds::run_probed_oneway(" + v + ", " + stampId(m) + ", " + m.warmup() + ", options.timed(" + m.iterations()
                + "), [](" + naming.scopedType(i.iface(), naming.request(i.iface(), m.operation())) + "&) {}, \""
                + naming.literal(m.metric().getName()) + "\");\n";
    }

    /** The receivers of a servant whose probed calls are reported after the stop signal. */
    public List<String> reports(ServantPlan s) {
        List<String> out = new ArrayList<>();
        for (InvocationPlan i : plan.invocationsTo(s.entity())) {
            if (i.facet() != s.facet()) {
                continue;
            }
            for (Operation op : org.bgml.generator.common.idl.IdlTypes.allOperations(i.iface())) {
                if (probed(i, op)) {
                    out.add(naming.variable(i, op) + ".report(*result); // the probed calls that ended here");
                }
            }
        }
        return out;
    }

    /** The manifest's substitution for each receiving process of a functional path, naming its metrics. */
    public List<Manifest.Substitution> substitutions() {
        java.util.Map<String, List<String>> byProcess = new java.util.LinkedHashMap<>();
        for (InvocationPlan i : plan.invocations()) {
            for (MetricPlan m : probedMetrics(i)) {
                List<String> elements = byProcess.computeIfAbsent(plan.processPath(i.serverProcess()), k -> new ArrayList<>());
                String path = ElementPaths.pathOf(m.metric());
                if (!elements.contains(path)) {
                    elements.add(path);
                }
            }
        }
        List<Manifest.Substitution> out = new ArrayList<>();
        byProcess.forEach((process, elements) -> out.add(new Manifest.Substitution(process, List.copyOf(elements), SUBSTITUTION)));
        return out;
    }

    private static String indent(String text, String prefix) {
        StringBuilder b = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            if (!line.isEmpty()) {
                b.append(prefix).append(line);
            }
            b.append('\n');
        }
        String s = b.toString();
        return s.endsWith("\n\n") ? s.substring(0, s.length() - 1) : s;
    }
}
