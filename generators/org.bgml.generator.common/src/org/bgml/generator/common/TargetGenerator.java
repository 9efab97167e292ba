package org.bgml.generator.common;

import org.bgml.generator.common.plan.BenchmarkPlan;
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
     * How many timed samples the benchmark's driving loops (clients and suppliers) record in all, warm-up excluded,
     * every payload size included: the total of the launcher's live sample count. By default every metric but a
     * footprint runs a loop of its own; a target whose metrics share loops says so by overriding this.
     */
    default long timedSamples(BenchmarkPlan plan) {
        long samples = 0;
        for (InvocationPlan i : plan.invocations()) {
            samples += timedSamples(i.metrics());
        }
        for (EventPlan e : plan.events()) {
            samples += timedSamples(e.metrics());
        }
        return samples;
    }

    private static long timedSamples(java.util.List<MetricPlan> metrics) {
        long samples = 0;
        for (MetricPlan m : metrics) {
            if (!"footprint".equals(m.kind())) {
                samples += (long) m.iterations() * Math.max(1, m.payloadSizes().size());
            }
        }
        return samples;
    }
}
