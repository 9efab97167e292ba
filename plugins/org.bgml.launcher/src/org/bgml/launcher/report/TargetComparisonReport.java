package org.bgml.launcher.report;

import java.util.ArrayList;
import java.util.List;

import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;

/** The report of a {@link TargetComparison}; see {@link ReportWriter#writeTargetComparison}. */
final class TargetComparisonReport {
    private TargetComparisonReport() {
    }

    static Page build(TargetComparison c, List<String> notRun) {
        List<String> names = c.names();
        String base = c.name(c.baseline());
        Page page = new Page("BGML across targets: " + c.runs().get(0).record().modelName() + " on " + String.join(", ", names));
        runsTable(page, c);
        List<String> warnings = new ArrayList<>(notRun);
        for (int i = 0; i < c.runs().size(); i++) {
            RunRecord r = c.runs().get(i).record();
            Findings.warnings(r).forEach(w -> warnings.add(r.target() + ": " + w));
            if (!r.ok()) {
                warnings.add(r.target() + " failed: " + r.failure());
            }
        }
        RunReport.warnings(page, warnings);
        for (TargetComparison.Table t : c.tables()) {
            page.section("metric-" + Html.esc(t.metric()), t.metric() + " (" + t.kind() + ") across targets, against " + base);
            page.html(Html.table("targets", headers(names, c.baseline()), rows(c, t)));
            chart(page, c, t);
        }
        page.section("method", "How to read this report");
        page.note("One run per target of the same model. Measurements match by metric, element and payload size. Each target"
                + " shows the median (p50) and the 99th percentile of its samples, in µs, and the ratio of each to the baseline"
                + " target (" + base + "): ×1.50 means half as much again. Only whole-call measurements are compared; white-box"
                + " segments stay in each run's own report. The figures of one run were taken at one time on one machine: ratios"
                + " of runs made one after the other are only as steady as the machine was. Knee rule: " + RunReport.KNEE_RULE);
        return page;
    }

    private static void runsTable(Page page, TargetComparison c) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < c.runs().size(); i++) {
            StoredRun run = c.runs().get(i);
            RunRecord r = run.record();
            rows.add(List.of(Html.esc(r.target()) + (i == c.baseline() ? " <span class=\"muted\">(baseline)</span>" : ""),
                    Html.esc(run.label()), Html.esc(r.deployment()), Html.esc(r.configuration()), Html.esc(r.startedAt()),
                    "<span class=\"status-" + Html.esc(r.status()) + "\">" + Html.esc(r.status()) + "</span>",
                    Html.esc(r.environment() == null ? null : r.environment().middlewareVersions())));
        }
        page.html(Html.table("runs", List.of("target", "run", "deployment", "configuration", "started", "status", "middleware"), rows));
    }

    private static List<String> headers(List<String> names, int baseline) {
        List<String> h = new ArrayList<>(List.of("element"));
        for (int i = 0; i < names.size(); i++) {
            String n = Html.esc(names.get(i));
            h.add(n + " p50 (µs)");
            h.add(n + " p99 (µs)");
            if (i != baseline) {
                h.add(n + " p50 ratio");
                h.add(n + " p99 ratio");
            }
        }
        return h;
    }

    private static List<List<String>> rows(TargetComparison c, TargetComparison.Table t) {
        List<List<String>> rows = new ArrayList<>();
        for (TargetComparison.Row row : t.rows()) {
            List<String> cells = new ArrayList<>(List.of(Html.esc(row.label())));
            ResultMeasurement b = row.cells().get(c.baseline());
            for (int i = 0; i < row.cells().size(); i++) {
                ResultMeasurement m = row.cells().get(i);
                Double p50 = TargetComparison.p50(m);
                Double p99 = TargetComparison.p99(m);
                cells.add(p50 == null ? "<span class=\"muted\">missing</span>" : Units.number(p50));
                cells.add(p99 == null ? "" : Units.number(p99));
                if (i != c.baseline()) {
                    cells.add(TargetComparison.times(TargetComparison.ratio(p50, TargetComparison.p50(b))));
                    cells.add(TargetComparison.times(TargetComparison.ratio(p99, TargetComparison.p99(b))));
                }
            }
            rows.add(cells);
        }
        return rows;
    }

    /** A metric over several payload sizes: p50 against size, one line per target; else p50 bars per element. */
    private static void chart(Page page, TargetComparison c, TargetComparison.Table t) {
        List<String> names = c.names();
        if (TargetComparison.isSweep(t)) {
            List<ChartOptions.Series> lines = new ArrayList<>();
            List<Knee.Result> knees = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                List<double[]> points = new ArrayList<>();
                for (TargetComparison.Row row : t.rows()) {
                    Double p50 = TargetComparison.p50(row.cells().get(i));
                    if (p50 != null && row.payloadBytes() != null) {
                        points.add(new double[] { Math.max(row.payloadBytes(), 1), p50 });
                    }
                }
                lines.add(new ChartOptions.Series(names.get(i), points));
                knees.add(TargetComparison.knee(t, i).orElse(null));
            }
            page.chart("sweep", ChartOptions.sweep(t.metric() + ": median latency against payload, per target", "latency p50 (µs)", lines, knees));
            List<String> said = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                Knee.Result k = knees.get(i);
                said.add(names.get(i) + ": " + (k == null ? "no knee" : "knee at " + Units.bytes(k.size()) + " (+" + Units.number(k.step()) + " µs)"));
            }
            page.note("Where the latency-against-size slope changes (knee rule below): " + String.join("; ", said) + ".");
            return;
        }
        List<String> categories = t.rows().stream().map(TargetComparison.Row::label).toList();
        List<double[]> values = new ArrayList<>();
        List<String[]> labels = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            double[] v = new double[categories.size()];
            String[] l = new String[categories.size()];
            for (int k = 0; k < categories.size(); k++) {
                TargetComparison.Row row = t.rows().get(k);
                Double p50 = TargetComparison.p50(row.cells().get(i));
                v[k] = p50 == null ? Double.NaN : p50;
                l[k] = i == c.baseline() ? null : TargetComparison.times(TargetComparison.ratio(p50, TargetComparison.p50(row.cells().get(c.baseline()))));
            }
            values.add(v);
            labels.add(l);
        }
        page.chart("comparison", ChartOptions.bars(t.metric() + ": median latency per target", "p50 (µs)", categories, names, values, labels));
    }
}
