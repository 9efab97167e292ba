package org.bgml.experiment;

import org.bgml.experiment.engine.ExperimentException;
import org.bgml.experiment.engine.RunSink;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.launcher.results.ExperimentLink;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.RunRecord;

/** Stores runs of one registered experiment plan, each with its link, once. */
final class StoreSink implements RunSink {
    private final ResultsStore store;
    private final long experimentId;

    StoreSink(ResultsStore store, long experimentId) {
        this.store = store;
        this.experimentId = experimentId;
    }

    @Override
    public synchronized boolean record(PlannedRun run, RunRecord record) throws ExperimentException {
        try {
            return store.record(record, new ExperimentLink(experimentId, run.index(), run.point(), run.repetition())).isPresent();
        } catch (ResultsStoreException e) {
            throw new ExperimentException(e.getMessage(), e);
        }
    }
}
