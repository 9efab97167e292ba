package org.bgml.experiment.slurm;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The few Slurm commands the engine needs. {@link SlurmCli} runs the real ones; tests substitute their own to check
 * the engine's decisions without a Slurm.
 */
public interface SlurmCommands {
    /** {@code sbatch --parsable SCRIPT}: submits the array and returns its job id. */
    String submit(Path script) throws SlurmException;

    /**
     * {@code scontrol show job -o ID}: every task of the array Slurm still knows about (it forgets finished tasks
     * {@code MinJobAge} seconds after they end). Empty when it knows none of them any more.
     */
    List<TaskRecord> tasks(String arrayJobId) throws SlurmException;

    /**
     * The tasks of the array that the job completion log ({@code JobCompType=jobcomp/filetxt}) lists, for tasks
     * Slurm has already forgotten; empty when there is no such log.
     */
    default List<TaskRecord> completedTasks(String arrayJobId) throws SlurmException {
        return List.of();
    }

    /** {@code scancel ID}: cancels every task of the array that has not ended. */
    void cancel(String arrayJobId) throws SlurmException;

    /**
     * How many tasks of {@code settings} the partition they go to can run at once: its usable nodes when tasks take
     * whole nodes ({@link SlurmSettings#exclusive}), else its usable CPUs divided by the CPUs of a task. Empty when
     * the cluster does not say.
     */
    default Optional<Integer> slots(SlurmSettings settings) {
        return Optional.empty();
    }

    /** Where the completion log is, if one is known. */
    default Optional<Path> jobCompletionLog() {
        return Optional.empty();
    }
}
