package org.bgml.launcher.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A benchmark process started in a process group of its own ({@code setsid}), so that it and everything
 * it forks can be signalled and killed together. Its standard output and error go to one log file.
 */
public final class ChildProcess {
    private final String name;
    private final Process process;
    private final long pgid;
    private final Path log;

    private ChildProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.pgid = process.pid();
        this.log = log;
    }

    /**
     * Starts {@code command} in {@code cwd} with extra environment variables, output appended to {@code log}.
     * {@code setsid} makes the child the leader of a new session and process group whose id is its pid.
     */
    public static ChildProcess start(String name, List<String> command, Path cwd, Map<String, String> env, Path log)
            throws IOException {
        List<String> full = new ArrayList<>();
        full.add("setsid");
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        builder.environment().putAll(ProcessEnvironment.get());
        builder.environment().putAll(env);
        ChildProcess child = new ChildProcess(name, builder.start(), log);
        ProcessGroups.register(child);
        return child;
    }

    public String name() {
        return name;
    }

    public long pgid() {
        return pgid;
    }

    public Path log() {
        return log;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Waits up to {@code millis} for the leader to exit; true when it did. */
    public boolean waitFor(long millis) throws InterruptedException {
        return process.waitFor(millis, TimeUnit.MILLISECONDS);
    }

    /** The leader's exit status: its exit code, or 128 + signal number when a signal ended it. */
    public int exitValue() {
        return process.exitValue();
    }

    /** Sends {@code signal} (e.g. TERM, KILL) to the whole process group. */
    public void signalGroup(String signal) {
        ProcessGroups.signal(pgid, signal);
    }

    /**
     * Ends the group: TERM, then KILL for whatever is left after {@code graceMillis}. Returns once no
     * process of the group remains (or after a last bounded wait).
     */
    public void terminate(long graceMillis) throws InterruptedException {
        if (ProcessGroups.groupAlive(pgid)) {
            signalGroup("TERM");
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
            while (ProcessGroups.groupAlive(pgid) && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
        }
        kill();
    }

    /** KILL to the whole group, then reap the leader. */
    public void kill() throws InterruptedException {
        if (ProcessGroups.groupAlive(pgid)) {
            signalGroup("KILL");
        }
        process.waitFor(5, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (ProcessGroups.groupAlive(pgid) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        ProcessGroups.unregister(this);
    }

    /** The last {@code lines} lines of the log, for failure reports. */
    public List<String> logTail(int lines) {
        Deque<String> tail = new ArrayDeque<>();
        try {
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                tail.addLast(line);
                if (tail.size() > lines) {
                    tail.removeFirst();
                }
            }
        } catch (IOException e) {
            tail.add("(log unreadable: " + e.getMessage() + ")");
        }
        return new ArrayList<>(tail);
    }
}
