package org.bgml.generator.tao.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;

/**
 * A small launcher for tests: runs a generated benchmark from its manifest alone. Each process runs under
 * {@code setsid} in its own process group with its output in a log file; readiness files are waited for with
 * their time limit; processes that end by themselves get their run limit; the others get SIGTERM at the end.
 * Whatever happens, every process group is killed before {@link #run} returns.
 */
final class ManifestRunner {

    /** How one process ended. */
    record Outcome(String name, int exitCode, boolean timedOut, Path log) {
    }

    private final Path benchmark;
    private final Path runDir;
    private final Map<String, String> environment;
    private final List<Process> started = new ArrayList<>();

    ManifestRunner(Path benchmark, Path runDir, Map<String, String> environment) {
        this.benchmark = benchmark;
        this.runDir = runDir;
        this.environment = environment;
    }

    /** Runs every process; {@code extraArgs} go to processes that end by themselves (e.g. -n 2000). */
    Map<String, Outcome> run(Manifest manifest, List<String> extraArgs) throws IOException, InterruptedException {
        Files.createDirectories(runDir.resolve("results"));
        Map<String, Outcome> outcomes = new LinkedHashMap<>();
        Map<ProcessSpec, Process> processes = new LinkedHashMap<>();
        try {
            for (ProcessSpec spec : manifest.processes()) {
                List<String> command = new ArrayList<>();
                command.add("setsid");
                command.add(benchmark.resolve(spec.executable()).toString());
                command.addAll(spec.args());
                if (spec.stop().equals("exit")) {
                    command.addAll(extraArgs);
                }
                Path log = runDir.resolve(spec.name() + ".log");
                ProcessBuilder pb = new ProcessBuilder(command).directory(runDir.resolve(spec.cwd()).normalize().toFile())
                        .redirectErrorStream(true).redirectOutput(log.toFile());
                pb.environment().putAll(environment);
                pb.environment().putAll(spec.env());
                Process p = pb.start();
                started.add(p);
                processes.put(spec, p);
                if (!awaitReady(spec, p)) {
                    outcomes.put(spec.name(), new Outcome(spec.name(), -1, true, log));
                    return outcomes;
                }
            }
            for (Map.Entry<ProcessSpec, Process> e : processes.entrySet()) {
                ProcessSpec spec = e.getKey();
                if (spec.stop().equals("exit")) {
                    boolean done = e.getValue().waitFor(spec.timeoutSeconds(), TimeUnit.SECONDS);
                    if (!done) {
                        killGroup(e.getValue(), "KILL");
                    }
                    outcomes.put(spec.name(), new Outcome(spec.name(), done ? e.getValue().exitValue() : -1, !done,
                            runDir.resolve(spec.name() + ".log")));
                }
            }
            List<Map.Entry<ProcessSpec, Process>> servers = new ArrayList<>(processes.entrySet());
            java.util.Collections.reverse(servers);
            for (Map.Entry<ProcessSpec, Process> e : servers) {
                ProcessSpec spec = e.getKey();
                if (spec.stop().equals("signal")) {
                    killGroup(e.getValue(), "TERM");
                    boolean done = e.getValue().waitFor(20, TimeUnit.SECONDS);
                    if (!done) {
                        killGroup(e.getValue(), "KILL");
                    }
                    outcomes.put(spec.name(), new Outcome(spec.name(), done ? e.getValue().exitValue() : -1, !done,
                            runDir.resolve(spec.name() + ".log")));
                }
            }
            return outcomes;
        } finally {
            for (Process p : started) {
                if (p.isAlive() || groupAlive(p.pid())) {
                    killGroup(p, "KILL");
                    p.waitFor(5, TimeUnit.SECONDS);
                }
            }
        }
    }

    private boolean awaitReady(ProcessSpec spec, Process p) throws InterruptedException, IOException {
        if (!spec.ready().kind().equals("file")) {
            return true;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(spec.readyTimeoutSeconds());
        for (String file : spec.ready().paths()) {
            Path f = runDir.resolve(file);
            while (!(Files.isRegularFile(f) && Files.size(f) > 0)) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    return false;
                }
                Thread.sleep(20);
            }
        }
        return true;
    }

    /** The processes started, for the leftover check. */
    List<Long> groups() {
        return started.stream().map(Process::pid).toList();
    }

    static void killGroup(Process p, String signal) throws InterruptedException {
        try {
            new ProcessBuilder("kill", "-" + signal, "--", "-" + p.pid()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            p.destroyForcibly();
        }
    }

    /** Whether any process of the group (setsid: group id = pid of the leader) is still alive. */
    static boolean groupAlive(long pgid) {
        try (var dirs = Files.list(Path.of("/proc"))) {
            for (Path d : dirs.toList()) {
                String name = d.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String stat = Files.readString(d.resolve("stat"), StandardCharsets.UTF_8);
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    // fields after the command: state ppid pgrp ...; zombies count as gone
                    if (Long.parseLong(f[2]) == pgid && !f[0].equals("Z")) {
                        return true;
                    }
                } catch (IOException | RuntimeException gone) {
                    // the process ended while we looked
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
