package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.bgml.cli.Bgml;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** {@code bgml results | annotate | report | compare}: output, messages and exit codes. */
class ResultsCliTest {
    @TempDir
    Path temp;
    Path model;
    Path db;

    record Result(int code, String out, String err) {
    }

    static Result bgml(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Bgml(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @BeforeEach
    void storeTwoRuns() throws Exception {
        model = Files.copy(Repo.example("roundtrip.bgml"), temp.resolve("roundtrip.bgml"));
        db = temp.resolve("ws/.bgml/results.db");
        try (ResultsStore store = ResultsStore.open(db)) {
            store.record(Fixtures.run("20261121-093000-0001", model, "remote", ModelAnnotatorTest.roundTripResults(temp.resolve("r1"))));
            // the second run: TaoTao 10% slower, raw samples kept, so compare uses them
            long[] slower = Fixtures.samples(21, 2000, 16_000, 300);
            JsonObject m = Fixtures.measurement("latency", "TaoTaoLatency", "TaoTao", ModelAnnotatorTest.OP, 4L, null, slower);
            Fixtures.rawSamples(m, temp.resolve("r2"), "taotao.samples", slower);
            Path file = new Fixtures.ResultFileBuilder(temp.resolve("r2"), "remote/localhost/TaoTaoClientProcess", "omniorb").add(m)
                    .write("client.json");
            store.record(Fixtures.run("20261121-100000-0002", model, "remote", List.of(file)));
        }
    }

    @Test
    void resultsListsTheRunsAsTableCsvAndJson() {
        Result table = bgml("results", "--store", db.toString());
        assertEquals(0, table.code(), table.err());
        assertTrue(table.out().startsWith("ID  RUN"), table.out());
        assertTrue(table.out().contains("20261121-093000-0001") && table.out().contains("20261121-100000-0002"), table.out());

        Result last = bgml("results", "--store", db.toString(), "--last", "1", "--format", "csv");
        assertEquals(0, last.code());
        List<String> lines = last.out().lines().toList();
        assertEquals("id,run_id,started_at,ended_at,model_name,model_path,target,deployment,configuration,status,measurements,failure", lines.get(0));
        assertEquals(2, lines.size());
        assertTrue(lines.get(1).startsWith("2,20261121-100000-0002,"), lines.get(1));

        Result json = bgml("results", "--store", db.toString(), "--model", model.toString(), "--format", "json");
        JsonArray runs = JsonParser.parseString(json.out()).getAsJsonArray();
        assertEquals(2, runs.size());
        assertEquals("RoundTrip", runs.get(0).getAsJsonObject().get("modelName").getAsString());

        Result one = bgml("results", "--store", db.toString(), "--run", "20261121-0930", "--format", "json");
        JsonObject run = JsonParser.parseString(one.out()).getAsJsonObject();
        assertEquals(6, run.getAsJsonArray("measurements").size());

        Result measurements = bgml("results", "--store", db.toString(), "--run", "1");
        assertEquals(0, measurements.code());
        assertTrue(measurements.out().contains("TaoTaoLatency") && measurements.out().contains(" µs"), measurements.out());
    }

    @Test
    void resultsExplainsAMissingStoreAndBadArguments() {
        Path none = temp.resolve("nowhere/results.db");
        Result missing = bgml("results", "--store", none.toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().startsWith("bgml results: no results store at " + none), missing.err());
        assertTrue(missing.err().contains("--store PATH"), missing.err());
        assertFalse(Files.exists(none));

        Result badLast = bgml("results", "--store", db.toString(), "--last", "zero");
        assertEquals(2, badLast.code());
        assertTrue(badLast.err().contains("--last needs a positive number, got 'zero'"), badLast.err());
        assertTrue(badLast.err().contains("usage: bgml results"), badLast.err());

        Result badFormat = bgml("results", "--store", db.toString(), "--format", "xml");
        assertEquals(2, badFormat.code());
        assertTrue(badFormat.err().contains("--format must be one of table, csv, json"), badFormat.err());

        Result unknown = bgml("results", "--store", db.toString(), "--run", "42");
        assertEquals(2, unknown.code());
        assertTrue(unknown.err().contains("no run '42' in"), unknown.err());
    }

    @Test
    void annotateWritesTheModelAndReportsVerdicts() throws Exception {
        Result r = bgml("annotate", model.toString(), "--run", "20261121-093000-0001", "--store", db.toString());
        assertEquals(1, r.code(), "a broken requirement: exit 1\n" + r.out() + r.err());
        assertTrue(r.out().contains("requirements: 1 passed, 1 failed"), r.out());
        assertTrue(r.out().contains("CiaoCiao test_method 4 B: p99"), r.out());
        assertTrue(r.err().contains("warning: element OldConnection is not in the model"), r.err());
        assertEquals(1, ModelFiles.loadModel(model).getResults().size());

        Result ok = bgml("annotate", model.toString(), "--run", "2", "--store", db.toString(), "--keep", "1");
        assertEquals(0, ok.code(), ok.out() + ok.err());
        assertTrue(ok.out().contains("requirements: 1 passed, 0 failed"), ok.out());
        assertTrue(ok.out().contains("pruned 1 older result set"), ok.out());
        assertEquals(1, ModelFiles.loadModel(model).getResults().size());

        Result noRun = bgml("annotate", model.toString(), "--store", db.toString());
        assertEquals(2, noRun.code());
        assertTrue(noRun.err().contains("--run is required"), noRun.err());

        Path broken = Files.writeString(temp.resolve("broken.bgml"), Files.readString(model).substring(0, 400));
        String before = Files.readString(broken);
        Result unusable = bgml("annotate", broken.toString(), "--run", "1", "--store", db.toString());
        assertEquals(2, unusable.code());
        assertTrue(unusable.err().startsWith(broken.toString() + ":"), unusable.err());
        assertEquals(before, Files.readString(broken), "an unusable model is left alone");
    }

    @Test
    void reportWritesHtmlAndRefusesWrongArguments() throws Exception {
        Path out = temp.resolve("reports/run1.html");
        Result r = bgml("report", "--run", "1", "--out", out.toString(), "--store", db.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("wrote " + out, r.out().trim());
        String html = Files.readString(out);
        assertTrue(html.contains("<div class=\"chart histogram\""), "histograms");
        assertTrue(html.contains("Requirements: 1 passed, 1 failed."), "the model was found from the run's model path");

        Path cmp = temp.resolve("cmp.html");
        Result c = bgml("report", "--compare", "1", "2", "--out", cmp.toString(), "--store", db.toString());
        assertEquals(0, c.code(), c.err());
        assertTrue(Files.readString(cmp).contains("BGML comparison: run 1 vs run 2"));

        Result one = bgml("report", "--compare", "1", "--store", db.toString());
        assertEquals(2, one.code());
        assertTrue(one.err().contains("--compare needs at least two run ids, got 1"), one.err());
        Result neither = bgml("report", "--store", db.toString());
        assertEquals(2, neither.code());
        assertTrue(neither.err().contains("give --run ID for a run report or --compare ID ID..."), neither.err());
        Result folder = bgml("report", "--run", "1", "--out", temp.toString(), "--store", db.toString());
        assertEquals(2, folder.code());
        assertTrue(folder.err().contains("is a folder"), folder.err());
    }

    @Test
    void compareSaysWhichTestItUsedAndPrintsPValues() {
        Result r = bgml("compare", "1", "2", "--store", db.toString());
        assertEquals(0, r.code(), r.err());
        String line = r.out().lines().filter(l -> l.startsWith("TaoTaoLatency @ TaoTao")).findFirst().orElseThrow(() -> new AssertionError(r.out()));
        assertTrue(line.contains("rank-sum, raw"), "both runs kept raw samples: " + line);
        assertTrue(line.matches(".*\\+1\\.\\d+ .*"), "about +1.5 µs: " + line);
        assertTrue(r.out().contains("Mann-Whitney U (Wilcoxon rank-sum)"), r.out());
        assertTrue(r.out().contains("only in the baseline: CiaoCiaoLatency"), r.out());

        Result one = bgml("compare", "1", "--store", db.toString());
        assertEquals(2, one.code());
        assertTrue(one.err().contains("compare needs at least two runs"), one.err());
    }

    @Test
    void compareFallsBackToHistogramsAndSaysSo() throws Exception {
        try (ResultsStore store = ResultsStore.open(db)) {
            long[] other = Fixtures.samples(31, 2000, 14_550, 300);
            Path file = new Fixtures.ResultFileBuilder(temp.resolve("r3"), "remote/localhost/TaoTaoClientProcess", "omniorb")
                    .add(Fixtures.measurement("latency", "TaoTaoLatency", "TaoTao", ModelAnnotatorTest.OP, 4L, null, other)).write("c.json");
            RunRecord run = Fixtures.run("20261121-110000-0003", model, "remote", List.of(file));
            store.record(run);
        }
        Result r = bgml("compare", "1", "3", "--store", db.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("rank-sum, histogram"), r.out());
        assertTrue(r.out().contains("histogram-expanded samples because the other run kept no raw samples"), r.out());
        assertTrue(r.out().contains("'histogram': on samples expanded from the stored histograms"), r.out());
    }
}
