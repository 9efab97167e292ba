package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.run.RunOutcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.Gson;
import org.bgml.testing.ChildJvm;

/**
 * A process killed (SIGKILL) while it writes runs leaves only whole runs: a child JVM ({@link StoreWriter}) stores large
 * runs without pause; the test kills it at random moments, then checks the database's integrity and that every run
 * present has all its measurements, processes, settings and environment, and nothing belongs to a missing run.
 */
class KillDuringWriteTest {
    private static final int KILLS = 6;

    @TempDir
    Path temp;

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aWriterKilledAtAnyMomentLeavesOnlyWholeRuns() throws Exception {
        Path db = temp.resolve("killed/results.db");
        String classPath = ChildJvm.classPath(StoreWriter.class, ResultsStore.class, RunOutcome.class, org.sqlite.JDBC.class, Gson.class);
        Random random = new Random();
        int storedBefore = 0;
        for (int k = 0; k < KILLS; k++) {
            Process child = new ProcessBuilder(ChildJvm.java(), "-cp", classPath, StoreWriter.class.getName(), db.toString())
                    .redirectError(ProcessBuilder.Redirect.INHERIT).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            String first = out.readLine();
            assertTrue(first != null && first.startsWith("stored "), "the writer did not store a run: " + first);
            Thread.sleep(20 + random.nextInt(300));
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS), "the writer did not die");
            int runs = check(db);
            assertTrue(runs > storedBefore, "no run was stored by attempt " + k);
            storedBefore = runs;
        }
        try (ResultsStore store = ResultsStore.open(db)) {
            assertEquals(storedBefore, store.runs(null, 0).size(), "the store opens and lists every whole run");
        }
    }

    /** Checks integrity and wholeness; returns the number of runs. */
    private static int check(Path db) throws Exception {
        try (ResultsStore store = ResultsStore.open(db)) {
            // opening recovers the journal of the killed writer
        }
        try (Connection c = ResultsStoreTest.connect(db); Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("PRAGMA integrity_check")) {
                assertEquals("ok", r.getString(1));
            }
            for (String child : List.of("settings", "environment", "processes", "measurements")) {
                try (ResultSet r = s.executeQuery("SELECT count(*) FROM " + child + " WHERE run NOT IN (SELECT id FROM runs)")) {
                    assertEquals(0, r.getInt(1), "orphan rows in " + child);
                }
            }
            assertNone(s, "SELECT id FROM runs r WHERE (SELECT count(*) FROM measurements m WHERE m.run = r.id) <> " + StoreWriter.MEASUREMENTS,
                    "a run without all its measurements");
            assertNone(s, "SELECT id FROM runs r WHERE (SELECT count(*) FROM processes p WHERE p.run = r.id) <> " + StoreWriter.PROCESSES,
                    "a run without all its processes");
            assertNone(s, "SELECT id FROM runs r WHERE (SELECT count(*) FROM settings p WHERE p.run = r.id) <> " + StoreWriter.SETTINGS,
                    "a run without all its settings");
            assertNone(s, "SELECT id FROM runs r WHERE (SELECT count(*) FROM environment e WHERE e.run = r.id) <> 1",
                    "a run without its environment");
            try (ResultSet r = s.executeQuery("SELECT count(*) FROM runs")) {
                return r.getInt(1);
            }
        }
    }

    private static void assertNone(Statement s, String sql, String what) throws Exception {
        try (ResultSet r = s.executeQuery(sql)) {
            if (r.next()) {
                fail(what + ": run " + r.getLong(1));
            }
        }
    }
}
