package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.diagram.handler.ModelElements;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Comparator;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Metric;
import org.bgml.model.NamedElement;
import org.bgml.model.Operation;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.RateKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Requirement;
import org.bgml.model.Statistic;
import org.bgml.model.Unit;
import org.bgml.model.Workload;
import org.bgml.model.io.ElementPaths;
import org.bgml.validation.rules.ActionGraph;
import org.eclipse.emf.ecore.EObject;

/**
 * A metric: what it measures and which operation, warm-up and samples, its requirement and its workload. The
 * requirement and the workload are created by their first edit.
 */
public final class MetricProperties implements PropertyProvider {
    /** The metric kinds the palette and the sheet create. */
    public static final List<String> KINDS = List.of("Latency", "Throughput", "Jitter", "PathLatency");

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof Metric;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        Metric m = (Metric) element;
        rows.add(Rows.readOnly("measures", "Measures", m.getConnection() != null ? Rows.path(m.getConnection()) : Rows.path(m.getPort())));
        Interface measured = interfaceOf(m);
        if (measured != null) {
            rows.add(Rows.choice("operation", "Operation (empty: the first)", Rows.path(m.getOperation()),
                    Rows.with(measured.getOperations().stream().map(ElementPaths::pathOf).toList(), "")));
        }
        if (m instanceof PathLatency path) {
            List<String> origins = new ArrayList<>(origins(model).stream().map(ElementPaths::pathOf).toList());
            String origin = path.getConnection() != null ? Rows.path(path.getConnection()) : Rows.path(path.getPort());
            if (!origin.isEmpty() && !origins.contains(origin)) {
                origins.add(origin); // a connection as origin, shown as it is
            }
            rows.add(Rows.choice("origin", "Path starts at (a timer source, or a client's calls through a receptacle)", origin, origins));
            List<String> ends = new ArrayList<>(reachableEnds(model, path).stream().map(ElementPaths::pathOf).toList());
            String end = Rows.path(path.getEnd());
            if (!end.isEmpty() && !ends.contains(end)) {
                ends.add(end); // unreachable now (validation says so), but shown as it is
            }
            rows.add(Rows.choice("end", "Path ends at (a facet or sink the origin reaches)", end, ends));
        }
        rows.add(Rows.number("warmupIterations", "Warm-up iterations", String.valueOf(m.getWarmupIterations())));
        rows.add(Rows.number("samples", "Samples", String.valueOf(m.getSamples())));
        Requirement r = m.getRequirement();
        rows.add(Rows.choice("requirement.statistic", "Requirement: statistic", r == null ? "" : r.getStatistic().getLiteral(),
                Rows.with(Rows.literals(Statistic.VALUES), "")));
        rows.add(Rows.choice("requirement.comparator", "Requirement: comparison", r == null ? "" : r.getComparator().getLiteral(),
                Rows.literals(Comparator.VALUES)));
        rows.add(Rows.number("requirement.value", "Requirement: value", r == null ? "" : String.valueOf(r.getValue())));
        rows.add(Rows.choice("requirement.unit", "Requirement: unit", r == null || r.getUnit() == null ? "" : r.getUnit().getLiteral(),
                Rows.literals(Unit.VALUES)));
        Workload w = m.getWorkload();
        rows.add(Rows.choice("workload.rate", "Workload: rate", w == null ? "" : w.getRate().getLiteral(), Rows.literals(RateKind.VALUES)));
        rows.add(Rows.number("workload.rateHz", "Workload: rate (Hz)", w == null ? "" : String.valueOf(w.getRateHz())));
        rows.add(Rows.number("workload.threads", "Workload: threads", w == null ? "" : String.valueOf(w.getThreads())));
        rows.add(Rows.number("workload.iterations", "Workload: iterations", w == null ? "" : String.valueOf(w.getIterations())));
        rows.add(Rows.number("workload.payloadBytes", "Workload: payload (bytes)", w == null ? "" : String.valueOf(w.getPayloadBytes())));
        rows.add(Rows.number("workload.durationMillis", "Workload: duration (ms)", w == null ? "" : String.valueOf(w.getDurationMillis())));
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        Metric m = (Metric) element;
        switch (property) {
            case "operation" -> {
                if (value.isEmpty()) {
                    return () -> m.setOperation(null);
                }
                Interface measured = interfaceOf(m);
                if (!(ModelElements.resolve(model, value) instanceof Operation op) || measured == null || op.eContainer() != measured) {
                    throw new IllegalArgumentException("'" + value + "' is not an operation of the measured interface");
                }
                return () -> m.setOperation(op);
            }
            case "origin" -> {
                if (!(m instanceof PathLatency path)) {
                    return null;
                }
                EObject origin = ModelElements.resolve(model, value);
                if (!(origin instanceof Port p) || !origins(model).contains(p)) {
                    throw new IllegalArgumentException("'" + value + "' is neither a timer event source nor a connected receptacle; "
                            + "a path starts at a rate generator or at a client's calls");
                }
                ActionGraph graph = new ActionGraph(model);
                List<Port> ends = new ArrayList<>(graph.reachableFrom(graph.receiversOf(p)));
                if (ends.isEmpty()) {
                    throw new IllegalArgumentException(Rows.path(p) + " reaches no facet or sink yet; connect it first");
                }
                Interface called = p instanceof Receptacle r ? r.getInterface() : null;
                return () -> {
                    path.setConnection(null);
                    path.setPort(p);
                    if (!ends.contains(path.getEnd())) {
                        path.setEnd(ends.get(ends.size() - 1)); // the farthest, as for a new path
                    }
                    if (called == null || path.getOperation() == null || path.getOperation().eContainer() != called) {
                        path.setOperation(called == null || called.getOperations().isEmpty() ? null : called.getOperations().get(0));
                    }
                };
            }
            case "end" -> {
                if (!(m instanceof PathLatency path)) {
                    return null;
                }
                EObject end = ModelElements.resolve(model, value);
                if (!(end instanceof Port p) || !reachableEnds(model, path).contains(p)) {
                    throw new IllegalArgumentException("'" + value + "' is no facet or sink that "
                            + Rows.path(path.getConnection() != null ? path.getConnection() : path.getPort())
                            + " reaches through connections and actions");
                }
                return () -> path.setEnd(p);
            }
            case "warmupIterations" -> {
                int n = Rows.nonNegative(value);
                return () -> m.setWarmupIterations(n);
            }
            case "samples" -> {
                int n = Rows.nonNegative(value);
                return () -> m.setSamples(n);
            }
            default -> {
            }
        }
        if (property.startsWith("requirement.")) {
            return requirement(m, property, value);
        }
        if (property.startsWith("workload.")) {
            return workload(m, property, value);
        }
        return null;
    }

    private static Runnable requirement(Metric m, String property, String v) {
        Requirement r = m.getRequirement() != null ? m.getRequirement() : BgmlFactory.eINSTANCE.createRequirement();
        boolean fresh = m.getRequirement() == null;
        Runnable set = switch (property) {
            case "requirement.statistic" -> {
                if (v.isEmpty()) {
                    yield () -> m.setRequirement(null);
                }
                Statistic s = Rows.enumOf(Statistic.get(v), v, Statistic.VALUES);
                yield () -> r.setStatistic(s);
            }
            case "requirement.comparator" -> {
                Comparator c = Rows.enumOf(Comparator.get(v), v, Comparator.VALUES);
                yield () -> r.setComparator(c);
            }
            case "requirement.value" -> {
                double d = Rows.number(v);
                yield () -> r.setValue(d);
            }
            case "requirement.unit" -> {
                Unit u = Rows.enumOf(Unit.get(v), v, Unit.VALUES);
                yield () -> r.setUnit(u);
            }
            default -> throw new IllegalArgumentException("metric '" + m.getName() + "' has no property '" + property + "'");
        };
        return fresh && !v.isEmpty() ? () -> {
            m.setRequirement(r);
            set.run();
        } : set;
    }

    private static Runnable workload(Metric m, String property, String v) {
        Workload w = m.getWorkload() != null ? m.getWorkload() : BgmlFactory.eINSTANCE.createWorkload();
        boolean fresh = m.getWorkload() == null;
        Runnable set = switch (property) {
            case "workload.rate" -> {
                RateKind k = Rows.enumOf(RateKind.get(v), v, RateKind.VALUES);
                yield () -> w.setRate(k);
            }
            case "workload.rateHz" -> {
                double d = Rows.number(v);
                if (d < 0) {
                    throw new IllegalArgumentException("a rate is not negative");
                }
                yield () -> w.setRateHz(d);
            }
            case "workload.threads" -> {
                int n = Rows.nonNegative(v);
                yield () -> w.setThreads(n);
            }
            case "workload.iterations" -> {
                int n = Rows.nonNegative(v);
                yield () -> w.setIterations(n);
            }
            case "workload.payloadBytes" -> {
                int n = Rows.nonNegative(v);
                yield () -> w.setPayloadBytes(n);
            }
            case "workload.durationMillis" -> {
                long n = Rows.nonNegative(v);
                yield () -> w.setDurationMillis(n);
            }
            default -> throw new IllegalArgumentException("metric '" + m.getName() + "' has no property '" + property + "'");
        };
        return fresh ? () -> {
            m.setWorkload(w);
            set.run();
        } : set;
    }

    /**
     * A new metric of {@code kind} ({@code Latency}, {@code Throughput}, {@code Jitter}, {@code PathLatency}) measuring
     * connection or port {@code o}, named after it, with 1,000 warm-up iterations and 10,000 samples; not yet in the
     * model. A path latency starts there and ends at the farthest facet or sink it reaches.
     */
    public static Metric newMetric(BenchmarkModel model, EObject o, String kind) {
        if (!KINDS.contains(kind)) {
            throw new IllegalArgumentException("choose one of " + String.join(", ", KINDS));
        }
        Metric m = switch (kind) {
            case "Throughput" -> BgmlFactory.eINSTANCE.createThroughput();
            case "Jitter" -> BgmlFactory.eINSTANCE.createJitter();
            case "PathLatency" -> BgmlFactory.eINSTANCE.createPathLatency();
            default -> BgmlFactory.eINSTANCE.createLatency();
        };
        String base = (o instanceof NamedElement n ? n.getName() : "metric") + kind;
        if (o instanceof Connection c) {
            m.setConnection(c);
        } else if (o instanceof Port p) {
            m.setPort(p);
            base = ((Entity) p.eContainer()).getName() + "_" + p.getName() + kind;
        } else {
            throw new IllegalArgumentException("metrics measure connections and ports");
        }
        if (m instanceof PathLatency path) {
            if (o instanceof Facet || o instanceof EventSink) {
                throw new IllegalArgumentException("a path starts where calls or events are made: at a timer event source, "
                        + "a receptacle or a connection, not at " + Rows.path(o));
            }
            List<Port> ends = reachableEnds(model, path);
            if (ends.isEmpty()) {
                throw new IllegalArgumentException(Rows.path(o) + " reaches no facet or sink yet; connect it first");
            }
            // the farthest end the chain reaches is the usual choice; the sheet's 'end' changes it
            path.setEnd(ends.get(ends.size() - 1));
        }
        m.setName(ModelElements.freshName(model, base));
        m.setWarmupIterations(1000);
        m.setSamples(10000);
        // a call needs an operation to measure: the interface's first, which the sheet can change
        Interface measured = interfaceOf(m);
        if (measured != null && !measured.getOperations().isEmpty()) {
            m.setOperation(measured.getOperations().get(0));
        }
        return m;
    }

    /**
     * Where a path can start, in model order: each timer event source and each connected receptacle (a client's or a
     * component's calls through it).
     */
    static List<Port> origins(BenchmarkModel model) {
        ActionGraph graph = new ActionGraph(model);
        List<Port> origins = new ArrayList<>();
        for (Entity e : model.getEntities()) {
            List<Entity> all = e instanceof org.bgml.model.Assembly a ? new ArrayList<>(a.getComponents()) : List.of(e);
            for (Entity x : all) {
                for (Port p : x.getPorts()) {
                    if ((p instanceof EventSource s && s.getTimer() != null) || (p instanceof Receptacle && !graph.receiversOf(p).isEmpty())) {
                        origins.add(p);
                    }
                }
            }
        }
        return origins;
    }

    /**
     * The facets and sinks a path's origin reaches through connections and actions, nearest first: from a connection
     * its target, from a receptacle or an event source the ports it is connected to, then what their actions trigger.
     */
    static List<Port> reachableEnds(BenchmarkModel model, PathLatency path) {
        ActionGraph graph = new ActionGraph(model);
        List<Port> first;
        if (path.getConnection() != null) {
            first = path.getConnection().getTarget() == null ? List.of() : List.of(path.getConnection().getTarget());
        } else if (path.getPort() instanceof Receptacle || path.getPort() instanceof EventSource) {
            first = graph.receiversOf(path.getPort());
        } else {
            first = List.of();
        }
        return new ArrayList<>(graph.reachableFrom(first));
    }

    /** Whether metric {@code m} measures {@code op}: it names it, or names none and op is its interface's first. */
    static boolean measures(Metric m, Operation op) {
        if (m.getOperation() != null) {
            return m.getOperation() == op;
        }
        Interface measured = interfaceOf(m);
        return measured != null && !measured.getOperations().isEmpty() && measured.getOperations().get(0) == op;
    }

    /** The interface a metric's invocation or port uses, or null. */
    static Interface interfaceOf(Metric m) {
        Port port = m.getConnection() != null ? m.getConnection().getTarget() : m.getPort();
        return port instanceof Facet f ? f.getInterface() : port instanceof Receptacle r ? r.getInterface() : null;
    }
}
