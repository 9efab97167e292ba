package org.bgml.launcher.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.ToolVersion;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;

/**
 * Writes self-contained HTML reports: one per run, and one per comparison of runs. A run report holds the summary with
 * requirement verdicts (when the model is given), latency histograms and CDF, the percentile table, throughput, the
 * payload sweep with its knee ({@link Knee}), the scenario comparison (overhead in µs and %), the white-box breakdown
 * per segment, the processes and the environment, and warns about bimodal distributions ({@link Bimodality}) and
 * unpinned processes ({@link Findings}). Plots are Apache ECharts, inlined from the bundle resource
 * {@value #ECHARTS_RESOURCE} (a build with only the charts and components the reports use, about half the full
 * library), so the file opens anywhere without a network. Files are written atomically.
 */
public final class ReportWriter {
    public static final String ECHARTS_RESOURCE = "/report-assets/echarts.bgml.js";
    private static volatile String echarts;

    /** Writes the report of one run to {@code out}; {@code model} (may be null) supplies the requirements. */
    public Path writeRun(StoredRun run, BenchmarkModel model, Path out) throws IOException {
        return write(RunReport.build(run, model), out);
    }

    /** Writes the comparison of two or more runs (the first is the baseline) to {@code out}. */
    public Path writeComparison(List<StoredRun> runs, BenchmarkModel model, Path out) throws IOException {
        return write(ComparisonReport.build(runs, model), out);
    }

    /**
     * Writes the comparison of one run per target to {@code out}: one table and one plot per metric.
     *
     * @param notRun the targets not run, each with the reason, for the report's warnings
     */
    public Path writeTargetComparison(TargetComparison comparison, List<String> notRun, Path out) throws IOException {
        return write(TargetComparisonReport.build(comparison, notRun), out);
    }

    /** The default file name of a comparison across targets: {@code targets-<id>-<id>...html}. */
    public static String defaultTargetComparisonName(List<StoredRun> runs) {
        StringBuilder b = new StringBuilder("targets");
        runs.forEach(r -> b.append('-').append(r.id()));
        return b.append(".html").toString();
    }

    /** The HTML of a run report. */
    public String runHtml(StoredRun run, BenchmarkModel model) throws IOException {
        return RunReport.build(run, model).render(echarts(), ToolVersion.current());
    }

    /** The HTML of a comparison report. */
    public String comparisonHtml(List<StoredRun> runs, BenchmarkModel model) throws IOException {
        return ComparisonReport.build(runs, model).render(echarts(), ToolVersion.current());
    }

    /** The default file name of a run's report: {@code report-<run id>.html}. */
    public static String defaultName(StoredRun run) {
        return "report-" + run.runId().replaceAll("[^A-Za-z0-9._-]", "_") + ".html";
    }

    /** The default file name of a comparison: {@code compare-<id>-<id>...html}. */
    public static String defaultComparisonName(List<StoredRun> runs) {
        StringBuilder b = new StringBuilder("compare");
        runs.forEach(r -> b.append('-').append(r.id()));
        return b.append(".html").toString();
    }

    private static Path write(Page page, Path out) throws IOException {
        String html = page.render(echarts(), ToolVersion.current());
        Path target = out.toAbsolutePath().normalize();
        ModelFiles.writeAtomically(target, html.getBytes(StandardCharsets.UTF_8));
        return target;
    }

    /** The plotting library, read once from the bundle. */
    public static String echarts() throws IOException {
        String js = echarts;
        if (js == null) {
            try (InputStream in = ReportWriter.class.getResourceAsStream(ECHARTS_RESOURCE)) {
                if (in == null) {
                    throw new IOException("the report plotting library " + ECHARTS_RESOURCE + " is missing from the launcher bundle;"
                            + " it is installed from npm when the bundle is built: install Node.js and npm, then rebuild");
                }
                js = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            echarts = js;
        }
        return js;
    }
}
