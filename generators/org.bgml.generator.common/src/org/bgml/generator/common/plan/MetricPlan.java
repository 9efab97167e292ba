package org.bgml.generator.common.plan;

import java.util.List;

import org.bgml.model.EventType;
import org.bgml.model.Metric;
import org.bgml.model.Operation;
import org.bgml.model.RateKind;
import org.bgml.model.Workload;

/**
 * A metric as the generated client runs it: which operation or event, how many warm-up and timed
 * iterations, at which payload sizes, rate and thread count.
 * <p>
 * <b>Threads.</b> A workload describes one calling thread; {@code threads} runs that many of them at once, on every
 * target. Each thread makes the metric's warm-up calls and its {@link #iterations} timed calls (per payload size), at
 * the workload's rate and for its duration, into a history of its own (as in TAO's multi-threaded latency tests,
 * where every thread runs the full {@code -i} count). A measurement then holds {@code threads x iterations} samples,
 * {@code iterations} from each thread, and its throughput is that of all threads together. The pre- and post-delays
 * are waited once, before the threads start and after the last one ends.
 */
public record MetricPlan(Metric metric, String kind, Operation operation, EventType eventType, List<Integer> payloadSizes) {

    public int warmup() {
        return metric.getWarmupIterations();
    }

    /**
     * Timed iterations per payload size of each calling thread: the workload's iteration count if set, else the
     * sample count.
     */
    public int iterations() {
        Workload w = metric.getWorkload();
        return w != null && w.getIterations() > 0 ? w.getIterations() : metric.getSamples();
    }

    /** Calling threads, each running the whole workload; at least 1. */
    public int threads() {
        Workload w = metric.getWorkload();
        return w == null ? 1 : Math.max(1, w.getThreads());
    }

    /** Calls per second of each calling thread for a fixed rate; 0 means as fast as possible. */
    public double rateHz() {
        Workload w = metric.getWorkload();
        return w != null && w.getRate() == RateKind.FIXED ? w.getRateHz() : 0.0;
    }

    public long durationMillis() {
        Workload w = metric.getWorkload();
        return w == null ? 0 : w.getDurationMillis();
    }

    public long preDelayMillis() {
        Workload w = metric.getWorkload();
        return w == null ? 0 : w.getPreDelayMillis();
    }

    public long postDelayMillis() {
        Workload w = metric.getWorkload();
        return w == null ? 0 : w.getPostDelayMillis();
    }

    /** Warm-up and timed calls of every thread at every payload size together (the calls a time limit pays for). */
    public long calls() {
        if ("footprint".equals(kind)) {
            return 0;
        }
        return (long) (warmup() + iterations()) * payloadSizes.size() * threads();
    }

    /**
     * Milliseconds the fixed rate alone makes the calls last: each thread's warm-up and timed calls at every payload
     * size, one period each (the timed calls of a duration-driven loop last its duration, counted apart); the threads
     * are paced side by side, so their count does not add. 0 when unpaced.
     */
    public long pacedMillis() {
        double hz = rateHz();
        if (!(hz > 0) || "footprint".equals(kind)) {
            return 0;
        }
        long perSize = warmup() + (durationMillis() > 0 ? 0 : iterations());
        return (long) Math.ceil((double) perSize * payloadSizes.size() * 1000.0 / hz);
    }
}
