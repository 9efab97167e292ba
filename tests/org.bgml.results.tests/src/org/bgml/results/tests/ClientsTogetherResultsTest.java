package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

import org.bgml.launcher.report.ClientTimeline;
import org.bgml.launcher.report.Html;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.Migrations;
import org.bgml.launcher.results.ProcessRecord;
import org.bgml.launcher.results.ResultFile;
import org.bgml.launcher.results.ResultFileException;
import org.bgml.launcher.results.ResultFileReader;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/**
 * Clients that ran together, from the result files to the store, the report and the CLI: each driver's release from
 * the start line, the measuring windows on one clock, the run's start skew, and the aggregate throughput of the
 * clients that share a server.
 */
class ClientsTogetherResultsTest {
    /** The release of the first client: 2026-11-26 on CLOCK_REALTIME, in ns. */
    static final long T = 1_795_700_000_000_000_000L;
    static final long MS = 1_000_000L;
    static final String OP = "ProxyTest::Cubit::cube_long";

    @TempDir
    Path temp;

    /**
     * The proxy pattern's three clients, released 0, 12 and 41 µs after T. Windows (ms after T): client 1 [0, 1000],
     * client 2 [200, 1400], client 3 [1600, 2000]; 50,000, 60,000 and 20,000 calls. Each also has a latency window.
     */
    private RunRecord proxyRun(String runId, String clients) throws Exception {
        Path dir = temp.resolve(runId);
        long[][] windows = { { 0, 1000 }, { 200, 1400 }, { 1600, 2000 } };
        long[] calls = { 50_000, 60_000, 20_000 };
        long[] released = { 0, 12_000, 41_000 };
        List<Path> files = new java.util.ArrayList<>();
        List<ProcessOutcome> processes = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int c = i + 1;
            long begin = T + windows[i][0] * MS;
            long end = T + windows[i][1] * MS;
            JsonObject throughput = Fixtures.window(Fixtures.throughputOnly("CallsPerSecond" + c, "ToProxy" + c, OP, calls[i], end - begin),
                    begin, end);
            JsonObject latency = Fixtures.window(Fixtures.measurement("latency", "EndToEnd" + c, "ToProxy" + c, OP, null, null,
                    Fixtures.samples(c, 200, 30_000, 500)), begin - 100 * MS, begin - 10 * MS);
            Fixtures.ResultFileBuilder file = new Fixtures.ResultFileBuilder(dir, "remote/localhost/Client" + c + "Process", "omniorb")
                    .add(latency).add(throughput);
            if (RunRecord.CLIENTS_TOGETHER.equals(clients)) {
                file.startLine(T + released[i], 800 * MS - released[i]);
            }
            files.add(file.write("client" + c + ".json"));
            processes.add(new ProcessOutcome("Client" + c + "Process", "client", 0, null, dir.resolve("client" + c + ".log"), List.of()));
        }
        RunOutcome outcome = new RunOutcome(null, processes, dir, 3_000 * MS, clients);
        return RunRecord.builder(runId).target("omniorb").deployment("remote").startedAt("2026-11-26T17:00:00Z").outcome(outcome)
                .resultFiles(files).build();
    }

    private BenchmarkModel proxyModel() throws Exception {
        return ModelFiles.loadModel(Repo.example("proxy-pattern.bgml"));
    }

    @Test
    void resultFilesGiveTheReleaseAndTheWindowsAndOlderFilesReadAsNull() throws Exception {
        JsonObject m = Fixtures.window(Fixtures.throughputOnly("CallsPerSecond1", "ToProxy1", OP, 1000, 5 * MS), T + 3 * MS, T + 8 * MS);
        Path with = new Fixtures.ResultFileBuilder(temp, "Client1Process", "omniorb").startLine(T, 250 * MS).add(m).write("with.json");
        ResultFile f = ResultFileReader.read(with);
        assertEquals(new ResultFile.StartLine(T, 250 * MS), f.startLine());
        assertEquals(T + 3 * MS, f.measurements().get(0).windowBeginNs());
        assertEquals(T + 8 * MS, f.measurements().get(0).windowEndNs());

        Path without = new Fixtures.ResultFileBuilder(temp, "Client1Process", "omniorb")
                .add(Fixtures.throughputOnly("CallsPerSecond1", "ToProxy1", OP, 1000, 5 * MS)).write("without.json");
        ResultFile old = ResultFileReader.read(without);
        assertNull(old.startLine(), "a file from before the start line");
        assertFalse(old.measurements().get(0).hasWindow());

        Path backwards = new Fixtures.ResultFileBuilder(temp, "Client1Process", "omniorb")
                .add(Fixtures.window(Fixtures.throughputOnly("CallsPerSecond1", "ToProxy1", OP, 1000, 5 * MS), T + 8 * MS, T + 3 * MS))
                .write("backwards.json");
        ResultFileException e = assertThrows(ResultFileException.class, () -> ResultFileReader.read(backwards));
        assertTrue(e.getMessage().contains("$.measurements[0]: the measuring window ends"), e.getMessage());

        String text = Files.readString(with).replace("\"releasedNs\": " + T, "\"releasedNs\": \"soon\"");
        Path bad = Files.writeString(temp.resolve("bad.json"), text);
        ResultFileException b = assertThrows(ResultFileException.class, () -> ResultFileReader.read(bad));
        assertTrue(b.getMessage().contains("$.startLine.releasedNs: expected a whole number"), b.getMessage());
    }

    @Test
    void aTogetherRunKeepsItsSkewReleasesAndWindowsInTheStore() throws Exception {
        RunRecord run = proxyRun("20261126-170000-0001", RunRecord.CLIENTS_TOGETHER);
        assertEquals(41_000L, run.startSkewNs(), "latest minus earliest release");
        assertEquals("clients together: 3 released within 41 µs", run.clientsDescription());
        try (ResultsStore store = ResultsStore.open(temp.resolve("results.db"))) {
            StoredRun back = store.run(store.record(run)).orElseThrow();
            assertEquals(run, withoutIds(back.record()), "everything but the store's measurement ids round-trips");
            RunRecord r = back.record();
            assertEquals(RunRecord.CLIENTS_TOGETHER, r.clients());
            assertEquals(41_000L, r.startSkewNs());
            ProcessRecord c3 = r.processes().get(2);
            assertEquals(T + 41_000, c3.releasedNs());
            assertEquals(800 * MS - 41_000, c3.waitedNs());
            ResultMeasurement m = r.measurements().get(1).figures();
            assertEquals(T, m.windowBeginNs());
            assertEquals(T + 1000 * MS, m.windowEndNs());
        }
    }

    @Test
    void oneAtATimeThereIsNoSkew() throws Exception {
        RunRecord run = proxyRun("20261126-170000-0002", RunRecord.CLIENTS_ONE_AT_A_TIME);
        assertNull(run.startSkewNs());
        assertEquals("clients one at a time", run.clientsDescription());
        assertTrue(run.processes().stream().allMatch(p -> p.releasedNs() == null));
    }

    /** A store written before step 7 (at version 6) opens with its runs intact; what it could not know reads as null. */
    @Test
    void aStoreFromBeforeOpensAndItsRunsKnowNothingOfTheStartLine() throws Exception {
        Path db = temp.resolve("v6.db");
        try (Connection c = ResultsStoreTest.connect(db)) {
            assertEquals(0, Migrations.migrate(c, 6, db.toString()));
            assertEquals(6, Migrations.versionOf(c));
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO runs (id, run_id, target, status, started_at) VALUES (1, '20250101-000000-0004', 'omniorb', 'ok', '2025-01-01T00:00:00Z')");
                s.execute("INSERT INTO processes (run, seq, name, role, exit_code) VALUES (1, 0, 'Client1Process', 'client', 0)");
                s.execute("INSERT INTO measurements (run, seq, process, element, kind, unit, n, calls, wall_ns, throughput) "
                        + "VALUES (1, 0, 'Client1Process', 'ToProxy1', 'throughput', 'ns', 0, 1000, 1000000000, 1000.0)");
            }
        }
        try (ResultsStore store = ResultsStore.open(db)) {
            assertEquals(Migrations.latest(), store.schemaVersion());
            RunRecord old = store.run("20250101-000000-0004").orElseThrow().record();
            assertNull(old.clients());
            assertNull(old.startSkewNs());
            assertNull(old.clientsDescription(), "nothing is claimed for an old run");
            assertNull(old.processes().get(0).releasedNs());
            assertNull(old.processes().get(0).waitedNs());
            ResultMeasurement m = old.measurements().get(0).figures();
            assertNull(m.windowBeginNs());
            assertNull(m.windowEndNs());
            assertEquals(1000.0, m.throughput());
            String html = new ReportWriter().runHtml(store.run(1).orElseThrow(), null);
            assertFalse(html.contains("id=\"timeline\""), "no timeline without windows");
        }
    }

    @Test
    void theAggregateIsTheGroupsCallsOverTheTimeItsWindowsCover() throws Exception {
        RunRecord run = proxyRun("20261126-170000-0003", RunRecord.CLIENTS_TOGETHER);
        List<ClientTimeline.Group> groups = ClientTimeline.groups(run, proxyModel());
        assertEquals(1, groups.size(), "the three connections lead to the one proxy: " + groups);
        ClientTimeline.Group proxy = groups.get(0);
        assertEquals("Proxy (front1, front2, front3)", proxy.name());
        assertEquals(3, proxy.members().size());
        assertEquals(130_000, proxy.calls());
        // union of [0, 1000], [200, 1400] and [1600, 2000] ms: [0, 1400] and [1600, 2000], 1800 ms
        assertEquals(1800 * MS, proxy.coveredNs());
        assertEquals(800 * MS, proxy.overlapNs(), "[200, 1000] has two windows open");
        assertEquals(130_000 / 1.8, proxy.aggregate(), 1e-6);
        assertEquals(50_000 + 50_000 + 50_000, proxy.sumOfRates(), 1e-6, "each client's own rate is 50,000/s");

        assertEquals(3, ClientTimeline.groups(run, null).size(), "without the model each connection is its own group");
    }

    @Test
    void theReportDrawsTheWindowsAndTheAggregateOfATogetherRun() throws Exception {
        RunRecord run = proxyRun("20261126-170000-0004", RunRecord.CLIENTS_TOGETHER);
        StoredRun stored;
        try (ResultsStore store = ResultsStore.open(temp.resolve("results.db"))) {
            stored = store.run(store.record(run)).orElseThrow();
        }
        String html = new ReportWriter().runHtml(stored, proxyModel());
        assertTrue(html.contains("id=\"timeline\""), "a section of measuring windows");
        assertTrue(html.contains("\"measuring window (ms)\""), "the timeline chart");
        assertTrue(html.contains("Clients together: 3 released within 41 µs."), "the skew");
        assertTrue(html.contains("Aggregate throughput per connection group"));
        assertTrue(html.contains("Proxy (front1, front2, front3)"));
        assertTrue(html.contains(Units.number(130_000 / 1.8) + "/s"), "the aggregate");
        assertTrue(html.contains(Html.esc(ClientTimeline.AGGREGATE_RULE)), "says how the aggregate is computed");
        // six windows (latency and throughput of three clients) on one axis: 0 ms is the first release
        assertEquals(6, ClientTimeline.windowed(stored.record()).size());
        assertEquals(T, ClientTimeline.originNs(stored.record()));
        assertTrue(html.contains("<td>" + Units.number(1600) + "</td><td>" + Units.number(2000) + "</td>"),
                "client 3's window, in ms after the release");
        Path page = Files.writeString(temp.resolve("together.html"), html);
        ReportRenderTest.checkRendered(page, List.of("timeline"));
    }

    @Test
    void theCliSaysHowTheClientsRan() throws Exception {
        Path db = temp.resolve("ws/.bgml/results.db");
        try (ResultsStore store = ResultsStore.open(db)) {
            store.record(proxyRun("20261126-170000-0005", RunRecord.CLIENTS_TOGETHER));
            store.record(proxyRun("20261126-170000-0006", RunRecord.CLIENTS_ONE_AT_A_TIME));
        }
        ResultsCliTest.Result together = ResultsCliTest.bgml("results", "--store", db.toString(), "--run", "20261126-170000-0005");
        assertEquals(0, together.code(), together.err());
        assertTrue(together.out().contains("clients together: 3 released within 41 µs"), together.out());
        ResultsCliTest.Result apart = ResultsCliTest.bgml("results", "--store", db.toString(), "--run", "20261126-170000-0006");
        assertTrue(apart.out().contains("clients one at a time"), apart.out());
        ResultsCliTest.Result json = ResultsCliTest.bgml("results", "--store", db.toString(), "--run", "20261126-170000-0005", "--format", "json");
        assertTrue(json.out().contains("\"startSkewNs\": 41000"), json.out());
        assertTrue(json.out().contains("\"windowBeginNs\": " + T), "windows in the JSON");
    }

    static RunRecord withoutIds(RunRecord r) {
        List<MeasurementRecord> ms = r.measurements().stream().map(m -> new MeasurementRecord(m.process(), m.probeCostNs(), m.figures())).toList();
        return new RunRecord(r.runId(), r.modelPath(), r.modelName(), r.modelHash(), r.target(), r.deployment(), r.configuration(), r.status(),
                r.failure(), r.startedAt(), r.endedAt(), r.toolVersion(), r.runDir(), r.measuringNanos(), r.experiment(), r.factorLevels(),
                r.settings(), r.environment(), r.processes(), ms, r.warnings(), r.clients(), r.startSkewNs());
    }
}
