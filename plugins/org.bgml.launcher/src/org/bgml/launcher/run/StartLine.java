package org.bgml.launcher.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The common start of the load drivers of a run whose clients run together (runtime/MANIFEST.md, {@code clients}).
 * Each driving process is started with {@value #LINE_VARIABLE} (how to reach the line) and {@value #NAME_VARIABLE}
 * (its process name). After its set-up it announces itself with its name and blocks; once every driver has arrived,
 * the launcher releases all of them in one step (end of file on a pipe, or one byte on each connection), not by a
 * poll loop in the drivers. Each driver then writes {@code startLine.releasedNs} and {@code waitedNs} into its result
 * file, so the skew of the release can be measured.
 * <p>
 * Two ways exist: {@link FifoStartLine} (two named pipes in the run folder; every process on this host) and
 * {@link TcpStartLine} (a listening socket; processes on other hosts). A run engine chooses through a
 * {@link Factory}.
 */
public interface StartLine extends AutoCloseable {
    /** Where the line is: {@code fifo:ARRIVALS|RELEASE} or {@code tcp:ADDRESS:PORT}. */
    String LINE_VARIABLE = "BGML_START_LINE";
    /** The name a driver announces itself with. */
    String NAME_VARIABLE = "BGML_START_NAME";

    /** Opens a start line for one run. */
    @FunctionalInterface
    interface Factory {
        /**
         * @param runDir  the run folder (absolute)
         * @param drivers the names of the processes that will wait at the line
         */
        StartLine open(Path runDir, List<String> drivers) throws IOException;
    }

    /** The value of {@value #LINE_VARIABLE} for this line. */
    String address();

    /** The variables a driving process named {@code process} is started with. */
    default Map<String, String> environment(String process) {
        return Map.of(LINE_VARIABLE, address(), NAME_VARIABLE, process);
    }

    /** The names of the processes that have arrived so far (a copy). */
    Set<String> arrived();

    /** Releases every waiting driver in one step; a second call does nothing. */
    void release() throws IOException;

    /** Frees the line (pipes, sockets, threads); releases whoever still waits. */
    @Override
    void close();
}
