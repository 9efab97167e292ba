package org.bgml.launcher.results;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One result file as a benchmark process wrote it (runtime/cpp/RESULTS.md, schema version 1). Values the file
 * gives as {@code null} are null here; numbers keep the file's units ({@code ns} for every timed figure).
 *
 * @param file      where it was read from
 * @param startLine when the process left the common start line of the load drivers; null when it did not wait at one
 */
public record ResultFile(Path file, int schemaVersion, String process, String target, String host, long pid,
        String startedAt, String writtenAt, Environment environment, Map<String, String> labels, List<Integer> cpuAffinity,
        Integer cpuObserved, ProbeCost probeCost, Footprint footprint, List<ResultMeasurement> measurements, StartLine startLine) {

    /** The schema version this code reads; newer files are refused with both versions named. */
    public static final int SCHEMA_VERSION = 1;

    public ResultFile {
        labels = labels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(labels));
        cpuAffinity = cpuAffinity == null ? List.of() : List.copyOf(cpuAffinity);
        measurements = measurements == null ? List.of() : List.copyOf(measurements);
    }

    /**
     * The process's passage of the start line.
     *
     * @param releasedNs CLOCK_REALTIME right after the release, ns since the epoch
     * @param waitedNs   how long it waited at the line
     */
    public record StartLine(long releasedNs, long waitedNs) {
    }

    /** Kernel, CPU model and compiler of the benchmark build, as the process saw them. */
    public record Environment(String kernel, String cpuModel, String compiler, Integer cplusplus) {
    }

    /** The difference of two back-to-back timestamps over {@code pairs} trials; {@code medianNs} is the figure to quote. */
    public record ProbeCost(long pairs, long minNs, long medianNs, double meanNs) {
    }

    /** Static and dynamic footprint of the process. */
    public record Footprint(long staticBytes, Long vmHwmKiB, Long vmRssKiB, List<Binary> binaries) {
        public Footprint {
            binaries = binaries == null ? List.of() : List.copyOf(binaries);
        }
    }

    /** One mapped binary and its size on disk. */
    public record Binary(String path, long bytes) {
    }
}
