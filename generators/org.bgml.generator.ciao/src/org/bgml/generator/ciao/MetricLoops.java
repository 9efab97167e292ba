package org.bgml.generator.ciao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.model.MissedDeadlines;
import org.bgml.model.Operation;
import org.bgml.model.io.ElementPaths;

/**
 * Groups the metrics of one connection into timed loops. Metrics that time the same calls (same operation,
 * warm-up, iterations, payload sizes, rate, duration, delays and threads) share one loop: latency, throughput and jitter of the
 * round trip come from the same 250,000 samples, as in CCMPerf, instead of three runs. Footprint and lookup
 * time are measured apart.
 */
public final class MetricLoops {

    /** One timed loop and the metrics it reports. */
    public record Loop(String element, Operation operation, List<MetricPlan> metrics, int warmup, int iterations,
            List<Integer> payloadSizes, double rateHz, long deadlineMicros, long durationMillis, long preDelayMillis,
            long postDelayMillis, int threads) {

        /** Runs on several calling threads, each with arguments of its own. */
        public boolean threaded() {
            return threads > 1;
        }

        /**
         * Warm-up and timed calls of every thread at every payload size: each thread makes the whole loop (with a
         * duration, {@code iterations} is the history's room, the most samples it keeps).
         */
        public long calls() {
            return (long) (warmup + iterations) * payloadSizes.size() * threads;
        }

        /**
         * Milliseconds the rate alone makes one thread's calls last (the threads are paced side by side; the timed calls
         * of a duration-driven loop last its duration, counted apart); 0 unpaced.
         */
        public long pacedMillis() {
            long perSize = warmup + (durationMillis > 0 ? 0 : iterations);
            return rateHz > 0 ? (long) Math.ceil((double) perSize * payloadSizes.size() * 1000.0 / rateHz) : 0;
        }

        /** Milliseconds the timed calls of a duration-driven loop run, at every payload size; 0 when count-driven. */
        public long timedMillis() {
            return durationMillis * payloadSizes.size();
        }

        public String elementPath() {
            return element;
        }

        public String operationPath() {
            return operation == null ? "" : ElementPaths.pathOf(operation);
        }

        public boolean paced() {
            return rateHz > 0;
        }

        public boolean sweeps() {
            return payloadSizes.size() > 1;
        }

        public boolean countsContextSwitches() {
            return metrics.stream().anyMatch(m -> m.kind().equals("contextSwitch"));
        }

        /** Metric names for the comment above the loop. */
        public String metricNames() {
            return String.join(", ", metrics.stream().map(m -> m.metric().getName()).toList());
        }
    }

    private MetricLoops() {
    }

    /** Kinds measured by timing calls in a loop. */
    public static boolean timed(MetricPlan m) {
        return !m.kind().equals("footprint") && !m.kind().equals("lookupTime");
    }

    public static List<Loop> loops(InvocationPlan invocation) {
        return group(ElementPaths.pathOf(invocation.connection()), invocation.metrics());
    }

    /** The loops of the metrics of {@code invocation} that {@code keep} accepts (the others are measured apart). */
    public static List<Loop> loops(InvocationPlan invocation, Predicate<MetricPlan> keep) {
        return group(ElementPaths.pathOf(invocation.connection()), invocation.metrics().stream().filter(keep).toList());
    }

    public static List<Loop> loops(EventPlan event) {
        return group(ElementPaths.pathOf(event.connection()), event.metrics());
    }

    public static List<MetricPlan> lookups(List<MetricPlan> metrics) {
        return metrics.stream().filter(m -> m.kind().equals("lookupTime")).toList();
    }

    public static List<MetricPlan> footprints(List<MetricPlan> metrics) {
        return metrics.stream().filter(m -> m.kind().equals("footprint")).toList();
    }

    private static List<Loop> group(String element, List<MetricPlan> metrics) {
        Map<List<Object>, List<MetricPlan>> groups = new LinkedHashMap<>();
        for (MetricPlan m : metrics) {
            if (!timed(m)) {
                continue;
            }
            List<Object> key = List.of(Objects.requireNonNullElse((Object) m.operation(), "none"), m.warmup(), m.iterations(),
                    m.payloadSizes(), m.rateHz(), deadline(m), m.durationMillis(), m.preDelayMillis(), m.postDelayMillis(), Math.max(1, m.threads()));
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(m);
        }
        List<Loop> loops = new ArrayList<>();
        for (List<MetricPlan> group : groups.values()) {
            MetricPlan first = group.get(0);
            loops.add(new Loop(element, first.operation(), List.copyOf(group), first.warmup(), first.iterations(),
                    first.payloadSizes(), first.rateHz(), deadline(first), first.durationMillis(), first.preDelayMillis(), first.postDelayMillis(),
                    Math.max(1, first.threads())));
        }
        return loops;
    }

    private static long deadline(MetricPlan m) {
        return m.metric() instanceof MissedDeadlines md ? Math.round(md.getDeadlineMicros()) : 0L;
    }

    /** What a measurement is of: the metric's port when it names one, else the loop's connection. */
    public static String elementPath(MetricPlan m, Loop loop) {
        return m.metric().getPort() != null ? ElementPaths.pathOf(m.metric().getPort()) : loop.element();
    }

    public static String metricPath(MetricPlan m) {
        return ElementPaths.pathOf(m.metric());
    }
}
