package org.bgml.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.bgml.analysis.Analysis;
import org.bgml.analysis.AnalysisReport;
import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Factor;
import org.bgml.analysis.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The analysis report opened in a real browser, as the run reports are (org.bgml.results.tests ReportRenderTest):
 * Debian's headless Chromium loads the file with no network and dumps the DOM after its scripts ran; every plot must
 * hold a drawn SVG and the page's render status must count every plot with no error.
 */
class AnalysisReportRenderTest {
    @TempDir
    Path temp;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyPlotOfTheAnalysisReportRendersInChromium() throws Exception {
        List<Factor> factors = Synthetic.factors(6);
        ConfigurationTable t = Synthetic.table("reference", factors, Synthetic.fullFactorial(factors), 2, Synthetic::reference, 2, 4);
        Map<String, String> fixed = new LinkedHashMap<>();
        fixed.put("A", "hi");
        fixed.put("D", "lo");
        Analysis a = Analysis.of(t, new Analysis.Options(Response.LATENCY, fixed, 10, 1, false));
        Path report = AnalysisReport.write(a, temp.resolve("out/analysis.html"));
        String html = Files.readString(report);
        assertTrue(html.contains("<h2 id=\"main-effects\">") && html.contains("<h2 id=\"interaction\">") && html.contains("<h2 id=\"subset\">")
                && html.contains("<h2 id=\"worst\">"), "every section");
        assertTrue(html.contains("Step 1: A=hi B=* C=* D=* E=* F=*") && html.contains("Step 2: A=hi B=* C=* D=lo E=* F=*"), "both steps of the query");
        assertTrue(html.contains("Unset options that still matter for latency: B, C, D."), "step 1 names what still matters");
        assertTrue(html.contains("A × D: interaction F ="), "the strongest pair");
        assertTrue(html.contains("Rules that lead to the worst runs"), "tree rules");
        assertTrue(!html.contains("src=\"http") && !html.contains("<link "), "self-contained");
        checkRendered(report, List.of("maineffects", "interaction", "distribution", "treemap"));
    }

    static void checkRendered(Path report, List<String> expectedKinds) throws Exception {
        String dom = dumpDom(report);
        Matcher status = Pattern.compile("<pre id=\"bgml-render-status\"[^>]*>([^<]*)</pre>").matcher(dom);
        assertTrue(status.find(), "no render status in the DOM of " + report);
        JsonObject s = JsonParser.parseString(status.group(1).replace("&quot;", "\"")).getAsJsonObject();
        int charts = s.get("charts").getAsInt();
        assertEquals(charts, s.get("rendered").getAsInt(), "every plot rendered: " + s);
        assertEquals(0, s.getAsJsonArray("errors").size(), "render errors: " + s);
        Matcher container = Pattern.compile("<div class=\"chart (\\w+)\" id=\"(chart-\\d+)\"").matcher(dom);
        List<Integer> starts = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        while (container.find()) {
            starts.add(container.start());
            kinds.add(container.group(1));
        }
        assertEquals(charts, starts.size(), "every plot has its container");
        for (int i = 0; i < starts.size(); i++) {
            String body = dom.substring(starts.get(i), i + 1 < starts.size() ? starts.get(i + 1) : dom.length());
            assertTrue(body.contains("data-rendered=\"true\"") && body.contains("<svg"), kinds.get(i) + " plot " + (i + 1) + " was not rendered");
            assertTrue(Pattern.compile("<path [^>]*d=\"M").matcher(body).find(), kinds.get(i) + " plot " + (i + 1) + " draws nothing");
        }
        for (String kind : expectedKinds) {
            assertTrue(kinds.contains(kind), "no " + kind + " plot: " + kinds);
        }
        if (kinds.contains("treemap")) {
            String tm = dom.substring(starts.get(kinds.indexOf("treemap")));
            assertTrue(tm.contains("A = hi") || tm.contains("D = hi") || tm.contains("= hi"), "the treemap labels its tiles with option levels");
        }
    }

    /** The DOM of {@code page} after its scripts ran, from headless Chromium (BGML_CHROMIUM, /usr/bin/chromium or PATH). */
    static String dumpDom(Path page) throws Exception {
        Path chromium = null;
        List<Path> candidates = new ArrayList<>();
        if (System.getenv("BGML_CHROMIUM") != null) {
            candidates.add(Path.of(System.getenv("BGML_CHROMIUM")));
        }
        candidates.add(Path.of("/usr/bin/chromium"));
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty()) {
                candidates.add(Path.of(dir, "chromium"));
            }
        }
        for (Path c : candidates) {
            if (Files.isExecutable(c)) {
                chromium = c;
                break;
            }
        }
        if (chromium == null) {
            fail("headless Chromium is needed to check that report plots render, but none was found: install Debian's chromium (scripts/setup.sh does)");
        }
        Path profile = Files.createTempDirectory("bgml-chromium");
        Path stderr = Files.createTempFile("bgml-chromium", ".log");
        try {
            Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage", "--user-data-dir=" + profile,
                    "--window-size=1280,2000", "--virtual-time-budget=10000", "--dump-dom", page.toUri().toString()).redirectError(stderr.toFile()).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail("headless Chromium did not finish within 120 s on " + page);
            }
            String dom = new String(out, StandardCharsets.UTF_8);
            if (p.exitValue() != 0 || dom.isBlank()) {
                fail("headless Chromium failed (exit " + p.exitValue() + ") on " + page + ":\n" + Files.readString(stderr));
            }
            return dom;
        } finally {
            try (var walk = Files.walk(profile)) {
                for (Path x : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(x);
                }
            }
            Files.deleteIfExists(stderr);
        }
    }
}
