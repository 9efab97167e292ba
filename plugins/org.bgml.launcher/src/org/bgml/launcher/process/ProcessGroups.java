package org.bgml.launcher.process;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every process group the launcher started and has not yet reaped. A JVM shutdown hook (normal exit,
 * Ctrl-C, SIGTERM) ends them all, so no benchmark process outlives its launcher: TERM first, so that a process
 * can release what outlives a KILL (a Fast DDS process removes its files in /dev/shm), then KILL for whatever is
 * left after {@value #SHUTDOWN_GRACE_MILLIS} ms. A launcher killed with SIGKILL runs no hook: there the
 * processes themselves notice that their parent is gone (a target's processes ask the kernel for a signal
 * then, with {@code prctl(PR_SET_PDEATHSIG)}).
 */
public final class ProcessGroups {
    /** How long the shutdown hook waits between TERM and KILL. */
    public static final long SHUTDOWN_GRACE_MILLIS = 2000;

    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> endAll(SHUTDOWN_GRACE_MILLIS), "bgml-kill-process-groups"));
    }

    private ProcessGroups() {
    }

    static void register(ChildProcess child) {
        LIVE.add(child);
    }

    static void unregister(ChildProcess child) {
        LIVE.remove(child);
    }

    /** The groups still registered (started and not yet reaped). */
    public static List<ChildProcess> live() {
        return new ArrayList<>(LIVE);
    }

    /** KILLs every registered group at once. Safe to call from a shutdown hook. */
    public static void killAll() {
        for (ChildProcess child : LIVE) {
            signal(child.pgid(), "KILL");
        }
    }

    /**
     * TERMs every registered group at once, waits until none is left or {@code graceMillis} have passed, then KILLs
     * the rest. Safe to call from a shutdown hook.
     */
    public static void endAll(long graceMillis) {
        List<ChildProcess> children = live();
        List<ChildProcess> running = new ArrayList<>();
        for (ChildProcess child : children) {
            if (groupAlive(child.pgid())) {
                signal(child.pgid(), "TERM");
                running.add(child);
            }
        }
        long deadline = System.nanoTime() + graceMillis * 1_000_000L;
        while (!running.isEmpty() && System.nanoTime() < deadline) {
            running.removeIf(child -> !groupAlive(child.pgid()));
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        for (ChildProcess child : running) {
            signal(child.pgid(), "KILL");
        }
    }

    /** Sends a signal to process group {@code pgid} with kill(1). */
    static void signal(long pgid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-s", signal, "--", "-" + pgid)
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor();
        } catch (IOException e) {
            // kill(1) missing: nothing more we can do from Java for a whole group
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** True while any process (not a zombie) belongs to process group {@code pgid}. */
    public static boolean groupAlive(long pgid) {
        return !members(pgid).isEmpty();
    }

    /** The pids of the live (non-zombie) processes in group {@code pgid}, read from /proc. */
    public static List<Long> members(long pgid) {
        List<Long> pids = new ArrayList<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().chars().allMatch(Character::isDigit))) {
            for (Path proc : procs) {
                String stat;
                try {
                    stat = Files.readString(proc.resolve("stat"));
                } catch (IOException gone) {
                    continue;
                }
                // pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses: parse after the last ')'
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                if (fields.length > 2 && !fields[0].equals("Z") && Long.parseLong(fields[2]) == pgid) {
                    pids.add(Long.parseLong(proc.getFileName().toString()));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read /proc", e);
        }
        return pids;
    }
}
