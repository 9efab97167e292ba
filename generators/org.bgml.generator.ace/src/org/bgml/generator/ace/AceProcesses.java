package org.bgml.generator.ace;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.Receptacle;

/**
 * Placement knowledge of the ACE baseline, per process: which objects and sinks it serves and under which
 * endpoint files, which connections it opens (remote calls with metrics, forwarding targets, event
 * suppliers), what each call goes through (a stub over a socket, or the collocated servant itself), and
 * the window of calls a server-side probe records.
 */
public final class AceProcesses {
    /** An event sink a process serves: one listening socket, fed by one or more event connections. */
    public record Sink(Entity entity, EventSink sink, String endpointFile, List<EventPlan> events) {
    }

    private final BenchmarkPlan plan;
    private final AceNaming naming;
    /** Each event connection's index in the plan, made on first use: a search per event would be quadratic. */
    private Map<EventPlan, Integer> eventIds;

    /**
     * @throws UnsupportedModelException for an event metric with several threads: the baseline pushes an event
     *                                   connection's events over one socket from one thread, and would measure one
     *                                   thread where the model asks for several
     */
    public AceProcesses(BenchmarkPlan plan, AceNaming naming) {
        this.plan = plan;
        this.naming = naming;
        for (EventPlan e : plan.events()) {
            for (MetricPlan m : e.metrics()) {
                if (makesCalls(m) && m.threads() > 1) {
                    throw new UnsupportedModelException("target ace: " + org.bgml.model.io.ElementPaths.pathOf(m.metric()) + " asks for "
                            + m.threads() + " threads pushing events over " + org.bgml.model.io.ElementPaths.pathOf(e.connection())
                            + ", but the ACE baseline pushes an event connection's events from one thread over one socket. Set the"
                            + " workload's threads to 1 for ace, or run the model on omniorb or tao, whose suppliers push from"
                            + " every thread");
                }
            }
        }
    }

    public BenchmarkPlan plan() {
        return plan;
    }

    /** Event sinks served by the process, one per sink port, in the order of the model's connections. */
    public List<Sink> sinks(ProcessPlan p) {
        Map<EventSink, List<EventPlan>> bySink = new LinkedHashMap<>();
        for (EventPlan e : p.consumes()) {
            bySink.computeIfAbsent(e.sink(), k -> new ArrayList<>()).add(e);
        }
        List<Sink> sinks = new ArrayList<>();
        bySink.forEach((sink, events) -> sinks.add(
                new Sink(events.get(0).consumer(), sink, naming.endpointFile(events.get(0).consumer(), sink), List.copyOf(events))));
        return sinks;
    }

    /** Every endpoint file the process writes once it listens: its readiness signal. */
    public List<String> endpointFiles(ProcessPlan p) {
        Set<String> files = new LinkedHashSet<>();
        p.servants().forEach(s -> files.add(s.iorFile()));
        sinks(p).forEach(s -> files.add(s.endpointFile()));
        return List.copyOf(files);
    }

    /** The endpoint file of the sink an event connection delivers to. */
    public String endpointFile(EventPlan e) {
        return naming.endpointFile(e.consumer(), e.sink());
    }

    /** The connection a forwarding servant passes its calls on through, or null (it then echoes). */
    public InvocationPlan forwardTarget(ServantPlan s) {
        if (s.behaviour() != BehaviourKind.FORWARD || s.facet().getBehaviour() == null) {
            return null;
        }
        Receptacle r = s.facet().getBehaviour().getForwardTo();
        for (InvocationPlan i : plan.invocationsFrom(s.entity())) {
            if (i.receptacle() == r) {
                return i;
            }
        }
        return null;
    }

    /** The behaviour the servant class implements: forward without a connected receptacle falls back to echo. */
    public BehaviourKind behaviour(ServantPlan s) {
        return s.behaviour() == BehaviourKind.FORWARD && forwardTarget(s) == null ? BehaviourKind.ECHO : s.behaviour();
    }

    /** Remote connections the process opens for forwarding servants: connected before it listens. */
    public List<InvocationPlan> forwardConnections(ProcessPlan p) {
        Set<InvocationPlan> out = new LinkedHashSet<>();
        for (ServantPlan s : p.servants()) {
            InvocationPlan i = forwardTarget(s);
            if (i != null && !i.collocated()) {
                out.add(i);
            }
        }
        return List.copyOf(out);
    }

    /** Remote connections that carry metrics and no forwarding: connected after the process listens. */
    public List<InvocationPlan> metricConnections(ProcessPlan p) {
        List<InvocationPlan> forward = forwardConnections(p);
        return p.invocations().stream().filter(i -> !i.collocated() && !AceChains.loopMetrics(i).isEmpty() && !forward.contains(i)).toList();
    }

    /** Invocations whose metrics the process runs in loops of their own, remote or collocated (paths apart). */
    public List<InvocationPlan> measured(ProcessPlan p) {
        return p.invocations().stream().filter(i -> !AceChains.loopMetrics(i).isEmpty()).toList();
    }

    /** Event connections whose supplier side the process drives. */
    public List<EventPlan> supplied(ProcessPlan p) {
        return p.supplies().stream().filter(e -> !AceChains.loopMetrics(e).isEmpty()).toList();
    }

    /** The C++ expression a call on this invocation goes through: the stub, or the collocated servant. */
    public String target(InvocationPlan i) {
        return i.collocated() ? servantVariable(i.servant()) : connectionName(i);
    }

    public String servantVariable(ServantPlan s) {
        return naming.variable(s.entity(), s.facet());
    }

    public String skeletonVariable(ServantPlan s) {
        return servantVariable(s) + "_skel";
    }

    public String sinkVariable(Sink s) {
        return naming.variable(s.entity(), s.sink());
    }

    /** The stub variable of a remote invocation: the connection's name. */
    public String connectionName(InvocationPlan i) {
        return i.connection().getName();
    }

    public String connectionVariable(InvocationPlan i) {
        return i.connection().getName() + "_connection";
    }

    public String connectionName(EventPlan e) {
        return e.connection().getName();
    }

    /** The servants of a process that a functional-path metric probes on the server side. */
    public List<ServantPlan> probedServants(ProcessPlan p) {
        return p.servants().stream().filter(s -> probedBy(s) != null).toList();
    }

    /**
     * The first functional-path metric of a two-way operation run against a servant: the servant times its dispatch,
     * upcall and reply. Oneway ones are {@link #onewayProbes}.
     */
    public MetricPlan probedBy(ServantPlan s) {
        for (InvocationPlan i : plan.invocationsTo(s.entity())) {
            if (i.servant() == s && !i.collocated()) {
                for (MetricPlan m : i.metrics()) {
                    if (m.kind().equals("functionalPath") && !m.operation().isOneway()) {
                        return m;
                    }
                }
            }
        }
        return null;
    }

    /** A functional-path metric of a oneway operation, and the remote invocation it runs on. */
    public record OnewayProbe(MetricPlan metric, InvocationPlan invocation) {
    }

    /**
     * The functional-path metrics of oneway operations run against a servant from another process: no reply
     * comes back, so the sender stamps each call and the servant's process records its whole cycle, from the
     * sender's stub to the end of the upcall (as the omniorb target records it).
     */
    public List<OnewayProbe> onewayProbes(ServantPlan s) {
        List<OnewayProbe> out = new ArrayList<>();
        for (InvocationPlan i : plan.invocationsTo(s.entity())) {
            if (i.servant() == s && !i.collocated()) {
                for (MetricPlan m : i.metrics()) {
                    if (stampsOneway(m, i)) {
                        out.add(new OnewayProbe(m, i));
                    }
                }
            }
        }
        return out;
    }

    /** Whether the metric's calls carry a probe stamp to the servant (a remote functional path of a oneway operation). */
    public static boolean stampsOneway(MetricPlan m, InvocationPlan i) {
        return m.kind().equals("functionalPath") && !i.collocated() && m.operation() != null && m.operation().isOneway();
    }

    /** The servants of a process that record oneway cycles. */
    public List<ServantPlan> onewayServants(ProcessPlan p) {
        return p.servants().stream().filter(s -> !onewayProbes(s).isEmpty()).toList();
    }

    /** The id a probe stamp carries for a metric: its place among the model's metrics (the same in every process). */
    public int stampId(MetricPlan m) {
        return plan.model().getMetrics().indexOf(m.metric());
    }

    /**
     * C++ expression: calls the servant serves before the probed metric's timed loop (the server-side warm-up),
     * given that the client runs its metrics in model order. {@code options.timed(n)} applies {@code -n}.
     */
    public String callsBefore(ServantPlan s) {
        MetricPlan probed = probedBy(s);
        List<String> terms = new ArrayList<>();
        for (InvocationPlan i : plan.invocationsTo(s.entity())) {
            if (i.servant() != s || i.collocated()) {
                continue;
            }
            for (MetricPlan m : i.metrics()) {
                if (m == probed) {
                    terms.add(String.valueOf(m.warmup()));
                    return String.join(" + ", terms);
                }
                if (makesCalls(m)) {
                    int repeat = m.payloadSizes().size() * m.threads();
                    terms.add((repeat == 1 ? "" : repeat + " * ") + "(" + m.warmup() + " + options.timed(" + m.iterations() + "))");
                }
            }
        }
        return String.join(" + ", terms);
    }

    /** Metrics that make calls (all but footprint and lookup time). */
    public static boolean makesCalls(MetricPlan m) {
        return !m.kind().equals("footprint") && !m.kind().equals("lookupTime") && !m.kind().equals("pathLatency");
    }

    /** Whether the process serves anything (and so runs until SIGTERM). */
    public boolean serves(ProcessPlan p) {
        return !p.servants().isEmpty() || !p.consumes().isEmpty();
    }

    /** Timed events a sink records for one event connection: all it receives but the first warm-up. */
    public String eventCapacity(EventPlan e) {
        List<String> terms = new ArrayList<>();
        for (MetricPlan m : e.metrics()) {
            if (makesCalls(m)) {
                int repeat = m.payloadSizes().size() * m.threads();
                terms.add((repeat == 1 ? "" : repeat + " * ") + "(" + m.warmup() + " + options.timed(" + m.iterations() + "))");
            }
        }
        return terms.isEmpty() ? "0" : String.join(" + ", terms) + " - " + eventWarmup(e);
    }

    /** Warm-up events a sink leaves out: the warm-up of the first metric on the connection. */
    public String eventWarmup(EventPlan e) {
        return String.valueOf(e.metrics().stream().filter(AceProcesses::makesCalls).findFirst().map(MetricPlan::warmup).orElse(0));
    }

    /** The metric a sink's latency measurement reports under: the first latency or jitter metric, or the first. */
    public MetricPlan eventLatencyMetric(EventPlan e) {
        return e.metrics().stream().filter(m -> m.kind().equals("latency") || m.kind().equals("jitter")).findFirst()
                .orElse(e.metrics().isEmpty() ? null : e.metrics().get(0));
    }

    /** Index of an event connection in the plan: its id on the wire. */
    public int eventId(EventPlan e) {
        if (eventIds == null) {
            eventIds = new IdentityHashMap<>();
            for (EventPlan each : plan.events()) {
                eventIds.putIfAbsent(each, eventIds.size());
            }
        }
        Integer id = eventIds.get(e);
        return id != null ? id : plan.events().indexOf(e);
    }
}
