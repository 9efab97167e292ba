package org.bgml.launcher.run;

import java.nio.file.Path;
import java.util.List;

/**
 * The end of one run of a generated benchmark.
 *
 * @param failure       null for a good run; else the first reason it failed
 * @param measuringNanos wall time from the first process start to the last client end
 * @param clients        how the load drivers ran: {@code together} (behind one start line) or {@code oneAtATime};
 *                       null when not known
 */
public record RunOutcome(String failure, List<ProcessOutcome> processes, Path runDir, long measuringNanos, String clients) {
    /** An outcome that does not say how the clients ran. */
    public RunOutcome(String failure, List<ProcessOutcome> processes, Path runDir, long measuringNanos) {
        this(failure, processes, runDir, measuringNanos, null);
    }

    public boolean ok() {
        return failure == null;
    }

    /** The failure and how each process ended, with the end of the log of each that had a problem: for reports. */
    public String describe() {
        StringBuilder b = new StringBuilder(failure == null ? "run ok" : "run failed: " + failure).append('\n');
        for (ProcessOutcome p : processes) {
            b.append(p.name()).append(" (").append(p.role()).append("): exit ").append(p.exitCode())
                    .append(p.problem() == null ? "" : ", " + p.problem()).append('\n');
            p.logTail().forEach(line -> b.append("  | ").append(line).append('\n'));
        }
        return b.toString();
    }
}
