package org.bgml.experiment.engine;

import org.bgml.experiment.plan.PlannedRun;
import org.bgml.launcher.results.RunRecord;

/** Stores the runs an engine finishes. */
public interface RunSink {
    /**
     * Stores {@code record} as run {@code run.index()} of the plan, with its factor levels, in one transaction.
     * Returns false (and stores nothing) when that run is already stored: ingesting twice repeats nothing.
     */
    boolean record(PlannedRun run, RunRecord record) throws ExperimentException;
}
