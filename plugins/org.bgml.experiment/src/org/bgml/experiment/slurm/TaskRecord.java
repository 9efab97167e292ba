package org.bgml.experiment.slurm;

/**
 * One array task as Slurm reports it.
 *
 * @param arrayTaskId the task's index in the array ({@code SLURM_ARRAY_TASK_ID})
 * @param jobId       the task's own job id (not the array's)
 * @param exitCode    the batch script's exit code, or -1 when not known yet
 * @param signal      the signal that ended the script, 0 if none
 * @param reason      Slurm's reason ({@code NonZeroExitCode}, {@code TimeLimit}, {@code None}), or empty
 * @param node        the node it ran on, or empty
 */
public record TaskRecord(int arrayTaskId, String jobId, TaskState state, int exitCode, int signal, String reason, String node) {
    public TaskRecord {
        reason = reason == null || "None".equals(reason) || "(null)".equals(reason) ? "" : reason;
        node = node == null || "(null)".equals(node) ? "" : node;
        jobId = jobId == null ? "" : jobId;
    }
}
