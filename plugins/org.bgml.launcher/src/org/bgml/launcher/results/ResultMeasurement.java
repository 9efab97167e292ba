package org.bgml.launcher.results;

import java.util.List;
import java.util.Set;

/**
 * One measurement of a result file (runtime/cpp/RESULTS.md, "Measurement"), also the figures of one stored
 * measurement. Every key of the file is a component; a figure that does not apply is null. {@code metric},
 * {@code element} and {@code operation} are model element paths.
 *
 * @param windowBeginNs the start of the first timed call, CLOCK_REALTIME ns since the epoch (one clock for every
 *                      process of a run); null where no timed loop ran, or in files from before measuring windows
 * @param windowEndNs   the end of the last timed call, on the same clock
 */
public record ResultMeasurement(String kind, String metric, String element, String operation, String segment, String unit,
        Long payloadBytes, Long threads, Long warmup, Long dropped, long n, Double mean, Double stddev, Long min, Long max,
        Long p50, Long p90, Long p99, Long p999, List<Bucket> histogram, Long calls, Long wallNs, Double throughput,
        Double bytesPerSecond, Double rateHz, Long missedDeadlines, Long skippedPeriods, Double segmentSumError,
        Long staticFootprintBytes, Long peakResidentKiB, Long residentKiB, Double value, String rawSamples, Long windowBeginNs,
        Long windowEndNs) {

    /** The metric classes of the metamodel, as the runtime spells them. */
    public static final Set<String> KINDS = Set.of("latency", "throughput", "jitter", "footprint", "payloadSweep",
            "functionalPath", "pathLatency", "lookupTime", "contextSwitch", "missedDeadlines");
    /** The units the runtime writes. */
    public static final Set<String> UNITS = Set.of("ns", "us", "ms", "s", "perSecond", "bytes", "KiB", "MiB", "count", "percent");

    public ResultMeasurement {
        histogram = histogram == null ? List.of() : List.copyOf(histogram);
    }

    /** A measurement without a measuring window. */
    public ResultMeasurement(String kind, String metric, String element, String operation, String segment, String unit,
            Long payloadBytes, Long threads, Long warmup, Long dropped, long n, Double mean, Double stddev, Long min, Long max,
            Long p50, Long p90, Long p99, Long p999, List<Bucket> histogram, Long calls, Long wallNs, Double throughput,
            Double bytesPerSecond, Double rateHz, Long missedDeadlines, Long skippedPeriods, Double segmentSumError,
            Long staticFootprintBytes, Long peakResidentKiB, Long residentKiB, Double value, String rawSamples) {
        this(kind, metric, element, operation, segment, unit, payloadBytes, threads, warmup, dropped, n, mean, stddev, min, max, p50,
                p90, p99, p999, histogram, calls, wallNs, throughput, bytesPerSecond, rateHz, missedDeadlines, skippedPeriods,
                segmentSumError, staticFootprintBytes, peakResidentKiB, residentKiB, value, rawSamples, null, null);
    }

    /** True when the measurement has a measuring window on the run's common clock. */
    public boolean hasWindow() {
        return windowBeginNs != null && windowEndNs != null;
    }

    /** One log-scaled histogram bucket {@code [lower, upper)}. */
    public record Bucket(long lower, long upper, long count) {
    }

    /** True when the samples are times (ns, us, ms or s). */
    public boolean timed() {
        return Units.isTime(unit);
    }

    /** The same measurement with another raw samples path (the runtime's path made absolute when collected). */
    public ResultMeasurement withRawSamples(String path) {
        return new ResultMeasurement(kind, metric, element, operation, segment, unit, payloadBytes, threads, warmup, dropped, n,
                mean, stddev, min, max, p50, p90, p99, p999, histogram, calls, wallNs, throughput, bytesPerSecond, rateHz,
                missedDeadlines, skippedPeriods, segmentSumError, staticFootprintBytes, peakResidentKiB, residentKiB, value, path,
                windowBeginNs, windowEndNs);
    }

    /**
     * Throughput as tables print it ({@code "99/s"}), followed for a missed-deadlines measurement by how many sends
     * were late ({@code "99/s, 4 of 700 late"}); empty when there is neither.
     */
    public String rateText() {
        String rate = throughput == null ? "" : Units.number(throughput) + "/s";
        if (missedDeadlines == null) {
            return rate;
        }
        String late = missedDeadlines + (calls == null ? "" : " of " + calls) + " late";
        return rate.isEmpty() ? late : rate + ", " + late;
    }

    /** A short label: element, operation, payload and segment. */
    public String label() {
        StringBuilder b = new StringBuilder(element);
        if (operation != null && !operation.equals(element)) {
            b.append(' ').append(lastName(operation));
        }
        if (payloadBytes != null) {
            b.append(' ').append(Units.bytes(payloadBytes));
        }
        if (segment != null) {
            b.append(" [").append(segment).append(']');
        }
        return b.toString();
    }

    static String lastName(String path) {
        int i = Math.max(path.lastIndexOf("::"), path.lastIndexOf('/'));
        return i < 0 ? path : path.substring(path.charAt(i) == '/' ? i + 1 : i + 2);
    }
}
