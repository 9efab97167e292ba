package org.bgml.generator.common.plan;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.Assembly;
import org.bgml.model.Behaviour;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Facet;
import org.bgml.model.Metric;
import org.bgml.model.PathLatency;
import org.bgml.model.Operation;
import org.bgml.model.Port;
import org.bgml.model.RateKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Workload;
import org.eclipse.emf.ecore.EObject;

/**
 * The numbering and routes of event chains, the same on every target, so that a stamp means the same thing
 * in every process and reports and diagrams agree.
 * <p>
 * Over the whole model, in model order:
 * <ul>
 * <li><b>origins</b>, numbered from 0: first each timer event source (entities in model order, their ports in
 * order), then each {@link PathLatency}'s origin (its connection if set, else its port) that is not already one;
 * an origin that is a receptacle, or a connection from one, is a client's calls: the process of that receptacle's
 * entity makes the metric's own calls (its warm-up, then {@link Path#samples()} timed ones, at its workload's
 * rate), each stamped at its start;
 * <li><b>segments</b>, numbered from 1 (a stamp's slot 0 is the origin): first one per connection (named as the
 * connection), then one per facet or sink whose behaviour has actions (named {@code "<Entity>.<port> actions"}:
 * the time from the upcall to the action that sends on).
 * </ul>
 * A {@link Path} per PathLatency metric lists, in order, the segments from its origin to its end port: from the
 * origin across a connection to a facet or sink; there, unless it is the end, that port's action segment and on
 * through what its actions send (publish: the connections from that source; call or forward: the connections from
 * that receptacle), shortest route first, honouring hop limits. The old {@code Behaviour.forwardTo} is not followed:
 * only actions carry a path. The path also says whether it stays on one host of the chosen deployment.
 * <p>
 * Use: {@code ChainPlan chains = ChainPlan.of(benchmarkPlan);} then {@link #segment(Connection)},
 * {@link #actionSegment(Port)}, {@link #originOf(EObject)} for the ids a process stamps, and
 * {@link #pathsEndingAt(Port)} for the recorders a process holds.
 */
public final class ChainPlan {

    /**
     * Where paths start: a timer event source, a client's receptacle (its calls) or a connection.
     *
     * @param id      model-wide origin id (stamped as {@code PathStamp::origin})
     * @param name    a readable name: {@code "<Entity>.<port>"} or the connection's name
     * @param element the EventSource, Receptacle or Connection
     */
    public record Origin(int id, String name, EObject element) {

        /** The timer source this origin is, or null. */
        public EventSource timerSource() {
            return element instanceof EventSource s && s.getTimer() != null ? s : null;
        }

        /**
         * The receptacle whose calls start this origin's paths (the origin is a client's calls): the origin itself,
         * or the source of its connection; null for a timer or an event connection.
         */
        public Receptacle caller() {
            if (element instanceof Receptacle r) {
                return r;
            }
            return element instanceof Connection c && c.getSource() instanceof Receptacle r ? r : null;
        }
    }

    /**
     * One hop of a path.
     *
     * @param id         model-wide segment id (≥ 1)
     * @param name       the connection's name, or {@code "<Entity>.<port> actions"}
     * @param connection the connection this segment times (send to upcall), or null for an action segment
     * @param actionsOf  the facet or sink whose actions this segment times (upcall to the send on), or null
     */
    public record Segment(int id, String name, Connection connection, Port actionsOf) {

        public boolean isConnection() {
            return connection != null;
        }
    }

    /**
     * The route of one PathLatency metric.
     *
     * @param metric   the metric
     * @param origin   its origin
     * @param end      the end port (sink or facet)
     * @param segments the hops from origin to end in order; empty when the end cannot be reached
     * @param hosts    the hosts the route passes through, in route order, each once
     */
    public record Path(PathLatency metric, Origin origin, Port end, List<Segment> segments, List<String> hosts) {

        /** The end can be reached from the origin through connections and actions. */
        public boolean reachable() {
            return !segments.isEmpty();
        }

        /** The route stays on one host, so origin and end stamps come from one monotonic clock. */
        public boolean oneHost() {
            return hosts.size() <= 1;
        }

        /** The segment an arrival at the end closes (the last connection), or null when unreachable. */
        public Segment last() {
            return segments.isEmpty() ? null : segments.get(segments.size() - 1);
        }

        public List<Integer> segmentIds() {
            return segments.stream().map(Segment::id).toList();
        }

        public List<String> segmentNames() {
            return segments.stream().map(Segment::name).toList();
        }

        /** The path starts at a client's calls through a receptacle (not at a timer). */
        public boolean fromCalls() {
            return origin.caller() != null;
        }

        /**
         * Timed cycles the end records. From a timer: the metric's samples (the timer's own workload paces it).
         * From calls: the metric's own calls, as for a latency metric: the workload's iteration count if set,
         * else the samples.
         */
        public int samples() {
            Workload w = metric.getWorkload();
            if (fromCalls() && w != null && w.getIterations() > 0) {
                return w.getIterations();
            }
            return Math.max(1, metric.getSamples());
        }

        /** Warm-up cycles: the metric's warm-up iterations (from calls: warm-up calls made before the timed ones). */
        public int warmup() {
            return metric.getWarmupIterations();
        }

        /** Calls per second of a path from calls, from the metric's workload (fixed rate); 0 is back to back. */
        public double rateHz() {
            Workload w = metric.getWorkload();
            return w != null && w.getRate() == RateKind.FIXED ? w.getRateHz() : 0.0;
        }

        /** The operation a path from calls calls: the metric's own, else the receptacle's interface's first. */
        public Operation operation() {
            if (metric.getOperation() != null || origin.caller() == null || origin.caller().getInterface() == null) {
                return metric.getOperation();
            }
            return firstOperation(origin.caller().getInterface());
        }

        /**
         * What a result of this path must say about its clock: null on one host; otherwise a note that the
         * figure subtracts stamps of different hosts' clocks and is only as good as their offset.
         */
        public String clockNote() {
            if (oneHost()) {
                return null;
            }
            return "path crosses hosts " + String.join(", ", hosts)
                    + ": origin and end stamps come from different hosts' CLOCK_MONOTONIC; one-way figures include their offset";
        }
    }

    private final List<Origin> origins = new ArrayList<>();
    private final Map<EObject, Origin> originByElement = new HashMap<>();
    private final List<Segment> segments = new ArrayList<>();
    private final Map<Connection, Segment> segmentByConnection = new HashMap<>();
    private final Map<Port, Segment> segmentByActions = new HashMap<>();
    private final List<Path> paths = new ArrayList<>();
    private final Map<PathLatency, Path> pathByMetric = new HashMap<>();
    /** The paths by end port and by origin element, in model order: templates ask for them per port. */
    private final Map<Port, List<Path>> pathsByEnd = new HashMap<>();
    private final Map<EObject, List<Path>> pathsByOrigin = new HashMap<>();
    private final Map<Port, List<Connection>> connectionsFrom = new HashMap<>();

    private ChainPlan(BenchmarkModel model, Map<Entity, String> hostOf) {
        List<Entity> entities = new ArrayList<>();
        model.getEntities().forEach(e -> entities.addAll(expand(e)));
        for (Entity e : entities) {
            for (Port p : e.getPorts()) {
                if (p instanceof EventSource s && s.getTimer() != null) {
                    addOrigin(s);
                }
            }
        }
        for (Metric m : model.getMetrics()) {
            if (m instanceof PathLatency pl && originElement(pl) != null) {
                addOrigin(originElement(pl));
            }
        }
        for (Connection c : model.getConnections()) {
            Segment s = new Segment(segments.size() + 1, c.getName(), c, null);
            segments.add(s);
            segmentByConnection.put(c, s);
            if (c.getSource() != null) {
                connectionsFrom.computeIfAbsent(c.getSource(), k -> new ArrayList<>()).add(c);
            }
        }
        for (Entity e : entities) {
            for (Port p : e.getPorts()) {
                if (!actions(p).isEmpty()) {
                    Segment s = new Segment(segments.size() + 1, e.getName() + "." + p.getName() + " actions", null, p);
                    segments.add(s);
                    segmentByActions.put(p, s);
                }
            }
        }
        for (Metric m : model.getMetrics()) {
            if (m instanceof PathLatency pl && originElement(pl) != null) {
                Origin origin = originByElement.get(originElement(pl));
                List<Segment> route = route(origin.element(), pl.getEnd());
                Path path = new Path(pl, origin, pl.getEnd(), route, hosts(origin, route, hostOf));
                paths.add(path);
                pathByMetric.put(pl, path);
                pathsByEnd.computeIfAbsent(path.end(), k -> new ArrayList<>()).add(path);
                pathsByOrigin.computeIfAbsent(origin.element(), k -> new ArrayList<>()).add(path);
            }
        }
    }

    /**
     * The chains of a planned benchmark; hosts come from the plan's processes. The plan keeps them, so every call
     * for one plan returns the same (immutable) chains.
     */
    public static ChainPlan of(BenchmarkPlan plan) {
        return plan.chains();
    }

    static ChainPlan compute(BenchmarkPlan plan) {
        Map<Entity, String> hostOf = new HashMap<>();
        for (ProcessPlan p : plan.processes()) {
            p.entities().forEach(e -> hostOf.put(e, p.host()));
        }
        return new ChainPlan(plan.model(), hostOf);
    }

    /** The chains of a model without a deployment: every path counts as staying on one host. */
    public static ChainPlan of(BenchmarkModel model) {
        return new ChainPlan(model, Map.of());
    }

    /** The origin element of a PathLatency: its connection if set, else its port; null if neither. */
    public static EObject originElement(PathLatency metric) {
        return metric.getConnection() != null ? metric.getConnection() : metric.getPort();
    }

    /** The actions of a facet's or sink's behaviour, in order; empty for other ports or none. */
    public static List<Action> actions(Port port) {
        Behaviour b = port instanceof Facet f ? f.getBehaviour() : port instanceof EventSink k ? k.getBehaviour() : null;
        return b == null ? List.of() : Collections.unmodifiableList(b.getActions());
    }

    /** The port an action sends on (the source it publishes on, the receptacle it calls through), or null. */
    public static Port sendsOn(Action a) {
        return switch (a.getKind()) {
            case PUBLISH -> a.getSource();
            case CALL, FORWARD -> a.getReceptacle();
            default -> null;
        };
    }

    public List<Origin> origins() {
        return Collections.unmodifiableList(origins);
    }

    /** The origin for a timer source, receptacle or connection, or null when it is none. */
    public Origin originOf(EObject element) {
        return originByElement.get(element);
    }

    /** Every segment, by id (segment {@code i} is at index {@code i - 1}). */
    public List<Segment> segments() {
        return Collections.unmodifiableList(segments);
    }

    /** The segment of a connection (never null for a connection of the model). */
    public Segment segment(Connection connection) {
        return segmentByConnection.get(connection);
    }

    /** The action segment of a facet or sink whose behaviour has actions, else null. */
    public Segment actionSegment(Port port) {
        return segmentByActions.get(port);
    }

    /** The paths of the model's PathLatency metrics, in model order. */
    public List<Path> paths() {
        return Collections.unmodifiableList(paths);
    }

    public Path path(PathLatency metric) {
        return pathByMetric.get(metric);
    }

    /** The paths that end at {@code port} (whose recorders the process of that port holds), in model order. */
    public List<Path> pathsEndingAt(Port port) {
        return Collections.unmodifiableList(pathsByEnd.getOrDefault(port, List.of()));
    }

    /** The paths whose origin is {@code element}, in model order. */
    public List<Path> pathsFrom(EObject element) {
        return Collections.unmodifiableList(pathsByOrigin.getOrDefault(element, List.of()));
    }

    /** The connections a call origin's calls go over: its connection, or every connection of its receptacle. */
    public List<Connection> callConnections(Origin origin) {
        if (origin.element() instanceof Connection c) {
            return origin.caller() == null ? List.of() : List.of(c);
        }
        return origin.caller() == null ? List.of() : connectionsFrom(origin.caller());
    }

    /**
     * The paths whose origin is a client's calls through a receptacle of one of {@code entities} (the process
     * that makes those calls drives them), in model order.
     */
    public List<Path> callPaths(java.util.Collection<Entity> entities) {
        return paths.stream().filter(p -> p.fromCalls() && entities.contains(p.origin().caller().eContainer())).toList();
    }

    /** The first operation of an interface, its bases' after its own; null when it has none. */
    public static Operation firstOperation(org.bgml.model.Interface iface) {
        if (!iface.getOperations().isEmpty()) {
            return iface.getOperations().get(0);
        }
        for (org.bgml.model.Interface base : iface.getBases()) {
            Operation op = firstOperation(base);
            if (op != null) {
                return op;
            }
        }
        return null;
    }

    /**
     * The samples the chains' drivers add to the launcher's live count: every publication of each timer that has
     * a connection (its warm-up ones included: a rate generator's history has no warm-up; a duration counts as
     * its rate times its length), and the timed calls of each path from a client's calls (warm-up excluded).
     */
    public long driverSamples() {
        long samples = 0;
        for (Origin o : origins) {
            EventSource timer = o.timerSource();
            if (timer != null && !connectionsFrom(timer).isEmpty()) {
                samples += timerPublications(timer.getTimer());
            }
        }
        for (Path p : paths) {
            if (p.reachable() && p.fromCalls()) {
                samples += p.samples();
            }
        }
        return samples;
    }

    /** Publications of a timer: its iterations, else its rate times its duration (0 when neither says). */
    public static long timerPublications(Workload timer) {
        if (timer.getIterations() > 0) {
            return timer.getIterations();
        }
        return timer.getRate() == RateKind.FIXED ? Math.round(timer.getRateHz() * timer.getDurationMillis() / 1000.0) : 0;
    }

    /** The model has anything a chain needs at run time: actions, timers or paths. */
    public boolean isEmpty() {
        return segmentByActions.isEmpty() && origins.isEmpty();
    }

    /** The connections whose source is {@code port}, in model order. */
    public List<Connection> connectionsFrom(Port port) {
        return Collections.unmodifiableList(connectionsFrom.getOrDefault(port, List.of()));
    }

    private void addOrigin(EObject element) {
        if (originByElement.containsKey(element)) {
            return;
        }
        String name = element instanceof Connection c ? c.getName()
                : ((Entity) element.eContainer()).getName() + "." + ((Port) element).getName();
        Origin o = new Origin(origins.size(), name, element);
        origins.add(o);
        originByElement.put(element, o);
    }

    /** A search state: a port reached, with the route that reached it. */
    private record Reached(Port port, List<Segment> route) {
    }

    /** The shortest route from an origin element to {@code end}, or an empty list. */
    private List<Segment> route(EObject origin, Port end) {
        Deque<Reached> queue = new ArrayDeque<>();
        Set<Port> seen = new LinkedHashSet<>();
        List<Connection> first = origin instanceof Connection c ? List.of(c)
                : origin instanceof Port p ? connectionsFrom(p) : List.of();
        for (Connection c : first) {
            queue.add(new Reached(c.getTarget(), List.of(segment(c))));
        }
        while (!queue.isEmpty()) {
            Reached r = queue.poll();
            if (r.port() == end) {
                return r.route();
            }
            if (r.port() == null || !seen.add(r.port())) {
                continue;
            }
            Segment actions = actionSegment(r.port());
            if (actions == null) {
                continue;
            }
            for (Action a : actions(r.port())) {
                Port on = sendsOn(a);
                // the action runs while the stamp has passed fewer hops than its limit
                if (on == null || (a.getHopLimit() > 0 && r.route().size() >= a.getHopLimit())) {
                    continue;
                }
                for (Connection c : connectionsFrom(on)) {
                    List<Segment> next = new ArrayList<>(r.route());
                    next.add(actions);
                    next.add(segment(c));
                    queue.add(new Reached(c.getTarget(), List.copyOf(next)));
                }
            }
        }
        return List.of();
    }

    private static List<String> hosts(Origin origin, List<Segment> route, Map<Entity, String> hostOf) {
        Set<String> hosts = new LinkedHashSet<>();
        EObject start = origin.element() instanceof Connection c ? c.getSource() : origin.element();
        addHost(hosts, start, hostOf);
        for (Segment s : route) {
            if (s.connection() != null) {
                addHost(hosts, s.connection().getSource(), hostOf);
                addHost(hosts, s.connection().getTarget(), hostOf);
            }
        }
        return List.copyOf(hosts);
    }

    private static void addHost(Set<String> hosts, EObject port, Map<Entity, String> hostOf) {
        if (port != null && port.eContainer() instanceof Entity e && hostOf.containsKey(e)) {
            hosts.add(hostOf.get(e));
        }
    }

    private static List<Entity> expand(Entity e) {
        return e instanceof Assembly a ? new ArrayList<>(a.getComponents()) : List.of(e);
    }

    /** The ActionKinds that send something on (a path can go on through them). */
    public static boolean sends(ActionKind kind) {
        return kind == ActionKind.PUBLISH || kind == ActionKind.CALL || kind == ActionKind.FORWARD;
    }

    @Override
    public String toString() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("origins", origins.size());
        m.put("segments", segments.size());
        m.put("paths", paths.size());
        return "ChainPlan" + m;
    }
}
