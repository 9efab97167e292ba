package org.bgml.launcher.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.apache.commons.math3.exception.MathIllegalArgumentException;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;

/**
 * Compares runs measurement by measurement. Measurements match when their (metric, element, payload, segment) are
 * equal; the first run is the baseline. Each difference of a timed measurement gets a two-sided Mann-Whitney U test
 * (the Wilcoxon rank-sum test, normal approximation, Apache Commons Math) on the samples: on the raw sample files when
 * both runs kept readable ones, else on samples expanded from the histograms (each bucket's count placed at its
 * midpoint), which the result says.
 */
public final class RunComparison {
    /** Samples above this many per side are thinned evenly (raw) or scaled down (histogram) before ranking. */
    public static final int MAX_SAMPLES = 1_000_000;
    public static final String RAW = "raw samples";
    public static final String HISTOGRAM = "histogram-expanded samples";

    public record Key(String metric, String element, Long payloadBytes, String segment) {
    }

    /**
     * The rank-sum test of one run against the baseline.
     *
     * @param samples {@link #RAW} or {@link #HISTOGRAM}
     * @param note    why histogram samples were used, or null
     */
    public record Test(double pValue, String samples, int n1, int n2, String note) {
        public String method() {
            return "Mann-Whitney U (Wilcoxon rank-sum), two-sided, on " + samples;
        }
    }

    /**
     * One matching measurement across the runs.
     *
     * @param measurements one per run, null where a run does not have it
     * @param tests        one per run (index 0, the baseline, is null); null where no test was possible
     */
    public record Row(Key key, String label, String kind, String unit, List<MeasurementRecord> measurements, List<Test> tests,
            List<String> problems) {
        public MeasurementRecord baseline() {
            return measurements.get(0);
        }
    }

    private final List<StoredRun> runs;
    private final List<Row> rows;

    private RunComparison(List<StoredRun> runs, List<Row> rows) {
        this.runs = runs;
        this.rows = rows;
    }

    public List<StoredRun> runs() {
        return runs;
    }

    public List<Row> rows() {
        return rows;
    }

    /** Rows that every run has. */
    public List<Row> matched() {
        return rows.stream().filter(r -> r.measurements().stream().allMatch(Objects::nonNull)).toList();
    }

    public static Key keyOf(ResultMeasurement m) {
        return new Key(m.metric(), m.element(), m.payloadBytes(), m.segment());
    }

    public static RunComparison of(List<StoredRun> runs) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("a comparison needs at least two runs");
        }
        Map<Key, MeasurementRecord[]> byKey = new LinkedHashMap<>();
        for (int r = 0; r < runs.size(); r++) {
            for (MeasurementRecord m : runs.get(r).record().measurements()) {
                MeasurementRecord[] slot = byKey.computeIfAbsent(keyOf(m.figures()), k -> new MeasurementRecord[runs.size()]);
                if (slot[r] == null) {
                    slot[r] = m;
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<Key, MeasurementRecord[]> e : byKey.entrySet()) {
            MeasurementRecord[] ms = e.getValue();
            MeasurementRecord any = java.util.Arrays.stream(ms).filter(Objects::nonNull).findFirst().orElseThrow();
            List<Test> tests = new ArrayList<>();
            List<String> problems = new ArrayList<>();
            tests.add(null);
            for (int r = 1; r < ms.length; r++) {
                tests.add(ms[0] != null && ms[r] != null ? test(ms[0].figures(), ms[r].figures(), problems) : null);
            }
            String label = (any.figures().metric() == null ? any.figures().kind() : any.figures().metric()) + " @ " + any.figures().label();
            rows.add(new Row(e.getKey(), label, any.figures().kind(), any.figures().unit(), java.util.Arrays.asList(ms), tests, problems));
        }
        return new RunComparison(List.copyOf(runs), rows);
    }

    /** The rank-sum test of {@code b} against {@code a}; null when either has no samples to rank. */
    static Test test(ResultMeasurement a, ResultMeasurement b, List<String> problems) {
        if (a.n() < 2 || b.n() < 2 || !a.timed() || !b.timed()) {
            return null;
        }
        String note = null;
        if (a.rawSamples() != null && b.rawSamples() != null) {
            try {
                double[] x = raw(a);
                double[] y = raw(b);
                return run(x, y, RAW, null);
            } catch (IOException | NumberFormatException e) {
                note = "raw samples unreadable (" + e.getMessage() + ")";
            }
        } else {
            note = a.rawSamples() == null && b.rawSamples() == null ? "neither run kept raw samples"
                    : (a.rawSamples() == null ? "the baseline" : "the other run") + " kept no raw samples";
        }
        if (a.histogram().isEmpty() || b.histogram().isEmpty()) {
            problems.add("no samples to test: " + note + " and no histogram");
            return null;
        }
        return run(expand(a), expand(b), HISTOGRAM, note);
    }

    private static Test run(double[] x, double[] y, String samples, String note) {
        try {
            double p = new MannWhitneyUTest().mannWhitneyUTest(x, y);
            return new Test(p, samples, x.length, y.length, note);
        } catch (MathIllegalArgumentException e) {
            return null;
        }
    }

    /** The raw sample file of {@code m}, in the measurement's unit, thinned evenly to {@link #MAX_SAMPLES}. */
    static double[] raw(ResultMeasurement m) throws IOException {
        Path file = Path.of(m.rawSamples());
        if (!Files.isRegularFile(file)) {
            throw new IOException("no file " + file);
        }
        List<Double> values = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                String t = line.trim();
                if (!t.isEmpty()) {
                    values.add(Double.parseDouble(t));
                }
            }
        }
        if (values.size() < 2) {
            throw new IOException(file + " holds " + values.size() + " samples");
        }
        int stride = (values.size() + MAX_SAMPLES - 1) / MAX_SAMPLES;
        double[] out = new double[(values.size() + stride - 1) / stride];
        for (int i = 0, j = 0; i < values.size(); i += stride) {
            out[j++] = values.get(i);
        }
        return out;
    }

    /** Each bucket's count at its midpoint, scaled down proportionally above {@link #MAX_SAMPLES}. */
    static double[] expand(ResultMeasurement m) {
        long total = m.histogram().stream().mapToLong(ResultMeasurement.Bucket::count).sum();
        double scale = total > MAX_SAMPLES ? (double) MAX_SAMPLES / total : 1.0;
        List<double[]> parts = new ArrayList<>();
        int size = 0;
        for (ResultMeasurement.Bucket b : m.histogram()) {
            int count = (int) Math.max(scale < 1 ? Math.round(b.count() * scale) : b.count(), 0);
            double[] part = new double[count];
            java.util.Arrays.fill(part, (b.lower() + b.upper()) / 2.0);
            parts.add(part);
            size += count;
        }
        double[] out = new double[size];
        int at = 0;
        for (double[] part : parts) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        return out;
    }

    // ------------------------------------------------------------------ figures used by the CLI and the report

    /** The figure compared: the mean for timed measurements, else throughput, value or a footprint figure. */
    public static Double figure(ResultMeasurement m) {
        if (m.mean() != null) {
            return m.timed() ? Units.micros(m.mean(), m.unit()) : m.mean();
        }
        if (m.throughput() != null) {
            return m.throughput();
        }
        if (m.value() != null) {
            return m.value();
        }
        if (m.peakResidentKiB() != null) {
            return m.peakResidentKiB().doubleValue();
        }
        if (m.staticFootprintBytes() != null) {
            return m.staticFootprintBytes().doubleValue();
        }
        return null;
    }

    /** What {@link #figure} is, with its unit: "mean µs", "calls/s", "KiB". */
    public static String figureName(ResultMeasurement m) {
        if (m.mean() != null) {
            return m.timed() ? "mean µs" : "mean " + Units.symbol(m.unit());
        }
        if (m.throughput() != null) {
            return "calls/s";
        }
        if (m.value() != null) {
            return "value";
        }
        if (m.peakResidentKiB() != null) {
            return "peak KiB";
        }
        return "bytes";
    }
}
