package org.bgml.experiment.engine;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that runs one run of a plan as a standalone task:
 *
 * <pre>
 * bgml experiment task MODEL --experiment NAME --index I --out DIR --plan-key KEY --target T --work WORK [--synthetic SPEC] [--samples N] [design overrides]
 * </pre>
 *
 * The task plans the experiment again from the model, refuses to run when the plan key differs (the model changed
 * since submission), executes run I, and writes {@code DIR/}{@link TaskOutputs#fileName(int)} atomically. It never
 * opens the results store. With {@code --indexes I,J,K --records DIR} instead of {@code --index}, one process runs
 * several runs ({@link #blockArguments}). Exit code 0 when the run succeeded, 1 when the configuration failed (its output still
 * says why), 2 when the task could not run at all (then there is no output file).
 */
public final class TaskCommand {
    private TaskCommand() {
    }

    /** The arguments after {@code bgml}, for run {@code index}. */
    public static List<String> arguments(ExperimentJob job, int index, Path outDir) {
        return arguments(job, String.valueOf(index), outDir);
    }

    /**
     * The arguments after {@code bgml} that run several runs in one process ({@code --indexes I,J,K --records DIR}):
     * each run's output goes to {@code outDir} as usual, and its started, exit and log records to
     * {@code recordsDir/<index>/} (see {@code Experiments.taskBlock}). The indexes and records folder are passed
     * through as text, e.g. placeholders for a job array script.
     */
    public static List<String> blockArguments(ExperimentJob job, String indexes, Path outDir, String recordsDir) {
        List<String> a = new ArrayList<>(List.of("experiment", "task", job.modelFile().toAbsolutePath().normalize().toString(),
                "--experiment", job.plan().experiment(), "--indexes", indexes, "--records", recordsDir, "--out",
                outDir.toAbsolutePath().normalize().toString(), "--plan-key", job.plan().key()));
        a.addAll(job.options().arguments());
        return a;
    }

    /**
     * The arguments after {@code bgml} with the index given as text, e.g. {@code "$SLURM_ARRAY_TASK_ID"} for a job
     * array script (quote the other arguments for the shell; the index text is passed through as is).
     */
    public static List<String> arguments(ExperimentJob job, String index, Path outDir) {
        List<String> a = new ArrayList<>(List.of("experiment", "task", job.modelFile().toAbsolutePath().normalize().toString(),
                "--experiment", job.plan().experiment(), "--index", index, "--out", outDir.toAbsolutePath().normalize().toString(),
                "--plan-key", job.plan().key()));
        a.addAll(job.options().arguments());
        return a;
    }
}
