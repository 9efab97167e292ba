package org.bgml.experiment.engine;

import org.bgml.experiment.execute.ConfigurationExecutors;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.run.HostCheck;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Experiment;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;

/**
 * Runs the pending runs one after the other in this process and stores each as soon as it ends, so that killing
 * the process loses at most the run in progress (its store transaction never commits) and a resume repeats nothing
 * that was stored.
 */
public final class LocalEngine implements ExperimentEngine {
    private final ConfigurationExecutor executor;

    /** Executes runs as the job's options say (the real benchmark, or the synthetic response). */
    public LocalEngine() {
        this(null);
    }

    /** Executes runs with {@code executor}, whatever the job's options say (embedding, tests). */
    public LocalEngine(ConfigurationExecutor executor) {
        this.executor = executor;
    }

    @Override
    public String id() {
        return Engines.LOCAL;
    }

    @Override
    public void run(ExperimentJob job, ExperimentProgress progress) throws ExperimentException, InterruptedException {
        if (this.executor == null && job.options().synthetic() == null) {
            checkHosts(job);
        }
        ConfigurationExecutor executor = this.executor != null ? this.executor
                : ConfigurationExecutors.create(job.modelFile(), job.options(), progress);
        for (PlannedRun run : job.pending()) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            progress.started(run);
            RunRecord record = executor.execute(job.plan(), run);
            job.sink().record(run, record);
            progress.finished(run, record);
        }
    }

    /**
     * Every run of this engine starts its processes on this machine: a deployment whose nodes are other hosts is
     * refused before the first run, unless the options collapse it on purpose.
     */
    private static void checkHosts(ExperimentJob job) throws ExperimentException {
        if (job.options().allOnThisHost()) {
            return;
        }
        try {
            BenchmarkModel model = ModelFiles.loadModel(job.modelFile());
            Experiment experiment = org.bgml.experiment.plan.Planner.experiment(model, job.plan().experiment());
            String deployment = experiment == null || experiment.getDeployment() == null ? null : experiment.getDeployment().getName();
            HostCheck.check(model, deployment, false);
        } catch (HostCheck.ForeignHostsException e) {
            throw new ExperimentException("the local engine refuses this experiment: " + e.getMessage());
        } catch (ModelLoadException e) {
            throw new ExperimentException(e.describe());
        }
    }
}
