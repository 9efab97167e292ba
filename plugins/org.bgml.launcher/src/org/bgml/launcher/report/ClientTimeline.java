package org.bgml.launcher.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ProcessRecord;
import org.bgml.launcher.results.Requirements;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.Units;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Metric;
import org.bgml.model.NamedElement;
import org.bgml.model.Port;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/**
 * When the clients of a run measured, and what they achieved together: a timeline of the measuring windows on the
 * run's one clock (relative to the start line's release), and the aggregate throughput of each connection group.
 * <p>
 * A connection group is the set of throughput measurements whose connections lead to the same serving element: the
 * entity that owns the target port of the connection (three clients through one proxy form one group, whichever
 * of the proxy's facets each calls). Its aggregate throughput is the total number of calls of its measurements
 * divided by the time covered by the union of their measuring windows (a moment counts once however many windows
 * are open, and gaps between windows do not count).
 */
public final class ClientTimeline {
    /** What the report says about how the aggregate is computed. */
    public static final String AGGREGATE_RULE = "A connection group is the set of throughput measurements whose connections lead to"
            + " the same serving element (the entity that owns the connections' target ports). Its aggregate throughput is the total"
            + " number of calls of the group divided by the time covered by the union of the group's measuring windows: a moment"
            + " counts once however many windows are open then, and gaps between windows do not count.";

    /**
     * One connection group.
     *
     * @param name       the serving element, with the ports its connections end on
     * @param members    its throughput measurements
     * @param calls      their calls, all together
     * @param coveredNs  the time covered by the union of their measuring windows
     * @param overlapNs  the time during which at least two of their windows were open
     * @param aggregate  {@code calls} per second of {@code coveredNs}
     * @param sumOfRates the sum of the members' own throughputs, for comparison
     */
    public record Group(String name, List<MeasurementRecord> members, long calls, long coveredNs, long overlapNs, double aggregate,
            double sumOfRates) {
    }

    private ClientTimeline() {
    }

    /** The whole-call measurements with a measuring window, each window once, in order of their begin. */
    public static List<MeasurementRecord> windowed(RunRecord run) {
        List<MeasurementRecord> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (MeasurementRecord r : run.measurements()) {
            ResultMeasurement m = r.figures();
            if (m.hasWindow() && m.segment() == null
                    && seen.add(r.process() + "|" + m.metric() + "|" + m.element() + "|" + m.windowBeginNs() + "|" + m.windowEndNs())) {
                out.add(r);
            }
        }
        out.sort(Comparator.comparingLong(r -> r.figures().windowBeginNs()));
        return out;
    }

    /** The origin of the timeline: the earliest start line release, else the earliest window begin; null without windows. */
    public static Long originNs(RunRecord run) {
        Long released = run.processes().stream().map(ProcessRecord::releasedNs).filter(v -> v != null).min(Long::compare).orElse(null);
        if (released != null) {
            return released;
        }
        return windowed(run).stream().map(r -> r.figures().windowBeginNs()).min(Long::compare).orElse(null);
    }

    /** The connection groups of the run's throughput measurements that have windows, in order of first appearance. */
    public static List<Group> groups(RunRecord run, BenchmarkModel model) {
        Map<String, List<MeasurementRecord>> byKey = new LinkedHashMap<>();
        Map<String, Set<String>> ports = new LinkedHashMap<>();
        for (MeasurementRecord r : windowed(run)) {
            ResultMeasurement m = r.figures();
            if (!"throughput".equals(m.kind()) || calls(m) == null) {
                continue;
            }
            Port target = targetPort(model, m);
            String key;
            if (target != null && target.eContainer() instanceof NamedElement owner) {
                key = owner.getName();
                ports.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(target.getName());
            } else {
                key = m.element();
            }
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
        }
        List<Group> out = new ArrayList<>();
        for (Map.Entry<String, List<MeasurementRecord>> e : byKey.entrySet()) {
            Set<String> p = ports.get(e.getKey());
            String name = e.getKey() + (p == null ? "" : " (" + String.join(", ", p) + ")");
            out.add(group(name, e.getValue()));
        }
        return out;
    }

    /** A group of throughput measurements with windows: its calls, covered time and aggregate. */
    public static Group group(String name, List<MeasurementRecord> members) {
        long calls = 0;
        double sum = 0;
        List<long[]> windows = new ArrayList<>();
        for (MeasurementRecord r : members) {
            ResultMeasurement m = r.figures();
            calls += calls(m);
            sum += m.throughput() == null ? 0 : m.throughput();
            windows.add(new long[] { m.windowBeginNs(), m.windowEndNs() });
        }
        long covered = covered(windows, 1);
        return new Group(name, List.copyOf(members), calls, covered, covered(windows, 2), covered == 0 ? Double.NaN : calls * 1e9 / covered, sum);
    }

    /** The time during which at least {@code depth} of the windows {@code [begin, end]} are open. */
    public static long covered(List<long[]> windows, int depth) {
        List<long[]> edges = new ArrayList<>();
        for (long[] w : windows) {
            edges.add(new long[] { w[0], 1 });
            edges.add(new long[] { w[1], -1 });
        }
        edges.sort(Comparator.<long[]>comparingLong(e -> e[0]).thenComparingLong(e -> e[1]));
        long total = 0;
        long open = 0;
        long since = 0;
        for (long[] e : edges) {
            if (open >= depth) {
                total += e[0] - since;
            }
            open += e[1];
            since = e[0];
        }
        return total;
    }

    private static Long calls(ResultMeasurement m) {
        return m.calls() != null ? m.calls() : m.n() > 0 ? Long.valueOf(m.n()) : null;
    }

    /** The port the measured connection ends on: from the element, else from the metric's connection; null if unknown. */
    private static Port targetPort(BenchmarkModel model, ResultMeasurement m) {
        if (model == null) {
            return null;
        }
        EObject element = m.element() == null ? null : ElementPaths.resolve(model, m.element());
        if (element instanceof Connection c) {
            return c.getTarget();
        }
        if (element instanceof Port p) {
            return p;
        }
        Metric metric = Requirements.metricOf(model, m);
        return metric != null && metric.getConnection() != null ? metric.getConnection().getTarget() : null;
    }

    // ------------------------------------------------------------------ the report's section

    static void section(Page page, RunRecord run, BenchmarkModel model) {
        List<MeasurementRecord> windows = windowed(run);
        if (windows.isEmpty()) {
            return;
        }
        page.section("timeline", "Measuring windows");
        String clients = run.clientsDescription();
        boolean released = run.processes().stream().anyMatch(p -> p.releasedNs() != null);
        long origin = originNs(run);
        StringBuilder intro = new StringBuilder(clients == null ? "" : capitalise(clients) + ". ");
        intro.append("One bar per client measurement, from the start of its first timed call to the end of its last, on one clock")
                .append(released ? ", in ms after the start line's release" : ", in ms after the first window began").append('.');
        if (run.clientsTogether() && run.startSkewNs() != null) {
            intro.append(" Start skew (the latest minus the earliest release of the drivers): ").append(Units.number(run.startSkewNs() / 1000.0))
                    .append(" µs.");
        }
        page.paragraph(intro.toString());
        List<String> rows = new ArrayList<>();
        double[] begin = new double[windows.size()];
        double[] end = new double[windows.size()];
        for (int i = 0; i < windows.size(); i++) {
            MeasurementRecord r = windows.get(i);
            ResultMeasurement m = r.figures();
            rows.add((r.process() == null ? "" : shortName(r.process()) + ": ") + RunReport.name(m));
            begin[i] = (m.windowBeginNs() - origin) / 1e6;
            end[i] = (m.windowEndNs() - origin) / 1e6;
        }
        page.chart("timeline", ChartOptions.timeline("Measuring windows", released ? "ms after the release" : "ms after the first window",
                rows, begin, end));
        long overlapAll = covered(windows.stream().map(r -> new long[] { r.figures().windowBeginNs(), r.figures().windowEndNs() }).toList(), 2);
        List<List<String>> table = new ArrayList<>();
        for (int i = 0; i < windows.size(); i++) {
            table.add(List.of(Html.esc(rows.get(i)), Units.number(begin[i]), Units.number(end[i]), Units.number(end[i] - begin[i])));
        }
        page.html(Html.table("windows", List.of("measurement", "begins (ms)", "ends (ms)", "length (ms)"), table));
        page.paragraph("Time during which at least two windows were open: " + Units.number(overlapAll / 1e6) + " ms.");

        List<Group> groups = groups(run, model);
        if (groups.isEmpty()) {
            return;
        }
        page.html("<h3>Aggregate throughput per connection group</h3>\n");
        List<List<String>> g = new ArrayList<>();
        for (Group group : groups) {
            String perClient = String.join(", ", group.members().stream()
                    .map(r -> Html.esc(r.figures().element()) + " " + Units.number(r.figures().throughput() == null ? Double.NaN : r.figures().throughput()) + "/s")
                    .toList());
            g.add(List.of(Html.esc(group.name()), Integer.toString(group.members().size()), perClient, RunReport.num(group.calls()),
                    Units.number(group.coveredNs() / 1e6) + " ms", Units.number(group.overlapNs() / 1e6) + " ms",
                    Double.isNaN(group.aggregate()) ? "" : Units.number(group.aggregate()) + "/s", Units.number(group.sumOfRates()) + "/s"));
        }
        page.html(Html.table("aggregate", List.of("connection group", "clients", "per client", "calls", "covered time", "overlap",
                "aggregate", "sum of per-client rates"), g));
        if (model == null) {
            page.note("The model was not available, so each connection is its own group.");
        }
        page.note(AGGREGATE_RULE + " The sum of the per-client rates equals the aggregate only when the windows coincide.");
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The last segment of a process path, for row labels. */
    private static String shortName(String path) {
        int i = Math.max(path.lastIndexOf("::"), path.lastIndexOf('/'));
        return i < 0 ? path : path.substring(path.charAt(i) == '/' ? i + 1 : i + 2);
    }
}
