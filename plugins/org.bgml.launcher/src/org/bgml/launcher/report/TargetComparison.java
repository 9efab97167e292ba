package org.bgml.launcher.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;

/**
 * The same metrics side by side across targets: one run per target (of the same model), one table per metric. A row
 * is one measured element at one payload size; each target's cell holds its median and p99, and the ratio of each to
 * the baseline target's. Only whole-call timed measurements are compared (white-box segments stay in the run reports).
 * Measurements match by metric, element and payload, which are the model's names and so the same on every target; a
 * metric measured at one payload size matches by metric and element alone.
 */
public final class TargetComparison {
    /** One element at one payload size: the measurement of each run, null where a run has none. */
    public record Row(String element, Long payloadBytes, List<ResultMeasurement> cells) {
        /** The element and the payload, as a row label. */
        public String label() {
            return payloadBytes == null ? element : element + " " + Units.bytes(payloadBytes);
        }
    }

    /** One metric's rows, by element and then by payload size. */
    public record Table(String metric, String kind, List<Row> rows) {
    }

    private final List<StoredRun> runs;
    private final int baseline;
    private final List<Table> tables;

    private TargetComparison(List<StoredRun> runs, int baseline, List<Table> tables) {
        this.runs = runs;
        this.baseline = baseline;
        this.tables = tables;
    }

    /** The runs compared, one column each, in the order given. */
    public List<StoredRun> runs() {
        return runs;
    }

    /** The index of the baseline run in {@link #runs()}. */
    public int baseline() {
        return baseline;
    }

    public List<Table> tables() {
        return tables;
    }

    /** A column's name: the run's target. */
    public String name(int run) {
        return runs.get(run).record().target();
    }

    /** The column names, one per run. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            names.add(name(i));
        }
        return names;
    }

    /**
     * The comparison of {@code runs}, one per target, with {@code runs.get(baseline)} as the baseline. Measurements
     * with a segment, and those without a median, are left out.
     */
    public static TargetComparison of(List<StoredRun> runs, int baseline) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a comparison across targets needs at least one run");
        }
        if (baseline < 0 || baseline >= runs.size()) {
            throw new IllegalArgumentException("no run " + baseline + " to be the baseline");
        }
        record Key(String element, Long payload) {
        }
        Map<String, String> kinds = new LinkedHashMap<>();
        Map<String, Map<Key, ResultMeasurement[]>> byMetric = new LinkedHashMap<>();
        for (int r = 0; r < runs.size(); r++) {
            List<ResultMeasurement> compared = new ArrayList<>();
            // a metric measured at one payload size is one row per element, whatever size each target reports for it
            // (ace counts a sequence's length field as 4 bytes of payload where the ORBs say none)
            Map<List<String>, java.util.Set<Long>> sizes = new LinkedHashMap<>();
            for (MeasurementRecord rec : runs.get(r).record().measurements()) {
                ResultMeasurement m = rec.figures();
                if (m.segment() != null || !m.timed() || m.p50() == null) {
                    continue;
                }
                compared.add(m);
                sizes.computeIfAbsent(List.of(metricOf(m), String.valueOf(m.element())), k -> new java.util.HashSet<>()).add(m.payloadBytes());
            }
            for (ResultMeasurement m : compared) {
                String metric = metricOf(m);
                boolean swept = sizes.get(List.of(metric, String.valueOf(m.element()))).size() > 1;
                kinds.putIfAbsent(metric, m.kind());
                ResultMeasurement[] slot = byMetric.computeIfAbsent(metric, k -> new LinkedHashMap<>())
                        .computeIfAbsent(new Key(m.element(), swept ? m.payloadBytes() : null), k -> new ResultMeasurement[runs.size()]);
                if (slot[r] == null) {
                    slot[r] = m;
                }
            }
        }
        List<Table> tables = new ArrayList<>();
        for (Map.Entry<String, Map<Key, ResultMeasurement[]>> e : byMetric.entrySet()) {
            List<Key> keys = new ArrayList<>(e.getValue().keySet());
            keys.sort(Comparator.comparing(Key::element, Comparator.nullsFirst(Comparator.naturalOrder()))
                    .thenComparing(Key::payload, Comparator.nullsFirst(Comparator.naturalOrder())));
            List<Row> rows = new ArrayList<>();
            for (Key k : keys) {
                rows.add(new Row(k.element(), k.payload(), java.util.Arrays.asList(e.getValue().get(k))));
            }
            tables.add(new Table(e.getKey(), kinds.get(e.getKey()), rows));
        }
        return new TargetComparison(List.copyOf(runs), baseline, tables);
    }

    /**
     * Whether a table is a sweep: one element measured at {@value Knee#MIN_POINTS} or more payload sizes, so that its
     * median against the size is a curve with a knee.
     */
    public static boolean isSweep(Table t) {
        return t.rows().stream().map(Row::element).distinct().count() == 1
                && t.rows().stream().map(Row::payloadBytes).filter(Objects::nonNull).distinct().count() >= Knee.MIN_POINTS;
    }

    /** The knee of a sweep table's medians for one run ({@link Knee}: where the slope against the size changes). */
    public static java.util.Optional<Knee.Result> knee(Table t, int run) {
        List<Long> sizes = new ArrayList<>();
        List<Double> medians = new ArrayList<>();
        for (Row row : t.rows()) {
            Double p50 = p50(row.cells().get(run));
            if (p50 != null && row.payloadBytes() != null) {
                sizes.add(row.payloadBytes());
                medians.add(p50);
            }
        }
        return Knee.find(sizes.stream().mapToLong(Long::longValue).toArray(), medians.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private static String metricOf(ResultMeasurement m) {
        return Objects.toString(m.metric(), m.kind());
    }

    /** The median in µs, or null. */
    public static Double p50(ResultMeasurement m) {
        return m == null || m.p50() == null ? null : Units.micros(m.p50(), m.unit());
    }

    /** The 99th percentile in µs, or null. */
    public static Double p99(ResultMeasurement m) {
        return m == null || m.p99() == null ? null : Units.micros(m.p99(), m.unit());
    }

    /** {@code value / base}, or null when either is missing or the base is not positive. */
    public static Double ratio(Double value, Double base) {
        return value == null || base == null || base <= 0 ? null : value / base;
    }

    /** A ratio as {@code ×1.23}, or empty for null. */
    public static String times(Double ratio) {
        return ratio == null ? "" : String.format(java.util.Locale.ROOT, "×%.2f", ratio);
    }
}
