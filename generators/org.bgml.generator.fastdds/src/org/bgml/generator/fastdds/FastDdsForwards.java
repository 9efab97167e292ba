package org.bgml.generator.fastdds;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.ProtectedRegions;
import org.bgml.generator.common.SupportFiles;
import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Facet;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.io.ElementPaths;

/**
 * Forwarding facets (the proxy pattern) on the fastdds target. A facet whose behaviour is {@code forward} makes each
 * call it serves again through its {@code forwardTo} receptacle (the first connection from it, as on the other
 * targets) and answers with that call's results. The onward call waits for a reply that the participant's receive
 * thread delivers, so the forwarding facet's requests are taken by a thread of its own: the chained facets' replier
 * ({@code ChainReplier} in {@code bgml_fastdds/events.h}). Its oneway operations are passed on from the listener, as
 * they wait for nothing. A forward with no connected receptacle echoes, as on the other targets.
 */
public final class FastDdsForwards {
    private final BenchmarkPlan plan;
    private final FastDdsNaming naming;

    public FastDdsForwards(BenchmarkPlan plan, FastDdsNaming naming) {
        this.plan = plan;
        this.naming = naming;
    }

    /** The invocation a servant forwards its calls through, or null when it does not forward (or its receptacle is unconnected). */
    public InvocationPlan onward(ServantPlan s) {
        var b = s.facet().getBehaviour();
        if (b == null || b.getKind() != BehaviourKind.FORWARD || !b.getActions().isEmpty() || b.getForwardTo() == null) {
            return null;
        }
        return plan.invocationsThrough(b.getForwardTo()).stream().findFirst().orElse(null);
    }

    /** Some process of the benchmark forwards: its main needs {@code bgml_fastdds/events.h}. */
    public boolean any() {
        return plan.servants().stream().anyMatch(s -> onward(s) != null);
    }

    /** Process {@code p} serves a forwarding facet. */
    public boolean holds(ProcessPlan p) {
        return p.servants().stream().anyMatch(s -> onward(s) != null);
    }

    /** Writes events.h (the threaded replier) when something forwards and no event construct wrote it already. */
    public void writeSupport(GeneratorOutput out, boolean written) {
        if (any() && !written) {
            SupportFiles.copy(FastDdsForwards.class, "/cpp-fastdds/" + FastDdsEvents.SUPPORT, out, "src/" + FastDdsEvents.SUPPORT);
        }
    }

    /** One onward requester: an operation of the invocation a forwarding facet calls through. */
    private record Target(InvocationPlan onward, Operation op) {
    }

    /** The onward requesters of {@code p}, each once, in the order of its servants and their operations. */
    private List<Target> targets(ProcessPlan p) {
        Map<String, Target> targets = new LinkedHashMap<>();
        for (ServantPlan s : p.servants()) {
            InvocationPlan onward = onward(s);
            if (onward != null) {
                for (Operation op : IdlTypes.allOperations(s.iface())) {
                    targets.putIfAbsent(variable(onward, op), new Target(onward, op));
                }
            }
        }
        return List.copyOf(targets.values());
    }

    private static String variable(InvocationPlan onward, Operation op) {
        return "forward_" + onward.connection().getName() + "_" + op.getName();
    }

    /** The onward requesters, declared before the repliers that call them (and destroyed after them). */
    public String requesters(ProcessPlan p) {
        List<String> lines = new ArrayList<>();
        for (Target t : targets(p)) {
            InvocationPlan i = t.onward();
            String req = naming.scopedType(i.iface(), naming.request(i.iface(), t.op()));
            String rep = naming.scopedType(i.iface(), naming.reply(i.iface(), t.op()));
            String v = variable(i, t.op());
            lines.add("// " + i.connection().getName() + ": " + i.client().getName() + "/" + i.receptacle().getName() + " passes "
                    + ElementPaths.pathOf(t.op()) + " on to " + i.server().getName() + "/" + i.facet().getName());
            lines.add("bgml_fastdds::" + (t.op().isOneway() ? "OnewayRequester" : "Requester") + "<" + req + ", " + req + "PubSubType, "
                    + rep + ", " + rep + "PubSubType> " + v + "(participant, \"" + naming.literal(naming.topic(i, t.op()))
                    + "\", options.wait_seconds);");
            lines.add("std::mutex " + v + "_lock; // the facets forwarding through it may serve at once");
        }
        if (!lines.isEmpty()) {
            lines.add("std::atomic<std::uint64_t> forward_failures(0);");
        }
        return String.join("\n", lines);
    }

    /**
     * After the repliers, before the ready files: each onward requester matched both ways and answered. A forward
     * to a forwarding facet of the same process waits for that facet's own onward requesters first.
     */
    public String handshakes(ProcessPlan p) {
        List<Target> ordered = new ArrayList<>(targets(p));
        ordered.sort(Comparator.comparingInt(t -> depth(t.onward(), new LinkedHashSet<>())));
        List<String> lines = new ArrayList<>();
        for (Target t : ordered) {
            lines.add(variable(t.onward(), t.op()) + ".handshake(options.wait_seconds); // the proxy is ready once it can call on");
        }
        return String.join("\n", lines);
    }

    /** How many forwarding facets a call through {@code i} passes before one serves it. */
    private int depth(InvocationPlan i, Set<Facet> seen) {
        for (ServantPlan s : plan.servants()) {
            if (s.entity() == i.server() && s.facet() == i.facet()) {
                InvocationPlan next = onward(s);
                return next == null || !seen.add(s.facet()) ? 0 : 1 + depth(next, seen);
            }
        }
        return 0;
    }

    /** The replier of a forwarding facet for one operation of one connection. */
    public String replier(ServantPlan s, InvocationPlan i, Operation op) {
        InvocationPlan onward = onward(s);
        String v = naming.variable(i, op);
        String f = variable(onward, op);
        String req = naming.scopedType(i.iface(), naming.request(i.iface(), op));
        String rep = naming.scopedType(i.iface(), naming.reply(i.iface(), op));
        String region = naming.regionId(i, op);
        List<String> lines = new ArrayList<>();
        lines.add("// " + i.connection().getName() + ": " + s.entity().getName() + "/" + s.facet().getName() + " serves "
                + ElementPaths.pathOf(op) + " by forwarding it through " + onward.connection().getName()
                + (op.isOneway() ? " (oneway: passed on from the listener)" : ", on a thread of its own"));
        lines.add("auto " + v + "_serve = [&](const " + req + "& in" + (op.isOneway() ? "" : ", " + rep + "& out, std::uint64_t") + ") {");
        lines.add("  " + ProtectedRegions.BEGIN + region);
        lines.add("  try {");
        lines.add("    std::lock_guard<std::mutex> guard(" + f + "_lock);");
        List<Parameter> sent = FastDdsTypes.sent(op);
        lines.add("    " + (sent.isEmpty() ? "" : "auto& request = ") + f + ".request();");
        for (Parameter a : sent) {
            lines.add("    request." + FastDdsTypes.field(a) + "(in." + FastDdsTypes.field(a) + "());");
        }
        if (op.isOneway()) {
            if (sent.isEmpty()) {
                lines.add("    (void)in;");
            }
            lines.add("    " + f + ".call();");
        } else {
            boolean results = op.getReturnType() != null || !FastDdsTypes.returned(op).isEmpty();
            lines.add("    " + (results ? "const auto& reply = " : "") + f + ".call();");
            if (op.getReturnType() != null) {
                lines.add("    out.bgml_return(reply.bgml_return());");
            }
            for (Parameter a : FastDdsTypes.returned(op)) {
                lines.add("    out." + FastDdsTypes.field(a) + "(reply." + FastDdsTypes.field(a) + "());");
            }
            if (sent.isEmpty()) {
                lines.add("    (void)in;");
            }
            if (!results) {
                lines.add("    (void)out;");
            }
        }
        lines.add("  } catch (const std::exception& e) { // counted; the process then ends with an error");
        lines.add("    if (forward_failures.fetch_add(1) == 0)");
        lines.add("      std::fprintf(stderr, \"ERROR: " + naming.literal(s.entity().getName() + "/" + s.facet().getName())
                + " could not forward " + op.getName() + ": %s\\n\", e.what());");
        lines.add("  }");
        lines.add("  " + ProtectedRegions.END + region);
        lines.add("};");
        if (op.isOneway()) {
            lines.add("bgml_fastdds::OnewayReceiver<" + req + ", " + req + "PubSubType, " + rep + ", " + rep + "PubSubType, decltype(" + v
                    + "_serve)>");
        } else {
            lines.add("bgml_fastdds::ChainReplier<" + req + ", " + req + "PubSubType, " + rep + ", " + rep + "PubSubType, decltype(" + v
                    + "_serve)>");
        }
        lines.add("    " + v + "(participant, \"" + naming.literal(naming.topic(i, op)) + "\", " + v + "_serve);");
        return String.join("\n", lines);
    }

    /** Before the participant closes: the forwarding threads stop; a failed forward fails the process. */
    public String stop(ProcessPlan p) {
        if (targets(p).isEmpty()) {
            return "";
        }
        List<String> lines = new ArrayList<>();
        for (ServantPlan s : p.servants()) {
            if (onward(s) == null) {
                continue;
            }
            for (InvocationPlan i : plan.invocationsTo(s.entity())) {
                if (i.facet() != s.facet()) {
                    continue;
                }
                for (Operation op : IdlTypes.allOperations(i.iface())) {
                    if (!op.isOneway()) {
                        lines.add(naming.variable(i, op) + ".stop();");
                        for (int k = 1; k < FastDdsNaming.callingThreads(i, op); k++) {
                            lines.add(naming.threadVariable(i, op, k) + ".stop();");
                        }
                    }
                }
            }
        }
        lines.add("if (forward_failures.load() != 0)");
        lines.add("  throw bgml_fastdds::DdsError(std::to_string(forward_failures.load()) + \" forwarded calls failed\");");
        return String.join("\n", lines);
    }
}
