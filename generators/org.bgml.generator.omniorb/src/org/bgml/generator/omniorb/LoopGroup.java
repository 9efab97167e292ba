package org.bgml.generator.omniorb;

import java.util.List;

import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.model.EventType;
import org.bgml.model.Operation;

/**
 * One timed loop of a client or supplier and the metrics it answers. With {@code threads} > 1 every thread runs the
 * whole loop ({@code warmup} and {@code samples} calls, at {@code rateHz}, for {@code durationMillis}). Metrics of one connection that ask for
 * the same calls (operation, counts, threads, rate, payload sizes, delays) share one loop: latency,
 * throughput and jitter of the RoundTrip scenarios come from the same 250,000 calls, as in CCMPerf.
 *
 * @param kind     {@link #CALLS}, {@link #LOOKUP}, {@link #FOOTPRINT} (no loop), {@link #EVENTS} or
 *                 {@link #PROBED} (white-box calls through the interceptors, never shared with black-box metrics)
 * @param stream   for event loops, the stream id the consumer files the events under; otherwise -1
 */
public record LoopGroup(String kind, InvocationPlan invocation, EventPlan event, Operation operation, EventType eventType,
        List<MetricPlan> metrics, int warmup, int samples, int threads, double rateHz, double deadlineMicros,
        long durationMillis, long preDelayMillis, long postDelayMillis, List<Integer> payloadSizes, boolean sweep,
        int stream) {

    public static final String CALLS = "calls";
    public static final String LOOKUP = "lookup";
    public static final String FOOTPRINT = "footprint";
    public static final String EVENTS = "events";
    public static final String PROBED = "probed";

    /** Runs calls or pushes (everything but footprint). */
    public boolean timed() {
        return !FOOTPRINT.equals(kind);
    }

    /**
     * Timed calls or pushes of every thread at one payload size: each of the {@code threads} calling threads makes
     * the whole {@code samples} (the metric's iteration count), as on every target.
     */
    public long allSamples() {
        return (long) samples * Math.max(1, threads);
    }

    /** Timed calls or pushes this loop makes, all threads and payload sizes together, warm-up included. */
    public long totalCalls() {
        if (!timed()) {
            return 0;
        }
        return (long) (warmup + samples) * Math.max(1, threads) * payloadSizes.size();
    }

    /**
     * A generous upper bound of the loop's run time in milliseconds, for the manifest's time limits: 50 us for every
     * call of every thread (the threads share the CPUs), plus, at a fixed rate, one period for each call of one thread
     * (the threads are paced side by side), plus the delays and durations.
     */
    public long budgetMillis() {
        long ms = preDelayMillis + postDelayMillis + durationMillis * payloadSizes.size();
        ms += totalCalls() * 50 / 1000;
        if (rateHz > 0) {
            ms += (long) Math.ceil((double) (warmup + (durationMillis > 0 ? 0 : samples)) * payloadSizes.size() * 1000.0 / rateHz);
        }
        return ms;
    }
}
