package org.bgml.experiment.slurm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.RunService;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.launcher.run.SampleCounter;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * {@code bgml run --engine slurm}: the processes of one benchmark run inside one Slurm allocation, each on the node
 * its model node is mapped to ({@link HostMap}). The benchmark is generated and built here, in a folder every node
 * sees (a shared filesystem). This submits one batch job over the nodes the run needs; its script has every node
 * write a probe into the run folder, then starts {@code bgml run-steps} on the first node ({@link RunSteps}), which
 * runs each process as a job step. Readiness files, object references and results travel through the shared run
 * folder. This process waits for the job, touching {@code slurm/alive} so that the job stops when this process
 * dies, then reads {@code slurm/outcome.json}. Whatever happens (success, failure, Ctrl-C, SIGTERM) the job is
 * cancelled and this waits, bounded, until Slurm has ended it on every node.
 */
public final class MultiHostRun implements RunService.Execution {
    private static final long COMMAND_TIMEOUT_SECONDS = 60;
    private static final long POLL_MILLIS = 200;
    private static final long ALIVE_TIMEOUT_SECONDS = 20;
    private static final long GONE_WAIT_MILLIS = 30_000;

    private final Map<String, String> slurmNodeOfModelNode;
    private final String partition;
    private final List<String> bgml;
    private final Consumer<String> messages;

    /**
     * @param slurmNodeOfModelNode from {@link HostMap#resolve}
     * @param partition            {@code --partition}, empty or null for the cluster's default
     * @param bgml                 the command that starts bgml on the nodes (absolute)
     * @param messages             where to say what happens (job id, nodes, timings)
     */
    public MultiHostRun(Map<String, String> slurmNodeOfModelNode, String partition, List<String> bgml, Consumer<String> messages) {
        this.slurmNodeOfModelNode = Map.copyOf(slurmNodeOfModelNode);
        this.partition = partition == null ? "" : partition.strip();
        this.bgml = List.copyOf(bgml);
        this.messages = messages;
    }

    /** Where the cluster's node names come from: {@link #slurmNodes()} on a real cluster. */
    @FunctionalInterface
    public interface NodeList {
        List<String> nodes() throws SlurmException;
    }

    /**
     * The Slurm execution of one benchmark, as {@code bgml run --engine slurm} and the IDE's launch both build it: the
     * host map is parsed, every model node of the deployment is placed on a Slurm node ({@link HostMap#resolve}), and
     * the placement is said on {@code messages}, all before anything is generated or submitted.
     *
     * @param model      the loaded model
     * @param deployment the deployment's name, null for the model's first
     * @param hostMap    {@code modelNode=slurmNode,...}, empty or null for placing by name only
     * @param partition  empty or null for the cluster's default
     * @param target     the target the run generates for
     * @param nodes      the cluster's nodes ({@code MultiHostRun::slurmNodes})
     * @throws IllegalArgumentException for a malformed map, a node that cannot be placed, or a refused multi-host run
     * @throws SlurmException           when Slurm cannot be asked for its nodes
     */
    public static MultiHostRun forModel(org.bgml.model.BenchmarkModel model, String deployment, String hostMap, String partition,
            String target, NodeList nodes, Consumer<String> messages) throws SlurmException {
        return forModel(model, deployment, hostMap, partition, target, null, nodes, messages);
    }

    /**
     * As {@link #forModel(org.bgml.model.BenchmarkModel, String, String, String, String, NodeList, Consumer)}, with the
     * bgml command the nodes start given (an IDE has no {@code bin/bgml} of its own); null or empty for
     * {@code BGML_COMMAND}.
     */
    public static MultiHostRun forModel(org.bgml.model.BenchmarkModel model, String deployment, String hostMap, String partition,
            String target, String nodeCommand, NodeList nodes, Consumer<String> messages) throws SlurmException {
        Map<String, String> given = HostMap.parse(hostMap);
        Map<String, String> placed = HostMap.resolve(model, deployment, given, nodes.nodes(), target);
        List<String> command = bgmlCommand(nodeCommand);
        messages.accept("placing " + String.join(", ", placed.entrySet().stream().map(e -> e.getKey() + " on " + e.getValue()).toList()));
        return new MultiHostRun(placed, partition, command, messages);
    }

    /** The cluster's nodes, as {@code sinfo -h -N -o %N} lists them, each once. */
    public static List<String> slurmNodes() throws SlurmException {
        Output out = command(List.of("sinfo", "-h", "-N", "-o", "%N"));
        if (out.code != 0) {
            throw new SlurmException("sinfo failed (exit " + out.code + "): " + out.text.strip());
        }
        Set<String> nodes = new LinkedHashSet<>();
        for (String line : out.text.split("\\R")) {
            if (!line.isBlank()) {
                nodes.add(line.strip());
            }
        }
        return List.copyOf(nodes);
    }

    /** The absolute bgml command for the nodes: {@code BGML_COMMAND} ({@code bin/bgml} exports it). */
    public static List<String> bgmlCommand() {
        return bgmlCommand(null);
    }

    /**
     * The bgml command the nodes start: {@code given} when it is set (an absolute path, the same on every node of a
     * shared file system), else {@code BGML_COMMAND}.
     */
    public static List<String> bgmlCommand(String given) {
        if (given != null && !given.isBlank()) {
            String g = given.strip();
            if (!java.nio.file.Path.of(g).isAbsolute()) {
                throw new IllegalArgumentException("the bgml command for the nodes must be an absolute path (the same on every node), got '" + g + "'");
            }
            return List.of(g);
        }
        String c = System.getenv(SlurmEngine.COMMAND_ENV);
        if (c == null || c.isBlank()) {
            throw new IllegalArgumentException("cannot tell the Slurm job how to start bgml: run it as bin/bgml, or set "
                    + SlurmEngine.COMMAND_ENV + " to the bgml command's absolute path on the nodes");
        }
        return List.of(c.strip());
    }

    @Override
    public RunOutcome run(Path benchDir, Manifest manifest, Path runDir, RunListener listener) throws IOException, InterruptedException {
        Path run = runDir.toAbsolutePath().normalize();
        Path bench = benchDir.toAbsolutePath().normalize();
        Path slurm = Files.createDirectories(run.resolve(RunSteps.SLURM_DIR));
        Files.createDirectories(run.resolve("logs"));
        Files.createDirectories(run.resolve("results"));
        Files.createDirectories(run.resolve(SampleCounter.DIR));

        Map<String, String> nodeOfProcess = new LinkedHashMap<>();
        Set<String> nodes = new LinkedHashSet<>();
        for (ProcessSpec p : manifest.processes()) {
            String node = p.node() == null ? null : slurmNodeOfModelNode.get(p.node());
            if (p.node() != null && node == null) {
                throw new IllegalArgumentException("process " + p.name() + " is on model node " + p.node() + ", which is mapped to no Slurm node");
            }
            if (node != null) {
                nodeOfProcess.put(p.name(), node);
                nodes.add(node);
            }
        }
        if (nodes.isEmpty()) {
            nodes.addAll(slurmNodeOfModelNode.values());
        }
        String runTag = run.getFileName().toString().replaceAll("[^A-Za-z0-9_.-]", "");
        Files.writeString(slurm.resolve(RunSteps.MANIFEST), ManifestJson.write(manifest), StandardCharsets.UTF_8);
        JsonObject placement = new JsonObject();
        placement.addProperty("runTag", runTag);
        JsonObject processes = new JsonObject();
        nodeOfProcess.forEach(processes::addProperty);
        placement.add("processes", processes);
        JsonArray nodeList = new JsonArray();
        nodes.forEach(nodeList::add);
        placement.add("nodes", nodeList);
        placement.addProperty("aliveTimeoutSeconds", ALIVE_TIMEOUT_SECONDS);
        Files.writeString(slurm.resolve(RunSteps.PLACEMENT), new GsonBuilder().setPrettyPrinting().create().toJson(placement));
        touch(slurm.resolve(RunSteps.ALIVE));
        Files.deleteIfExists(slurm.resolve(RunSteps.OUTCOME));

        Path script = slurm.resolve("job.sh");
        Files.writeString(script, jobScript(bench, run, List.copyOf(nodes), timeLimitMinutes(manifest), runTag), StandardCharsets.UTF_8);

        SampleCounter counter = new SampleCounter();
        for (ProcessSpec p : manifest.processes()) {
            if (p.drives()) {
                counter.watch(SampleCounter.file(run, p.name()));
            }
        }
        long submitted = System.nanoTime();
        String jobId;
        try {
            Output out = command(List.of("sbatch", "--parsable", script.toString()));
            if (out.code != 0) {
                return new RunOutcome("sbatch refused the job (exit " + out.code + "): " + out.text.strip(), List.of(), run, 0);
            }
            jobId = SlurmRecords.parseSubmit(out.text);
        } catch (SlurmException e) {
            return new RunOutcome(e.getMessage(), List.of(), run, 0);
        }
        messages.accept("submitted Slurm job " + jobId + " on " + String.join(",", nodes) + " (" + script + ")");
        Thread hook = new Thread(() -> cancel(jobId), "bgml-slurm-cancel-" + jobId);
        Runtime.getRuntime().addShutdownHook(hook);
        long firstSample = -1;
        long lastSamples = 0;
        String state = "";
        boolean interrupted = false;
        try {
            long lastState = 0;
            while (true) {
                touch(slurm.resolve(RunSteps.ALIVE));
                long samples = counter.samples();
                if (samples != lastSamples) {
                    lastSamples = samples;
                    if (firstSample < 0) {
                        firstSample = System.nanoTime();
                    }
                    listener.samplesTaken(samples);
                }
                if (System.nanoTime() - lastState > TimeUnit.MILLISECONDS.toNanos(500)) {
                    lastState = System.nanoTime();
                    state = state(jobId);
                    if (state.isEmpty() || terminal(state)) {
                        break;
                    }
                }
                Thread.sleep(POLL_MILLIS);
            }
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            listener.stopping();
            cancel(jobId);
            String left = awaitGone(jobId);
            if (left != null) {
                messages.accept("Slurm job " + jobId + " still shows as " + left + " after scancel and " + GONE_WAIT_MILLIS / 1000 + " s");
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is stopping: the hook runs
            }
        }
        long ended = System.nanoTime();
        messages.accept(String.format(Locale.ROOT, "Slurm job %s ended%s: %.2f s from submission%s", jobId, state.isEmpty() ? "" : " " + state,
                (ended - submitted) / 1e9, firstSample < 0 ? "" : String.format(Locale.ROOT, ", first sample after %.2f s", (firstSample - submitted) / 1e9)));
        if (interrupted) {
            throw new InterruptedException("Slurm job " + jobId + " cancelled");
        }
        Path outcome = slurm.resolve(RunSteps.OUTCOME);
        if (Files.isRegularFile(outcome)) {
            return RunOutcomeFile.read(outcome, run);
        }
        List<String> tail = tail(slurm.resolve("job.out"), 20);
        return new RunOutcome("the Slurm job " + jobId + " ended" + (state.isEmpty() ? "" : " " + state) + " without an outcome from the launcher on its first node"
                + " (is " + run + " on a filesystem every node shares? see " + slurm.resolve("job.out") + ")"
                + (tail.isEmpty() ? "" : ": " + String.join(" | ", tail)), List.of(), run, 0);
    }

    /** The batch script: the probe on every node, then the launcher on the first. */
    String jobScript(Path bench, Path run, List<String> nodes, long minutes, String runTag) {
        Path slurm = run.resolve(RunSteps.SLURM_DIR);
        StringBuilder b = new StringBuilder("#!/bin/bash\n");
        b.append("#SBATCH --job-name=bgml-").append(runTag).append('\n');
        b.append("#SBATCH --nodes=").append(nodes.size()).append('\n');
        b.append("#SBATCH --nodelist=").append(String.join(",", nodes)).append('\n');
        b.append("#SBATCH --ntasks-per-node=1\n");
        b.append("#SBATCH --time=").append(minutes).append('\n');
        b.append("#SBATCH --output=").append(slurm.resolve("job.out")).append('\n');
        b.append("#SBATCH --chdir=").append(run).append('\n');
        if (!partition.isEmpty()) {
            b.append("#SBATCH --partition=").append(partition).append('\n');
        }
        b.append("# One run of ").append(bench).append(" across ").append(nodes.size()).append(" Slurm nodes, written by bgml run --engine slurm.\n");
        b.append("set -u\n");
        b.append("export BGML_DAEMON=off\n");
        b.append("# Every node writes a probe into the run folder: the launcher checks that each one sees it (a shared filesystem).\n");
        b.append("srun --overlap --quiet -N ").append(nodes.size()).append(" -n ").append(nodes.size())
                .append(" --ntasks-per-node=1 /bin/sh -c 'hostname > \"$0/").append(RunSteps.PROBE).append("$SLURMD_NODENAME\"' ")
                .append(JobScript.quote(slurm.toString())).append('\n');
        b.append("exec");
        for (String w : bgml) {
            b.append(' ').append(JobScript.quote(w));
        }
        b.append(" run-steps ").append(JobScript.quote(bench.toString())).append(' ').append(JobScript.quote(run.toString())).append('\n');
        return b.toString();
    }

    /** Long enough for every process's limits one after another, plus start-up: the job's --time in minutes. */
    static long timeLimitMinutes(Manifest manifest) {
        long seconds = 120;
        for (ProcessSpec p : manifest.processes()) {
            seconds += p.readyTimeoutSeconds() + ("exit".equals(p.stop()) ? p.timeoutSeconds() : 0);
        }
        return (seconds + 59) / 60;
    }

    private static boolean terminal(String state) {
        return TaskState.parse(state).terminal();
    }

    /** The job's state, empty once Slurm no longer lists it. */
    private static String state(String jobId) {
        try {
            Output out = command(List.of("squeue", "-h", "-t", "all", "-j", jobId, "-o", "%T"));
            return out.code != 0 ? "" : out.text.strip();
        } catch (SlurmException e) {
            return "";
        }
    }

    private static void cancel(String jobId) {
        try {
            command(List.of("scancel", jobId));
        } catch (SlurmException e) {
            // nothing to cancel, or no Slurm to ask: awaitGone tells
        }
    }

    /** Waits until the job is no longer pending, running or completing; null then, else its state. */
    private static String awaitGone(String jobId) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GONE_WAIT_MILLIS);
        String s = "";
        while (System.nanoTime() < deadline) {
            try {
                Output out = command(List.of("squeue", "-h", "-j", jobId, "-t", "pending,running,completing,configuring,suspended", "-o", "%T"));
                s = out.code != 0 ? "" : out.text.strip();
            } catch (SlurmException e) {
                s = "";
            }
            if (s.isEmpty()) {
                return null;
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return s;
            }
        }
        return s;
    }

    private static void touch(Path file) throws IOException {
        if (!Files.exists(file)) {
            Files.writeString(file, "");
        }
        Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis()));
    }

    private static List<String> tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return List.of();
        }
    }

    private record Output(int code, String text) {
    }

    private static Output command(List<String> command) throws SlurmException {
        Path log;
        try {
            log = Files.createTempFile("bgml-slurm-", ".out");
        } catch (IOException e) {
            throw new SlurmException("cannot create a temporary file: " + e.getMessage(), e);
        }
        Process p = null;
        try {
            p = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).start();
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new SlurmException(String.join(" ", command) + " did not answer within " + COMMAND_TIMEOUT_SECONDS + " s");
            }
            return new Output(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new SlurmException(command.get(0) + " could not be run (is Slurm's client installed and on the PATH?): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SlurmException(String.join(" ", command) + " was interrupted", e);
        } finally {
            if (p != null && p.isAlive()) {
                p.destroyForcibly();
            }
            try {
                Files.deleteIfExists(log);
            } catch (IOException e) {
                // harmless
            }
        }
    }
}
