package org.bgml.experiment.engine;

import java.nio.file.Path;
import java.util.List;

import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedRun;

/**
 * What an engine is asked to do.
 *
 * @param modelFile the model the plan came from (tasks plan it again from this file and check the plan key)
 * @param plan      the whole plan
 * @param pending   the runs still to do, in run order (a resumed experiment leaves the finished ones out)
 * @param options   how each run is executed: target, work folder, synthetic response; the same options make the
 *                  same task command line ({@link TaskCommand})
 * @param sink      stores each finished run exactly once
 */
public record ExperimentJob(Path modelFile, ExperimentPlan plan, List<PlannedRun> pending, TaskOptions options, RunSink sink) {
    public ExperimentJob {
        pending = List.copyOf(pending);
    }
}
