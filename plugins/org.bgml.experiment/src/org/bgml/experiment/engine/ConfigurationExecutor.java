package org.bgml.experiment.engine;

import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.launcher.results.RunRecord;

/**
 * Executes one run of a plan and describes it as a run record (factor levels, settings, measurements, or the
 * failure and its reason), without storing it. The real executor generates, builds (or reuses a cached variant)
 * and runs the benchmark; the synthetic one evaluates a response function.
 */
public interface ConfigurationExecutor {
    /** Never throws for a failing configuration: the record says it failed and why. */
    RunRecord execute(ExperimentPlan plan, PlannedRun run) throws InterruptedException;
}
