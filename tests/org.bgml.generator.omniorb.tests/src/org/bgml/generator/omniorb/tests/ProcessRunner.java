package org.bgml.generator.omniorb.tests;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.ManifestJson;

/**
 * Runs a generated benchmark as its manifest says, until the launcher of a later issue replaces it: each
 * process under {@code setsid} (its own process group), in manifest order; a server is waited for until its
 * readiness signal (with the manifest's limit), a client runs to completion (with its limit) before the next
 * process starts; at the end every server's group gets SIGTERM, and SIGKILL if it is still there after 10 s.
 * On any failure every group is killed. Afterwards no process of any group may be left.
 */
final class ProcessRunner {
    private static final long STOP_GRACE_SECONDS = 10;

    /** How one process ended: its exit code (null if it had to be killed) and the end of its output. */
    record Ended(String name, String role, Integer exitCode, boolean killed, String logTail) {
    }

    /** What a run left: processes by name in start order, failures, and processes found alive afterwards. */
    record Outcome(Map<String, Ended> processes, List<String> failures, List<String> leftovers) {
        boolean ok() {
            return failures.isEmpty() && leftovers.isEmpty();
        }

        String describe() {
            StringBuilder b = new StringBuilder();
            failures.forEach(f -> b.append("failure: ").append(f).append('\n'));
            leftovers.forEach(l -> b.append("left running: ").append(l).append('\n'));
            processes.values().forEach(e -> b.append(e.name()).append(" (").append(e.role()).append("): exit ")
                    .append(e.exitCode()).append(e.killed() ? ", killed" : "").append('\n').append(e.logTail()).append('\n'));
            return b.toString();
        }
    }

    private record Started(ProcessSpec spec, Process process, Path log) {
        long pgid() {
            return process.pid();
        }
    }

    private final Path benchmark;
    private final Path run;
    private final List<Started> started = new ArrayList<>();
    private final List<String> failures = new ArrayList<>();

    ProcessRunner(Path benchmark, Path run) {
        this.benchmark = benchmark;
        this.run = run;
    }

    /** Runs every process; {@code extraArgs} adds flags per process name (e.g. -n for fewer samples). */
    Outcome run(Map<String, List<String>> extraArgs) throws IOException, InterruptedException {
        Manifest manifest = ManifestJson.read(benchmark.resolve(ManifestJson.FILE));
        Files.createDirectories(run);
        Map<String, Ended> ended = new LinkedHashMap<>();
        try {
            for (ProcessSpec spec : manifest.processes()) {
                for (String result : spec.results()) {
                    Files.createDirectories(run.resolve(result).getParent());
                }
                Started s = start(spec, extraArgs.getOrDefault(spec.name(), List.of()));
                started.add(s);
                if ("client".equals(spec.role())) {
                    if (!s.process().waitFor(spec.timeoutSeconds(), TimeUnit.SECONDS)) {
                        failures.add(spec.name() + " did not finish within " + spec.timeoutSeconds() + " s");
                        return stopAll(ended);
                    }
                    ended.put(spec.name(), ended(s, false));
                    if (s.process().exitValue() != 0) {
                        failures.add(spec.name() + " exited with " + s.process().exitValue());
                        return stopAll(ended);
                    }
                } else if (!awaitReady(s)) {
                    return stopAll(ended);
                }
            }
            for (Started s : started) {
                if ("both".equals(s.spec().role()) && !awaitResults(s)) {
                    return stopAll(ended);
                }
            }
            return stopAll(ended);
        } catch (IOException | InterruptedException | RuntimeException e) {
            failures.add("runner: " + e);
            return stopAll(ended);
        }
    }

    private Started start(ProcessSpec spec, List<String> extra) throws IOException {
        String exe = spec.executable().startsWith("/") ? spec.executable() : benchmark.resolve(spec.executable()).toString();
        List<String> command = new ArrayList<>(List.of("setsid", exe));
        command.addAll(spec.args());
        command.addAll(extra);
        Path log = run.resolve(spec.name() + ".log");
        ProcessBuilder pb = new ProcessBuilder(command).directory(run.resolve(spec.cwd()).toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(spec.env());
        return new Started(spec, pb.start(), log);
    }

    private boolean awaitReady(Started s) throws InterruptedException {
        long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(s.spec().readyTimeoutSeconds());
        while (!ready(s.spec())) {
            if (!s.process().isAlive()) {
                failures.add(s.spec().name() + " exited with " + s.process().exitValue() + " before it was ready");
                return false;
            }
            if (System.nanoTime() > limit) {
                failures.add(s.spec().name() + " not ready after " + s.spec().readyTimeoutSeconds() + " s");
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    private boolean ready(ProcessSpec spec) {
        Manifest.Readiness r = spec.ready();
        switch (r.kind()) {
        case "file":
            return r.paths().stream().allMatch(p -> nonEmpty(run.resolve(p)));
        case "port":
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", r.port()), 200);
                return true;
            } catch (IOException e) {
                return false;
            }
        default:
            return true;
        }
    }

    /** A process that serves and drives is done driving when its result file is there. */
    private boolean awaitResults(Started s) throws InterruptedException {
        long limit = System.nanoTime() + TimeUnit.SECONDS.toNanos(s.spec().timeoutSeconds());
        while (!s.spec().results().stream().allMatch(r -> nonEmpty(run.resolve(r)))) {
            if (!s.process().isAlive()) {
                failures.add(s.spec().name() + " exited with " + s.process().exitValue() + " before writing its results");
                return false;
            }
            if (System.nanoTime() > limit) {
                failures.add(s.spec().name() + " wrote no results within " + s.spec().timeoutSeconds() + " s");
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }

    /** SIGTERM to every still running group, newest first; SIGKILL after the grace period. */
    private Outcome stopAll(Map<String, Ended> ended) throws IOException, InterruptedException {
        List<Started> reverse = new ArrayList<>(started);
        Collections.reverse(reverse);
        for (Started s : reverse) {
            if (ended.containsKey(s.spec().name())) {
                continue;
            }
            boolean killed = false;
            signal(s.pgid(), "TERM");
            if (!s.process().waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                failures.add(s.spec().name() + " still running " + STOP_GRACE_SECONDS + " s after SIGTERM");
                signal(s.pgid(), "KILL");
                s.process().waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS);
                killed = true;
            }
            ended.put(s.spec().name(), ended(s, killed));
        }
        // Anything a process left behind in its group goes too.
        List<String> leftovers = new ArrayList<>();
        for (Started s : started) {
            List<Long> alive = group(s.pgid());
            if (!alive.isEmpty()) {
                leftovers.add(s.spec().name() + ": pids " + alive);
                signal(s.pgid(), "KILL");
            }
        }
        return new Outcome(ended, List.copyOf(failures), leftovers);
    }

    private static Ended ended(Started s, boolean killed) {
        Integer code = s.process().isAlive() ? null : s.process().exitValue();
        return new Ended(s.spec().name(), s.spec().role(), code, killed, tail(s.log(), 20));
    }

    private static void signal(long pgid, String signal) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, "--", "-" + pgid).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(5, TimeUnit.SECONDS);
    }

    /** Processes in a process group, from /proc (what {@code pgrep -g} reads). */
    static List<Long> group(long pgid) {
        List<Long> pids = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.toList()) {
                String name = p.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String stat = Files.readString(p.resolve("stat"), StandardCharsets.UTF_8);
                    // pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses
                    String[] rest = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (Long.parseLong(rest[2]) == pgid && !"Z".equals(rest[0])) {
                        pids.add(Long.parseLong(name));
                    }
                } catch (IOException | RuntimeException e) {
                    // the process went away meanwhile
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc", e);
        }
        return pids;
    }

    private static boolean nonEmpty(Path p) {
        try {
            return Files.isRegularFile(p) && Files.size(p) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    private static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no output: " + e.getMessage() + ")";
        }
    }
}
