package org.bgml.experiment.engine;

import org.bgml.experiment.plan.PlannedRun;
import org.bgml.launcher.results.RunRecord;

/** What an engine reports while it works; the CLI prints it as progress lines. */
public interface ExperimentProgress {
    /** Called once by the runner (not by engines) before the engine starts: how many runs are pending. */
    default void pending(int runs) {
    }

    /** A run has started (local) or has been submitted (cluster). */
    default void started(PlannedRun run) {
    }

    /** A run has ended and was stored (ok or failed). */
    default void finished(PlannedRun run, RunRecord record) {
    }

    /** Anything else worth a line: job ids, waiting for the scheduler, tasks that left no output. */
    default void message(String line) {
    }

    ExperimentProgress NONE = new ExperimentProgress() {
    };
}
