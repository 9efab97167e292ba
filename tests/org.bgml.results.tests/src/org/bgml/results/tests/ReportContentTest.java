package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import com.google.gson.JsonObject;

import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a report says about a failed run, and that text from logs cannot inject markup. */
class ReportContentTest {
    @TempDir
    Path temp;

    @Test
    void aFailedRunShowsWhyWithTheLogTailEscaped() throws Exception {
        RunOutcome outcome = new RunOutcome("server was killed by signal 11 (SIGSEGV) while the benchmark was running",
                List.of(new ProcessOutcome("server", "server", 139, "was killed by signal 11 (SIGSEGV) while the benchmark was running",
                        temp.resolve("server.log"), List.of("call 999 ok", "<script>alert('x')</script> & more"))),
                temp, 1_000_000L);
        RunRecord run = RunRecord.builder("20261121-093000-fa11").target("omniorb").deployment("remote").outcome(outcome).build();
        StoredRun stored;
        try (ResultsStore store = ResultsStore.open(temp.resolve("results.db"))) {
            stored = store.run(store.record(run)).orElseThrow();
        }
        assertEquals(11, stored.record().processes().get(0).signal());
        String html = new ReportWriter().runHtml(stored, null);
        assertTrue(html.contains("<strong>The run failed:</strong> server was killed by signal 11 (SIGSEGV)"), "the failure, in plain words");
        assertTrue(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more"), "log lines are escaped");
        assertFalse(html.contains("<script>alert("), "no markup from a log reaches the page");
        assertTrue(html.contains("No measurements were stored for this run."));
        assertTrue(html.contains("requirements are not judged"), "says that no model was given");
        assertTrue(html.contains("\"charts\":0") || html.contains("<script type=\"application/json\" id=\"bgml-charts\">[]</script>"),
                "no plots without measurements");
    }

    /**
     * An end-to-end path of an event chain is stored hop by hop and reported as a stacked breakdown next to the
     * white-box one; hops that do not add up to the total within 5% are a finding.
     */
    @Test
    void aPathIsStoredAndReportedHopByHop() throws Exception {
        String[] hops = { "Pulse", "Gps.refresh actions", "GpsReady" };
        double[] hopUs = { 60, 21, 55 };
        Path dir = temp.resolve("runs/path");
        Fixtures.ResultFileBuilder file = new Fixtures.ResultFileBuilder(dir, "remote/localhost/AirframeProcess", "omniorb");
        for (int h = 0; h < hops.length; h++) {
            file.add(Fixtures.measurement("pathLatency", "TickToAirframe", "Airframe/gpsReady", null, null, hops[h],
                    Fixtures.samples(300 + h, 500, hopUs[h] * 1000, 5_000)));
        }
        JsonObject total = Fixtures.measurement("pathLatency", "TickToAirframe", "Airframe/gpsReady", null, null, null,
                Fixtures.samples(310, 500, 148_000, 12_000));
        total.addProperty("segmentSumError", 0.08);
        file.add(total);
        RunRecord run = Fixtures.run("20261126-201000-c4a1", null, "remote", List.of(file.write("AirframeProcess.json")));
        StoredRun stored;
        try (ResultsStore store = ResultsStore.open(temp.resolve("results.db"))) {
            stored = store.run(store.record(run)).orElseThrow();
        }
        List<String> segments = stored.record().measurements().stream().map(MeasurementRecord::figures)
                .filter(m -> m.kind().equals("pathLatency")).map(m -> Objects.toString(m.segment(), "total")).toList();
        assertEquals(List.of("Pulse", "Gps.refresh actions", "GpsReady", "total"), segments, "every hop is stored, then the total");

        String html = new ReportWriter().runHtml(stored, null);
        assertTrue(html.contains("End-to-end paths, hop by hop"), "the path section");
        assertTrue(html.contains("segments vs end to end"), "the table compares the hops with the total");
        for (String hop : hops) {
            assertTrue(html.contains(hop), "hop " + hop + " in the breakdown");
        }
        assertTrue(html.contains("within 8%"), "the sum error of the path");
        assertTrue(html.contains("The hops of path"), "hops 8% off the total are a finding");
        assertFalse(html.contains("White-box breakdown"), "a path is not a white-box probe");
    }

    /**
     * A rate generator's missed deadlines (ace reports no distribution for them, only counts) are in the summary
     * next to its rate, so the late ticks are not lost when the table has no column of their own.
     */
    @Test
    void aRateGeneratorsLateTicksAreInTheSummary() throws Exception {
        Path dir = temp.resolve("runs/deadlines");
        Fixtures.ResultFileBuilder file = new Fixtures.ResultFileBuilder(dir, "remote/localhost/RateGenProcess", "ace");
        JsonObject deadlines = Fixtures.measurement("missedDeadlines", "TickDeadlines", "RateGen/pulse", null, null, null, new long[0]);
        deadlines.addProperty("calls", 700);
        deadlines.addProperty("wallNs", 7_012_186_236L);
        deadlines.addProperty("throughput", 99.8);
        deadlines.addProperty("rateHz", 100);
        deadlines.addProperty("missedDeadlines", 4);
        deadlines.addProperty("skippedPeriods", 2);
        file.add(deadlines);
        RunRecord run = Fixtures.run("20261127-054530-43fb", null, "remote", List.of(file.write("RateGenProcess.json")));
        StoredRun stored;
        try (ResultsStore store = ResultsStore.open(temp.resolve("results.db"))) {
            stored = store.run(store.record(run)).orElseThrow();
        }
        assertEquals("99.8/s, 4 of 700 late", stored.record().measurements().get(0).figures().rateText());
        String html = new ReportWriter().runHtml(stored, null);
        assertTrue(html.contains("99.8/s, 4 of 700 late"), "the late ticks beside the rate in the summary");
    }
}
