package org.bgml.launcher.results;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;

/**
 * The schema of the results store as numbered migration steps. A store records each step it has applied in
 * {@code schema_version}; opening a store applies the missing steps, all of them in one transaction, so a store is
 * always at one of these versions and never between two. A store newer than {@link #latest()} is refused.
 * <p>
 * Steps are never edited once released; a change to the schema is a new step at the end.
 */
public final class Migrations {
    /** One numbered step: SQL statements run in order. */
    public record Step(int version, String description, List<String> sql) {
    }

    private static final String BOOTSTRAP = """
            CREATE TABLE IF NOT EXISTS schema_version (
              version     INTEGER PRIMARY KEY,
              description TEXT NOT NULL,
              applied_at  TEXT NOT NULL
            )""";

    private static final List<Step> STEPS = List.of(
            new Step(1, "runs, settings, environment, processes and measurements", List.of("""
                    CREATE TABLE runs (
                      id            INTEGER PRIMARY KEY AUTOINCREMENT,
                      run_id        TEXT NOT NULL UNIQUE,
                      model_path    TEXT,
                      model_name    TEXT,
                      model_hash    TEXT,
                      target        TEXT NOT NULL,
                      deployment    TEXT,
                      configuration TEXT,
                      status        TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
                      failure       TEXT,
                      started_at    TEXT NOT NULL,
                      ended_at      TEXT,
                      tool_version  TEXT,
                      run_dir       TEXT,
                      measuring_ns  INTEGER CHECK (measuring_ns IS NULL OR measuring_ns >= 0),
                      CHECK (status = 'ok' OR failure IS NOT NULL)
                    )""", """
                    CREATE TABLE settings (
                      run    INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      scope  TEXT NOT NULL DEFAULT '',
                      option TEXT NOT NULL,
                      value  TEXT,
                      PRIMARY KEY (run, scope, option)
                    )""", """
                    CREATE TABLE environment (
                      run                 INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,
                      host                TEXT,
                      cpu_model           TEXT,
                      kernel              TEXT,
                      compiler            TEXT,
                      cplusplus           INTEGER,
                      middleware_versions TEXT,
                      cpu_placement       TEXT,
                      tool_version        TEXT
                    )""", """
                    CREATE TABLE processes (
                      id           INTEGER PRIMARY KEY,
                      run          INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      seq          INTEGER NOT NULL,
                      name         TEXT NOT NULL,
                      role         TEXT,
                      exit_code    INTEGER,
                      signal       INTEGER NOT NULL DEFAULT 0,
                      problem      TEXT,
                      log_tail     TEXT,
                      log_path     TEXT,
                      result_file  TEXT,
                      pid          INTEGER,
                      cpu_affinity TEXT,
                      cpu_observed INTEGER
                    )""", """
                    CREATE TABLE measurements (
                      id                     INTEGER PRIMARY KEY,
                      run                    INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      seq                    INTEGER NOT NULL,
                      process                TEXT,
                      metric                 TEXT,
                      element                TEXT NOT NULL,
                      kind                   TEXT NOT NULL,
                      operation              TEXT,
                      payload_bytes          INTEGER,
                      segment                TEXT,
                      unit                   TEXT NOT NULL,
                      threads                INTEGER,
                      warmup                 INTEGER,
                      dropped                INTEGER,
                      n                      INTEGER NOT NULL CHECK (n >= 0),
                      mean                   REAL,
                      stddev                 REAL,
                      min                    INTEGER,
                      max                    INTEGER,
                      p50                    INTEGER,
                      p90                    INTEGER,
                      p99                    INTEGER,
                      p999                   INTEGER,
                      calls                  INTEGER,
                      wall_ns                INTEGER,
                      throughput             REAL,
                      bytes_per_second       REAL,
                      rate_hz                REAL,
                      probe_cost_ns          REAL,
                      missed_deadlines       INTEGER,
                      skipped_periods        INTEGER,
                      segment_sum_error      REAL,
                      static_footprint_bytes INTEGER,
                      peak_resident_kib      INTEGER,
                      resident_kib           INTEGER,
                      value                  REAL,
                      raw_samples            TEXT,
                      histogram              TEXT NOT NULL DEFAULT '[]'
                    )""")),
            new Step(2, "experiment links (nullable until experiments are stored) and lookup indexes", List.of(
                    "ALTER TABLE runs ADD COLUMN experiment TEXT",
                    "ALTER TABLE runs ADD COLUMN factor_levels TEXT",
                    "CREATE INDEX runs_model ON runs(model_path)",
                    "CREATE INDEX runs_experiment ON runs(experiment)",
                    "CREATE INDEX processes_run ON processes(run, seq)",
                    "CREATE INDEX measurements_run ON measurements(run, seq)")),
            new Step(3, "experiments and the runs of each experiment's plan, by run index", List.of("""
                    CREATE TABLE experiments (
                      id           INTEGER PRIMARY KEY AUTOINCREMENT,
                      plan_key     TEXT NOT NULL UNIQUE,
                      name         TEXT NOT NULL,
                      model_path   TEXT,
                      model_name   TEXT,
                      design       TEXT NOT NULL,
                      seed         INTEGER,
                      repetitions  INTEGER NOT NULL CHECK (repetitions >= 1),
                      planned_runs INTEGER NOT NULL CHECK (planned_runs >= 1),
                      factors      TEXT NOT NULL,
                      created_at   TEXT NOT NULL
                    )""", """
                    CREATE TABLE experiment_runs (
                      experiment INTEGER NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,
                      run_index  INTEGER NOT NULL CHECK (run_index >= 0),
                      point      INTEGER NOT NULL CHECK (point >= 0),
                      repetition INTEGER NOT NULL CHECK (repetition >= 0),
                      run        INTEGER NOT NULL UNIQUE REFERENCES runs(id) ON DELETE CASCADE,
                      PRIMARY KEY (experiment, run_index)
                    )""")),
            new Step(4, "warnings of a run (e.g. settings of its configuration that its target ignores)", List.of("""
                    CREATE TABLE run_warnings (
                      run     INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      seq     INTEGER NOT NULL,
                      message TEXT NOT NULL,
                      PRIMARY KEY (run, seq)
                    )""")),
            new Step(6, "substitutions: how a measured part of the model ran otherwise than modelled (e.g. a split process)", List.of("""
                    CREATE TABLE measurement_substitutions (
                      run  INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                      seq  INTEGER NOT NULL,
                      text TEXT NOT NULL,
                      PRIMARY KEY (run, seq)
                    )""")),
            // Numbered after 6 so that a store already at version 6 still gets it.
            new Step(7, "clients together: each run's clients mode and start skew, each process's start line release, each"
                    + " measurement's measuring window (null for runs stored before)", List.of(
                    "ALTER TABLE runs ADD COLUMN clients TEXT CHECK (clients IS NULL OR clients IN ('together', 'oneAtATime'))",
                    "ALTER TABLE runs ADD COLUMN start_skew_ns INTEGER CHECK (start_skew_ns IS NULL OR start_skew_ns >= 0)",
                    "ALTER TABLE processes ADD COLUMN released_ns INTEGER",
                    "ALTER TABLE processes ADD COLUMN waited_ns INTEGER CHECK (waited_ns IS NULL OR waited_ns >= 0)",
                    "ALTER TABLE measurements ADD COLUMN window_begin_ns INTEGER",
                    "ALTER TABLE measurements ADD COLUMN window_end_ns INTEGER")));

    private Migrations() {
    }

    /** The schema version this code writes. */
    public static int latest() {
        return STEPS.get(STEPS.size() - 1).version();
    }

    public static List<Step> steps() {
        return STEPS;
    }

    /** The version a store is at: 0 for an empty database. */
    public static int versionOf(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet tables = s.executeQuery("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")) {
            if (tables.getInt(1) == 0) {
                return 0;
            }
        }
        try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT coalesce(max(version), 0) FROM schema_version")) {
            return r.getInt(1);
        }
    }

    /**
     * Brings the store to {@code target} (normally {@link #latest()}) in one transaction and returns the version it
     * was at. Refuses a store newer than this code, and a database that holds other tables but no schema version.
     *
     * @param describe how to name the store in messages
     */
    public static int migrate(Connection c, int target, String describe) throws SQLException, ResultsStoreException {
        int found = versionOf(c);
        if (found > latest()) {
            throw newer(found, describe);
        }
        if (found >= target && found > 0) {
            return found; // up to date: no write lock taken, so a read-only store can still be queried
        }
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            int current = versionOf(c);
            if (current > latest()) {
                throw newer(current, describe);
            }
            if (current == 0) {
                List<String> foreign = foreignTables(c);
                if (!foreign.isEmpty()) {
                    throw new ResultsStoreException(describe + " is an SQLite database but not a BGML results store (it has the tables "
                            + String.join(", ", foreign) + " and no schema_version)");
                }
            }
            if (current >= target) {
                c.rollback();
                return current;
            }
            try (Statement s = c.createStatement()) {
                s.execute(BOOTSTRAP);
                for (Step step : STEPS) {
                    if (step.version() > current && step.version() <= target) {
                        for (String sql : step.sql()) {
                            s.execute(sql);
                        }
                        try (var insert = c.prepareStatement("INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)")) {
                            insert.setInt(1, step.version());
                            insert.setString(2, step.description());
                            insert.setString(3, RunIds.iso(Instant.now()));
                            insert.executeUpdate();
                        }
                    }
                }
            }
            c.commit();
            return current;
        } catch (SQLException | ResultsStoreException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // the first failure is the one to report
            }
            throw e;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    private static ResultsStoreException newer(int version, String describe) {
        return new ResultsStoreException("the results store " + describe + " has schema version " + version
                + ", newer than this BGML Studio supports (schema version " + latest()
                + "); open it with a newer BGML Studio, or give another store with --store");
    }

    private static List<String> foreignTables(Connection c) throws SQLException {
        List<String> names = new java.util.ArrayList<>();
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")) {
            while (r.next()) {
                names.add(r.getString(1));
            }
        }
        return names;
    }
}
