package org.bgml.experiment.slurm.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import org.bgml.experiment.slurm.SlurmCommands;
import org.bgml.experiment.slurm.SlurmException;
import org.bgml.experiment.slurm.TaskRecord;
import org.bgml.experiment.slurm.TaskState;

/**
 * Stands in for Slurm: on the first poll it "runs" each task of the submitted script as told (with bash, as the
 * real one would), then reports the tasks' states as scontrol would. What happens to each task is set per task.
 */
final class FakeSlurm implements SlurmCommands {
    enum Fate {
        /** bash runs the task; COMPLETED or FAILED by its exit code. */
        RUN,
        /** never starts; CANCELLED as if an administrator cancelled it. */
        CANCELLED_BEFORE_START,
        /** starts its first configuration, which never ends; TIMEOUT. */
        TIMEOUT_IN_FIRST,
        /** runs, then Slurm forgets it and no completion log knows it. */
        RUN_THEN_FORGOTTEN,
        /** stays RUNNING until cancelled. */
        HANG,
        /** COMPLETED without running anything, as when the nodes do not share the work folder. */
        COMPLETED_ELSEWHERE
    }

    final Map<Integer, Fate> fates = new ConcurrentHashMap<>();
    final Map<Integer, TaskRecord> records = new TreeMap<>();
    final List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
    private final Path dir;
    private Path script;
    private int tasks;

    FakeSlurm(Path dir) {
        this.dir = dir;
    }

    @Override
    public synchronized String submit(Path script) throws SlurmException {
        calls.add("submit");
        this.script = script;
        try {
            String text = Files.readString(script);
            String array = text.lines().filter(l -> l.startsWith("#SBATCH --array=0-")).findFirst().orElseThrow();
            tasks = Integer.parseInt(array.substring("#SBATCH --array=0-".length()).split("%")[0]) + 1;
        } catch (IOException e) {
            throw new SlurmException(e.getMessage(), e);
        }
        for (int t = 0; t < tasks; t++) {
            records.put(t, new TaskRecord(t, "77", TaskState.PENDING, -1, 0, "None", ""));
        }
        return "77";
    }

    /** What the cluster says about its size ({@link SlurmCommands#slots}); empty as when sinfo is missing. */
    volatile java.util.Optional<Integer> slots = java.util.Optional.empty();

    @Override
    public java.util.Optional<Integer> slots(org.bgml.experiment.slurm.SlurmSettings settings) {
        calls.add("slots");
        return slots;
    }

    /** How long each {@link #tasks} call takes, as a slow slurmctld would; interruptible like the real command. */
    volatile long tasksDelayMillis;

    @Override
    public List<TaskRecord> tasks(String arrayJobId) throws SlurmException {
        synchronized (this) {
            calls.add("tasks");
        }
        if (tasksDelayMillis > 0) {
            try {
                Thread.sleep(tasksDelayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // as SlurmCli does
                throw new SlurmException("scontrol show job " + arrayJobId + " was interrupted", e);
            }
        }
        return states();
    }

    private synchronized List<TaskRecord> states() throws SlurmException {
        for (int t = 0; t < tasks; t++) {
            if (records.get(t).state() == TaskState.PENDING) {
                records.put(t, play(t, fates.getOrDefault(t, Fate.RUN)));
            }
        }
        List<TaskRecord> known = new ArrayList<>();
        for (TaskRecord r : records.values()) {
            if (fates.getOrDefault(r.arrayTaskId(), Fate.RUN) != Fate.RUN_THEN_FORGOTTEN) {
                known.add(r);
            }
        }
        return known;
    }

    @Override
    public synchronized void cancel(String arrayJobId) {
        calls.add("cancel");
        records.replaceAll((t, r) -> r.state().terminal() ? r
                : new TaskRecord(t, r.jobId(), TaskState.CANCELLED, 0, 15, "None", r.node()));
    }

    private TaskRecord play(int task, Fate fate) throws SlurmException {
        try {
            switch (fate) {
            case RUN, RUN_THEN_FORGOTTEN -> {
                int code = Bash.runTask(script, task, dir.resolve("fake-slurm.log"), Map.of());
                return new TaskRecord(task, "9" + task, code == 0 ? TaskState.COMPLETED : TaskState.FAILED, code, 0,
                        code == 0 ? "None" : "NonZeroExitCode", "node1");
            }
            case CANCELLED_BEFORE_START -> {
                return new TaskRecord(task, "9" + task, TaskState.CANCELLED, 0, 15, "None", "");
            }
            case TIMEOUT_IN_FIRST -> {
                // the task script started its first configuration: write what it writes before the command
                String text = Files.readString(script);
                String configs = text.lines().filter(l -> l.startsWith("configs=")).findFirst().orElseThrow()
                        .substring("configs=".length()).replace("'", "");
                int chunk = Integer.parseInt(text.lines().filter(l -> l.startsWith("chunk=")).findFirst().orElseThrow().substring(6));
                String index = nthIndex(text, task * chunk);
                Path out = Path.of(configs, index);
                Files.createDirectories(out);
                Files.writeString(out.resolve("slurm-started"), "job=9" + task + " task=" + task + " host=node1 cpus=2-3 start=1.0\n");
                return new TaskRecord(task, "9" + task, TaskState.TIMEOUT, 0, 15, "TimeLimit", "node1");
            }
            case HANG -> {
                return new TaskRecord(task, "9" + task, TaskState.RUNNING, -1, 0, "None", "node1");
            }
            case COMPLETED_ELSEWHERE -> {
                return new TaskRecord(task, "9" + task, TaskState.COMPLETED, 0, 0, "None", "node7");
            }
            default -> throw new IllegalStateException(fate.name());
            }
        } catch (IOException | InterruptedException e) {
            throw new SlurmException(e.toString(), e);
        }
    }

    private static String nthIndex(String script, int n) {
        StringBuilder all = new StringBuilder();
        boolean in = false;
        for (String l : script.lines().toList()) {
            if (l.startsWith("indexes=(")) {
                in = true;
                l = l.substring("indexes=(".length());
            }
            if (in) {
                all.append(' ').append(l.replace(")", ""));
                if (l.contains(")")) {
                    break;
                }
            }
        }
        return all.toString().trim().split("\\s+")[n];
    }
}
