package org.bgml.experiment.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.launcher.results.RunIds;
import org.bgml.launcher.results.RunRecord;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonParseException;

/**
 * Task output files: what a standalone task writes instead of touching the results store, and how the submitting
 * side ingests them. One file per run, {@code run-000042.json}, written to a temporary name and renamed, so a file
 * that exists is complete. A cluster's tasks therefore never write SQLite, and only one process (the one that
 * ingests) ever does.
 */
public final class TaskOutputs {
    /** The format tag in every file. */
    public static final String FORMAT = "bgml-experiment-task/1";
    private static final Gson GSON = new GsonBuilder().serializeNulls().disableHtmlEscaping().setPrettyPrinting().create();

    /**
     * The content of a task output file.
     *
     * @param record the run record, ok or failed, with the experiment name and factor levels set
     */
    public record TaskOutput(String format, String planKey, String experiment, int index, int point, int repetition, RunRecord record) {
    }

    /** What an ingest found. */
    public record IngestResult(int stored, int alreadyStored, List<Integer> missing, List<String> problems) {
    }

    private TaskOutputs() {
    }

    public static String fileName(int index) {
        return String.format(Locale.ROOT, "run-%06d.json", index);
    }

    /** Writes the output of one run atomically into {@code outDir}, creating it if needed. */
    public static Path write(Path outDir, ExperimentPlan plan, PlannedRun run, RunRecord record) throws IOException {
        Files.createDirectories(outDir);
        TaskOutput out = new TaskOutput(FORMAT, plan.key(), plan.experiment(), run.index(), run.point(), run.repetition(), record);
        Path file = outDir.resolve(fileName(run.index()));
        Path tmp = outDir.resolve("." + fileName(run.index()) + "." + ProcessHandle.current().pid() + ".tmp");
        Files.writeString(tmp, GSON.toJson(out), StandardCharsets.UTF_8);
        try (var channel = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
        return file;
    }

    /** Reads one output file; empty when it does not exist. */
    public static Optional<TaskOutput> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            TaskOutput out = GSON.fromJson(Files.readString(file, StandardCharsets.UTF_8), TaskOutput.class);
            if (out == null || !FORMAT.equals(out.format()) || out.record() == null) {
                throw new IOException(file + " is not a BGML experiment task output (" + FORMAT + ")");
            }
            return Optional.of(out);
        } catch (JsonParseException e) {
            throw new IOException(file + " is not a readable task output: " + e.getMessage(), e);
        }
    }

    /**
     * Stores the outputs in {@code outDir} of every pending run of {@code job} through its sink. Runs with no output
     * file are listed as missing (still running, cancelled, or lost: the caller decides, e.g. with
     * {@link #failedRecord}); an output from another plan or an unreadable file is a problem, never stored.
     */
    public static IngestResult ingest(ExperimentJob job, Path outDir, ExperimentProgress progress) throws ExperimentException {
        int stored = 0;
        int already = 0;
        List<Integer> missing = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (PlannedRun run : job.pending()) {
            Optional<TaskOutput> out;
            try {
                out = read(outDir.resolve(fileName(run.index())));
            } catch (IOException e) {
                problems.add(e.getMessage());
                continue;
            }
            if (out.isEmpty()) {
                missing.add(run.index());
                continue;
            }
            TaskOutput o = out.get();
            if (!job.plan().key().equals(o.planKey()) || o.index() != run.index()) {
                problems.add(outDir.resolve(fileName(run.index())) + " belongs to plan " + o.planKey() + " run " + o.index()
                        + ", not plan " + job.plan().key() + " run " + run.index());
                continue;
            }
            if (job.sink().record(run, o.record())) {
                stored++;
                progress.finished(run, o.record());
            } else {
                already++;
            }
        }
        return new IngestResult(stored, already, missing, problems);
    }

    /**
     * A failed run record for a run that left no output (a cancelled, timed-out or crashed task), so that it is
     * stored with its reason like any failed configuration.
     */
    public static RunRecord failedRecord(ExperimentJob job, PlannedRun run, String reason) {
        Instant now = Instant.now();
        RunRecord.Builder b = RunRecord.builder(RunIds.next(now)).model(job.modelFile().toAbsolutePath().normalize().toString(),
                job.plan().modelName(), null).target(job.options().target()).startedAt(now).endedAt(now)
                .experiment(job.plan().experiment(), run.levels()).failure(reason);
        return b.build();
    }
}
