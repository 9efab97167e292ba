package org.bgml.cli;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;

/**
 * One call of {@code bgml}: where its output goes, which directory its relative paths are relative to, whether a
 * person watches its standard error on a terminal, and how long it took to get here.
 * <p>
 * A command started from the shell runs in its own JVM: the directory is the process's own and the start-up is the
 * JVM's uptime. A command served by the {@code bgml daemon} shares one long-lived JVM with every call before it; the
 * calling shell's directory then comes with the call, and every relative path a command touches must go through
 * {@link #path(String, String...)}.
 *
 * @param directory    the calling shell's working directory; null for this process's own
 * @param console      true when standard error is a terminal (progress is redrawn in place)
 * @param startupNanos the time from the call to the command's start (JVM and OSGi start-up for a cold start)
 */
public record Invocation(PrintStream out, PrintStream err, Path directory, boolean console, long startupNanos) {

    /** A call in this process: its own directory, a terminal if {@code err} is this process's own standard error. */
    public static Invocation ofProcess(PrintStream out, PrintStream err) {
        return new Invocation(out, err, null, System.console() != null && err == System.err, jvmUptimeNanos());
    }

    /** {@code Path.of(first, more)}, resolved against the caller's directory when it is relative. */
    public Path path(String first, String... more) {
        Path p = Path.of(first, more);
        return directory == null || p.isAbsolute() ? p : directory.resolve(p);
    }

    private static long jvmUptimeNanos() {
        try {
            return ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000L;
        } catch (RuntimeException | LinkageError e) {
            return 0;
        }
    }
}
