package org.bgml.generator.ace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSource;
import org.bgml.model.Metric;
import org.bgml.model.MissedDeadlines;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.Workload;
import org.bgml.model.io.ElementPaths;

/**
 * Event chains on the ACE baseline, per process, over the common {@link ChainPlan} (its origin and segment ids
 * and routes): which facets and sinks run actions or end a path, which connections their actions and timers
 * send over (a lazily connected link, or a direct call when collocated), the timers and the path-starting calls
 * a process drives, and the path ends it records. Refuses what the ACE baseline cannot honour, naming the element.
 */
public final class AceChains {
    /** A connection an action or a timer sends over, with its plan: exactly one of event and invocation is set. */
    public record Send(Connection connection, EventPlan event, InvocationPlan invocation) {
        public boolean collocated() {
            return event != null ? event.collocated() : invocation.collocated();
        }
    }

    private final BenchmarkPlan plan;
    private final ChainPlan chains;
    private final Map<Connection, EventPlan> eventOf = new HashMap<>();
    private final Map<Connection, InvocationPlan> invocationOf = new HashMap<>();
    private final Map<ProcessPlan, List<EventSource>> timersOf = new IdentityHashMap<>();

    public AceChains(BenchmarkPlan plan) {
        this.plan = plan;
        this.chains = ChainPlan.of(plan);
        plan.events().forEach(e -> eventOf.put(e.connection(), e));
        plan.invocations().forEach(i -> invocationOf.put(i.connection(), i));
        refuseWhatAceCannotHonour();
    }

    public ChainPlan chains() {
        return chains;
    }

    /** Whether anything in the model runs a chain (actions, timers or paths). */
    public boolean any() {
        return !chains.isEmpty() || !chains.paths().isEmpty();
    }

    /** Whether the process takes part in a chain: it runs actions, drives a timer or records a path. */
    public boolean inChain(ProcessPlan p) {
        return drivesPaths(p) || !pathEnds(p).isEmpty() || !actingFacets(p).isEmpty()
                || p.consumes().stream().anyMatch(e -> hooked(e.sink()));
    }

    /** A facet or sink with actions, or where a path ends: it gets a hook that runs them on every upcall. */
    public boolean hooked(Port port) {
        return !ChainPlan.actions(port).isEmpty() || !chains.pathsEndingAt(port).isEmpty();
    }

    /** The servants of the process whose facet is hooked. */
    public List<ServantPlan> actingFacets(ProcessPlan p) {
        return p.servants().stream().filter(s -> hooked(s.facet())).toList();
    }

    /** The action segment id of a port with actions, or 0. */
    public int actionSegment(Port port) {
        ChainPlan.Segment s = chains.actionSegment(port);
        return s == null ? 0 : s.id();
    }

    public int segment(Connection c) {
        return chains.segment(c).id();
    }

    /** The actions of a facet or sink that send on (publish, call), with the connections each sends over. */
    public List<Send> sends(Action a) {
        Port on = ChainPlan.sendsOn(a);
        List<Send> out = new ArrayList<>();
        if (on == null) {
            return out;
        }
        for (Connection c : chains.connectionsFrom(on)) {
            out.add(new Send(c, eventOf.get(c), invocationOf.get(c)));
        }
        return out;
    }

    /** The timer sources of the entities of a process, in model order. */
    public List<EventSource> timers(ProcessPlan p) {
        return timersOf.computeIfAbsent(p, this::findTimers); // asked several times per process
    }

    private List<EventSource> findTimers(ProcessPlan p) {
        List<EventSource> out = new ArrayList<>();
        for (Entity e : p.entities()) {
            for (Port port : e.getPorts()) {
                if (port instanceof EventSource s && s.getTimer() != null) {
                    out.add(s);
                }
            }
        }
        return List.copyOf(out);
    }

    /** The process starts paths: it has a timer source, or makes the calls a path starts at. */
    public boolean drivesPaths(ProcessPlan p) {
        return !timers(p).isEmpty() || !callPaths(p).isEmpty();
    }

    /** The paths whose origin is calls the process makes (the metric's own calls), in model order. */
    public List<ChainPlan.Path> callPaths(ProcessPlan p) {
        return chains.callPaths(p.entities());
    }

    /** The connections the calls that start a path go over. */
    public List<Send> callSends(ChainPlan.Path path) {
        List<Send> out = new ArrayList<>();
        for (Connection c : chains.callConnections(path.origin())) {
            out.add(new Send(c, eventOf.get(c), invocationOf.get(c)));
        }
        return out;
    }

    /** The connections a timer publishes on. */
    public List<Send> timerSends(EventSource s) {
        List<Send> out = new ArrayList<>();
        for (Connection c : chains.connectionsFrom(s)) {
            out.add(new Send(c, eventOf.get(c), invocationOf.get(c)));
        }
        return out;
    }

    /** Every connection the process's actions and timers send over, each once, in model order. */
    public List<Send> outgoing(ProcessPlan p) {
        Set<Connection> seen = new LinkedHashSet<>();
        List<Send> out = new ArrayList<>();
        List<Port> ports = new ArrayList<>();
        actingFacets(p).forEach(s -> ports.add(s.facet()));
        p.consumes().stream().map(EventPlan::sink).distinct().filter(this::hooked).forEach(ports::add);
        for (Port port : ports) {
            for (Action a : ChainPlan.actions(port)) {
                for (Send s : sends(a)) {
                    if (seen.add(s.connection())) {
                        out.add(s);
                    }
                }
            }
        }
        for (EventSource t : timers(p)) {
            for (Send s : timerSends(t)) {
                if (seen.add(s.connection())) {
                    out.add(s);
                }
            }
        }
        for (ChainPlan.Path path : callPaths(p)) {
            for (Send s : callSends(path)) {
                if (seen.add(s.connection())) {
                    out.add(s);
                }
            }
        }
        out.sort(java.util.Comparator.comparingInt(s -> plan.model().getConnections().indexOf(s.connection())));
        return out;
    }

    /** The paths that end at a port of this process: it holds their recorders. */
    public List<ChainPlan.Path> pathEnds(ProcessPlan p) {
        List<ChainPlan.Path> out = new ArrayList<>();
        for (ChainPlan.Path path : chains.paths()) {
            if (path.end() != null && p.entities().contains(path.end().eContainer())) {
                out.add(path);
            }
        }
        return out;
    }

    /** The paths ending at one port. */
    public List<ChainPlan.Path> pathsEndingAt(Port port) {
        return chains.pathsEndingAt(port);
    }

    /** The MissedDeadlines metric that reports a timer's missed deadlines, or null. */
    public MissedDeadlines missedDeadlinesOf(EventSource s) {
        for (Metric m : plan.model().getMetrics()) {
            if (m instanceof MissedDeadlines md && (m.getPort() == s
                    || (m.getConnection() != null && m.getConnection().getSource() == s))) {
                return md;
            }
        }
        return null;
    }

    /**
     * Warm-up publications of a timer: the largest warm-up of the paths that start at it, at most its iterations
     * (which count the warm-up ones, as on every target).
     */
    public int timerWarmup(EventSource s) {
        int warmup = chains.pathsFrom(s).stream().mapToInt(p -> p.metric().getWarmupIterations()).max().orElse(0);
        int iterations = s.getTimer().getIterations();
        return iterations > 0 ? Math.min(warmup, iterations) : warmup;
    }

    /**
     * Timed publications of a timer, after its warm-up ones: the rest of its iterations; with a duration, the
     * history's room (the largest path sample count); -n replaces it.
     */
    public int timerIterations(EventSource s) {
        Workload w = s.getTimer();
        if (w.getIterations() > 0) {
            return w.getIterations() - timerWarmup(s);
        }
        return chains.pathsFrom(s).stream().mapToInt(p -> p.metric().getSamples()).max().orElse(1000);
    }

    /** Whether an event connection is fed by a timer: the timer publishes on it, no metric loop does. */
    public static boolean timerFed(EventPlan e) {
        return e.source().getTimer() != null;
    }

    /** The metrics a client loop or a sink's latency record runs for an event connection. */
    public static List<MetricPlan> loopMetrics(EventPlan e) {
        if (timerFed(e)) {
            return List.of();
        }
        return withoutPaths(e.metrics());
    }

    /** The metrics a client loop runs for an invocation. */
    public static List<MetricPlan> loopMetrics(InvocationPlan i) {
        return withoutPaths(i.metrics());
    }

    /** The metrics but path latencies; the list itself when it has none (templates ask per process and loop). */
    private static List<MetricPlan> withoutPaths(List<MetricPlan> metrics) {
        for (MetricPlan m : metrics) {
            if (m.kind().equals("pathLatency")) {
                return metrics.stream().filter(n -> !n.kind().equals("pathLatency")).toList();
            }
        }
        return Collections.unmodifiableList(metrics);
    }

    // ---- refusals --------------------------------------------------------------------------------------

    private void refuseWhatAceCannotHonour() {
        for (ProcessPlan p : plan.processes()) {
            for (Entity e : p.entities()) {
                for (Port port : e.getPorts()) {
                    for (Action a : ChainPlan.actions(port)) {
                        if (a.getKind() == ActionKind.FORWARD) {
                            throw new UnsupportedModelException("target ace: " + ElementPaths.pathOf(port) + " has a forward "
                                    + "action. The ACE baseline passes a call on only as a whole behaviour (Behaviour kind "
                                    + "forward with forwardTo), not as one action among others; use that, or generate for omniorb");
                        }
                    }
                }
            }
        }
        for (ChainPlan.Path path : chains.paths()) {
            PathLatency m = path.metric();
            if (path.origin().timerSource() == null && !path.fromCalls()) {
                throw new UnsupportedModelException("target ace: " + ElementPaths.pathOf(m) + " starts at "
                        + path.origin().name() + ", which is neither a timer event source nor a client's calls. On the ACE "
                        + "baseline a path starts at a rate generator or at the calls through a receptacle: set the metric's "
                        + "port to an event source with a timer, or to a receptacle");
            }
            if (path.fromCalls() && path.operation() == null) {
                throw new UnsupportedModelException("target ace: " + ElementPaths.pathOf(m) + ": " + path.origin().name()
                        + " has no operation to call");
            }
            if (!path.reachable()) {
                throw new UnsupportedModelException("target ace: " + ElementPaths.pathOf(m) + " cannot reach its end "
                        + ElementPaths.pathOf(path.end()) + " from " + path.origin().name() + " through connections and actions");
            }
            if (!path.oneHost()) {
                throw new UnsupportedModelException("target ace: " + ElementPaths.pathOf(m) + " crosses hosts "
                        + String.join(", ", path.hosts()) + ". The ACE baseline times a path with one CLOCK_MONOTONIC and "
                        + "does not mix two hosts' clocks; deploy the path on one host");
            }
        }
    }
}
