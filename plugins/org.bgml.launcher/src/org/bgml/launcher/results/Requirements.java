package org.bgml.launcher.results;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Comparator;
import org.bgml.model.Footprint;
import org.bgml.model.FootprintKind;
import org.bgml.model.Metric;
import org.bgml.model.Requirement;
import org.bgml.model.Verdict;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/**
 * Judges a measurement against its metric's QoS requirement ({@code p99 <= 150 us}, {@code throughput >= 50000 /s}).
 * The requirement's statistic is taken from the measurement and converted to the requirement's unit (results are
 * in ns, requirements usually in µs). Only whole-call figures are judged: a functional-path segment has no
 * requirement of its own. A measurement without the statistic, or in a unit that cannot be converted, gets
 * {@link Verdict#NONE} with the reason.
 */
public final class Requirements {
    /**
     * @param actual the measured statistic in the requirement's unit, or null
     * @param text   e.g. "p99 18.87 µs <= 150 µs", or why there is no verdict
     */
    public record Judgement(Verdict verdict, Double actual, String text) {
        public static final Judgement NONE = new Judgement(Verdict.NONE, null, "no requirement");
    }

    private Requirements() {
    }

    /** The metric the measurement belongs to, looked up by its path in {@code model}, or null. */
    public static Metric metricOf(BenchmarkModel model, ResultMeasurement m) {
        if (model == null || m.metric() == null) {
            return null;
        }
        EObject found = ElementPaths.resolve(model, m.metric());
        return found instanceof Metric metric ? metric : null;
    }

    public static Judgement judge(BenchmarkModel model, ResultMeasurement m) {
        return judge(metricOf(model, m), m);
    }

    public static Judgement judge(Metric metric, ResultMeasurement m) {
        if (metric == null || metric.getRequirement() == null || m.segment() != null) {
            return Judgement.NONE;
        }
        Requirement r = metric.getRequirement();
        String want = r.getUnit().getLiteral();
        String statistic = r.getStatistic().getLiteral();
        List<Figure> figures = figures(r, metric, m);
        if (figures.isEmpty()) {
            return new Judgement(Verdict.NONE, null, "the results hold no " + statistic + " for " + requirementText(r));
        }
        boolean pass = true;
        Double first = null;
        List<String> parts = new ArrayList<>();
        for (Figure f : figures) {
            Double value = Units.convert(f.value, f.unit, want);
            if (value == null) {
                return new Judgement(Verdict.NONE, null, "cannot compare " + statistic + " in " + f.unit + " with " + requirementText(r));
            }
            boolean ok = switch (r.getComparator()) {
            case LE -> value <= r.getValue();
            case LT -> value < r.getValue();
            case GE -> value >= r.getValue();
            case GT -> value > r.getValue();
            };
            pass &= ok;
            first = first == null ? value : first;
            parts.add(f.label + " " + Units.number(value) + unitSuffix(want) + " " + symbol(r.getComparator()) + " "
                    + Units.number(r.getValue()) + unitSuffix(want) + (ok ? "" : " (broken)"));
        }
        return new Judgement(pass ? Verdict.PASS : Verdict.FAIL, first, String.join(", ", parts));
    }

    /** "p99 <= 150 µs". */
    public static String requirementText(Requirement r) {
        return r.getStatistic().getLiteral() + " " + symbol(r.getComparator()) + " " + Units.number(r.getValue())
                + unitSuffix(r.getUnit().getLiteral());
    }

    private record Figure(String label, double value, String unit) {
    }

    private static List<Figure> figures(Requirement r, Metric metric, ResultMeasurement m) {
        List<Figure> out = new ArrayList<>();
        String stat = r.getStatistic().getLiteral();
        switch (r.getStatistic()) {
        case MEAN -> add(out, stat, m.mean(), m.unit());
        case P50 -> add(out, stat, m.p50(), m.unit());
        case P90 -> add(out, stat, m.p90(), m.unit());
        case P99 -> add(out, stat, m.p99(), m.unit());
        case P999 -> add(out, stat, m.p999(), m.unit());
        case MIN -> add(out, stat, m.min(), m.unit());
        case MAX -> add(out, stat, m.max(), m.unit());
        case STDDEV -> add(out, stat, m.stddev(), m.unit());
        case THROUGHPUT -> add(out, stat, m.throughput(), "perSecond");
        case MISSED_DEADLINES -> add(out, "missed deadlines", m.missedDeadlines(), "count");
        case FOOTPRINT -> {
            FootprintKind kind = metric instanceof Footprint f ? f.getKind() : FootprintKind.BOTH;
            if (kind != FootprintKind.DYNAMIC) {
                add(out, "static footprint", m.staticFootprintBytes(), "bytes");
            }
            if (kind != FootprintKind.STATIC) {
                add(out, "peak resident", m.peakResidentKiB(), "KiB");
            }
        }
        }
        return out;
    }

    private static void add(List<Figure> out, String label, Number value, String unit) {
        if (value != null) {
            out.add(new Figure(label, value.doubleValue(), unit));
        }
    }

    private static String symbol(Comparator c) {
        return switch (c) {
        case LE -> "<=";
        case LT -> "<";
        case GE -> ">=";
        case GT -> ">";
        };
    }

    private static String unitSuffix(String unit) {
        String s = Units.symbol(unit);
        return s.isEmpty() ? "" : s.equals("/s") || s.equals("%") ? s : " " + s;
    }
}
