package org.bgml.launcher.run;

import java.nio.file.Path;
import java.util.List;

/**
 * How one benchmark process ended.
 *
 * @param exitCode exit code, or 128 + signal number when a signal ended it; -1 if it never started
 * @param problem  null when the process did what the manifest expects, else why not (in plain words)
 */
public record ProcessOutcome(String name, String role, int exitCode, String problem, Path log, List<String> logTail) {
    public boolean ok() {
        return problem == null;
    }

    /** The signal that ended the process, or 0. */
    public int signal() {
        return exitCode > 128 ? exitCode - 128 : 0;
    }
}
