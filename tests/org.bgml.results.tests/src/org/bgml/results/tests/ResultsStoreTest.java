package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.bgml.launcher.results.EnvironmentRecord;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.Migrations;
import org.bgml.launcher.results.ProcessRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.RunSummary;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/** The SQLite results store: round trip, schema migrations, transactions, and clear messages for unusable paths. */
class ResultsStoreTest {
    static final String[] TABLES = { "runs", "settings", "environment", "processes", "measurements" };

    @TempDir
    Path temp;

    /** A run with two processes (one failed), settings and three measurements, built as the pipeline builds it. */
    RunRecord sampleRun(String runId) throws Exception {
        Path dir = temp.resolve("run-" + runId);
        long[] samples = Fixtures.samples(7, 500, 14_000, 300);
        JsonObject latency = Fixtures.measurement("latency", "TaoTaoLatency", "TaoTao", "Test::RoundTrip::test_method", 4L, null, samples);
        Fixtures.rawSamples(latency, dir, "latency.samples", samples);
        Path client = new Fixtures.ResultFileBuilder(dir, "remote/localhost/TaoTaoClientProcess", "omniorb").add(latency)
                .add(Fixtures.measurement("jitter", "TaoTaoJitter", "TaoTao", "Test::RoundTrip::test_method", 4L, null, samples))
                .add(Fixtures.throughputOnly("TaoTaoThroughput", "TaoTao", "Test::RoundTrip::test_method", 50_000, 1_000_000_000L))
                .write("client.json");
        Path model = Files.copy(Repo.example("roundtrip.bgml"), temp.resolve("roundtrip-" + runId + ".bgml"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        RunOutcome outcome = new RunOutcome("TaoTaoServerProcess did not stop cleanly on SIGTERM: exited with code 3",
                List.of(new ProcessOutcome("TaoTaoServerProcess", "server", 3, "did not stop cleanly on SIGTERM: exited with code 3",
                        dir.resolve("logs/server.log"), List.of("starting", "ERROR: boom")),
                        new ProcessOutcome("TaoTaoClientProcess", "client", 0, null, dir.resolve("logs/client.log"), List.of())),
                dir, 2_000_000_000L);
        return RunRecord.builder(runId).model(model, "RoundTrip").target("omniorb").deployment("remote").configuration("omniorbLoopback")
                .setting("", "endPoint", "giop:tcp:127.0.0.1:").setting("TaoTaoServerProcess", "maxGIOPVersion", "1.2")
                .startedAt("2026-11-21T09:30:00Z").endedAt("2026-11-21T09:30:05Z").outcome(outcome).resultFile(client).build();
    }

    @Test
    void aRunComesBackAsItWasStored() throws Exception {
        RunRecord run = sampleRun("20261121-093000-ab12");
        Path db = temp.resolve("ws/.bgml/results.db");
        long id;
        try (ResultsStore store = ResultsStore.open(db)) {
            id = store.record(run);
        }
        assertTrue(Files.isRegularFile(db), "the store file and its folders are created");
        try (ResultsStore store = ResultsStore.openExisting(db)) {
            StoredRun back = store.run(id).orElseThrow();
            assertEquals(run, withoutIds(back.record()), "everything but the store's measurement ids round-trips");
            assertTrue(back.record().measurements().stream().allMatch(m -> m.id() > 0));
            assertEquals(run.measurements().size(), store.measurements(id).size());
            assertEquals(back, store.run("20261121-093000-ab12").orElseThrow(), "by run id");
            assertEquals(back, store.run("20261121-0930").orElseThrow(), "by an unambiguous start of the run id");
            assertEquals(back, store.run(Long.toString(id)).orElseThrow(), "by store id");
            assertTrue(store.run("nope").isEmpty());
            assertEquals("failed", back.record().status());
            ProcessRecord server = back.record().processes().get(0);
            assertEquals(List.of("starting", "ERROR: boom"), server.logTail());
            assertEquals(3, server.exitCode());
            ProcessRecord client = back.record().processes().get(1);
            assertEquals(List.of(0), client.cpuAffinity(), "the client's result file gave its CPU placement");
            assertNotNull(client.resultFile());
            EnvironmentRecord env = back.record().environment();
            assertEquals("testhost", env.host());
            assertTrue(env.cpuPlacement().contains("pinned to CPU 0"), env.cpuPlacement());
            assertEquals(64, back.record().modelHash().length(), "SHA-256 of the model file");
        }
    }

    @Test
    void listingsFilterByModelAndKeepTheLastRuns() throws Exception {
        Path db = temp.resolve("results.db");
        try (ResultsStore store = ResultsStore.open(db)) {
            for (int i = 0; i < 4; i++) {
                store.record(sampleRun("20261121-09300" + i + "-ab1" + i));
            }
            List<RunSummary> all = store.runs(null, 0);
            assertEquals(4, all.size());
            assertEquals("20261121-093003-ab13", all.get(3).runId(), "newest last");
            List<RunSummary> last2 = store.runs(null, 2);
            assertEquals(List.of("20261121-093002-ab12", "20261121-093003-ab13"), last2.stream().map(RunSummary::runId).toList());
            assertEquals(4, store.runs("RoundTrip", 0).size(), "by model name");
            assertEquals(1, store.runs(all.get(0).modelPath(), 0).size(), "by model path");
            assertEquals(0, store.runs("Other", 0).size());
            assertEquals(3, all.get(0).measurements());
            ResultsStoreException ambiguous = assertThrows(ResultsStoreException.class, () -> store.run("20261121"));
            assertTrue(ambiguous.getMessage().contains("matches 4 runs"), ambiguous.getMessage());
            ResultsStoreException twice = assertThrows(ResultsStoreException.class, () -> store.record(sampleRun("20261121-093000-ab10")));
            assertTrue(twice.getMessage().contains("a run with that id is already in"), twice.getMessage());
            assertEquals(4, store.runs(null, 0).size());
        }
    }

    @Test
    void anEmptyDatabaseIsMigratedToTheLatestSchema() throws Exception {
        Path db = Files.createFile(temp.resolve("empty.db"));
        try (ResultsStore store = ResultsStore.open(db)) {
            assertEquals(Migrations.latest(), store.schemaVersion());
        }
        try (Connection c = connect(db); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT version FROM schema_version ORDER BY version")) {
            List<Integer> versions = new ArrayList<>();
            while (r.next()) {
                versions.add(r.getInt(1));
            }
            assertEquals(Migrations.steps().stream().map(Migrations.Step::version).toList(), versions, "every step recorded once");
        }
    }

    @Test
    void aStoreOfTheFirstVersionIsUpgradedAndKeepsItsRuns() throws Exception {
        Path db = temp.resolve("v1.db");
        try (Connection c = connect(db)) {
            assertEquals(0, Migrations.migrate(c, 1, db.toString()));
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO runs (run_id, target, status, started_at) VALUES ('20250101-000000-0001', 'ace', 'ok', '2025-01-01T00:00:00Z')");
            }
            assertEquals(1, Migrations.versionOf(c));
        }
        try (ResultsStore store = ResultsStore.open(db)) {
            assertEquals(Migrations.latest(), store.schemaVersion());
            StoredRun old = store.run("20250101-000000-0001").orElseThrow();
            assertEquals("ace", old.record().target());
            assertEquals(null, old.record().experiment(), "the experiment link added by step 2 is empty for old runs");
        }
    }

    /** A store written before runs had warnings opens with its runs intact and warning-free; new runs keep theirs. */
    @Test
    void aStoreWithoutWarningsIsUpgradedAndRunsKeepTheirWarnings() throws Exception {
        Path db = temp.resolve("v3.db");
        try (Connection c = connect(db)) {
            assertEquals(0, Migrations.migrate(c, 3, db.toString()));
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO runs (run_id, target, configuration, status, started_at) "
                        + "VALUES ('20250101-000000-0003', 'tao', 'taoLoopback', 'ok', '2025-01-01T00:00:00Z')");
            }
        }
        String warning = "configuration 'omniorbLoopback' holds omniorb settings that the tao target ignores: endPoint";
        RunRecord warned = RunRecord.builder("20261121-093000-0004").target("tao").configuration("omniorbLoopback")
                .warning(warning).warning(" ").build();
        try (ResultsStore store = ResultsStore.open(db)) {
            assertEquals(Migrations.latest(), store.schemaVersion());
            RunRecord old = store.run("20250101-000000-0003").orElseThrow().record();
            assertEquals("taoLoopback", old.configuration());
            assertEquals(List.of(), old.warnings());
            store.record(warned);
            assertEquals(List.of(warning), store.run("20261121-093000-0004").orElseThrow().record().warnings(), "blank warnings are dropped");
        }
    }

    @Test
    void aNewerStoreIsRefusedWithBothVersionsNamed() throws Exception {
        Path db = temp.resolve("newer.db");
        try (ResultsStore store = ResultsStore.open(db)) {
            store.record(sampleRun("20261121-093000-cccc"));
        }
        try (Connection c = connect(db); Statement s = c.createStatement()) {
            s.execute("INSERT INTO schema_version (version, description, applied_at) VALUES (99, 'from the future', '2030-01-01T00:00:00Z')");
        }
        ResultsStoreException e = assertThrows(ResultsStoreException.class, () -> ResultsStore.openExisting(db));
        assertTrue(e.getMessage().contains("schema version 99") && e.getMessage().contains("(schema version " + Migrations.latest() + ")"),
                e.getMessage());
        assertTrue(e.getMessage().contains(db.toString()), e.getMessage());
    }

    @Test
    void aFailureHalfwayThroughARunLeavesNoTrace() throws Exception {
        Path db = temp.resolve("tx.db");
        RunRecord good = sampleRun("20261121-093000-dddd");
        // Injected failure: the fourth measurement breaks the schema's CHECK (n >= 0), after the run row, its settings,
        // environment, processes and three measurements have been inserted in the same transaction.
        List<MeasurementRecord> measurements = new ArrayList<>(good.measurements());
        ResultMeasurement f = good.measurements().get(0).figures();
        measurements.add(new MeasurementRecord("x", null, new ResultMeasurement(f.kind(), f.metric(), f.element(), f.operation(), f.segment(),
                f.unit(), f.payloadBytes(), null, null, null, -1, null, null, null, null, null, null, null, null, List.of(), null, null, null,
                null, null, null, null, null, null, null, null, null, null)));
        RunRecord broken = new RunRecord("20261121-093000-eeee", good.modelPath(), good.modelName(), good.modelHash(), good.target(),
                good.deployment(), good.configuration(), good.status(), good.failure(), good.startedAt(), good.endedAt(), good.toolVersion(),
                good.runDir(), good.measuringNanos(), null, null, good.settings(), good.environment(), good.processes(), measurements);
        try (ResultsStore store = ResultsStore.open(db)) {
            ResultsStoreException e = assertThrows(ResultsStoreException.class, () -> store.record(broken));
            assertTrue(e.getMessage().startsWith("the run 20261121-093000-eeee was not stored in " + db.toAbsolutePath()), e.getMessage());
            assertTrue(store.run("20261121-093000-eeee").isEmpty());
        }
        assertEquals(0, totalRows(db), "no half-written rows in any table");
        try (ResultsStore store = ResultsStore.open(db)) {
            store.record(good);
        }
        try (Connection c = connect(db)) {
            assertEquals(1, count(c, "runs"));
            assertEquals(3, count(c, "measurements"));
        }
    }

    @Test
    void anUnwritableStorePathGivesAClearMessage() throws Exception {
        Path file = Files.writeString(temp.resolve("plain.txt"), "not a folder");
        Path underFile = file.resolve("sub/results.db");
        ResultsStoreException e = assertThrows(ResultsStoreException.class, () -> ResultsStore.open(underFile));
        assertEquals("cannot create the results store " + underFile + ": " + file + " is a file, not a folder", e.getMessage());

        Path folder = Files.createDirectories(temp.resolve("folder.db"));
        e = assertThrows(ResultsStoreException.class, () -> ResultsStore.open(folder));
        assertTrue(e.getMessage().contains("it is a folder, not a file"), e.getMessage());

        Path notDb = Files.writeString(temp.resolve("notes.db"), "these are my notes, not a database ".repeat(100));
        e = assertThrows(ResultsStoreException.class, () -> ResultsStore.open(notDb));
        assertTrue(e.getMessage().contains(notDb.toString()) && e.getMessage().contains("not an SQLite database"), e.getMessage());
        assertEquals("these are my notes, not a database ".repeat(100), Files.readString(notDb), "the foreign file is untouched");

        e = assertThrows(ResultsStoreException.class, () -> ResultsStore.openExisting(temp.resolve("none.db")));
        assertTrue(e.getMessage().startsWith("no results store at " + temp.resolve("none.db")), e.getMessage());
        assertFalse(Files.exists(temp.resolve("none.db")), "a query never creates a store");

        Path readOnly = Files.createDirectories(temp.resolve("readonly"));
        assertTrue(readOnly.toFile().setWritable(false, false));
        try {
            if (!Files.isWritable(readOnly)) { // root may write anywhere; the checks above hold for every user
                e = assertThrows(ResultsStoreException.class, () -> ResultsStore.open(readOnly.resolve("results.db")));
                assertTrue(e.getMessage().contains("no permission to write in the folder " + readOnly), e.getMessage());
            }
        } finally {
            readOnly.toFile().setWritable(true, false);
        }
    }

    static RunRecord withoutIds(RunRecord r) {
        List<MeasurementRecord> ms = r.measurements().stream().map(m -> new MeasurementRecord(m.process(), m.probeCostNs(), m.figures())).toList();
        return new RunRecord(r.runId(), r.modelPath(), r.modelName(), r.modelHash(), r.target(), r.deployment(), r.configuration(), r.status(),
                r.failure(), r.startedAt(), r.endedAt(), r.toolVersion(), r.runDir(), r.measuringNanos(), r.experiment(), r.factorLevels(),
                r.settings(), r.environment(), r.processes(), ms);
    }

    static Connection connect(Path db) throws SQLException {
        return org.sqlite.JDBC.createConnection("jdbc:sqlite:" + db.toAbsolutePath(), new Properties());
    }

    static int count(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT count(*) FROM " + table)) {
            return r.getInt(1);
        }
    }

    static int totalRows(Path db) throws SQLException {
        try (Connection c = connect(db)) {
            int total = 0;
            for (String t : TABLES) {
                total += count(c, t);
            }
            return total;
        }
    }
}
