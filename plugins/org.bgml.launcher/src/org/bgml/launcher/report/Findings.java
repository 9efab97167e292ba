package org.bgml.launcher.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ProcessRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.Units;

/**
 * What a reader of a run's numbers must be warned about: bimodal distributions ({@link Bimodality}), processes that
 * were not pinned to one CPU, samples dropped from a full history, and white-box segments that do not add up to
 * their cycle.
 */
public final class Findings {
    /** Segments whose means miss the cycle mean by more than this share are reported. */
    public static final double SEGMENT_SUM_TOLERANCE = 0.05;

    private Findings() {
    }

    public static List<String> warnings(RunRecord run) {
        List<String> out = new ArrayList<>();
        out.addAll(bimodal(run));
        unpinned(run).ifPresent(out::add);
        for (MeasurementRecord r : run.measurements()) {
            ResultMeasurement m = r.figures();
            if (m.dropped() != null && m.dropped() > 0) {
                out.add("Samples dropped: " + m.dropped() + " samples of " + m.label()
                        + " did not fit the preallocated history and are missing from its statistics.");
            }
            if (m.segmentSumError() != null && m.segmentSumError() > SEGMENT_SUM_TOLERANCE) {
                boolean path = "pathLatency".equals(m.kind());
                out.add((path ? "The hops of path " : "White-box segments of ") + m.label() + " add up to within "
                        + Units.number(100 * m.segmentSumError()) + "% of " + (path ? "its end-to-end time" : "the cycle")
                        + " (more than " + Units.number(100 * SEGMENT_SUM_TOLERANCE) + "%): "
                        + (path ? "a hop of the path was not stamped." : "the probes miss part of the path, or the probe cost dominates."));
            }
        }
        return out;
    }

    /** One warning per bimodal distribution (identical histograms, e.g. latency and jitter of one loop, once). */
    public static List<String> bimodal(RunRecord run) {
        List<String> out = new ArrayList<>();
        Set<List<ResultMeasurement.Bucket>> seen = new HashSet<>();
        for (MeasurementRecord r : run.measurements()) {
            ResultMeasurement m = r.figures();
            if (!m.timed() || m.histogram().isEmpty() || !seen.add(m.histogram())) {
                continue;
            }
            Bimodality.test(m.histogram()).ifPresent(b -> out.add("Bimodal distribution: " + m.label() + " has two modes, near "
                    + Units.number(Units.micros(b.lowMode(), m.unit())) + " µs (" + percent(b.lowShare()) + " of the samples) and near "
                    + Units.number(Units.micros(b.highMode(), m.unit())) + " µs (" + percent(b.highShare())
                    + "), with a valley near " + Units.number(Units.micros(b.valley(), m.unit()))
                    + " µs. Its mean and percentiles mix two behaviours; unpinned client and server processes on a small VM"
                    + " (one idle vCPU that must be woken) give exactly this."));
        }
        return out;
    }

    /** A warning naming the processes whose main thread could run on more than one CPU. */
    public static Optional<String> unpinned(RunRecord run) {
        List<ProcessRecord> loose = run.processes().stream().filter(p -> !p.cpuAffinity().isEmpty() && !p.pinned()).toList();
        if (loose.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Processes not pinned: " + loose.stream()
                .map(p -> p.name() + " (CPUs " + p.cpuAffinity().stream().map(String::valueOf).collect(Collectors.joining(",")) + ")")
                .collect(Collectors.joining(", "))
                + ". Round trips between processes the scheduler may put on different CPUs are bimodal on small machines;"
                + " pin each process to one CPU in the deployment (process cpus).");
    }

    private static String percent(double share) {
        return Math.round(100 * share) + "%";
    }
}
