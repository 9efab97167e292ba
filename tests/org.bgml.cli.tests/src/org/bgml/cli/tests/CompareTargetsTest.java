package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.RunSummary;
import org.bgml.targets.Targets;
import org.bgml.testing.RepositoryRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bgml compare MODEL --targets omniorb,ace,fastdds --baseline ace}: one run per target, each stored, one table per
 * metric whose medians, p99s and ratios are those of the stored runs; the same tables again from the stored runs with
 * {@code --by-target}; a target that does not run here is named with its reason. The model is small (300 samples per
 * size), so the cost is the three builds.
 */
class CompareTargetsTest {
    private static final List<String> TARGETS = List.of("omniorb", "ace", "fastdds");

    @TempDir
    Path dir;

    @Test
    void oneRunPerTargetSideBySideWithRatiosToTheBaseline() throws Exception {
        Path model = dir.resolve("sweep-small.bgml");
        Files.copy(RepositoryRoot.get().resolve("tests/models/sweep-small.bgml"), model);
        String store = dir.resolve("results.db").toString();
        Path report = dir.resolve("targets.html");
        Cli.Result r = Cli.run("compare", model.toString(), "--targets", String.join(",", TARGETS), "--baseline", "ace", "--out",
                dir.resolve("out").toString(), "--store", store, "--report", report.toString());
        assertEquals(0, r.code(), r.toString());

        List<RunRecord> runs = stored();
        assertEquals(TARGETS, runs.stream().map(RunRecord::target).toList(), "one stored run per target, in the order given");
        runs.forEach(run -> assertTrue(run.ok(), run.target() + ": " + run.failure()));

        List<String> lines = r.outLines();
        assertTrue(lines.contains("SweepSmall across 3 target(s), baseline ace:"), r.toString());
        // the sweep: one row per payload size, every target's median and p99, and the ratios to ace's
        List<String> header = table(lines, "EchoSweep (payloadSweep), µs; ratios are each target's figure over ace's:");
        assertEquals(List.of("ELEMENT", "omniorb p50", "omniorb p99", "omniorb/ace p50", "omniorb/ace p99", "ace p50", "ace p99",
                "fastdds p50", "fastdds p99", "fastdds/ace p50", "fastdds/ace p99"), columns(header.get(0)), header.get(0));
        assertEquals(5, header.size(), "a header and 4 payload sizes:\n" + String.join("\n", header));
        long[] sizes = { 4, 32, 256, 2048 };
        for (int i = 0; i < sizes.length; i++) {
            String row = header.get(i + 1);
            ResultMeasurement ace = measurement(runs.get(1), "EchoSweep", sizes[i]);
            ResultMeasurement fastdds = measurement(runs.get(2), "EchoSweep", sizes[i]);
            List<String> cells = columns(row);
            assertEquals(11, cells.size(), row);
            assertEquals("Echo " + org.bgml.launcher.results.Units.bytes(sizes[i]), cells.get(0), row);
            assertEquals(org.bgml.launcher.results.Units.number(ace.p50() / 1000.0), cells.get(5), row);
            assertEquals(times(fastdds.p50() / (double) ace.p50()), cells.get(9), row);
            assertEquals(times(fastdds.p99() / (double) ace.p99()), cells.get(10), row);
        }
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  knee (where the latency-against-size slope changes): omniorb ")),
                r.toString());
        List<String> latency = table(lines, "EchoLatency (latency), µs; ratios are each target's figure over ace's:");
        assertEquals(2, latency.size(), String.join("\n", latency));

        String html = Files.readString(report);
        assertTrue(html.contains("EchoSweep (payloadSweep) across targets, against ace"), "the report has the sweep's table");
        assertTrue(html.contains("data-kind=\"sweep\"") && html.contains("data-kind=\"comparison\""),
                "a sweep plot and a bar plot of the round trip");

        // the same tables from the stored runs
        List<String> ids = runs.stream().map(RunRecord::runId).toList();
        List<String> args = new ArrayList<>(List.of("compare"));
        args.addAll(ids);
        args.addAll(List.of("--by-target", "--baseline", "ace", "--store", store));
        Cli.Result again = Cli.run(args.toArray(String[]::new));
        assertEquals(0, again.code(), again.toString());
        assertEquals(table(lines, "EchoSweep (payloadSweep), µs; ratios are each target's figure over ace's:"),
                table(again.outLines(), "EchoSweep (payloadSweep), µs; ratios are each target's figure over ace's:"));

        Cli.Result twice = Cli.run("compare", ids.get(0), ids.get(0), "--by-target", "--store", store);
        assertEquals(2, twice.code(), twice.toString());
        assertTrue(twice.err().contains("--by-target takes one run per target; two of the runs are omniorb"), twice.toString());

        // a registered target whose toolchain is missing here is named, with the reason, and the others still run
        Optional<TargetDescriptor> absent = Targets.all().stream().filter(t -> !t.runsHere()).findFirst();
        if (absent.isPresent()) {
            String id = absent.get().id();
            Cli.Result some = Cli.run("compare", model.toString(), "--targets", id + ",omniorb", "--out", dir.resolve("out").toString(),
                    "--store", store, "--report", dir.resolve("two.html").toString());
            assertEquals(0, some.code(), some.toString());
            assertTrue(some.errLines().stream().anyMatch(l -> l.startsWith("note: " + id + ": skipped, it does not run here: ")), some.toString());
            assertTrue(some.outLines().contains("  " + id + ": skipped, it does not run here: " + some.errLines().stream()
                    .filter(l -> l.startsWith("note: " + id + ": skipped, it does not run here: ")).findFirst().orElseThrow()
                    .substring(("note: " + id + ": skipped, it does not run here: ").length())), some.toString());
            assertTrue(some.outLines().contains("SweepSmall across 1 target(s), baseline omniorb:"), some.toString());
            assertEquals(TARGETS.size() + 1, stored().size());
        }
    }

    private static String times(double ratio) {
        return String.format(Locale.ROOT, "×%.2f", ratio);
    }

    /** The lines of the table under {@code title}: its header and rows, up to the next blank or indented line. */
    private static List<String> table(List<String> lines, String title) {
        int at = lines.indexOf(title);
        assertTrue(at >= 0, "no table '" + title + "' in:\n" + String.join("\n", lines));
        List<String> table = new ArrayList<>();
        for (int i = at + 1; i < lines.size() && !lines.get(i).isBlank() && !lines.get(i).startsWith(" "); i++) {
            table.add(lines.get(i));
        }
        return table;
    }

    /** A line's cells: separated by two or more spaces. */
    private static List<String> columns(String line) {
        return List.of(line.trim().split(" {2,}"));
    }

    private static ResultMeasurement measurement(RunRecord run, String metric, long payload) {
        ResultMeasurement found = run.measurements().stream().map(MeasurementRecord::figures)
                .filter(m -> metric.equals(m.metric()) && m.segment() == null && m.payloadBytes() != null && m.payloadBytes() == payload)
                .findFirst().orElse(null);
        assertNotNull(found, run.target() + " has no " + metric + " at " + payload + " B");
        return found;
    }

    private List<RunRecord> stored() throws Exception {
        try (ResultsStore store = ResultsStore.open(dir.resolve("results.db"))) {
            List<RunRecord> runs = new ArrayList<>();
            List<RunSummary> summaries = new ArrayList<>(store.runs(null, 100));
            summaries.sort(java.util.Comparator.comparingLong(RunSummary::id));
            for (RunSummary s : summaries) {
                runs.add(store.run(s.id()).orElseThrow().record());
            }
            return runs;
        }
    }
}
