package org.bgml.launcher.results;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;

/**
 * The results store: one SQLite file per workspace (default {@value #DEFAULT_LOCATION}), through the xerial
 * sqlite-jdbc driver. Every run is written in one transaction, so a crash or a failure halfway leaves no trace of
 * it. The schema comes from {@link Migrations}. Use with try-with-resources:
 *
 * <pre>
 * try (ResultsStore store = ResultsStore.open(ResultsStore.defaultLocation(workspace))) {
 *     long id = store.record(run);
 * }
 * </pre>
 *
 * Every failure is a {@link ResultsStoreException} whose message names the file and says what went wrong.
 */
public final class ResultsStore implements AutoCloseable {
    /** Where a workspace keeps its store, relative to the workspace root. */
    public static final String DEFAULT_LOCATION = ".bgml/results.db";
    private static final Gson GSON = new Gson();

    private final Path file;
    private final Connection connection;

    private ResultsStore(Path file, Connection connection) {
        this.file = file;
        this.connection = connection;
    }

    /** The default store of a workspace root (the current directory for the CLI). */
    public static Path defaultLocation(Path workspaceRoot) {
        return workspaceRoot.resolve(DEFAULT_LOCATION);
    }

    /** Opens the store at {@code file}, creating it and its folders if needed, and brings its schema up to date. */
    public static ResultsStore open(Path file) throws ResultsStoreException {
        Path target = file.toAbsolutePath().normalize();
        prepareLocation(target);
        return connect(target);
    }

    /** Opens a store that must already exist (for queries); never creates one. */
    public static ResultsStore openExisting(Path file) throws ResultsStoreException {
        Path target = file.toAbsolutePath().normalize();
        if (Files.isDirectory(target)) {
            throw new ResultsStoreException(target + " is a folder, not a results store file");
        }
        if (!Files.isRegularFile(target)) {
            throw new ResultsStoreException("no results store at " + target + " (nothing has been stored there yet)");
        }
        return connect(target);
    }

    public Path file() {
        return file;
    }

    /** The schema version of the open store. */
    public int schemaVersion() throws ResultsStoreException {
        try {
            return Migrations.versionOf(connection);
        } catch (SQLException e) {
            throw failure("cannot read the schema version of", e);
        }
    }

    // ------------------------------------------------------------------ writing

    /**
     * Stores one run with its settings, environment, processes and measurements, all in one transaction, and
     * returns its id. On any failure nothing of the run is kept.
     */
    public long record(RunRecord run) throws ResultsStoreException {
        return inTransaction(run, "the run " + run.runId() + " was not stored in", () -> insertWholeRun(run));
    }

    /** The body of a transaction over the store's connection. */
    @FunctionalInterface
    private interface Work<T> {
        T run() throws SQLException;
    }

    /**
     * Runs {@code work} in one transaction and commits it; on any failure rolls everything back and reports it as
     * {@code failure} (a run id that is already stored is said so plainly).
     */
    private <T> T inTransaction(RunRecord run, String failure, Work<T> work) throws ResultsStoreException {
        try {
            connection.setAutoCommit(false);
        } catch (SQLException e) {
            throw failure("cannot start a transaction on", e);
        }
        try {
            T result = work.run();
            connection.commit();
            return result;
        } catch (SQLException e) {
            rollback();
            if (e instanceof SQLiteException s && s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE
                    && String.valueOf(e.getMessage()).contains("runs.run_id")) {
                throw new ResultsStoreException("the run " + run.runId() + " was not stored: a run with that id is already in " + file);
            }
            throw failure(failure, e);
        } catch (RuntimeException e) {
            rollback();
            throw new ResultsStoreException("the run " + run.runId() + " was not stored in " + file + ": " + e, e);
        } finally {
            try {
                connection.setAutoCommit(true);
            } catch (SQLException ignored) {
                // the connection is unusable; close() reports nothing more useful
            }
        }
    }

    /** Inserts a run with its settings, environment, processes and measurements; returns its id. */
    private long insertWholeRun(RunRecord run) throws SQLException {
        long id = insertRun(run);
        insertSettings(id, run.settings());
        insertWarnings(id, run.warnings());
        insertEnvironment(id, run.environment());
        insertProcesses(id, run.processes());
        insertMeasurements(id, run.measurements());
        insertSubstitutions(id, run.measurements());
        return id;
    }

    /** The substitutions of a run's measurements, by the measurement's position in the run (schema step 6). */
    private void insertSubstitutions(long run, List<MeasurementRecord> measurements) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO measurement_substitutions (run, seq, text) VALUES (?, ?, ?)")) {
            for (int seq = 0; seq < measurements.size(); seq++) {
                String text = measurements.get(seq).substitution();
                if (text != null) {
                    s.setLong(1, run);
                    s.setInt(2, seq);
                    s.setString(3, text);
                    s.addBatch();
                }
            }
            s.executeBatch();
        }
    }

    private Map<Integer, String> substitutions(long run) throws SQLException {
        Map<Integer, String> out = new java.util.HashMap<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT seq, text FROM measurement_substitutions WHERE run = ?")) {
            s.setLong(1, run);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.put(r.getInt(1), r.getString(2));
                }
            }
        }
        return out;
    }

    private long insertRun(RunRecord r) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("""
                INSERT INTO runs (run_id, model_path, model_name, model_hash, target, deployment, configuration, status, failure,
                                  started_at, ended_at, tool_version, run_dir, measuring_ns, experiment, factor_levels, clients,
                                  start_skew_ns)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", Statement.RETURN_GENERATED_KEYS)) {
            int i = 0;
            s.setString(++i, r.runId());
            s.setString(++i, r.modelPath());
            s.setString(++i, r.modelName());
            s.setString(++i, r.modelHash());
            s.setString(++i, r.target());
            s.setString(++i, r.deployment());
            s.setString(++i, r.configuration());
            s.setString(++i, r.status());
            s.setString(++i, r.failure());
            s.setString(++i, r.startedAt());
            s.setString(++i, r.endedAt());
            s.setString(++i, r.toolVersion());
            s.setString(++i, r.runDir());
            setLong(s, ++i, r.measuringNanos());
            s.setString(++i, r.experiment());
            s.setString(++i, r.factorLevels().isEmpty() ? null : GSON.toJson(r.factorLevels()));
            s.setString(++i, r.clients());
            setLong(s, ++i, r.startSkewNs());
            s.executeUpdate();
            try (ResultSet keys = s.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    private void insertSettings(long run, List<Setting> settings) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("INSERT OR REPLACE INTO settings (run, scope, option, value) VALUES (?, ?, ?, ?)")) {
            for (Setting setting : settings) {
                s.setLong(1, run);
                s.setString(2, setting.scope());
                s.setString(3, setting.option());
                s.setString(4, setting.value());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private void insertWarnings(long run, List<String> warnings) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("INSERT INTO run_warnings (run, seq, message) VALUES (?, ?, ?)")) {
            for (int i = 0; i < warnings.size(); i++) {
                s.setLong(1, run);
                s.setInt(2, i);
                s.setString(3, warnings.get(i));
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private List<String> warnings(long run) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT message FROM run_warnings WHERE run = ? ORDER BY seq")) {
            s.setLong(1, run);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(r.getString(1));
                }
            }
        }
        return out;
    }

    private void insertEnvironment(long run, EnvironmentRecord e) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("""
                INSERT INTO environment (run, host, cpu_model, kernel, compiler, cplusplus, middleware_versions, cpu_placement, tool_version)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            s.setLong(1, run);
            s.setString(2, e.host());
            s.setString(3, e.cpuModel());
            s.setString(4, e.kernel());
            s.setString(5, e.compiler());
            setLong(s, 6, e.cplusplus() == null ? null : (long) e.cplusplus());
            s.setString(7, e.middlewareVersions());
            s.setString(8, e.cpuPlacement());
            s.setString(9, e.toolVersion());
            s.executeUpdate();
        }
    }

    private void insertProcesses(long run, List<ProcessRecord> processes) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("""
                INSERT INTO processes (run, seq, name, role, exit_code, signal, problem, log_tail, log_path, result_file, pid,
                                       cpu_affinity, cpu_observed, released_ns, waited_ns)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            int seq = 0;
            for (ProcessRecord p : processes) {
                int i = 0;
                s.setLong(++i, run);
                s.setInt(++i, seq++);
                s.setString(++i, p.name());
                s.setString(++i, p.role());
                setLong(s, ++i, p.exitCode() == null ? null : (long) p.exitCode());
                s.setInt(++i, p.signal());
                s.setString(++i, p.problem());
                s.setString(++i, p.logTail().isEmpty() ? null : String.join("\n", p.logTail()));
                s.setString(++i, p.logPath());
                s.setString(++i, p.resultFile());
                setLong(s, ++i, p.pid());
                s.setString(++i, p.cpuAffinity().isEmpty() ? null : GSON.toJson(p.cpuAffinity()));
                setLong(s, ++i, p.cpuObserved() == null ? null : (long) p.cpuObserved());
                setLong(s, ++i, p.releasedNs());
                setLong(s, ++i, p.waitedNs());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private void insertMeasurements(long run, List<MeasurementRecord> measurements) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("""
                INSERT INTO measurements (run, seq, process, metric, element, kind, operation, payload_bytes, segment, unit, threads,
                    warmup, dropped, n, mean, stddev, min, max, p50, p90, p99, p999, calls, wall_ns, throughput, bytes_per_second,
                    rate_hz, probe_cost_ns, missed_deadlines, skipped_periods, segment_sum_error, static_footprint_bytes,
                    peak_resident_kib, resident_kib, value, raw_samples, histogram, window_begin_ns, window_end_ns)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            int seq = 0;
            int pending = 0;
            for (MeasurementRecord record : measurements) {
                ResultMeasurement m = record.figures();
                int i = 0;
                s.setLong(++i, run);
                s.setInt(++i, seq++);
                s.setString(++i, record.process());
                s.setString(++i, m.metric());
                s.setString(++i, m.element());
                s.setString(++i, m.kind());
                s.setString(++i, m.operation());
                setLong(s, ++i, m.payloadBytes());
                s.setString(++i, m.segment());
                s.setString(++i, m.unit());
                setLong(s, ++i, m.threads());
                setLong(s, ++i, m.warmup());
                setLong(s, ++i, m.dropped());
                s.setLong(++i, m.n());
                setDouble(s, ++i, m.mean());
                setDouble(s, ++i, m.stddev());
                setLong(s, ++i, m.min());
                setLong(s, ++i, m.max());
                setLong(s, ++i, m.p50());
                setLong(s, ++i, m.p90());
                setLong(s, ++i, m.p99());
                setLong(s, ++i, m.p999());
                setLong(s, ++i, m.calls());
                setLong(s, ++i, m.wallNs());
                setDouble(s, ++i, m.throughput());
                setDouble(s, ++i, m.bytesPerSecond());
                setDouble(s, ++i, m.rateHz());
                setDouble(s, ++i, record.probeCostNs());
                setLong(s, ++i, m.missedDeadlines());
                setLong(s, ++i, m.skippedPeriods());
                setDouble(s, ++i, m.segmentSumError());
                setLong(s, ++i, m.staticFootprintBytes());
                setLong(s, ++i, m.peakResidentKiB());
                setLong(s, ++i, m.residentKiB());
                setDouble(s, ++i, m.value());
                s.setString(++i, m.rawSamples());
                s.setString(++i, histogramJson(m.histogram()));
                setLong(s, ++i, m.windowBeginNs());
                setLong(s, ++i, m.windowEndNs());
                s.addBatch();
                if (++pending == 500) {
                    s.executeBatch();
                    pending = 0;
                }
            }
            s.executeBatch();
        }
    }

    // ------------------------------------------------------------------ experiments

    /**
     * The id of the experiment plan {@code e.planKey()}, registering it first if the store does not know it yet.
     * Registering the same plan twice (a resumed experiment, or several hosts ingesting) returns the same id.
     */
    public long experiment(ExperimentRecord e) throws ResultsStoreException {
        try (PreparedStatement s = connection.prepareStatement("""
                INSERT OR IGNORE INTO experiments (plan_key, name, model_path, model_name, design, seed, repetitions, planned_runs, factors, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            int i = 0;
            s.setString(++i, e.planKey());
            s.setString(++i, e.name());
            s.setString(++i, e.modelPath());
            s.setString(++i, e.modelName());
            s.setString(++i, e.design());
            s.setLong(++i, e.seed());
            s.setInt(++i, e.repetitions());
            s.setInt(++i, e.plannedRuns());
            s.setString(++i, GSON.toJson(e.factors()));
            s.setString(++i, RunIds.iso(java.time.Instant.now()));
            s.executeUpdate();
        } catch (SQLException x) {
            throw failure("cannot register experiment " + e.name() + " in", x);
        }
        return experimentId(e.planKey()).orElseThrow(() -> new ResultsStoreException("experiment " + e.name() + " vanished from " + file));
    }

    /** The id of a registered experiment plan. */
    public Optional<Long> experimentId(String planKey) throws ResultsStoreException {
        try (PreparedStatement s = connection.prepareStatement("SELECT id FROM experiments WHERE plan_key = ?")) {
            s.setString(1, planKey);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.of(r.getLong(1)) : Optional.empty();
            }
        } catch (SQLException x) {
            throw failure("cannot look up an experiment in", x);
        }
    }

    /**
     * Stores a run of an experiment and its place in the plan, in one transaction. Returns the run's store id, or
     * empty (storing nothing) when the plan's run {@code link.runIndex()} is already stored: a run is never recorded
     * twice.
     */
    public Optional<Long> record(RunRecord run, ExperimentLink link) throws ResultsStoreException {
        return inTransaction(run, "the run " + run.runId() + " of an experiment was not stored in", () -> {
            try (PreparedStatement s = connection.prepareStatement("SELECT 1 FROM experiment_runs WHERE experiment = ? AND run_index = ?")) {
                s.setLong(1, link.experiment());
                s.setInt(2, link.runIndex());
                try (ResultSet r = s.executeQuery()) {
                    if (r.next()) {
                        return Optional.<Long>empty();
                    }
                }
            }
            long id = insertWholeRun(run);
            try (PreparedStatement s = connection.prepareStatement(
                    "INSERT INTO experiment_runs (experiment, run_index, point, repetition, run) VALUES (?, ?, ?, ?, ?)")) {
                s.setLong(1, link.experiment());
                s.setInt(2, link.runIndex());
                s.setInt(3, link.point());
                s.setInt(4, link.repetition());
                s.setLong(5, id);
                s.executeUpdate();
            }
            return Optional.of(id);
        });
    }

    /** The stored runs of an experiment plan, by run index. */
    public java.util.SortedMap<Integer, ExperimentRunSummary> experimentRuns(long experiment) throws ResultsStoreException {
        try (PreparedStatement s = connection.prepareStatement("""
                SELECT e.run_index, e.point, e.repetition, r.id, r.run_id, r.status, r.failure, r.started_at, r.ended_at
                FROM experiment_runs e JOIN runs r ON r.id = e.run WHERE e.experiment = ? ORDER BY e.run_index""")) {
            s.setLong(1, experiment);
            java.util.SortedMap<Integer, ExperimentRunSummary> out = new java.util.TreeMap<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.put(r.getInt(1), new ExperimentRunSummary(r.getInt(1), r.getInt(2), r.getInt(3), r.getLong(4), r.getString(5),
                            r.getString(6), r.getString(7), r.getString(8), r.getString(9)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failure("cannot list the runs of experiment " + experiment + " in", e);
        }
    }

    /**
     * Mean wall time in seconds of the last {@code last} good runs of a model on a target (start to end, as stored to
     * the second), or empty when there are none.
     */
    public java.util.OptionalDouble meanRunSeconds(String modelName, String target, int last) throws ResultsStoreException {
        try (PreparedStatement s = connection.prepareStatement("""
                SELECT avg(d) FROM (SELECT (julianday(ended_at) - julianday(started_at)) * 86400.0 AS d FROM runs
                WHERE model_name = ? AND target = ? AND status = 'ok' AND ended_at IS NOT NULL ORDER BY id DESC LIMIT ?)""")) {
            s.setString(1, modelName);
            s.setString(2, target);
            s.setInt(3, last);
            try (ResultSet r = s.executeQuery()) {
                if (r.next()) {
                    double v = r.getDouble(1);
                    if (!r.wasNull()) {
                        return java.util.OptionalDouble.of(v);
                    }
                }
                return java.util.OptionalDouble.empty();
            }
        } catch (SQLException e) {
            throw failure("cannot read run durations from", e);
        }
    }

    // ------------------------------------------------------------------ queries

    /**
     * The last {@code lastN} runs (all when {@code lastN <= 0}), oldest first. {@code modelFilter} null lists every
     * run; otherwise only runs whose model path or model name equals it.
     */
    public List<RunSummary> runs(String modelFilter, int lastN) throws ResultsStoreException {
        String sql = """
                SELECT r.id, r.run_id, r.started_at, r.ended_at, r.model_path, r.model_name, r.target, r.deployment, r.configuration,
                       r.status, r.failure, (SELECT count(*) FROM measurements m WHERE m.run = r.id)
                FROM runs r""" + (modelFilter == null ? "" : " WHERE r.model_path = ? OR r.model_name = ?")
                + " ORDER BY r.id DESC" + (lastN > 0 ? " LIMIT " + lastN : "");
        try (PreparedStatement s = connection.prepareStatement(sql)) {
            if (modelFilter != null) {
                s.setString(1, modelFilter);
                s.setString(2, modelFilter);
            }
            List<RunSummary> out = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(new RunSummary(r.getLong(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5), r.getString(6),
                            r.getString(7), r.getString(8), r.getString(9), r.getString(10), r.getString(11), r.getInt(12)));
                }
            }
            java.util.Collections.reverse(out);
            return out;
        } catch (SQLException e) {
            throw failure("cannot list the runs of", e);
        }
    }

    /**
     * The store ids of the runs whose experiment is named {@code experiment} (the {@code runs.experiment} column, every
     * plan of that experiment together), oldest first, failed runs included.
     */
    public List<Long> runsOfExperiment(String experiment) throws ResultsStoreException {
        try (PreparedStatement s = connection.prepareStatement("SELECT id FROM runs WHERE experiment = ? ORDER BY id")) {
            s.setString(1, experiment);
            List<Long> out = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(r.getLong(1));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failure("cannot list the runs of experiment " + experiment + " in", e);
        }
    }

    /** The experiment names with stored runs and how many runs each has, by name. */
    public Map<String, Integer> experimentNames() throws ResultsStoreException {
        try (Statement s = connection.createStatement();
                ResultSet r = s.executeQuery("SELECT experiment, count(*) FROM runs WHERE experiment IS NOT NULL GROUP BY experiment ORDER BY experiment")) {
            Map<String, Integer> out = new LinkedHashMap<>();
            while (r.next()) {
                out.put(r.getString(1), r.getInt(2));
            }
            return out;
        } catch (SQLException e) {
            throw failure("cannot list the experiments of", e);
        }
    }

    /**
     * Finds a run by its store id ({@code 3}), its run id ({@code 20261121-093000-ab12}) or an unambiguous start of
     * its run id ({@code 20261121-0930}). Empty when nothing matches; an ambiguous start is an error.
     */
    public Optional<StoredRun> run(String ref) throws ResultsStoreException {
        OptionalLongRef id = resolve(ref);
        return id.found ? run(id.value) : Optional.empty();
    }

    /** The complete run with store id {@code id}, measurements included. */
    public Optional<StoredRun> run(long id) throws ResultsStoreException {
        try (PreparedStatement s = connection.prepareStatement("""
                SELECT run_id, model_path, model_name, model_hash, target, deployment, configuration, status, failure, started_at,
                       ended_at, tool_version, run_dir, measuring_ns, experiment, factor_levels, clients, start_skew_ns
                FROM runs WHERE id = ?""")) {
            s.setLong(1, id);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return Optional.empty();
                }
                String levels = r.getString(16);
                Map<String, String> factorLevels = levels == null ? Map.of()
                        : GSON.fromJson(levels, new TypeToken<LinkedHashMap<String, String>>() {
                        }.getType());
                RunRecord record = new RunRecord(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5),
                        r.getString(6), r.getString(7), r.getString(8), r.getString(9), r.getString(10), r.getString(11),
                        r.getString(12), r.getString(13), getLong(r, 14), r.getString(15), factorLevels, settings(id), environment(id),
                        processes(id), measurements(id), warnings(id), r.getString(17), getLong(r, 18));
                return Optional.of(new StoredRun(id, record));
            }
        } catch (SQLException e) {
            throw failure("cannot read run " + id + " from", e);
        }
    }

    /** The measurements of run {@code runId} (store id), in the order they were recorded. */
    public List<MeasurementRecord> measurements(long runId) throws ResultsStoreException {
        try (PreparedStatement s = connection.prepareStatement("""
                SELECT id, process, kind, metric, element, operation, segment, unit, payload_bytes, threads, warmup, dropped, n, mean,
                       stddev, min, max, p50, p90, p99, p999, histogram, calls, wall_ns, throughput, bytes_per_second, rate_hz,
                       missed_deadlines, skipped_periods, segment_sum_error, static_footprint_bytes, peak_resident_kib, resident_kib,
                       value, raw_samples, probe_cost_ns, seq, window_begin_ns, window_end_ns
                FROM measurements WHERE run = ? ORDER BY seq""")) {
            s.setLong(1, runId);
            Map<Integer, String> substitutions = substitutions(runId);
            List<MeasurementRecord> out = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    ResultMeasurement m = new ResultMeasurement(r.getString(3), r.getString(4), r.getString(5), r.getString(6),
                            r.getString(7), r.getString(8), getLong(r, 9), getLong(r, 10), getLong(r, 11), getLong(r, 12), r.getLong(13),
                            getDouble(r, 14), getDouble(r, 15), getLong(r, 16), getLong(r, 17), getLong(r, 18), getLong(r, 19),
                            getLong(r, 20), getLong(r, 21), histogram(r.getString(22)), getLong(r, 23), getLong(r, 24), getDouble(r, 25),
                            getDouble(r, 26), getDouble(r, 27), getLong(r, 28), getLong(r, 29), getDouble(r, 30), getLong(r, 31),
                            getLong(r, 32), getLong(r, 33), getDouble(r, 34), r.getString(35), getLong(r, 38), getLong(r, 39));
                    out.add(new MeasurementRecord(r.getLong(1), r.getString(2), getDouble(r, 36), m, substitutions.get(r.getInt(37))));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failure("cannot read the measurements of run " + runId + " from", e);
        }
    }

    private List<Setting> settings(long run) throws SQLException {
        List<Setting> out = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement("SELECT scope, option, value FROM settings WHERE run = ? ORDER BY rowid")) {
            s.setLong(1, run);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(new Setting(r.getString(1), r.getString(2), r.getString(3)));
                }
            }
        }
        return out;
    }

    private EnvironmentRecord environment(long run) throws SQLException {
        try (PreparedStatement s = connection.prepareStatement("""
                SELECT host, cpu_model, kernel, compiler, cplusplus, middleware_versions, cpu_placement, tool_version
                FROM environment WHERE run = ?""")) {
            s.setLong(1, run);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return EnvironmentRecord.UNKNOWN;
                }
                Long cplusplus = getLong(r, 5);
                return new EnvironmentRecord(r.getString(1), r.getString(2), r.getString(3), r.getString(4),
                        cplusplus == null ? null : (int) (long) cplusplus, r.getString(6), r.getString(7), r.getString(8));
            }
        }
    }

    private List<ProcessRecord> processes(long run) throws SQLException {
        List<ProcessRecord> out = new ArrayList<>();
        try (PreparedStatement s = connection.prepareStatement("""
                SELECT name, role, exit_code, signal, problem, log_tail, log_path, result_file, pid, cpu_affinity, cpu_observed,
                       released_ns, waited_ns
                FROM processes WHERE run = ? ORDER BY seq""")) {
            s.setLong(1, run);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    Long exit = getLong(r, 3);
                    String tail = r.getString(6);
                    String affinity = r.getString(10);
                    Long observed = getLong(r, 11);
                    List<Integer> cpus = affinity == null ? List.of() : GSON.fromJson(affinity, new TypeToken<List<Integer>>() {
                    }.getType());
                    out.add(new ProcessRecord(r.getString(1), r.getString(2), exit == null ? null : (int) (long) exit, r.getInt(4),
                            r.getString(5), tail == null ? List.of() : List.of(tail.split("\n", -1)), r.getString(7), r.getString(8),
                            getLong(r, 9), cpus, observed == null ? null : (int) (long) observed, getLong(r, 12), getLong(r, 13)));
                }
            }
        }
        return out;
    }

    private record OptionalLongRef(boolean found, long value) {
    }

    private OptionalLongRef resolve(String ref) throws ResultsStoreException {
        String s = ref == null ? "" : ref.trim();
        if (s.isEmpty()) {
            return new OptionalLongRef(false, 0);
        }
        try {
            if (s.chars().allMatch(Character::isDigit)) {
                try (PreparedStatement p = connection.prepareStatement("SELECT id FROM runs WHERE id = ?")) {
                    p.setLong(1, Long.parseLong(s));
                    try (ResultSet r = p.executeQuery()) {
                        if (r.next()) {
                            return new OptionalLongRef(true, r.getLong(1));
                        }
                    }
                } catch (NumberFormatException e) {
                    // too long for an id: try it as a run id
                }
            }
            List<Long> ids = new ArrayList<>();
            List<String> names = new ArrayList<>();
            try (PreparedStatement p = connection.prepareStatement(
                    "SELECT id, run_id FROM runs WHERE run_id = ? OR substr(run_id, 1, length(?)) = ? ORDER BY run_id = ? DESC, id")) {
                p.setString(1, s);
                p.setString(2, s);
                p.setString(3, s);
                p.setString(4, s);
                try (ResultSet r = p.executeQuery()) {
                    while (r.next()) {
                        if (r.getString(2).equals(s)) {
                            return new OptionalLongRef(true, r.getLong(1));
                        }
                        ids.add(r.getLong(1));
                        names.add(r.getString(2));
                    }
                }
            }
            if (ids.size() > 1) {
                throw new ResultsStoreException("'" + s + "' matches " + ids.size() + " runs (" + String.join(", ", names.subList(0, Math.min(5, names.size())))
                        + (names.size() > 5 ? ", ..." : "") + "); give more of the run id");
            }
            return ids.isEmpty() ? new OptionalLongRef(false, 0) : new OptionalLongRef(true, ids.get(0));
        } catch (SQLException e) {
            throw failure("cannot look up run '" + s + "' in", e);
        }
    }

    @Override
    public void close() throws ResultsStoreException {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failure("cannot close", e);
        }
    }

    // ------------------------------------------------------------------ opening and errors

    private static void prepareLocation(Path target) throws ResultsStoreException {
        Path parent = target.getParent();
        for (Path p = parent; p != null; p = p.getParent()) {
            if (Files.exists(p) && !Files.isDirectory(p)) {
                throw new ResultsStoreException("cannot create the results store " + target + ": " + p + " is a file, not a folder");
            }
            if (Files.isDirectory(p)) {
                break;
            }
        }
        try {
            Files.createDirectories(parent);
        } catch (FileAlreadyExistsException e) {
            throw new ResultsStoreException("cannot create the results store " + target + ": " + e.getFile() + " is a file, not a folder");
        } catch (AccessDeniedException e) {
            throw new ResultsStoreException("cannot create the results store " + target + ": no permission to create the folder " + e.getFile());
        } catch (FileSystemException e) {
            throw new ResultsStoreException("cannot create the results store " + target + ": " + e.getFile() + ": "
                    + (e.getReason() == null ? e.getMessage() : e.getReason()));
        } catch (IOException e) {
            throw new ResultsStoreException("cannot create the results store " + target + ": " + e.getMessage());
        }
        if (Files.isDirectory(target)) {
            throw new ResultsStoreException("cannot use " + target + " as the results store: it is a folder, not a file");
        }
        if (Files.exists(target) ? !Files.isWritable(target) : !Files.isWritable(parent)) {
            throw new ResultsStoreException("cannot write the results store " + target + ": no permission to write "
                    + (Files.exists(target) ? "the file" : "in the folder " + parent));
        }
    }

    private static ResultsStore connect(Path target) throws ResultsStoreException {
        Connection c;
        try {
            SQLiteConfig config = new SQLiteConfig();
            config.enforceForeignKeys(true);
            config.setBusyTimeout(10_000);
            config.setJournalMode(SQLiteConfig.JournalMode.WAL);
            config.setSynchronous(SQLiteConfig.SynchronousMode.FULL);
            config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
            Properties properties = config.toProperties();
            // Explicitly through the driver class: inside OSGi, DriverManager's ServiceLoader does not see the bundle.
            c = org.sqlite.JDBC.createConnection("jdbc:sqlite:" + target, properties);
        } catch (SQLException e) {
            throw failure(target, "cannot open the results store", e);
        }
        try {
            Migrations.migrate(c, Migrations.latest(), target.toString());
            return new ResultsStore(target, c);
        } catch (SQLException e) {
            closeQuietly(c);
            throw failure(target, "cannot open the results store", e);
        } catch (ResultsStoreException | RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    private ResultsStoreException failure(String what, SQLException e) {
        return failure(file, what, e);
    }

    /** "WHAT FILE: WHY", with SQLite's result codes turned into plain words. */
    static ResultsStoreException failure(Path file, String what, SQLException e) {
        String why = e.getMessage();
        if (e instanceof SQLiteException s) {
            SQLiteErrorCode code = s.getResultCode();
            String name = code == null ? "" : code.name();
            if (name.startsWith("SQLITE_FULL")) {
                why = "the disk is full";
            } else if (name.startsWith("SQLITE_READONLY")) {
                why = "the store cannot be written (read-only file or folder)";
            } else if (name.startsWith("SQLITE_CANTOPEN")) {
                why = "the file cannot be opened or created (check that its folder exists and can be written)";
            } else if (name.startsWith("SQLITE_NOTADB")) {
                why = "the file is not an SQLite database, so it is not a BGML results store";
            } else if (name.startsWith("SQLITE_CORRUPT")) {
                why = "the database file is corrupt";
            } else if (name.startsWith("SQLITE_BUSY") || name.startsWith("SQLITE_LOCKED")) {
                why = "another process holds the store locked; try again when it has finished";
            } else if (name.startsWith("SQLITE_IOERR")) {
                why = "an I/O error occurred (" + name + "): is the disk full or gone?";
            } else if (name.startsWith("SQLITE_CONSTRAINT")) {
                why = "a value broke a rule of the schema (" + shortMessage(e) + ")";
            } else {
                why = shortMessage(e);
            }
        }
        String sentence = what + " " + file + ": " + why;
        return new ResultsStoreException(sentence, e);
    }

    private static String shortMessage(SQLException e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    private void rollback() {
        try {
            connection.rollback();
        } catch (SQLException ignored) {
            // the first failure is the one to report; SQLite rolls back an unfinished transaction on its own
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // nothing to add to the failure being reported
        }
    }

    // ------------------------------------------------------------------ column helpers

    private static void setLong(PreparedStatement s, int index, Long value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.INTEGER);
        } else {
            s.setLong(index, value);
        }
    }

    private static void setDouble(PreparedStatement s, int index, Double value) throws SQLException {
        if (value == null || value.isNaN() || value.isInfinite()) {
            s.setNull(index, Types.REAL);
        } else {
            s.setDouble(index, value);
        }
    }

    private static Long getLong(ResultSet r, int index) throws SQLException {
        long v = r.getLong(index);
        return r.wasNull() ? null : v;
    }

    private static Double getDouble(ResultSet r, int index) throws SQLException {
        double v = r.getDouble(index);
        return r.wasNull() ? null : v;
    }

    private static String histogramJson(List<ResultMeasurement.Bucket> buckets) {
        StringBuilder b = new StringBuilder("[");
        for (ResultMeasurement.Bucket bucket : buckets) {
            if (b.length() > 1) {
                b.append(',');
            }
            b.append('[').append(bucket.lower()).append(',').append(bucket.upper()).append(',').append(bucket.count()).append(']');
        }
        return b.append(']').toString();
    }

    private static List<ResultMeasurement.Bucket> histogram(String json) {
        if (json == null || json.isEmpty()) {
            return List.of();
        }
        long[][] rows = GSON.fromJson(json, long[][].class);
        List<ResultMeasurement.Bucket> out = new ArrayList<>(rows.length);
        for (long[] row : rows) {
            out.add(new ResultMeasurement.Bucket(row[0], row[1], row[2]));
        }
        return out;
    }
}
