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
 */
public record MetricPlan(Metric metric, String kind, Operation operation, EventType eventType, List<Integer> payloadSizes) {

    public int warmup() {
        return metric.getWarmupIterations();
    }

    /** Timed iterations per payload size: the workload's iteration count if set, else the sample count. */
    public int iterations() {
        Workload w = metric.getWorkload();
        return w != null && w.getIterations() > 0 ? w.getIterations() : metric.getSamples();
    }

    public int threads() {
        Workload w = metric.getWorkload();
        return w == null ? 1 : Math.max(1, w.getThreads());
    }

    /** Calls per second for a fixed rate; 0 means as fast as possible. */
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
}
