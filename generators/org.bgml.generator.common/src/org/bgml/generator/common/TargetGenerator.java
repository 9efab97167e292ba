package org.bgml.generator.common;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;

/** One target (tao, ciao, omniorb, ace): turns a plan into every file of a runnable benchmark. */
public interface TargetGenerator {
    /** The target's name on the command line. */
    String id();

    /**
     * Writes every file, {@code manifest.json} included. Must be deterministic: the same plan gives the same
     * bytes.
     */
    void generate(BenchmarkPlan plan, GeneratorOutput out);

    /**
     * How many timed samples the benchmark's driving loops (clients, suppliers, rate generators and the calls
     * that start paths) record in all, warm-up excluded, every payload size included: the total of the launcher's
     * live sample count. By default every metric but a footprint runs a loop of its own, except what the chains
     * drive: a path's metrics and the metrics of an event connection a timer feeds are counted once, as
     * {@link ChainPlan#driverSamples()}. A target whose metrics share loops says so by overriding this.
     */
    default long timedSamples(BenchmarkPlan plan) {
        long samples = 0;
        for (InvocationPlan i : plan.invocations()) {
            samples += loopSamples(i.metrics());
        }
        for (EventPlan e : plan.events()) {
            if (e.source() == null || e.source().getTimer() == null) {
                samples += loopSamples(e.metrics());
            }
        }
        return samples + ChainPlan.of(plan).driverSamples();
    }

    /** Timed samples of the metrics that run loops of their own (not footprints or paths). */
    static long loopSamples(java.util.List<MetricPlan> metrics) {
        long samples = 0;
        for (MetricPlan m : metrics) {
            if (!"footprint".equals(m.kind()) && !"pathLatency".equals(m.kind())) {
                samples += (long) m.iterations() * Math.max(1, m.payloadSizes().size());
            }
        }
        return samples;
    }
}
