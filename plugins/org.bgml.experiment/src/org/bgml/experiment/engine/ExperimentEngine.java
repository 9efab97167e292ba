package org.bgml.experiment.engine;

/**
 * Runs the pending runs of an experiment somewhere: in this process ({@code local}) or as a cluster job array
 * ({@code slurm}). An engine never decides what to run (the job's {@link ExperimentJob#pending()} does) and never
 * writes the results store itself except through {@link ExperimentJob#sink()}, which stores each run once, linked to
 * its place in the plan. A configuration that fails is a result like any other: the engine hands a failed
 * {@link org.bgml.launcher.results.RunRecord} to the sink (with the reason) and goes on. See ENGINES.md.
 */
public interface ExperimentEngine {
    /** The name {@code --engine} selects it by. */
    String id();

    /**
     * Runs every run of {@code job.pending()}, reporting as it goes, and returns when each of them has been handed to
     * the sink (done or failed) or the engine was interrupted. Throws only when the engine itself cannot work (no
     * scheduler, unusable folder); a failing configuration never makes it throw.
     */
    void run(ExperimentJob job, ExperimentProgress progress) throws ExperimentException, InterruptedException;
}
