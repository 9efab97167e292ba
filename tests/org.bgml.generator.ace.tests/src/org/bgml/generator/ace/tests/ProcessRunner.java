package org.bgml.generator.ace.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs benchmark processes the way the launcher does: each in its own session and process group
 * ({@code setsid}), output drained into a log file, readiness by files with a time limit, clients to completion
 * with a time limit, SIGTERM to the servers' process groups, and SIGKILL to every group on failure.
 */
final class ProcessRunner implements AutoCloseable {
    /** A started process; its pid is also its process group id. */
    record Child(String name, Process process, Path log) {
        long pgid() {
            return process.pid();
        }

        String tail() {
            try {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
            } catch (IOException e) {
                return "(no log: " + e + ")";
            }
        }
    }

    private final Path runDir;
    private final List<Child> children = new ArrayList<>();

    ProcessRunner(Path runDir) {
        this.runDir = runDir;
    }

    Child start(String name, Path executable, List<String> args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add("setsid");
        command.add(executable.toString());
        command.addAll(args);
        Path log = runDir.resolve(name + ".log");
        Process p = new ProcessBuilder(command).directory(runDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        Child child = new Child(name, p, log);
        children.add(child);
        return child;
    }

    /** Waits until every file exists and is non-empty; fails early if the process dies. */
    void awaitFiles(Child child, List<String> files, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        for (String f : files) {
            Path file = runDir.resolve(f);
            while (!ready(file)) {
                if (!child.process().isAlive()) {
                    throw new AssertionError(child.name() + " exited with " + child.process().exitValue() + " before writing " + f
                            + ":\n" + child.tail());
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(child.name() + " did not write " + f + " within " + limit + ":\n" + child.tail());
                }
                Thread.sleep(10);
            }
        }
    }

    private static boolean ready(Path file) {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** Waits for a client to exit by itself; returns its exit code. */
    int awaitExit(Child child, Duration limit) throws InterruptedException {
        if (!child.process().waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(child.name() + " still running after " + limit + ":\n" + child.tail());
        }
        return child.process().exitValue();
    }

    /** SIGTERM to the process group; waits for the exit and returns the exit code. */
    int stop(Child child, Duration limit) throws InterruptedException, IOException {
        signal("TERM", child.pgid());
        return awaitExit(child, limit);
    }

    /** SIGKILL to every group still alive, then reap. */
    @Override
    public void close() throws IOException, InterruptedException {
        for (Child c : children) {
            if (c.process().isAlive() || !groupMembers(c.pgid()).isEmpty()) {
                signal("KILL", c.pgid());
            }
        }
        for (Child c : children) {
            c.process().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** Every process started is gone, and so is every member of its group. */
    void assertNothingLeft() throws IOException {
        List<String> left = new ArrayList<>();
        for (Child c : children) {
            if (c.process().isAlive()) {
                left.add(c.name() + " (pid " + c.pgid() + ")");
            }
            for (long pid : groupMembers(c.pgid())) {
                left.add("pid " + pid + " in the group of " + c.name());
            }
        }
        if (!left.isEmpty()) {
            throw new AssertionError("processes left running: " + left);
        }
    }

    private static void signal(String signal, long pgid) throws IOException, InterruptedException {
        new ProcessBuilder("kill", "-" + signal, "--", "-" + pgid).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(10, TimeUnit.SECONDS);
    }

    /** Live processes whose process group is {@code pgid}, from /proc (zombies included). */
    static List<Long> groupMembers(long pgid) throws IOException {
        List<Long> members = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                String stat;
                try {
                    stat = Files.readString(p.resolve("stat"));
                } catch (IOException e) {
                    continue; // exited meanwhile
                }
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                if (fields.length > 2 && Long.parseLong(fields[2]) == pgid) {
                    members.add(Long.parseLong(p.getFileName().toString()));
                }
            }
        }
        return members;
    }
}
