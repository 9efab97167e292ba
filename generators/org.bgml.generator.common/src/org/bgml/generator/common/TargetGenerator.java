package org.bgml.generator.common;

import org.bgml.generator.common.plan.BenchmarkPlan;

/** One target (tao, ciao, omniorb, ace): turns a plan into every file of a runnable benchmark. */
public interface TargetGenerator {
    /** The target's name on the command line. */
    String id();

    /**
     * Writes every file, {@code manifest.json} included. Must be deterministic: the same plan gives the same
     * bytes.
     */
    void generate(BenchmarkPlan plan, GeneratorOutput out);
}
