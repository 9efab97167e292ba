package org.bgml.experiment.slurm;

import java.nio.file.Path;

/**
 * What became of one configuration of a job array.
 *
 * @param index     the configuration's index in the experiment
 * @param status    how it ended
 * @param exitCode  the per-index command's exit code, or -1 when it never ended by itself
 * @param reason    why it did not succeed, in plain words; empty when it succeeded
 * @param outputDir the folder its command wrote to ({@code configs/<index>})
 * @param host      the node it ran on, or empty if it never started
 * @param cpus      the CPUs Slurm granted its task ({@code 0-1}), or empty if it never started
 * @param seconds   how long its command ran, or NaN if it did not end by itself
 */
public record ConfigurationOutcome(int index, Status status, int exitCode, String reason, Path outputDir, String host,
        String cpus, double seconds) {

    /** How a configuration ended. */
    public enum Status {
        /** Its command exited with 0: its outputs are ready to be stored. */
        SUCCEEDED,
        /** Its command exited with another code, or its task failed before it could run. */
        FAILED,
        /** Its task was cancelled by someone else (scancel, an administrator, preemption). */
        CANCELLED,
        /**
         * Its task was cancelled because the submitting run was interrupted (Ctrl-C): not a result of the
         * configuration, so a resumed experiment runs it again.
         */
        INTERRUPTED,
        /** Its task reached the time limit. */
        TIMEOUT,
        /** The node of its task failed. */
        NODE_FAIL,
        /** Slurm forgot its task and it left no exit record: its state is unknown. */
        LOST
    }

    public boolean succeeded() {
        return status == Status.SUCCEEDED;
    }
}
