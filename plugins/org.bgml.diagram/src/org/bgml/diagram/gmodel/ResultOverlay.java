package org.bgml.diagram.gmodel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.HistogramBucket;
import org.bgml.model.Measurement;
import org.bgml.model.PathLatency;
import org.bgml.model.ResultSet;
import org.bgml.model.Unit;
import org.bgml.model.Verdict;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EStructuralFeature;

/**
 * The results viewpoint seen from the diagram: which result set is shown, which measurement belongs to which
 * element, and how its numbers read ({@code p50 14.2 µs · p99 19.6 µs · 67.8k/s}, with {@code · split (not collocated)}
 * when the element did not run as modelled).
 */
public final class ResultOverlay {
    private ResultOverlay() {
    }

    /** The chosen result set: the one with {@code runId}, or the newest when it is empty or unknown. */
    public static ResultSet chosen(BenchmarkModel model, String runId) {
        ResultSet newest = null;
        for (ResultSet r : model.getResults()) {
            if (runId != null && !runId.isEmpty() && runId.equals(r.getRunId())) {
                return r;
            }
            if (newest == null || compare(r, newest) >= 0) {
                newest = r;
            }
        }
        return newest;
    }

    private static int compare(ResultSet a, ResultSet b) {
        String ta = a.getTime() == null ? "" : a.getTime();
        String tb = b.getTime() == null ? "" : b.getTime();
        return ta.compareTo(tb);
    }

    /** The path of the element a measurement is about. */
    public static String elementId(Measurement m) {
        if (m.getElement() != null && m.getElement().eResource() != null) {
            return ElementPaths.pathOf(m.getElement());
        }
        return m.getElementPath() == null ? null : m.getElementPath().replace("#", "");
    }

    /**
     * One measurement per element: of {@code metric} when given, otherwise the first of each element with the
     * smallest payload (the others are in the detail of the element). A path's hops are stored on its end port next
     * to its end-to-end figure: the end-to-end one (no segment) is the port's; the hops are in {@link #hops}.
     */
    public static Map<String, Measurement> byElement(ResultSet set, String metric) {
        Map<String, Measurement> chosen = new LinkedHashMap<>();
        if (set == null) {
            return chosen;
        }
        for (Measurement m : set.getMeasurements()) {
            if (metric != null && !metric.isEmpty() && (m.getMetric() == null || !metric.equals(m.getMetric().getName()))) {
                continue;
            }
            String id = elementId(m);
            if (id == null) {
                continue;
            }
            Measurement before = chosen.get(id);
            if (before == null || isHop(before) && !isHop(m) || isHop(before) == isHop(m) && payload(m) < payload(before)) {
                chosen.put(id, m);
            }
        }
        return chosen;
    }

    /** A hop of an end-to-end path: a segment of a path latency measurement. */
    public static boolean isHop(Measurement m) {
        return m.getMetric() instanceof PathLatency && m.getSegment() != null && !m.getSegment().isEmpty();
    }

    /**
     * The hops of the path whose end-to-end measurement is {@code total}, in the order stored (origin to end): the
     * segment measurements of the same metric on the same element in the same result set. Empty for anything else.
     */
    public static List<Measurement> hops(ResultSet set, Measurement total) {
        List<Measurement> hops = new ArrayList<>();
        if (set == null || !(total.getMetric() instanceof PathLatency) || isHop(total)) {
            return hops;
        }
        String id = elementId(total);
        for (Measurement m : set.getMeasurements()) {
            if (isHop(m) && m.getMetric() == total.getMetric() && id != null && id.equals(elementId(m))) {
                hops.add(m);
            }
        }
        return hops;
    }

    /**
     * The diagram element a hop belongs to: a connection's segment is named after the connection, an action segment
     * {@code Entity.port actions} after the facet or sink whose actions it times (element paths; null when neither
     * exists any more).
     */
    public static String hopElementId(BenchmarkModel model, Measurement hop) {
        String segment = hop.getSegment();
        for (Connection c : model.getConnections()) {
            if (segment.equals(c.getName())) {
                return ElementPaths.pathOf(c);
            }
        }
        String suffix = " actions";
        if (segment.endsWith(suffix)) {
            String port = segment.substring(0, segment.length() - suffix.length());
            int dot = port.lastIndexOf('.');
            if (dot > 0) {
                String path = port.substring(0, dot).replace('.', '/') + "/" + port.substring(dot + 1);
                return ElementPaths.resolve(model, path) != null ? path : null;
            }
        }
        return null;
    }

    /**
     * The {@code hops} argument of a path's end-to-end label: {@code [["Ticks",p50,p99,mean],...]} in the
     * measurement's unit, one entry per hop in path order (PROTOCOL.md).
     */
    public static String hopsJson(List<Measurement> hops) {
        StringBuilder json = new StringBuilder("[");
        for (Measurement h : hops) {
            if (json.length() > 1) {
                json.append(',');
            }
            json.append("[\"").append(h.getSegment().replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
            for (String name : List.of("p50", "p99", "mean")) {
                Double v = figure(h, name);
                json.append(',').append(v == null ? "null" : num(v));
            }
            json.append(']');
        }
        return json.append(']').toString();
    }

    private static int payload(Measurement m) {
        return m.getPayloadBytes();
    }

    /** A figure of {@code m}, or null when the run did not measure it (the attribute is not set). */
    public static Double figure(Measurement m, String name) {
        EStructuralFeature f = m.eClass().getEStructuralFeature(name);
        return f != null && m.eIsSet(f) ? ((Number) m.eGet(f)).doubleValue() : null;
    }

    /**
     * {@code p50 14.2 µs · p99 19.6 µs · 67.8k/s}, leaving out what was not measured; a rate generator's missed
     * deadlines follow its rate ({@code 99/s · 4 late}).
     */
    public static String text(Measurement m) {
        List<String> parts = new ArrayList<>();
        Double p50 = figure(m, "p50");
        Double p99 = figure(m, "p99");
        Double mean = figure(m, "mean");
        Double throughput = figure(m, "throughput");
        if (p50 != null) {
            parts.add("p50 " + time(p50, m.getUnit()));
        }
        if (p99 != null) {
            parts.add("p99 " + time(p99, m.getUnit()));
        }
        if (p50 == null && mean != null) {
            parts.add("mean " + time(mean, m.getUnit()));
        }
        if (throughput != null) {
            parts.add(rate(throughput));
        }
        Double missed = figure(m, "missedDeadlines");
        if (missed != null) {
            parts.add(String.format(Locale.ROOT, "%.0f late", missed));
        }
        String substitution = substitutionLabel(m);
        if (substitution != null) {
            parts.add(substitution);
        }
        return String.join(" · ", parts);
    }

    /**
     * The short form of how the element ran otherwise than modelled (up to the first colon of the measurement's
     * substitution, e.g. {@code split (not collocated)}), or null when it ran as modelled.
     */
    public static String substitutionLabel(Measurement m) {
        String text = m.getSubstitution();
        if (text == null || text.isBlank()) {
            return null;
        }
        int colon = text.indexOf(':');
        return colon < 0 ? text : text.substring(0, colon);
    }

    /** A duration in {@code unit}, shown in the unit that gives 1–3 digits before the point. */
    public static String time(double value, Unit unit) {
        double ns = value * switch (unit == null ? Unit.NS : unit) {
            case US -> 1e3;
            case MS -> 1e6;
            case S -> 1e9;
            default -> 1;
        };
        if (unit != null && unit != Unit.NS && unit != Unit.US && unit != Unit.MS && unit != Unit.S) {
            return String.format(Locale.ROOT, "%.1f %s", value, unit.getLiteral());
        }
        if (Math.abs(ns) < 1e3) {
            return String.format(Locale.ROOT, "%.0f ns", ns);
        }
        if (Math.abs(ns) < 1e6) {
            return String.format(Locale.ROOT, "%.1f µs", ns / 1e3);
        }
        if (Math.abs(ns) < 1e9) {
            return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f s", ns / 1e9);
    }

    /** {@code 950/s}, {@code 67.8k/s}, {@code 1.2M/s}. */
    public static String rate(double perSecond) {
        if (perSecond < 1e3) {
            return String.format(Locale.ROOT, "%.0f/s", perSecond);
        }
        if (perSecond < 1e6) {
            return String.format(Locale.ROOT, "%.1fk/s", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.1fM/s", perSecond / 1e6);
    }

    /** The detail arguments of PROTOCOL.md: figures, unit, run, verdict and the histogram. */
    public static Map<String, Object> args(Measurement m, ResultSet set) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (String name : List.of("p50", "p90", "p99", "p999", "mean", "min", "max", "throughput", "missedDeadlines")) {
            put(args, name, figure(m, name));
        }
        args.put("n", m.getN());
        if (m.getPayloadBytes() > 0) {
            args.put("payloadBytes", m.getPayloadBytes());
        }
        args.put("unit", m.getUnit() == null ? "ns" : m.getUnit().getLiteral());
        args.put("runId", set.getRunId() == null ? "" : set.getRunId());
        args.put("verdict", m.getVerdict() == null ? "none" : m.getVerdict().getLiteral());
        if (m.getMetric() != null) {
            args.put("metric", m.getMetric().getName());
        }
        if (m.getSegment() != null && !m.getSegment().isEmpty()) {
            args.put("segment", m.getSegment());
        }
        if (m.getSubstitution() != null) {
            args.put("substitution", m.getSubstitution());
        }
        if (!m.getHistogram().isEmpty()) {
            StringBuilder json = new StringBuilder("[");
            for (HistogramBucket b : m.getHistogram()) {
                if (json.length() > 1) {
                    json.append(',');
                }
                json.append('[').append(num(b.getUpper())).append(',').append(b.getCount()).append(']');
            }
            args.put("histogram", json.append(']').toString());
        }
        return args;
    }

    private static String num(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : Double.toString(d);
    }

    private static void put(Map<String, Object> args, String key, Number value) {
        if (value != null) {
            args.put(key, value);
        }
    }

    public static String verdictCss(Measurement m) {
        if (m.getVerdict() == Verdict.PASS) {
            return "bgml-pass";
        }
        if (m.getVerdict() == Verdict.FAIL) {
            return "bgml-fail";
        }
        return null;
    }
}
