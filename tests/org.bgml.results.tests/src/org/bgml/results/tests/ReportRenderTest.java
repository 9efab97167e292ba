package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Reports opened in a real browser: Debian's headless Chromium loads the HTML file (no network: the plotting library
 * is inlined) and dumps the DOM after its scripts ran. Every plot container must hold a rendered SVG, and the page's
 * render status must count every plot with no error. Without Chromium the test fails and says what to install.
 */
class ReportRenderTest {
    static final String OP = ModelAnnotatorTest.OP;
    static final String[] SEGMENTS = { "marshal", "send", "wait", "receive", "dispatch", "demarshal", "algorithm" };
    static final double[] SEGMENT_US = { 12, 5, 50, 7, 4, 0.4, 0.3 };

    @TempDir
    Path temp;

    /** A run with every section: scenarios, histograms, a payload sweep with a knee, white-box segments, throughput, warnings. */
    private RunRecord richRun(String runId, double slowdown) throws IOException {
        Path dir = temp.resolve("runs/" + runId);
        List<Path> files = new ArrayList<>(ModelAnnotatorTest.roundTripResults(dir));
        Fixtures.ResultFileBuilder sweep = new Fixtures.ResultFileBuilder(dir, "remote/localhost/TaoTaoClientProcess", "omniorb").affinity(0, 1);
        long[] sizes = ReportRulesTest.SIZES;
        for (int i = 0; i < sizes.length; i++) {
            double us = (sizes[i] < 8192 ? 14.6 : 24.0 + sizes[i] / 4096.0) * slowdown;
            sweep.add(Fixtures.measurement("payloadSweep", "TaoTaoSweep", "TaoTao", OP, sizes[i], null,
                    Fixtures.samples(100 + i, 400, us * 1000, 200)));
        }
        sweep.add(Fixtures.measurement("latency", "CiaoTaoLatency", "CiaoTao", OP, 4L, null, Fixtures.bimodal(3, 4000, 13_600, 50_000, 0.6)));
        sweep.add(Fixtures.throughputOnly("TaoTaoThroughput", "TaoTao", OP, 200_000, (long) (3e9 * slowdown)));
        sweep.add(Fixtures.throughputOnly("CiaoCiaoThroughput", "CiaoCiao", OP, 180_000, (long) (3e9 * slowdown)));
        files.add(sweep.write("sweep.json"));
        Fixtures.ResultFileBuilder whiteBox = new Fixtures.ResultFileBuilder(dir, "remote/localhost/TaoCiaoClientProcess", "omniorb");
        double cycle = 0;
        for (int s = 0; s < SEGMENTS.length; s++) {
            whiteBox.add(Fixtures.measurement("functionalPath", "TaoCiaoPath", "TaoCiao", OP, null, SEGMENTS[s],
                    Fixtures.samples(200 + s, 1000, SEGMENT_US[s] * 1000 * slowdown, 30)));
            cycle += SEGMENT_US[s];
        }
        JsonObject whole = Fixtures.measurement("functionalPath", "TaoCiaoPath", "TaoCiao", OP, null, null,
                Fixtures.samples(300, 1000, cycle * 1000 * 1.01 * slowdown, 500));
        whole.addProperty("segmentSumError", 0.0099);
        files.add(whiteBox.add(whole).write("whitebox.json"));
        return Fixtures.run(runId, temp.resolve("roundtrip.bgml"), "remote", files);
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyPlotOfARunReportAndAComparisonRendersInChromium() throws Exception {
        Path modelFile = Files.copy(Repo.example("roundtrip.bgml"), temp.resolve("roundtrip.bgml"));
        BenchmarkModel model = ModelFiles.loadModel(modelFile);
        StoredRun first;
        StoredRun second;
        try (ResultsStore store = ResultsStore.open(temp.resolve("results.db"))) {
            first = store.run(store.record(richRun("20261121-093000-0001", 1.0))).orElseThrow();
            second = store.run(store.record(richRun("20261121-100000-0002", 1.1))).orElseThrow();
        }
        ReportWriter writer = new ReportWriter();
        Path runReport = writer.writeRun(first, model, temp.resolve("out/run.html"));
        Path comparison = writer.writeComparison(List.of(first, second), model, temp.resolve("out/compare.html"));

        String html = Files.readString(runReport);
        assertTrue(html.contains("Bimodal distribution: CiaoTao test_method 4 B has two modes"), "bimodality warning");
        assertTrue(html.contains("Processes not pinned: remote/localhost/TaoTaoClientProcess (CPUs 0,1)"), "pinning warning");
        assertTrue(html.contains("knee 8 KiB"), "the sweep's knee is marked");
        assertTrue(html.contains("Requirements: 4 passed, 1 failed."), "requirement summary: three latencies and two throughputs judged");
        assertTrue(html.contains("<h2 id=\"scenarios\">"), "scenario comparison");
        assertTrue(html.contains("<h2 id=\"whitebox\">"), "white-box breakdown");
        assertTrue(html.contains("<h2 id=\"environment\">"), "environment block");
        assertTrue(!html.contains("src=\"http") && !html.contains("<link "), "self-contained: nothing loaded from elsewhere");

        checkRendered(runReport, List.of("histogram", "cdf", "throughput", "sweep", "scenario", "whitebox"));
        checkRendered(comparison, List.of("comparison", "cdf", "sweep", "whitebox"));
        String cmp = Files.readString(comparison);
        assertTrue(cmp.contains("Mann-Whitney U"), "the comparison names its test");
    }

    static void checkRendered(Path report, List<String> expectedKinds) throws Exception {
        String dom = dumpDom(report);
        Matcher status = Pattern.compile("<pre id=\"bgml-render-status\"[^>]*>([^<]*)</pre>").matcher(dom);
        assertTrue(status.find(), "no render status in the DOM of " + report);
        JsonObject s = JsonParser.parseString(status.group(1).replace("&quot;", "\"")).getAsJsonObject();
        int charts = s.get("charts").getAsInt();
        assertTrue(charts >= expectedKinds.size(), "too few plots: " + s);
        assertEquals(charts, s.get("rendered").getAsInt(), "every plot rendered: " + s);
        assertEquals(0, s.getAsJsonArray("errors").size(), "render errors: " + s);
        assertTrue(s.has("echarts"), "the plotting library ran: " + s);

        Matcher container = Pattern.compile("<div class=\"chart (\\w+)\" id=\"(chart-\\d+)\"").matcher(dom);
        List<Integer> starts = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        while (container.find()) {
            starts.add(container.start());
            kinds.add(container.group(1));
            ids.add(container.group(2));
        }
        assertEquals(charts, starts.size(), "every plot has its container");
        for (int i = 0; i < starts.size(); i++) {
            String body = dom.substring(starts.get(i), i + 1 < starts.size() ? starts.get(i + 1) : dom.length());
            assertTrue(body.contains("data-rendered=\"true\""), ids.get(i) + " (" + kinds.get(i) + ") was not rendered");
            assertTrue(body.contains("<svg"), ids.get(i) + " (" + kinds.get(i) + ") holds no <svg>");
            assertTrue(Pattern.compile("<path [^>]*d=\"M").matcher(body).find(), ids.get(i) + " (" + kinds.get(i) + ") draws nothing");
        }
        for (String kind : expectedKinds) {
            assertTrue(kinds.contains(kind), "no " + kind + " plot in " + report.getFileName() + ": " + kinds);
        }
    }

    /** The DOM of {@code page} after its scripts ran, from headless Chromium. */
    static String dumpDom(Path page) throws Exception {
        Path chromium = chromium();
        Path profile = Files.createTempDirectory("bgml-chromium");
        Path stderr = Files.createTempFile("bgml-chromium", ".log");
        try {
            Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                    "--user-data-dir=" + profile, "--window-size=1280,2000", "--virtual-time-budget=10000", "--dump-dom",
                    page.toUri().toString()).redirectError(stderr.toFile()).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("headless Chromium did not finish within 120 s on " + page);
            }
            String dom = new String(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0 || dom.isBlank()) {
                fail("headless Chromium failed (exit " + p.exitValue() + ") on " + page + ":\n" + tail(stderr));
            }
            return dom;
        } finally {
            deleteTree(profile);
            Files.deleteIfExists(stderr);
        }
    }

    static Path chromium() {
        String configured = System.getenv("BGML_CHROMIUM");
        List<Path> candidates = new ArrayList<>();
        if (configured != null) {
            candidates.add(Path.of(configured));
        }
        candidates.add(Path.of("/usr/bin/chromium"));
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty()) {
                candidates.add(Path.of(dir, "chromium"));
            }
        }
        for (Path c : candidates) {
            if (Files.isExecutable(c)) {
                return c;
            }
        }
        fail("headless Chromium is needed to check that report plots render, but no chromium was found (/usr/bin/chromium or PATH;"
                + " BGML_CHROMIUM may name it): install Debian's chromium package (scripts/setup.sh does)");
        return null;
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
