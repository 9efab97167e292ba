package org.bgml.validation.rules;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.bgml.model.Component;
import org.bgml.model.ContextSwitch;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Footprint;
import org.bgml.model.FunctionalPath;
import org.bgml.model.Jitter;
import org.bgml.model.LookupTime;
import org.bgml.model.Metric;
import org.bgml.model.MissedDeadlines;
import org.bgml.model.Operation;
import org.bgml.model.PayloadSweep;
import org.bgml.model.ProbeLocation;
import org.bgml.model.ProbePoint;
import org.bgml.model.RateKind;
import org.bgml.model.Requirement;
import org.bgml.model.Statistic;
import org.bgml.model.Unit;
import org.bgml.model.Workload;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/** The metric viewpoint: what each metric measures, how often, under which load, against which requirement. */
public final class MetricRules implements RuleSet {
    /** A metric names exactly one of a connection and a port. */
    public static final String TARGET = "metric.target";
    /**
     * A metric on an invocation path names an operation of the interface called there (inherited operations
     * count); footprint and lookup-time metrics need none; event paths carry no operations.
     */
    public static final String OPERATION = "metric.operation";
    /** A metric's event type matches the event type of its event connection or port; invocation paths carry no events. */
    public static final String EVENT_TYPE = "metric.event-type";
    /** A metric takes at least one sample; a jitter metric at least two. */
    public static final String COUNTS = "metric.counts";
    /** Warm-up iterations are zero or more. */
    public static final String WARMUP = "metric.warmup";
    /** A payload sweep runs from at least 1 byte up to a maximum no smaller than its minimum, with a multiplier above 1. */
    public static final String SWEEP = "metric.sweep";
    /** A payload (sweep or fixed size) needs a sequence, string or any in the operation or event to carry it. */
    public static final String PAYLOAD = "metric.payload";
    /**
     * Workload settings are possible: at least one thread, a positive rate for a fixed rate, no negative
     * counts, delays or durations; settings the workload ignores are flagged (warning).
     */
    public static final String WORKLOAD = "metric.workload";
    /**
     * A requirement's unit fits its statistic (throughput per second, latencies in time units, footprint in
     * bytes), its statistic fits the metric, its value is a finite non-negative number, and the sample count
     * supports the percentile it judges (warning).
     */
    public static final String REQUIREMENT = "metric.requirement";
    /** A functional-path metric has at least one probe; executor probes need a component on the serving side (warning). */
    public static final String PROBES = "metric.probes";
    /**
     * A missed-deadlines metric has a deadline: a positive deadlineMicros, or a fixed rate whose period is the
     * deadline (its workload's, or the timer's of the event source it watches).
     */
    public static final String DEADLINE = "metric.deadline";

    private static final Set<Unit> TIME = EnumSet.of(Unit.NS, Unit.US, Unit.MS, Unit.S);
    private static final Set<Unit> MEMORY = EnumSet.of(Unit.BYTES, Unit.KI_B, Unit.MI_B);

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        for (Metric metric : Elements.allOf(root, Metric.class)) {
            checkTarget(metric, sink);
            checkCounts(metric, sink);
            if (metric.getWorkload() != null) {
                checkWorkload(metric, metric.getWorkload(), sink);
            }
            if (metric.getRequirement() != null) {
                checkRequirement(metric, metric.getRequirement(), sink);
            }
            if (metric instanceof PayloadSweep sweep) {
                checkSweep(sweep, sink);
            }
            if (metric instanceof FunctionalPath path) {
                checkProbes(path, sink);
            }
            if (metric instanceof MissedDeadlines deadlines) {
                checkDeadline(deadlines, sink);
            }
        }
    }

    private static void checkTarget(Metric metric, DiagnosticSink sink) {
        String m = Elements.label(metric);
        if (metric.getConnection() != null && metric.getPort() != null) {
            sink.error(TARGET, metric, m + " names both connection " + Elements.quote(Elements.path(metric.getConnection()))
                    + " and port " + Elements.quote(Elements.path(metric.getPort())) + "; a metric measures exactly one");
            return;
        }
        if (metric.getConnection() == null && metric.getPort() == null) {
            sink.error(TARGET, metric, m + " measures nothing; set the connection or the port it measures");
            return;
        }
        MetricTarget target = MetricTarget.of(metric);
        if (target == null) {
            return; // unresolved or miswired: reported by the reference and connection rules
        }
        Operation op = Elements.resolved(metric.getOperation());
        EventType event = Elements.resolved(metric.getEventType());
        String where = Elements.label(target.element());
        if (target.invocation()) {
            if (metric.getEventType() != null) {
                sink.error(EVENT_TYPE, metric, m + " names event type " + Elements.quote(Elements.path(metric.getEventType()))
                        + ", but " + where + " carries calls, not events");
            }
            if (target.type() != null) {
                List<Operation> offered = IdlTypes.allOperations(target.type());
                if (metric.getOperation() == null && needsOperation(metric)) {
                    sink.error(OPERATION, metric, m + " names no operation; say which operation of interface "
                            + Elements.quote(Elements.path(target.type())) + " on " + where + " it measures (" + names(offered) + ")");
                } else if (op != null && !offered.contains(op)) {
                    sink.error(OPERATION, metric, m + " measures operation " + Elements.quote(Elements.path(op))
                            + ", which interface " + Elements.quote(Elements.path(target.type())) + " of " + where
                            + " does not offer (it offers " + names(offered) + ")");
                }
            }
        } else {
            if (metric.getOperation() != null) {
                sink.error(OPERATION, metric, m + " names operation " + Elements.quote(Elements.path(metric.getOperation()))
                        + ", but " + where + " carries events, not calls");
            }
            if (event != null && target.event() != null && !IdlTypes.isOrDerivesFrom(target.event(), event)
                    && !IdlTypes.isOrDerivesFrom(event, target.event())) {
                sink.error(EVENT_TYPE, metric, m + " measures event type " + Elements.quote(Elements.path(event)) + ", but "
                        + where + " carries " + Elements.quote(Elements.path(target.event())));
            }
        }
        boolean payload = metric instanceof PayloadSweep
                || (metric.getWorkload() != null && metric.getWorkload().getPayloadBytes() > 0);
        if (payload) {
            checkPayloadCarrier(metric, target, op, event, sink);
        }
    }

    private static void checkPayloadCarrier(Metric metric, MetricTarget target, Operation op, EventType event, DiagnosticSink sink) {
        String what = metric instanceof PayloadSweep ? Elements.label(metric) + " varies the payload"
                : Elements.label(metric) + " sends a payload of " + metric.getWorkload().getPayloadBytes() + " bytes";
        if (target.invocation() && op != null && !IdlTypes.carriesVariableSize(op)) {
            sink.error(PAYLOAD, metric, what + ", but operation " + Elements.quote(Elements.path(op))
                    + " has no sequence, string or any parameter or result to carry it");
        }
        EventType carried = event != null ? event : target.event();
        if (!target.invocation() && carried != null && !IdlTypes.carriesVariableSize(carried)) {
            sink.error(PAYLOAD, metric, what + ", but event type " + Elements.quote(Elements.path(carried))
                    + " has no sequence, string or any member to carry it");
        }
    }

    private static boolean needsOperation(Metric metric) {
        return !(metric instanceof Footprint || metric instanceof LookupTime);
    }

    private static void checkCounts(Metric metric, DiagnosticSink sink) {
        if (metric.getSamples() < 1) {
            sink.error(COUNTS, metric, Elements.label(metric) + " takes " + metric.getSamples() + " samples; it needs at least 1");
        } else if (metric instanceof Jitter && metric.getSamples() < 2) {
            sink.error(COUNTS, metric, Elements.label(metric) + " takes 1 sample; jitter is a spread and needs at least 2");
        }
        if (metric.getWarmupIterations() < 0) {
            sink.error(WARMUP, metric, Elements.label(metric) + " has " + metric.getWarmupIterations()
                    + " warm-up iterations; use 0 for none");
        }
    }

    private static void checkSweep(PayloadSweep sweep, DiagnosticSink sink) {
        String s = Elements.label(sweep);
        if (sweep.getMinBytes() < 1) {
            sink.error(SWEEP, sweep, s + " starts at " + sweep.getMinBytes() + " bytes; the smallest payload is 1 byte");
        }
        if (sweep.getMinBytes() > sweep.getMaxBytes()) {
            sink.error(SWEEP, sweep, s + " runs from " + sweep.getMinBytes() + " down to " + sweep.getMaxBytes()
                    + " bytes; the minimum must not exceed the maximum");
        }
        if (!(sweep.getMultiplier() > 1) || Double.isInfinite(sweep.getMultiplier())) {
            sink.error(SWEEP, sweep, s + " has the multiplier " + Elements.number(sweep.getMultiplier())
                    + "; it must be above 1 (2 doubles the payload each step)");
        }
    }

    private static void checkWorkload(Metric metric, Workload w, DiagnosticSink sink) {
        String s = "the workload of " + Elements.label(metric);
        if (w.getThreads() < 1) {
            sink.error(WORKLOAD, w, s + " has " + w.getThreads() + " client threads; it needs at least 1");
        }
        double hz = w.getRateHz();
        if (Double.isNaN(hz) || Double.isInfinite(hz) || hz < 0) {
            sink.error(WORKLOAD, w, s + " has the rate " + Elements.number(hz) + " Hz; a rate is a finite number of calls per second");
        } else if (w.getRate() == RateKind.FIXED && hz <= 0) {
            sink.error(WORKLOAD, w, s + " has a fixed rate but no rateHz; set the calls per second");
        } else if (w.getRate() != RateKind.FIXED && hz > 0) {
            sink.warning(WORKLOAD, w, s + " runs as fast as possible, so its rateHz of " + Elements.number(hz)
                    + " is ignored; set rate to fixed to pace the calls");
        }
        negative(w, s, "iterations", w.getIterations(), sink);
        negative(w, s, "durationMillis", w.getDurationMillis(), sink);
        negative(w, s, "preDelayMillis", w.getPreDelayMillis(), sink);
        negative(w, s, "postDelayMillis", w.getPostDelayMillis(), sink);
        negative(w, s, "payloadBytes", w.getPayloadBytes(), sink);
        if (w.getDurationMillis() > 0 && w.getIterations() > 0) {
            sink.warning(WORKLOAD, w, s + " sets both a duration (" + w.getDurationMillis() + " ms) and "
                    + w.getIterations() + " iterations; the duration wins and the iteration count is ignored");
        }
        if (metric instanceof PayloadSweep && w.getPayloadBytes() > 0) {
            sink.warning(WORKLOAD, w, s + " sets payloadBytes, which the payload sweep ignores; it sets the payload itself");
        }
    }

    private static void negative(Workload w, String subject, String field, long value, DiagnosticSink sink) {
        if (value < 0) {
            sink.error(WORKLOAD, w, subject + " has " + field + " = " + value + "; it must not be negative");
        }
    }

    private static void checkRequirement(Metric metric, Requirement r, DiagnosticSink sink) {
        Statistic stat = r.getStatistic();
        Unit unit = r.getUnit();
        if (stat == null || unit == null || r.getComparator() == null) {
            return;
        }
        String s = "the requirement " + stat.getLiteral() + " " + comparator(r) + " " + Elements.number(r.getValue()) + " " + unit.getLiteral()
                + " of " + Elements.label(metric);
        String misfit = statisticMisfit(metric, stat);
        if (misfit != null) {
            sink.error(REQUIREMENT, r, s + " " + misfit);
        } else if (!unitsFor(metric, stat).contains(unit)) {
            sink.error(REQUIREMENT, r, s + " judges " + stat.getLiteral() + " in " + unit.getLiteral() + "; "
                    + stat.getLiteral() + " is measured in " + String.join(", ", unitsFor(metric, stat).stream().map(Unit::getLiteral).toList()));
        }
        if (Double.isNaN(r.getValue()) || Double.isInfinite(r.getValue()) || r.getValue() < 0) {
            sink.error(REQUIREMENT, r, s + " has a value that is not a finite number of zero or more");
        } else if (unit == Unit.PERCENT && r.getValue() > 100) {
            sink.error(REQUIREMENT, r, s + " asks for more than 100 percent");
        }
        int needed = switch (stat) {
            case P90 -> 10;
            case P99 -> 100;
            case P999 -> 1000;
            default -> 0;
        };
        if (metric.getSamples() >= 1 && metric.getSamples() < needed) {
            sink.warning(REQUIREMENT, r, s + " judges the " + stat.getLiteral() + " percentile from only "
                    + metric.getSamples() + " samples, where it is just one of the largest few; take at least " + needed);
        }
    }

    private static String statisticMisfit(Metric metric, Statistic stat) {
        if (metric instanceof Footprint && stat != Statistic.FOOTPRINT) {
            return "judges " + stat.getLiteral() + ", but a footprint metric is judged by the footprint statistic";
        }
        if (stat == Statistic.FOOTPRINT && !(metric instanceof Footprint)) {
            return "judges the footprint, which only a footprint metric measures";
        }
        if (stat == Statistic.MISSED_DEADLINES && !(metric instanceof MissedDeadlines)) {
            return "judges missed deadlines, which only a missed-deadlines metric counts";
        }
        if (stat == Statistic.THROUGHPUT && (metric instanceof LookupTime || metric instanceof ContextSwitch)) {
            return "judges throughput, which a " + Elements.kind(metric) + " metric does not measure";
        }
        return null;
    }

    private static Set<Unit> unitsFor(Metric metric, Statistic stat) {
        return switch (stat) {
            case THROUGHPUT -> EnumSet.of(Unit.PER_SECOND);
            case MISSED_DEADLINES -> EnumSet.of(Unit.COUNT, Unit.PERCENT);
            case FOOTPRINT -> MEMORY;
            default -> metric instanceof ContextSwitch ? EnumSet.of(Unit.COUNT) : TIME;
        };
    }

    private static String comparator(Requirement r) {
        return switch (r.getComparator()) {
            case LE -> "<=";
            case LT -> "<";
            case GE -> ">=";
            case GT -> ">";
        };
    }

    private static void checkProbes(FunctionalPath path, DiagnosticSink sink) {
        if (path.getProbes().isEmpty()) {
            sink.error(PROBES, path, Elements.label(path) + " has no probe points; add at least one (marshal, send, dispatch, ...)");
            return;
        }
        MetricTarget target = MetricTarget.of(path);
        if (target == null || target.server() == null || target.server() instanceof Component) {
            return;
        }
        for (ProbePoint probe : path.getProbes()) {
            if (probe.getLocation() == ProbeLocation.EXECUTOR) {
                sink.warning(PROBES, probe, Elements.label(probe) + " sits in the executor, but "
                        + Elements.label(target.server()) + " is no CCM component and has no executor; use servant");
            }
        }
    }

    private static void checkDeadline(MissedDeadlines metric, DiagnosticSink sink) {
        double deadline = metric.getDeadlineMicros();
        if (Double.isNaN(deadline) || Double.isInfinite(deadline) || deadline < 0) {
            sink.error(DEADLINE, metric, Elements.label(metric) + " has the deadline " + Elements.number(deadline)
                    + " us; a deadline is a finite time of zero (the rate's period) or more");
            return;
        }
        Workload w = metric.getWorkload();
        boolean paced = w != null && w.getRate() == RateKind.FIXED && w.getRateHz() > 0;
        Workload timer = Elements.resolved(metric.getPort()) instanceof EventSource s ? s.getTimer() : null;
        boolean timed = timer != null && timer.getRate() == RateKind.FIXED && timer.getRateHz() > 0;
        if (deadline == 0 && !paced && !timed) {
            sink.error(DEADLINE, metric, Elements.label(metric) + " has no deadline: set deadlineMicros, or a fixed-rate "
                    + "workload (or the timer of the event source it watches) whose period becomes the deadline");
        }
    }

    private static String names(List<Operation> operations) {
        return operations.isEmpty() ? "no operations" : String.join(", ", operations.stream().map(Elements::name).toList());
    }
}
