package org.bgml.launcher.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.bgml.launcher.results.EnvironmentRecord;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.Requirements;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;
import org.bgml.model.BenchmarkModel;

/** The sections of a report comparing runs; see {@link ReportWriter}. */
final class ComparisonReport {
    static final int MAX_BAR_KEYS = 24;
    static final int MAX_CDF_CHARTS = 8;

    private ComparisonReport() {
    }

    static Page build(List<StoredRun> runs, BenchmarkModel model) {
        RunComparison comparison = RunComparison.of(runs);
        List<String> names = runs.stream().map(r -> "run " + r.id()).toList();
        List<RunRecord> records = runs.stream().map(StoredRun::record).toList();
        Page page = new Page("BGML comparison: " + String.join(" vs ", names));
        runsTable(page, runs);
        List<String> warnings = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            for (String w : Findings.warnings(records.get(i))) {
                warnings.add(names.get(i) + ": " + w);
            }
            if (!records.get(i).ok()) {
                warnings.add(names.get(i) + " failed: " + records.get(i).failure());
            }
        }
        RunReport.warnings(page, warnings);
        differences(page, comparison, names, model);
        bars(page, comparison, names);
        cdfs(page, comparison, names);
        RunReport.sweeps(page, records, names);
        RunReport.whiteBox(page, records, names);
        RunReport.paths(page, records, names);
        environments(page, runs, names);
        page.section("method", "How to read this report");
        page.note("The first run is the baseline. Measurements match when metric, element, payload and segment are equal. The"
                + " difference is the other run's figure minus the baseline's (mean in µs for timed measurements), and in percent of"
                + " the baseline: the overhead, the way CCMPerf reports CIAO-CIAO against TAO-TAO. p is the two-sided Mann-Whitney U"
                + " (Wilcoxon rank-sum) test, on the raw sample files when both runs kept them, else on samples expanded from the"
                + " histograms (each bucket's count at its midpoint). Knee rule: " + RunReport.KNEE_RULE + " Bimodality rule: "
                + RunReport.BIMODAL_RULE);
        return page;
    }

    private static void runsTable(Page page, List<StoredRun> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunRecord r = runs.get(i).record();
            rows.add(List.of(Html.esc(runs.get(i).label()) + (i == 0 ? " <span class=\"muted\">(baseline)</span>" : ""),
                    Html.esc(r.modelName()), Html.esc(r.target()), Html.esc(r.deployment()), Html.esc(r.configuration()),
                    Html.esc(r.startedAt()), "<span class=\"status-" + Html.esc(r.status()) + "\">" + Html.esc(r.status()) + "</span>",
                    Integer.toString(r.measurements().size())));
        }
        page.html(Html.table("runs", List.of("run", "model", "target", "deployment", "configuration", "started", "status", "measurements"), rows));
    }

    private static void differences(Page page, RunComparison comparison, List<String> names, BenchmarkModel model) {
        page.section("differences", "Differences");
        List<String> headers = new ArrayList<>(List.of("measurement", "figure"));
        for (int i = 0; i < names.size(); i++) {
            headers.add(Html.esc(names.get(i)));
            if (i > 0) {
                headers.addAll(List.of("difference", "difference %", "p (" + Html.esc(names.get(i)) + ")", "samples tested"));
            }
        }
        headers.add("verdicts");
        List<List<String>> rows = new ArrayList<>();
        for (RunComparison.Row row : comparison.rows()) {
            MeasurementRecord any = row.measurements().stream().filter(java.util.Objects::nonNull).findFirst().orElseThrow();
            List<String> cells = new ArrayList<>(List.of(Html.esc(row.label()), Html.esc(RunComparison.figureName(any.figures()))));
            MeasurementRecord base = row.baseline();
            Double baseFigure = base == null ? null : RunComparison.figure(base.figures());
            List<String> verdicts = new ArrayList<>();
            for (int i = 0; i < row.measurements().size(); i++) {
                MeasurementRecord m = row.measurements().get(i);
                Double f = m == null ? null : RunComparison.figure(m.figures());
                cells.add(f == null ? "<span class=\"muted\">missing</span>" : Units.number(f));
                if (m != null) {
                    String v = Requirements.judge(model, m.figures()).verdict().getLiteral();
                    if (!v.equals("none")) {
                        verdicts.add(Html.esc(names.get(i)) + " " + Html.verdict(v));
                    }
                }
                if (i == 0) {
                    continue;
                }
                if (f == null || baseFigure == null) {
                    cells.addAll(List.of("", "", "", ""));
                    continue;
                }
                double diff = f - baseFigure;
                cells.add(RunReport.signed(diff));
                cells.add(baseFigure == 0 ? "" : RunReport.signed(100 * diff / baseFigure) + "%");
                RunComparison.Test t = row.tests().get(i);
                cells.add(t == null ? "<span class=\"muted\">no test</span>" : pValue(t.pValue()));
                cells.add(t == null ? "" : Html.esc(t.samples() + (t.note() == null ? "" : " (" + t.note() + ")")));
            }
            cells.add(String.join(" ", verdicts));
            rows.add(cells);
        }
        page.html(Html.table("differences", headers, rows));
    }

    private static void bars(Page page, RunComparison comparison, List<String> names) {
        // whole-call measurements only: sweeps and white-box segments have their own plots below
        List<RunComparison.Row> timed = comparison.matched().stream()
                .filter(r -> r.key().segment() == null && !"payloadSweep".equals(r.kind()))
                .filter(r -> r.measurements().stream().allMatch(m -> m.figures().timed() && m.figures().mean() != null)).toList();
        if (timed.isEmpty()) {
            return;
        }
        List<RunComparison.Row> shown = timed.subList(0, Math.min(timed.size(), MAX_BAR_KEYS));
        List<String> categories = shown.stream().map(RunComparison.Row::label).toList();
        List<double[]> values = new ArrayList<>();
        List<String[]> labels = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            double[] v = new double[shown.size()];
            String[] l = new String[shown.size()];
            for (int k = 0; k < shown.size(); k++) {
                ResultMeasurement m = shown.get(k).measurements().get(i).figures();
                v[k] = Units.micros(m.mean(), m.unit());
                ResultMeasurement b = shown.get(k).measurements().get(0).figures();
                double base = Units.micros(b.mean(), b.unit());
                l[k] = i == 0 || base == 0 ? null : RunReport.signed(100 * (v[k] - base) / base) + "%";
            }
            values.add(v);
            labels.add(l);
        }
        page.chart("comparison", ChartOptions.bars("Mean latency per matching measurement", "mean (µs)", categories, names, values, labels));
    }

    private static void cdfs(Page page, RunComparison comparison, List<String> names) {
        int charts = 0;
        for (RunComparison.Row row : comparison.matched()) {
            if (row.key().segment() != null || !row.measurements().stream().allMatch(m -> m.figures().timed() && !m.figures().histogram().isEmpty())) {
                continue;
            }
            if (charts++ == MAX_CDF_CHARTS) {
                break;
            }
            page.chart("cdf", ChartOptions.cdf("Cumulative distribution: " + row.label(), names,
                    row.measurements().stream().map(MeasurementRecord::figures).toList()));
        }
    }

    private static void environments(Page page, List<StoredRun> runs, List<String> names) {
        page.section("environment", "Environments");
        String[] labels = { "host", "CPU", "kernel", "compiler", "C++ standard", "middleware", "CPU placement", "tool version", "model hash" };
        List<List<String>> rows = new ArrayList<>();
        for (int k = 0; k < labels.length; k++) {
            List<String> row = new ArrayList<>(List.of(Html.esc(labels[k])));
            for (StoredRun run : runs) {
                EnvironmentRecord e = run.record().environment();
                String v = switch (k) {
                case 0 -> e.host();
                case 1 -> e.cpuModel();
                case 2 -> e.kernel();
                case 3 -> e.compiler();
                case 4 -> e.cplusplus() == null ? null : e.cplusplus().toString();
                case 5 -> e.middlewareVersions();
                case 6 -> e.cpuPlacement();
                case 7 -> e.toolVersion();
                default -> run.record().modelHash();
                };
                row.add(Html.esc(v));
            }
            rows.add(row);
        }
        List<String> headers = new ArrayList<>(List.of(""));
        names.forEach(n -> headers.add(Html.esc(n)));
        page.html(Html.table("environments", headers, rows));
    }

    static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (p == 0) {
            return "&lt; 1e-300";
        }
        return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }
}
