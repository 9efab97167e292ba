package org.bgml.launcher.run;

import java.nio.file.Path;
import java.util.List;

/**
 * The end of one run of a generated benchmark.
 *
 * @param failure       null for a good run; else the first reason it failed
 * @param measuringNanos wall time from the first process start to the last client end
 */
public record RunOutcome(String failure, List<ProcessOutcome> processes, Path runDir, long measuringNanos) {
    public boolean ok() {
        return failure == null;
    }
}
