package org.bgml.experiment.slurm;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.StartLine;
import org.bgml.launcher.run.TcpStartLine;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The launcher inside the Slurm allocation of a multi-host run ({@code bgml run-steps}, started by the job script on
 * the allocation's first node): checks that every node sees the run folder, finds each node's address, runs the
 * manifest with every process as a job step on its node ({@link StepPlacer}), names the node of each process that
 * failed, and writes how the run ended into {@code slurm/outcome.json} for the submitting bgml. It stops the run when
 * the submitting bgml stops touching {@code slurm/alive} (it was killed).
 */
public final class RunSteps {
    public static final String SLURM_DIR = "slurm";
    public static final String PLACEMENT = "placement.json";
    public static final String MANIFEST = "manifest.json";
    public static final String OUTCOME = "outcome.json";
    public static final String ALIVE = "alive";
    public static final String PROBE = "probe-";

    private RunSteps() {
    }

    /** Runs it; 0 when the run succeeded, 1 when it failed (the outcome file says why), 2 when it could not start. */
    public static int run(Path benchDir, Path runDir, Map<String, String> env) throws IOException {
        Path slurm = runDir.resolve(SLURM_DIR);
        JsonObject placement = JsonParser.parseString(Files.readString(slurm.resolve(PLACEMENT), StandardCharsets.UTF_8)).getAsJsonObject();
        Manifest manifest = ManifestJson.read(slurm.resolve(MANIFEST));
        Map<String, String> nodeOfProcess = new LinkedHashMap<>();
        placement.getAsJsonObject("processes").entrySet().forEach(e -> nodeOfProcess.put(e.getKey(), e.getValue().getAsString()));
        List<String> nodes = new ArrayList<>();
        placement.getAsJsonArray("nodes").forEach(n -> nodes.add(n.getAsString()));
        long aliveTimeout = placement.get("aliveTimeoutSeconds").getAsLong();
        String first = env.getOrDefault("SLURMD_NODENAME", nodes.get(0));
        String jobId = env.get("SLURM_JOB_ID");
        if (jobId == null) {
            throw new IOException("run-steps runs inside a Slurm allocation only (no SLURM_JOB_ID)");
        }

        String problem = null;
        for (String node : nodes) {
            if (!Files.isRegularFile(slurm.resolve(PROBE + node))) {
                problem = (problem == null ? "" : problem + "; ") + "Slurm node " + node + " does not see the run folder " + runDir
                        + " (a multi-host run needs the benchmark folder on a filesystem shared by every node)";
            }
        }
        Map<String, String> addresses = new LinkedHashMap<>();
        for (String node : nodes) {
            try {
                addresses.put(node, address(node));
            } catch (UnknownHostException e) {
                problem = (problem == null ? "" : problem + "; ") + "the address of Slurm node " + node + " is unknown on " + first;
            }
        }
        StepPlacer placer = new StepPlacer(jobId, placement.get("runTag").getAsString(), nodeOfProcess, addresses, first);
        if (problem != null) {
            RunOutcomeFile.write(slurm.resolve(OUTCOME), new RunOutcome(problem, List.of(), runDir, 0));
            return 1;
        }
        Thread main = Thread.currentThread();
        String[] stopped = { null };
        Thread watch = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(1000);
                    FileTime t = Files.getLastModifiedTime(slurm.resolve(ALIVE));
                    if (System.currentTimeMillis() - t.toMillis() > aliveTimeout * 1000) {
                        stopped[0] = "the submitting bgml stopped answering (no sign of life for " + aliveTimeout + " s): the run was stopped";
                        main.interrupt();
                        return;
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (IOException e) {
                    // a passing hiccup of the shared filesystem: look again
                }
            }
        }, "bgml-alive-watch");
        watch.setDaemon(true);
        watch.start();
        RunOutcome outcome;
        try {
            // drivers on other hosts cannot share a named pipe: they reach the start line over TCP on this node
            StartLine.Factory line = TcpStartLine.on(InetAddress.getByName(addresses.get(first)), 0);
            outcome = new ManifestRunner(benchDir, manifest, placer).startLines(line).run(runDir, new RunListener() {
            });
        } catch (InterruptedException e) {
            outcome = new RunOutcome(stopped[0] != null ? stopped[0] : "the launcher in the allocation was interrupted", List.of(), runDir, 0);
        } finally {
            watch.interrupt();
        }
        outcome = namingNodes(outcome, placer);
        RunOutcomeFile.write(slurm.resolve(OUTCOME), outcome);
        return outcome.ok() ? 0 : 1;
    }

    /** The outcome with the Slurm node of every process that had a problem named, in its problem and in the failure. */
    static RunOutcome namingNodes(RunOutcome outcome, StepPlacer placer) {
        String failure = outcome.failure();
        List<ProcessOutcome> processes = new ArrayList<>();
        List<ProcessOutcome> byLongestName = new ArrayList<>(outcome.processes());
        byLongestName.sort(Comparator.comparingInt((ProcessOutcome p) -> p.name().length()).reversed());
        for (ProcessOutcome p : byLongestName) {
            String where = " on Slurm node " + placer.nodeOf(p.name());
            if (failure != null && failure.startsWith(p.name() + " ") && !failure.startsWith(p.name() + where)) {
                failure = p.name() + where + failure.substring(p.name().length());
            }
        }
        for (ProcessOutcome p : outcome.processes()) {
            processes.add(p.problem() == null ? p
                    : new ProcessOutcome(p.name(), p.role(), p.exitCode(), p.problem() + " (on Slurm node " + placer.nodeOf(p.name()) + ")",
                            p.log(), p.logTail()));
        }
        return new RunOutcome(failure, processes, outcome.runDir(), outcome.measuringNanos(), outcome.clients());
    }

    /** The node's IPv4 address as this node resolves it (the cluster's hosts file or DNS), else its first address. */
    static String address(String node) throws UnknownHostException {
        InetAddress[] all = InetAddress.getAllByName(node);
        for (InetAddress a : all) {
            if (a instanceof Inet4Address) {
                return a.getHostAddress();
            }
        }
        return all[0].getHostAddress();
    }
}
