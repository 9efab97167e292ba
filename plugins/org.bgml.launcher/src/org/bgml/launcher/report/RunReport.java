package org.bgml.launcher.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ProcessPlacements;
import org.bgml.launcher.results.ProcessRecord;
import org.bgml.launcher.results.Requirements;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.Setting;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Metric;

/** The sections of a one-run report; see {@link ReportWriter}. */
final class RunReport {
    static final int MAX_HISTOGRAMS = 16;
    static final int MAX_GROUP_CHARTS = 8;

    private RunReport() {
    }

    static Page build(StoredRun stored, BenchmarkModel model) {
        RunRecord run = stored.record();
        Page page = new Page("BGML report: " + stored.label() + (run.modelName() == null ? "" : ", " + run.modelName()));
        header(page, stored, model);
        failure(page, run);
        warnings(page, Findings.warnings(run));
        substitutions(page, run);
        summary(page, run, model);
        List<ResultMeasurement> distributions = distributions(run);
        latency(page, distributions);
        percentiles(page, distributions);
        throughput(page, run);
        ClientTimeline.section(page, run, model);
        sweeps(page, List.of(run), List.of(""));
        scenarios(page, run);
        whiteBox(page, List.of(run), List.of(""));
        paths(page, List.of(run), List.of(""));
        processes(page, run);
        environment(page, run);
        page.section("method", "How to read this report");
        page.note("Times are in µs. Percentiles are nearest-rank values of the samples (runtime/cpp/RESULTS.md). Histograms use the"
                + " runtime's log buckets (16 per power of two). Knee rule: " + KNEE_RULE + " Bimodality rule: " + BIMODAL_RULE);
        return page;
    }

    static final String KNEE_RULE = "the first payload size whose latency step (p50, else mean) exceeds " + Units.number(Knee.K)
            + " times the median step of the sweep and " + Units.number(100 * Knee.MIN_RELATIVE_STEP) + "% of the latency before it.";
    static final String BIMODAL_RULE = "on quarter-octave bins of the log histogram, a second local maximum at least half an octave"
            + " from the fullest bin, with a valley between them at most " + Units.number(100 * Bimodality.MAX_VALLEY_RATIO)
            + "% of its height and at least " + Units.number(100 * Bimodality.MIN_MODE_SHARE) + "% of the samples on each side.";

    // ------------------------------------------------------------------ sections

    private static void header(Page page, StoredRun stored, BenchmarkModel model) {
        RunRecord r = stored.record();
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[] { "run", stored.label() });
        rows.add(new String[] { "model", (r.modelName() == null ? "" : r.modelName() + " ") + (r.modelPath() == null ? "" : "(" + r.modelPath() + ")") });
        rows.add(new String[] { "target", r.target() });
        rows.add(new String[] { "deployment", r.deployment() });
        rows.add(new String[] { "configuration", r.configuration() });
        rows.add(new String[] { "warnings", r.warnings().isEmpty() ? null : String.join("; ", r.warnings()) });
        rows.add(new String[] { "started", r.startedAt() });
        rows.add(new String[] { "ended", r.endedAt() });
        rows.add(new String[] { "clients", r.clientsDescription() });
        rows.add(new String[] { "measuring time", r.measuringNanos() == null ? null : Units.number(r.measuringNanos() / 1e9) + " s" });
        rows.add(new String[] { "experiment", r.experiment() == null ? null : r.experiment() + " " + r.factorLevels() });
        page.html(Html.keyValues(rows));
        page.html("<p>Status: <span class=\"status-" + Html.esc(r.status()) + "\">" + Html.esc(r.status()) + "</span>, "
                + r.measurements().size() + " measurement" + (r.measurements().size() == 1 ? "" : "s") + ".</p>\n");
        if (model == null) {
            page.note("The model was not available, so requirements are not judged in this report.");
        }
    }

    private static void failure(Page page, RunRecord r) {
        if (r.ok()) {
            return;
        }
        StringBuilder b = new StringBuilder("<div class=\"failure\"><strong>The run failed:</strong> ").append(Html.esc(r.failure()));
        for (ProcessRecord p : r.processes()) {
            if (p.problem() != null) {
                b.append("<h3>").append(Html.esc(p.name())).append(": ").append(Html.esc(p.problem())).append("</h3>");
                if (!p.logTail().isEmpty()) {
                    b.append("<pre class=\"log\">").append(Html.esc(String.join("\n", p.logTail()))).append("</pre>");
                }
            }
        }
        page.html(b.append("</div>\n").toString());
    }

    static void warnings(Page page, List<String> warnings) {
        if (warnings.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder("<div class=\"warnings\" id=\"warnings\"><strong>Warnings</strong><ul>");
        for (String w : warnings) {
            b.append("<li>").append(Html.esc(w)).append("</li>");
        }
        page.html(b.append("</ul></div>\n").toString());
    }

    /**
     * Where the benchmark ran the model otherwise than modelled (e.g. a process split in two, so calls modelled as
     * collocated crossed 127.0.0.1): each substitution with the measurements it affects.
     */
    static void substitutions(Page page, RunRecord run) {
        Map<String, Set<String>> affected = new LinkedHashMap<>();
        for (MeasurementRecord r : run.measurements()) {
            if (r.substitution() != null) {
                affected.computeIfAbsent(r.substitution(), k -> new LinkedHashSet<>())
                        .add(r.figures().metric() != null ? r.figures().metric() : r.figures().element());
            }
        }
        if (affected.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder("<div class=\"substitutions\" id=\"substitutions\"><strong>Not run as modelled</strong><ul>");
        affected.forEach((text, what) -> b.append("<li>").append(Html.esc(text)).append(": ").append(Html.esc(String.join(", ", what)))
                .append("</li>"));
        page.html(b.append("</ul></div>\n").toString());
    }

    /** After the element in a table: the substitution's short form, with its full text on hover; empty if none. */
    static String substitutionMark(MeasurementRecord r) {
        return r.substitution() == null ? ""
                : " <span class=\"substitution\" title=\"" + Html.esc(r.substitution()) + "\">" + Html.esc(r.substitutionLabel()) + "</span>";
    }

    private static void summary(Page page, RunRecord run, BenchmarkModel model) {
        page.section("summary", "Summary");
        if (run.measurements().isEmpty()) {
            page.paragraph("No measurements were stored for this run.");
            return;
        }
        int pass = 0;
        int fail = 0;
        List<List<String>> rows = new ArrayList<>();
        for (MeasurementRecord r : run.measurements()) {
            ResultMeasurement m = r.figures();
            Metric metric = Requirements.metricOf(model, m);
            Requirements.Judgement j = Requirements.judge(metric, m);
            String verdict = j.verdict().getLiteral();
            pass += verdict.equals("pass") ? 1 : 0;
            fail += verdict.equals("fail") ? 1 : 0;
            String requirement = metric == null || metric.getRequirement() == null || m.segment() != null ? ""
                    : Html.esc(Requirements.requirementText(metric.getRequirement()));
            rows.add(List.of(Html.esc(m.metric() == null ? "" : m.metric()), Html.esc(m.element()) + substitutionMark(r), Html.esc(m.kind()),
                    m.payloadBytes() == null ? "" : Units.bytes(m.payloadBytes()), Html.esc(m.segment() == null ? "" : m.segment()),
                    num(m.n()), time(m.mean(), m.unit()), time(m.p50(), m.unit()), time(m.p99(), m.unit()),
                    m.segment() != null ? "" : Html.esc(m.rateText()), requirement,
                    j.verdict().getLiteral().equals("none") ? "" : Html.esc(j.text()), Html.verdict(verdict)));
        }
        page.html("<p>Requirements: " + pass + " passed, " + fail + " failed.</p>\n");
        page.html(Html.table("summary", List.of("metric", "element", "kind", "payload", "segment", "n", "mean", "p50", "p99",
                "throughput", "requirement", "measured", "verdict"), rows));
    }

    private static void latency(Page page, List<ResultMeasurement> distributions) {
        List<ResultMeasurement> plotted = distributions.stream().filter(m -> !m.histogram().isEmpty() && !"payloadSweep".equals(m.kind())).toList();
        if (plotted.isEmpty()) {
            return;
        }
        page.section("latency", "Latency distributions");
        int shown = 0;
        for (ResultMeasurement m : plotted) {
            if (shown++ == MAX_HISTOGRAMS) {
                page.note((plotted.size() - MAX_HISTOGRAMS) + " more distributions are in the percentile table.");
                break;
            }
            page.chart("histogram", ChartOptions.histogram("Histogram: " + name(m), m));
        }
        List<ResultMeasurement> cdf = plotted.subList(0, Math.min(plotted.size(), 12));
        page.chart("cdf", ChartOptions.cdf("Cumulative distribution", cdf.stream().map(RunReport::name).toList(), cdf));
    }

    private static void percentiles(Page page, List<ResultMeasurement> distributions) {
        if (distributions.isEmpty()) {
            return;
        }
        page.section("percentiles", "Percentiles");
        List<List<String>> rows = new ArrayList<>();
        for (ResultMeasurement m : distributions) {
            rows.add(List.of(Html.esc(name(m)), num(m.n()), time(m.min(), m.unit()), time(m.p50(), m.unit()), time(m.p90(), m.unit()),
                    time(m.p99(), m.unit()), time(m.p999(), m.unit()), time(m.max(), m.unit()), time(m.mean(), m.unit()),
                    time(m.stddev(), m.unit())));
        }
        page.html(Html.table("percentiles", List.of("measurement", "n", "min", "p50", "p90", "p99", "p99.9", "max", "mean", "stddev"), rows));
    }

    private static void throughput(Page page, RunRecord run) {
        List<ResultMeasurement> ms = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        boolean anyThroughputKind = run.measurements().stream().anyMatch(r -> "throughput".equals(r.figures().kind()) && r.figures().throughput() != null);
        for (MeasurementRecord r : run.measurements()) {
            ResultMeasurement m = r.figures();
            if (m.throughput() == null || m.segment() != null || "payloadSweep".equals(m.kind())
                    || (anyThroughputKind && !"throughput".equals(m.kind()))) {
                continue;
            }
            if (seen.add(r.process() + "|" + m.element() + "|" + m.operation() + "|" + m.payloadBytes() + "|" + m.calls())) {
                ms.add(m);
            }
        }
        if (ms.isEmpty()) {
            return;
        }
        page.section("throughput", "Throughput");
        List<String> categories = ms.stream().map(ResultMeasurement::label).toList();
        double[] values = ms.stream().mapToDouble(ResultMeasurement::throughput).toArray();
        String[] labels = ms.stream().map(m -> Units.number(m.throughput())).toArray(String[]::new);
        page.chart("throughput", ChartOptions.bars("Throughput (calls or events per second)", "calls/s", categories, List.of("throughput"),
                List.<double[]>of(values), java.util.Collections.singletonList(labels)));
        List<List<String>> rows = new ArrayList<>();
        for (ResultMeasurement m : ms) {
            rows.add(List.of(Html.esc(m.label()), Units.number(m.throughput()) + "/s", m.bytesPerSecond() == null ? "" : Units.number(m.bytesPerSecond()) + " B/s",
                    m.calls() == null ? "" : num(m.calls()), m.wallNs() == null ? "" : Units.number(m.wallNs() / 1e9) + " s",
                    m.rateHz() == null ? "max" : Units.number(m.rateHz()) + " Hz"));
        }
        page.html(Html.table("throughput", List.of("measurement", "throughput", "bytes/s", "calls", "wall time", "rate"), rows));
    }

    /** Latency against payload size, one chart per (metric, element), each run a line, knees marked. */
    static void sweeps(Page page, List<RunRecord> runs, List<String> runNames) {
        Map<String, List<List<ResultMeasurement>>> groups = new LinkedHashMap<>();
        for (int r = 0; r < runs.size(); r++) {
            Map<String, List<ResultMeasurement>> byKey = new LinkedHashMap<>();
            for (MeasurementRecord rec : runs.get(r).measurements()) {
                ResultMeasurement m = rec.figures();
                if (m.timed() && m.segment() == null && m.payloadBytes() != null && (m.p50() != null || m.mean() != null)) {
                    byKey.computeIfAbsent(Objects.toString(m.metric(), m.kind()) + " @ " + m.element(), k -> new ArrayList<>()).add(m);
                }
            }
            for (Map.Entry<String, List<ResultMeasurement>> e : byKey.entrySet()) {
                Map<Long, ResultMeasurement> bySize = new TreeMap<>();
                e.getValue().forEach(m -> bySize.putIfAbsent(m.payloadBytes(), m));
                if (bySize.size() < Knee.MIN_POINTS && e.getValue().stream().noneMatch(m -> "payloadSweep".equals(m.kind()))) {
                    continue;
                }
                List<List<ResultMeasurement>> perRun = groups.computeIfAbsent(e.getKey(), k -> {
                    List<List<ResultMeasurement>> l = new ArrayList<>();
                    runs.forEach(x -> l.add(null));
                    return l;
                });
                perRun.set(r, new ArrayList<>(bySize.values()));
            }
        }
        if (groups.isEmpty()) {
            return;
        }
        page.section("sweep", "Payload sweep");
        List<List<String>> kneeRows = new ArrayList<>();
        int charts = 0;
        for (Map.Entry<String, List<List<ResultMeasurement>>> g : groups.entrySet()) {
            List<ChartOptions.Series> lines = new ArrayList<>();
            List<Knee.Result> knees = new ArrayList<>();
            for (int r = 0; r < runs.size(); r++) {
                List<ResultMeasurement> ms = g.getValue().get(r);
                if (ms == null) {
                    continue;
                }
                long[] sizes = ms.stream().mapToLong(ResultMeasurement::payloadBytes).toArray();
                double[] lat = ms.stream().mapToDouble(m -> Units.micros(m.p50() != null ? m.p50() : m.mean(), m.unit())).toArray();
                List<double[]> points = new ArrayList<>();
                for (int i = 0; i < sizes.length; i++) {
                    points.add(new double[] { Math.max(sizes[i], 1), lat[i] });
                }
                Knee.Result knee = Knee.find(sizes, lat).orElse(null);
                String series = runNames.get(r).isEmpty() ? "p50" : runNames.get(r);
                lines.add(new ChartOptions.Series(series, points));
                knees.add(knee);
                List<String> row = new ArrayList<>(List.of(Html.esc(g.getKey())));
                if (runs.size() > 1) {
                    row.add(Html.esc(runNames.get(r)));
                }
                row.addAll(List.of(Integer.toString(sizes.length), knee == null ? "no knee" : Units.bytes(knee.size()),
                        knee == null ? "" : "+" + Units.number(knee.step()) + " µs (threshold " + Units.number(knee.threshold()) + " µs)"));
                kneeRows.add(row);
            }
            if (charts++ < MAX_GROUP_CHARTS) {
                page.chart("sweep", ChartOptions.sweep("Latency against payload: " + g.getKey(), "latency p50 (µs)", lines, knees));
            }
        }
        List<String> headers = new ArrayList<>(List.of("sweep"));
        if (runs.size() > 1) {
            headers.add("run");
        }
        headers.addAll(List.of("sizes", "knee", "step into the knee"));
        page.html(Html.table("knees", headers, kneeRows));
        page.note("Knee rule: " + KNEE_RULE);
    }

    /** The same operation measured on several elements (scenarios) of one run, against the first as baseline. */
    private static void scenarios(Page page, RunRecord run) {
        Map<String, LinkedHashMap<String, ResultMeasurement>> groups = new LinkedHashMap<>();
        for (MeasurementRecord r : run.measurements()) {
            ResultMeasurement m = r.figures();
            if (m.segment() != null || !Set.of("latency", "jitter", "throughput", "lookupTime").contains(m.kind()) || scenarioFigure(m) == null) {
                continue;
            }
            String key = m.kind() + " of " + (m.operation() == null ? "?" : m.operation())
                    + (m.payloadBytes() == null ? "" : ", " + Units.bytes(m.payloadBytes()));
            groups.computeIfAbsent(key, k -> new LinkedHashMap<>()).putIfAbsent(m.element(), m);
        }
        groups.values().removeIf(g -> g.size() < 2);
        if (groups.isEmpty()) {
            return;
        }
        page.section("scenarios", "Scenario comparison");
        page.paragraph("Each scenario against the first one measured (the baseline), the way CCMPerf compares CIAO-CIAO with TAO-TAO:"
                + " the difference in µs (calls/s for throughput) and in percent of the baseline.");
        int charts = 0;
        for (Map.Entry<String, LinkedHashMap<String, ResultMeasurement>> g : groups.entrySet()) {
            List<String> elements = new ArrayList<>(g.getValue().keySet());
            ResultMeasurement base = g.getValue().get(elements.get(0));
            double baseValue = scenarioFigure(base);
            String unit = scenarioUnit(base);
            double[] values = new double[elements.size()];
            String[] labels = new String[elements.size()];
            List<List<String>> rows = new ArrayList<>();
            for (int i = 0; i < elements.size(); i++) {
                ResultMeasurement m = g.getValue().get(elements.get(i));
                double v = scenarioFigure(m);
                values[i] = v;
                double diff = v - baseValue;
                double pct = baseValue == 0 ? Double.NaN : 100 * diff / baseValue;
                labels[i] = i == 0 ? "baseline" : signed(diff) + " " + unit + " (" + signed(pct) + "%)";
                rows.add(List.of(Html.esc(elements.get(i)) + (i == 0 ? " <span class=\"muted\">(baseline)</span>" : ""),
                        Units.number(v) + " " + unit, i == 0 ? "" : signed(diff) + " " + unit, i == 0 ? "" : signed(pct) + "%",
                        time(m.p99(), m.unit())));
            }
            if (charts++ < MAX_GROUP_CHARTS) {
                page.chart("scenario", ChartOptions.bars("Scenarios: " + g.getKey(), scenarioName(base), elements, List.of(scenarioName(base)),
                        List.<double[]>of(values), java.util.Collections.singletonList(labels)));
            }
            page.html("<h3>" + Html.esc(g.getKey()) + "</h3>\n");
            page.html(Html.table("scenarios", List.of("scenario", scenarioName(base), "difference", "difference %", "p99"), rows));
        }
    }

    static Double scenarioFigure(ResultMeasurement m) {
        return switch (m.kind()) {
        case "jitter" -> m.stddev() == null ? null : Units.micros(m.stddev(), m.unit());
        case "throughput" -> m.throughput();
        default -> m.mean() == null ? null : Units.micros(m.mean(), m.unit());
        };
    }

    private static String scenarioUnit(ResultMeasurement m) {
        return "throughput".equals(m.kind()) ? "calls/s" : "µs";
    }

    private static String scenarioName(ResultMeasurement m) {
        return switch (m.kind()) {
        case "jitter" -> "stddev (µs)";
        case "throughput" -> "calls/s";
        default -> "mean (µs)";
        };
    }

    /** Functional paths: each cycle broken into its segments, as a stacked bar and a table of mean / median (seed 004, Table 1). */
    static void whiteBox(Page page, List<RunRecord> runs, List<String> runNames) {
        breakdown(page, runs, runNames, new Breakdown("functionalPath", "whitebox", "White-box breakdown",
                "Mean time per segment of the cycle", "cycle", "Cells are mean / median in µs, as in Table 1 of the"
                        + " ACE/TAO/nORB performance-model paper."));
    }

    /**
     * End-to-end paths along event chains: each path's total broken into its hops (connections and action blocks), as a
     * stacked bar and the same table as the white-box breakdown.
     */
    static void paths(Page page, List<RunRecord> runs, List<String> runNames) {
        breakdown(page, runs, runNames, new Breakdown("pathLatency", "paths", "End-to-end paths, hop by hop",
                "Mean time per hop of the path", "end to end", "Cells are mean / median in µs. A hop is a connection (from the"
                        + " send to the upcall on the other side) or a component's actions (from the upcall to the send that goes on);"
                        + " the hops of a path add up to its end-to-end time."));
    }

    /** What a segment breakdown shows: the measurement kind, the section and the words for its total. */
    private record Breakdown(String kind, String id, String title, String chartTitle, String total, String note) {
    }

    private static void breakdown(Page page, List<RunRecord> runs, List<String> runNames, Breakdown b) {
        List<String> groups = new ArrayList<>();
        Set<String> segments = new LinkedHashSet<>();
        List<Map<String, ResultMeasurement>> segmentMaps = new ArrayList<>();
        List<ResultMeasurement> cycles = new ArrayList<>();
        for (int r = 0; r < runs.size(); r++) {
            Map<String, Map<String, ResultMeasurement>> byGroup = new LinkedHashMap<>();
            Map<String, ResultMeasurement> cycleByGroup = new LinkedHashMap<>();
            for (MeasurementRecord rec : runs.get(r).measurements()) {
                ResultMeasurement m = rec.figures();
                if (!b.kind().equals(m.kind()) || !m.timed()) {
                    continue;
                }
                String group = (runNames.get(r).isEmpty() ? "" : runNames.get(r) + ": ") + Objects.toString(m.metric(), "path") + " @ "
                        + m.element() + (m.payloadBytes() == null ? "" : " " + Units.bytes(m.payloadBytes()));
                if (m.segment() == null) {
                    cycleByGroup.putIfAbsent(group, m);
                    byGroup.computeIfAbsent(group, k -> new LinkedHashMap<>());
                } else {
                    segments.add(m.segment());
                    byGroup.computeIfAbsent(group, k -> new LinkedHashMap<>()).putIfAbsent(m.segment(), m);
                }
            }
            for (Map.Entry<String, Map<String, ResultMeasurement>> e : byGroup.entrySet()) {
                if (e.getValue().isEmpty()) {
                    continue;
                }
                groups.add(e.getKey());
                segmentMaps.add(e.getValue());
                cycles.add(cycleByGroup.get(e.getKey()));
            }
        }
        if (groups.isEmpty()) {
            return;
        }
        page.section(b.id(), b.title());
        List<String> segs = new ArrayList<>(segments);
        Map<String, double[]> values = new LinkedHashMap<>();
        for (String s : segs) {
            double[] v = new double[groups.size()];
            for (int g = 0; g < groups.size(); g++) {
                ResultMeasurement m = segmentMaps.get(g).get(s);
                v[g] = m == null || m.mean() == null ? Double.NaN : Units.micros(m.mean(), m.unit());
            }
            values.put(s, v);
        }
        double[] cycleValues = new double[groups.size()];
        for (int g = 0; g < groups.size(); g++) {
            ResultMeasurement c = cycles.get(g);
            cycleValues[g] = c == null || c.mean() == null ? Double.NaN : Units.micros(c.mean(), c.unit());
        }
        page.chart(b.id(), ChartOptions.stacked(b.chartTitle(), groups, segs, values, cycleValues));
        List<String> headers = new ArrayList<>(List.of("path", b.total()));
        headers.addAll(segs);
        headers.add("segments vs " + b.total());
        List<List<String>> rows = new ArrayList<>();
        for (int g = 0; g < groups.size(); g++) {
            List<String> row = new ArrayList<>();
            row.add(Html.esc(groups.get(g)));
            row.add(meanMedian(cycles.get(g)));
            for (String s : segs) {
                row.add(meanMedian(segmentMaps.get(g).get(s)));
            }
            ResultMeasurement c = cycles.get(g);
            row.add(c == null || c.segmentSumError() == null ? "" : "within " + Units.number(100 * c.segmentSumError()) + "%");
            rows.add(row);
        }
        page.html(Html.table(b.id(), headers, rows));
        page.note(b.note());
    }

    /**
     * One row per process: how it ended, and where it ran (host, kernel, CPUs). A run collapsed onto this host says so
     * on every host cell, since none of its processes ran where the model put it.
     */
    private static void processes(Page page, RunRecord run) {
        if (run.processes().isEmpty()) {
            return;
        }
        page.section("processes", "Processes");
        List<ProcessPlacements.Placement> placements = ProcessPlacements.of(run.environment());
        boolean collapsed = org.bgml.launcher.run.HostCheck.collapse(run.warnings()).isPresent();
        List<List<String>> rows = new ArrayList<>();
        for (ProcessRecord p : run.processes()) {
            ProcessPlacements.Placement at = ProcessPlacements.find(placements, p.name());
            String host = at == null || at.host() == null ? "" : Html.esc(at.host()) + (collapsed ? " (deployment collapsed onto this host)" : "");
            rows.add(List.of(Html.esc(p.name()), Html.esc(p.role()), p.exitCode() == null ? "" : p.exitCode().toString(),
                    p.signal() == 0 ? "" : Integer.toString(p.signal()), host, at == null ? "" : Html.esc(at.kernel()),
                    p.cpuAffinity().isEmpty() ? "" : Html.esc(p.cpuAffinity().toString()),
                    p.cpuObserved() == null ? "" : p.cpuObserved().toString(), p.problem() == null ? "ok" : Html.esc(p.problem()),
                    Html.esc(p.logPath())));
        }
        page.html(Html.table("processes", List.of("process", "role", "exit code", "signal", "host", "kernel", "CPUs allowed", "CPU seen",
                "outcome", "log"), rows));
    }

    static void environment(Page page, RunRecord r) {
        page.section("environment", "Environment");
        var e = r.environment();
        page.html(Html.keyValues(List.of(new String[] { "host", e.host() }, new String[] { "CPU", e.cpuModel() },
                new String[] { "kernel", e.kernel() }, new String[] { "compiler", e.compiler() },
                new String[] { "C++ standard", e.cplusplus() == null ? null : e.cplusplus().toString() },
                new String[] { "middleware", e.middlewareVersions() }, new String[] { "CPU placement", e.cpuPlacement() },
                new String[] { "tool version", e.toolVersion() }, new String[] { "model hash (SHA-256)", r.modelHash() },
                new String[] { "run folder", r.runDir() })));
        if (!r.settings().isEmpty()) {
            List<List<String>> rows = new ArrayList<>();
            for (Setting s : r.settings()) {
                rows.add(List.of(Html.esc(s.scope().isEmpty() ? "all processes" : s.scope()), Html.esc(s.option()), Html.esc(s.value())));
            }
            page.html("<h3>Configuration settings</h3>\n");
            page.html(Html.table("settings", List.of("scope", "option", "value"), rows));
        }
    }

    // ------------------------------------------------------------------ helpers

    /** Timed whole-call measurements with samples, each distinct distribution once (latency and jitter of one loop share one). */
    static List<ResultMeasurement> distributions(RunRecord run) {
        List<ResultMeasurement> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (MeasurementRecord r : run.measurements()) {
            ResultMeasurement m = r.figures();
            if (!m.timed() || m.segment() != null || m.n() == 0) {
                continue;
            }
            if (seen.add(r.process() + "|" + m.element() + "|" + m.operation() + "|" + m.payloadBytes() + "|" + m.n() + "|" + m.mean())) {
                out.add(m);
            }
        }
        return out;
    }

    static String name(ResultMeasurement m) {
        return (m.metric() == null ? m.kind() : m.metric()) + " @ " + m.label();
    }

    static String time(Number v, String unit) {
        if (v == null) {
            return "";
        }
        if (Units.isTime(unit)) {
            return Units.number(Units.micros(v.doubleValue(), unit)) + " µs";
        }
        String symbol = Units.symbol(unit);
        return Units.number(v.doubleValue()) + (symbol.isEmpty() ? "" : " " + symbol);
    }

    private static String meanMedian(ResultMeasurement m) {
        if (m == null || m.mean() == null) {
            return "";
        }
        return Units.number(Units.micros(m.mean(), m.unit())) + " / " + (m.p50() == null ? "-" : Units.number(Units.micros(m.p50(), m.unit())));
    }

    static String num(long n) {
        return String.format(java.util.Locale.ROOT, "%,d", n);
    }

    static String signed(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        return (v > 0 ? "+" : v < 0 ? "-" : "±") + Units.number(Math.abs(v));
    }
}
