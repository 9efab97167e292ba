package org.bgml.launcher.results;

import java.util.List;

/**
 * One process of a run: how it ended (from the launcher) and what its result file said about it.
 *
 * @param exitCode    exit code, or null if unknown (e.g. a process known only from its result file)
 * @param signal      the signal that ended it, or 0
 * @param problem     null when it did what the manifest expects, else why not, in plain words
 * @param logTail     the last lines of its log, kept for failed processes
 * @param resultFile  the result file it wrote, or null
 * @param cpuAffinity the CPUs its main thread could run on (empty if unknown)
 * @param cpuObserved the CPU it was seen running on, or null
 * @param releasedNs  when the start line released it, CLOCK_REALTIME ns since the epoch; null when it did not wait at one
 * @param waitedNs    how long it waited at the start line; null with {@code releasedNs}
 */
public record ProcessRecord(String name, String role, Integer exitCode, int signal, String problem, List<String> logTail,
        String logPath, String resultFile, Long pid, List<Integer> cpuAffinity, Integer cpuObserved, Long releasedNs,
        Long waitedNs) {
    public ProcessRecord {
        logTail = logTail == null ? List.of() : List.copyOf(logTail);
        cpuAffinity = cpuAffinity == null ? List.of() : List.copyOf(cpuAffinity);
    }

    /** A process that did not wait at a start line. */
    public ProcessRecord(String name, String role, Integer exitCode, int signal, String problem, List<String> logTail,
            String logPath, String resultFile, Long pid, List<Integer> cpuAffinity, Integer cpuObserved) {
        this(name, role, exitCode, signal, problem, logTail, logPath, resultFile, pid, cpuAffinity, cpuObserved, null, null);
    }

    public boolean ok() {
        return problem == null;
    }

    /** Pinned: its main thread could run on exactly one CPU. */
    public boolean pinned() {
        return cpuAffinity.size() == 1;
    }
}
