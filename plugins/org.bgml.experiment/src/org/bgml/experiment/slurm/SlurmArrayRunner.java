package org.bgml.experiment.slurm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.bgml.experiment.slurm.ConfigurationOutcome.Status;

/**
 * Runs configurations as one Slurm job array and reports each configuration's outcome as soon as it is known:
 * writes the script ({@link JobScript}) into {@code WORK/slurm/}, submits it, then polls until every configuration
 * has ended. A configuration's own exit record decides its outcome; Slurm's task state decides it only for
 * configurations whose command never ended (cancelled, timed out, node failure). Interrupting the calling thread,
 * or stopping the JVM (Ctrl-C), cancels the array with {@code scancel} and records the cancelled configurations.
 */
public final class SlurmArrayRunner {
    /**
     * How long a task may be ended (or missing) without its configurations' exit records before Slurm's word counts:
     * a shared filesystem may show a file written on a node a few seconds late.
     */
    public static final Duration DEFAULT_SETTLE = Duration.ofSeconds(5);
    /** How long to keep collecting states after cancelling. */
    private static final long CANCEL_COLLECT_NANOS = TimeUnit.SECONDS.toNanos(20);
    private static final int REASON_MAX = 400;

    /**
     * @param workDir absolute, on a filesystem the nodes share
     * @param indexes the configurations to run, in run order
     * @param command the per-index command with {@value JobScript#INDEX} and {@value JobScript#OUT}
     * @param env     variables the tasks export before running the command
     * @param blockCommand null, or the command that runs a task's whole block in one process
     *                (see {@link JobScript#write(SlurmSettings, Path, List, List, List, Map)})
     */
    public record Request(Path workDir, List<Integer> indexes, List<String> command, Map<String, String> env,
            List<String> blockCommand) {
        public Request {
            workDir = workDir.toAbsolutePath().normalize();
            indexes = List.copyOf(indexes);
            command = List.copyOf(command);
            env = env == null ? Map.of() : Map.copyOf(env);
            blockCommand = blockCommand == null ? null : List.copyOf(blockCommand);
        }

        /** Without a block command: every configuration runs its own per-index command. */
        public Request(Path workDir, List<Integer> indexes, List<String> command, Map<String, String> env) {
            this(workDir, indexes, command, env, null);
        }
    }

    /** Hears about the run; called on the thread that called {@link #run}. */
    public interface Listener {
        default void submitted(String arrayJobId, int tasks, Path script) {
        }

        /** Once per configuration, as soon as its outcome is known; a succeeded configuration's outputs are complete. */
        void finished(ConfigurationOutcome outcome);
    }

    /**
     * @param outcomes    one per requested configuration, in the order they became known
     * @param interrupted the run was interrupted (thread interrupt, or the JVM stopping) and the array cancelled
     * @param submitNanos how long {@code sbatch} took
     * @param wallNanos   from writing the script to the last outcome
     */
    public record Result(String arrayJobId, Path script, List<ConfigurationOutcome> outcomes, boolean interrupted,
            long submitNanos, long wallNanos) {
        public long count(Status status) {
            return outcomes.stream().filter(o -> o.status() == status).count();
        }
    }

    private final SlurmCommands slurm;
    private final SlurmSettings settings;
    private final Duration settle;

    public SlurmArrayRunner(SlurmCommands slurm, SlurmSettings settings) {
        this(slurm, settings, DEFAULT_SETTLE);
    }

    /** @param settle see {@link #DEFAULT_SETTLE} */
    public SlurmArrayRunner(SlurmCommands slurm, SlurmSettings settings, Duration settle) {
        this.slurm = slurm;
        this.settings = settings;
        this.settle = settle;
    }

    public Result run(Request request, Listener listener) throws SlurmException, IOException {
        long t0 = System.nanoTime();
        Path slurmDir = request.workDir().resolve(JobScript.SLURM_DIR);
        Path configs = request.workDir().resolve(JobScript.CONFIGS_DIR);
        Files.createDirectories(slurmDir);
        Files.createDirectories(configs);
        for (int index : request.indexes()) {
            // a record from an earlier submission must not pass for this one's
            Files.deleteIfExists(configs.resolve(Integer.toString(index)).resolve(JobScript.EXIT));
            Files.deleteIfExists(configs.resolve(Integer.toString(index)).resolve(JobScript.STARTED));
        }
        // the block (configurations per task) fits the partition's size, unless the user chose one
        SlurmSettings settings = this.settings.forCluster(request.indexes().size(), slurm.slots(this.settings));
        String text = JobScript.write(settings, request.workDir(), request.indexes(), request.command(), request.blockCommand(),
                request.env());
        Path script = slurmDir.resolve("array-" + System.currentTimeMillis() + ".sh");
        Path tmp = slurmDir.resolve(script.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, script, StandardCopyOption.ATOMIC_MOVE);

        long s0 = System.nanoTime();
        String jobId = slurm.submit(script);
        long submitNanos = System.nanoTime() - s0;
        int tasks = settings.tasksFor(request.indexes().size());
        listener.submitted(jobId, tasks, script);

        Poll poll = new Poll(settings, request, jobId, configs, listener);
        Thread hook = new Thread(() -> poll.cancelOnShutdown(), "bgml-slurm-cancel-" + jobId);
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            poll.loop();
        } finally {
            poll.done.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already stopping: the hook is running
            }
        }
        if (poll.interrupted) {
            Thread.currentThread().interrupt();
        }
        return new Result(jobId, script, List.copyOf(poll.outcomes), poll.interrupted || poll.cancelRequested, submitNanos,
                System.nanoTime() - t0);
    }

    /** The polling state of one submitted array. */
    private final class Poll {
        final SlurmSettings settings;
        final Request request;
        final String jobId;
        final Path configs;
        final Listener listener;
        final Map<Integer, Integer> pending = new LinkedHashMap<>(); // index -> position in the run order
        final Map<Integer, Long> unsettledSince = new HashMap<>();   // task -> when it was first seen ended or missing
        final List<ConfigurationOutcome> outcomes = new ArrayList<>();
        final CountDownLatch done = new CountDownLatch(1);
        volatile boolean cancelRequested;
        boolean interrupted;
        long cancelledAt;

        Poll(SlurmSettings settings, Request request, String jobId, Path configs, Listener listener) {
            this.settings = settings;
            this.request = request;
            this.jobId = jobId;
            this.configs = configs;
            this.listener = listener;
            for (int i = 0; i < request.indexes().size(); i++) {
                pending.put(request.indexes().get(i), i);
            }
        }

        /** Ctrl-C: cancel the array, then give the polling thread a bounded time to record what became of it. */
        void cancelOnShutdown() {
            if (done.getCount() == 0) {
                return;
            }
            cancelRequested = true;
            try {
                slurm.cancel(jobId);
                System.err.println("cancelled Slurm job array " + jobId + "; the runs it had not finished are not stored,"
                        + " --resume runs them again");
            } catch (SlurmException e) {
                System.err.println("could not cancel Slurm job array " + jobId + ": " + e.getMessage());
            }
            try {
                done.await(CANCEL_COLLECT_NANOS + TimeUnit.SECONDS.toNanos(5), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void loop() throws SlurmException, IOException {
            long pollMillis = settings.pollInterval().toMillis();
            while (true) {
                try {
                    collectExitRecords();
                } catch (java.nio.channels.ClosedByInterruptException e) {
                    Thread.interrupted(); // interrupted while reading a record: cancel, then read again
                    interrupted = true;
                    continue;
                }
                if (pending.isEmpty()) {
                    return;
                }
                if ((cancelRequested || interrupted) && cancelledAt == 0) {
                    cancel();
                }
                if (cancelledAt != 0 && System.nanoTime() - cancelledAt > CANCEL_COLLECT_NANOS) {
                    for (int index : new ArrayList<>(pending.keySet())) {
                        emit(fromState(index, -1, null, "was cancelled, and Slurm did not confirm it in time"));
                    }
                    return;
                }
                try {
                    applyTaskStates();
                } catch (SlurmException | java.nio.channels.ClosedByInterruptException e) {
                    if (e instanceof SlurmException && !(e.getCause() instanceof InterruptedException)) {
                        throw (SlurmException) e;
                    }
                    Thread.interrupted(); // interrupted while asking Slurm: cancel on the next round
                    interrupted = true;
                    continue;
                }
                if (pending.isEmpty()) {
                    return;
                }
                try {
                    Thread.sleep(pollMillis);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }

        private void cancel() {
            cancelledAt = System.nanoTime();
            if (Thread.interrupted()) {
                interrupted = true; // scancel must run even so
            }
            try {
                slurm.cancel(jobId);
            } catch (SlurmException e) {
                // the shutdown hook may have cancelled it already; states will tell
            }
        }

        private void collectExitRecords() throws IOException {
            for (int index : new ArrayList<>(pending.keySet())) {
                Path dir = configs.resolve(Integer.toString(index));
                Map<String, String> exit = keyValues(dir.resolve(JobScript.EXIT));
                if (exit == null || !exit.containsKey("exit")) {
                    continue;
                }
                Map<String, String> started = keyValues(dir.resolve(JobScript.STARTED));
                started = started == null ? Map.of() : started;
                int code = parseInt(exit.get("exit"), -1);
                double seconds = parseDouble(exit.get("end")) - parseDouble(started.get("start"));
                String reason = code == 0 ? "" : "exited with code " + code + lastLine(dir.resolve(JobScript.COMMAND_LOG));
                emit(new ConfigurationOutcome(index, code == 0 ? Status.SUCCEEDED : Status.FAILED, code, reason, dir,
                        started.getOrDefault("host", ""), started.getOrDefault("cpus", ""), seconds));
            }
        }

        private void applyTaskStates() throws SlurmException, IOException {
            Map<Integer, TaskRecord> byTask = new HashMap<>();
            for (TaskRecord r : slurm.tasks(jobId)) {
                byTask.put(r.arrayTaskId(), r);
            }
            boolean missing = pending.values().stream().anyMatch(pos -> !byTask.containsKey(settings.taskOf(pos, request.indexes().size())));
            if (missing) {
                for (TaskRecord r : slurm.completedTasks(jobId)) {
                    byTask.putIfAbsent(r.arrayTaskId(), r);
                }
            }
            long now = System.nanoTime();
            long settleNanos = cancelledAt != 0 ? 2 * settings.pollInterval().toNanos() : settle.toNanos();
            for (Map.Entry<Integer, Integer> e : new ArrayList<>(pending.entrySet())) {
                int task = settings.taskOf(e.getValue(), request.indexes().size());
                TaskRecord r = byTask.get(task);
                if (r != null && !r.state().terminal()) {
                    unsettledSince.remove(task);
                    continue;
                }
                long since = unsettledSince.computeIfAbsent(task, t -> now);
                if (now - since < settleNanos) {
                    continue; // give the shared filesystem time to show the exit record
                }
                collectExitRecords();
                if (pending.containsKey(e.getKey())) {
                    emit(fromState(e.getKey(), task, r, null));
                }
            }
        }

        /** The outcome of a configuration whose command left no exit record, from its task's state. */
        private ConfigurationOutcome fromState(int index, int task, TaskRecord r, String override) throws IOException {
            Path dir = configs.resolve(Integer.toString(index));
            Map<String, String> started = keyValues(dir.resolve(JobScript.STARTED));
            String host = started == null ? "" : started.getOrDefault("host", "");
            String cpus = started == null ? "" : started.getOrDefault("cpus", "");
            String taskName = jobId + "_" + task;
            String prefix = started == null ? "did not start: Slurm task " + taskName + " "
                    : "was running on " + host + " when Slurm task " + taskName + " ";
            Status status;
            String what;
            if (override != null) {
                status = Status.INTERRUPTED;
                what = override;
            } else if (r == null) {
                status = Status.LOST;
                what = "is no longer known to Slurm (array " + jobId + ") and left no exit record in " + dir;
            } else {
                String slurmReason = r.reason().isEmpty() ? "" : ", reason " + r.reason();
                switch (r.state()) {
                case CANCELLED -> {
                    status = cancelledAt != 0 ? Status.INTERRUPTED : Status.CANCELLED;
                    what = cancelledAt != 0 ? "was cancelled because the experiment was interrupted"
                            : "was cancelled (scancel)" + slurmReason;
                }
                case TIMEOUT -> {
                    status = Status.TIMEOUT;
                    what = "reached its time limit" + (settings.timeLimit().isEmpty() ? "" : " of " + settings.timeLimit());
                }
                case NODE_FAIL -> {
                    status = Status.NODE_FAIL;
                    what = "lost its node" + (r.node().isEmpty() ? "" : " " + r.node());
                }
                case COMPLETED -> {
                    status = Status.LOST;
                    what = "completed, but no exit record appeared in " + dir
                            + " (is the work folder on a filesystem the nodes share?)";
                }
                default -> {
                    status = Status.FAILED;
                    what = "ended as " + r.state() + (r.exitCode() >= 0 ? " with exit code " + r.exitCode() : "")
                            + (r.signal() > 0 ? " by signal " + r.signal() : "") + slurmReason;
                }
                }
            }
            String reason = override != null ? what : prefix + what;
            return new ConfigurationOutcome(index, status, -1, reason, dir, host, cpus, Double.NaN);
        }

        private void emit(ConfigurationOutcome o) {
            if (pending.remove(o.index()) != null) {
                outcomes.add(o);
                listener.finished(o);
            }
        }
    }

    /** {@code key=value key=value} on one line; null if the file is not there (yet). */
    static Map<String, String> keyValues(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (java.nio.file.NoSuchFileException e) {
            return null;
        }
        Map<String, String> out = new HashMap<>();
        for (String word : text.strip().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq > 0) {
                out.put(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        return out;
    }

    /** ": <last non-blank line of the command's log>", shortened; empty if there is none. */
    static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            for (int i = lines.size() - 1; i >= 0; i--) {
                String l = lines.get(i).strip();
                if (!l.isEmpty()) {
                    return ": " + (l.length() > REASON_MAX ? l.substring(0, REASON_MAX) + "…" : l);
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            // no log, or not text: the exit code alone
        }
        return "";
    }

    private static int parseInt(String s, int otherwise) {
        try {
            return s == null ? otherwise : Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static double parseDouble(String s) {
        try {
            return s == null ? Double.NaN : Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
