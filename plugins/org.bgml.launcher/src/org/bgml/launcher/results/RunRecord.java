package org.bgml.launcher.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunOutcome;

/**
 * Everything stored about one run, good or failed: what ran (model, target, deployment, configuration and its
 * settings), where (environment), how each process ended, and the measurements. A failed run is a result too: it
 * has status {@code failed}, the failure in plain words, and whatever measurements were collected.
 *
 * @param status        {@link #OK} or {@link #FAILED}
 * @param startedAt     ISO-8601 UTC, e.g. {@code 2026-11-21T09:30:00Z}
 * @param measuringNanos wall time the benchmark processes spent measuring, or null
 * @param experiment    the experiment this run belongs to, or null (filled by the experiments issue)
 * @param factorLevels  the experiment's factor levels of this run, or empty
 * @param warnings      what the user should know about how the run was set up, e.g. settings of the chosen
 *                      configuration that the target ignores; empty when there is nothing to say
 * @param clients       how the load drivers ran: {@link #CLIENTS_TOGETHER} (released together from one start line) or
 *                      {@link #CLIENTS_ONE_AT_A_TIME}; null for runs stored before the store knew
 * @param startSkewNs   with clients together: the latest minus the earliest release time of the drivers (their result
 *                      files' {@code startLine.releasedNs}), 0 for one driver; null when one at a time or not known
 */
public record RunRecord(String runId, String modelPath, String modelName, String modelHash, String target, String deployment,
        String configuration, String status, String failure, String startedAt, String endedAt, String toolVersion, String runDir,
        Long measuringNanos, String experiment, Map<String, String> factorLevels, List<Setting> settings,
        EnvironmentRecord environment, List<ProcessRecord> processes, List<MeasurementRecord> measurements,
        List<String> warnings, String clients, Long startSkewNs) {

    public static final String OK = "ok";
    public static final String FAILED = "failed";
    public static final String CLIENTS_TOGETHER = "together";
    public static final String CLIENTS_ONE_AT_A_TIME = "oneAtATime";

    public RunRecord {
        factorLevels = factorLevels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(factorLevels));
        settings = settings == null ? List.of() : List.copyOf(settings);
        environment = environment == null ? EnvironmentRecord.UNKNOWN : environment;
        processes = processes == null ? List.of() : List.copyOf(processes);
        measurements = measurements == null ? List.of() : List.copyOf(measurements);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** A run that does not say how its clients ran. */
    public RunRecord(String runId, String modelPath, String modelName, String modelHash, String target, String deployment,
            String configuration, String status, String failure, String startedAt, String endedAt, String toolVersion, String runDir,
            Long measuringNanos, String experiment, Map<String, String> factorLevels, List<Setting> settings,
            EnvironmentRecord environment, List<ProcessRecord> processes, List<MeasurementRecord> measurements, List<String> warnings) {
        this(runId, modelPath, modelName, modelHash, target, deployment, configuration, status, failure, startedAt, endedAt,
                toolVersion, runDir, measuringNanos, experiment, factorLevels, settings, environment, processes, measurements, warnings,
                null, null);
    }

    /** A run without warnings. */
    public RunRecord(String runId, String modelPath, String modelName, String modelHash, String target, String deployment,
            String configuration, String status, String failure, String startedAt, String endedAt, String toolVersion, String runDir,
            Long measuringNanos, String experiment, Map<String, String> factorLevels, List<Setting> settings,
            EnvironmentRecord environment, List<ProcessRecord> processes, List<MeasurementRecord> measurements) {
        this(runId, modelPath, modelName, modelHash, target, deployment, configuration, status, failure, startedAt, endedAt,
                toolVersion, runDir, measuringNanos, experiment, factorLevels, settings, environment, processes, measurements, List.of());
    }

    public boolean ok() {
        return OK.equals(status);
    }

    /** True when the load drivers ran together behind one start line. */
    public boolean clientsTogether() {
        return CLIENTS_TOGETHER.equals(clients);
    }

    /** The processes that were released from the start line, in the order they were recorded. */
    public List<ProcessRecord> released() {
        return processes.stream().filter(p -> p.releasedNs() != null).toList();
    }

    /**
     * How the clients ran, in one line: "clients together: 3 released within 41 µs", "clients one at a time", or null
     * for a run stored before the store knew.
     */
    public String clientsDescription() {
        if (clients == null) {
            return null;
        }
        if (!clientsTogether()) {
            return "clients one at a time";
        }
        int n = released().size();
        if (n == 0 || startSkewNs == null) {
            return "clients together: no start line release was recorded";
        }
        return "clients together: " + (n == 1 ? "1 released" : n + " released within " + Units.number(startSkewNs / 1000.0) + " µs");
    }

    public static Builder builder(String runId) {
        return new Builder(runId);
    }

    /** SHA-256 of a file's bytes, as lowercase hex. */
    public static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return java.util.HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }

    /**
     * Collects a run as the run pipeline sees it: {@link #outcome} gives the processes and how the run ended,
     * {@link #resultFiles} reads what the processes wrote. A result file that cannot be read makes the run failed
     * with a message naming the file; the other files still count.
     */
    public static final class Builder {
        private final String runId;
        private String modelPath;
        private String modelName;
        private String modelHash;
        private String target;
        private String deployment;
        private String configuration;
        private final List<String> failures = new ArrayList<>();
        private String startedAt = RunIds.iso(Instant.now());
        private String endedAt;
        private String toolVersion = ToolVersion.current();
        private String runDir;
        private Long measuringNanos;
        private String clients;
        private String experiment;
        private Map<String, String> factorLevels = Map.of();
        private final List<Setting> settings = new ArrayList<>();
        private EnvironmentRecord environment;
        private final List<ProcessRecord> processes = new ArrayList<>();
        private final List<ResultFile> files = new ArrayList<>();
        private final List<String> warnings = new ArrayList<>();
        /** Substitution texts by the element paths they affect, in manifest order (first one wins). */
        private final Map<String, String> substitutions = new LinkedHashMap<>();

        private Builder(String runId) {
            if (runId == null || runId.isBlank()) {
                throw new IllegalArgumentException("a run needs a run id");
            }
            this.runId = runId;
        }

        /** The model file the run was generated from: its absolute path, its name and the SHA-256 of its bytes. */
        public Builder model(Path file, String name) throws IOException {
            this.modelPath = file.toAbsolutePath().normalize().toString();
            this.modelName = name;
            this.modelHash = sha256(file);
            return this;
        }

        public Builder model(String path, String name, String hash) {
            this.modelPath = path;
            this.modelName = name;
            this.modelHash = hash;
            return this;
        }

        public Builder target(String target) {
            this.target = target;
            return this;
        }

        public Builder deployment(String deployment) {
            this.deployment = deployment;
            return this;
        }

        public Builder configuration(String configuration) {
            this.configuration = configuration;
            return this;
        }

        public Builder setting(String scope, String option, String value) {
            settings.add(new Setting(scope, option, value));
            return this;
        }

        public Builder settings(Collection<Setting> all) {
            settings.addAll(all);
            return this;
        }

        public Builder startedAt(Instant time) {
            this.startedAt = RunIds.iso(time);
            return this;
        }

        public Builder startedAt(String iso) {
            this.startedAt = iso;
            return this;
        }

        public Builder endedAt(Instant time) {
            this.endedAt = RunIds.iso(time);
            return this;
        }

        public Builder endedAt(String iso) {
            this.endedAt = iso;
            return this;
        }

        public Builder toolVersion(String version) {
            this.toolVersion = version;
            return this;
        }

        public Builder runDir(Path dir) {
            this.runDir = dir == null ? null : dir.toAbsolutePath().normalize().toString();
            return this;
        }

        public Builder experiment(String name, Map<String, String> levels) {
            this.experiment = name;
            this.factorLevels = levels == null ? Map.of() : levels;
            return this;
        }

        /** Overrides the environment taken from the result files. */
        public Builder environment(EnvironmentRecord environment) {
            this.environment = environment;
            return this;
        }

        /** Something the user should know about how the run was set up; several are kept in order. */
        public Builder warning(String warning) {
            if (warning != null && !warning.isBlank()) {
                warnings.add(warning);
            }
            return this;
        }

        public Builder warnings(Collection<String> all) {
            all.forEach(this::warning);
            return this;
        }

        /**
         * Records that the benchmark ran part of the model otherwise than modelled (manifest.json's {@code substitutions}):
         * every measurement whose metric or element is one of {@code elements} is stored with {@code text}.
         */
        public Builder substitution(String text, Collection<String> elements) {
            if (text != null && !text.isBlank()) {
                elements.forEach(e -> substitutions.putIfAbsent(e, text));
            }
            return this;
        }

        /** Marks the run failed; several failures are kept in order. */
        public Builder failure(String why) {
            if (why != null && !why.isBlank()) {
                failures.add(why);
            }
            return this;
        }

        public Builder process(ProcessRecord process) {
            processes.add(process);
            return this;
        }

        /** How the load drivers ran: {@link RunRecord#CLIENTS_TOGETHER} or {@link RunRecord#CLIENTS_ONE_AT_A_TIME}. */
        public Builder clients(String mode) {
            this.clients = mode;
            return this;
        }

        /** How the benchmark processes ended: their exit codes, signals, problems and log tails. */
        public Builder outcome(RunOutcome outcome) {
            failure(outcome.failure());
            runDir(outcome.runDir());
            measuringNanos = outcome.measuringNanos();
            if (outcome.clients() != null) {
                clients = outcome.clients();
            }
            for (ProcessOutcome p : outcome.processes()) {
                processes.add(new ProcessRecord(p.name(), p.role(), p.exitCode() < 0 ? null : p.exitCode(), p.signal(), p.problem(),
                        p.logTail(), p.log() == null ? null : p.log().toString(), null, null, List.of(), null));
            }
            return this;
        }

        /** Reads one result file; an unreadable one fails the run with a message naming it. */
        public Builder resultFile(Path file) {
            try {
                files.add(ResultFileReader.read(file));
            } catch (ResultFileException e) {
                failure("corrupt result file " + e.getMessage());
            }
            return this;
        }

        public Builder resultFiles(Collection<Path> paths) {
            paths.forEach(this::resultFile);
            return this;
        }

        /** Reads every {@code *.json} file below {@code dir}, in path order. */
        public Builder resultFilesUnder(Path dir) throws IOException {
            if (!Files.isDirectory(dir)) {
                return this;
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                resultFiles(walk.filter(p -> Files.isRegularFile(p) && p.getFileName().toString().endsWith(".json")).sorted().toList());
            }
            return this;
        }

        public RunRecord build() {
            List<ProcessRecord> merged = new ArrayList<>(processes);
            List<MeasurementRecord> measurements = new ArrayList<>();
            for (ResultFile f : files) {
                mergeProcess(merged, f);
                Double probe = f.probeCost() == null ? null : (double) f.probeCost().medianNs();
                for (ResultMeasurement m : f.measurements()) {
                    measurements.add(new MeasurementRecord(0, f.process(), probe, m.withRawSamples(resolveRaw(f, m.rawSamples())),
                            substitutionOf(m)));
                }
            }
            String config = configuration;
            if (config == null) {
                config = files.stream().map(f -> f.labels().get("configuration")).filter(s -> s != null && !s.isEmpty()).findFirst().orElse(null);
            }
            String tgt = target != null ? target : files.stream().map(ResultFile::target).findFirst().orElse(null);
            EnvironmentRecord env = environment != null ? environment : environmentOf(files, toolVersion);
            String failure = failures.isEmpty() ? null : String.join("; ", new LinkedHashSet<>(failures));
            return new RunRecord(runId, modelPath, modelName, modelHash, tgt == null ? "unknown" : tgt, deployment, config,
                    failure == null ? OK : FAILED, failure, startedAt, endedAt, toolVersion, runDir, measuringNanos, experiment,
                    factorLevels, settings, env, merged, measurements, warnings, clients, startSkew());
        }

        /** With clients together: the latest minus the earliest release over the result files that passed the start line. */
        private Long startSkew() {
            if (!CLIENTS_TOGETHER.equals(clients)) {
                return null;
            }
            long[] released = files.stream().filter(f -> f.startLine() != null).mapToLong(f -> f.startLine().releasedNs()).toArray();
            if (released.length == 0) {
                return null;
            }
            return java.util.Arrays.stream(released).max().getAsLong() - java.util.Arrays.stream(released).min().getAsLong();
        }

        /** The substitution affecting a measurement, by its metric first, then its element; null if none. */
        private String substitutionOf(ResultMeasurement m) {
            String byMetric = m.metric() == null ? null : substitutions.get(m.metric());
            return byMetric != null ? byMetric : m.element() == null ? null : substitutions.get(m.element());
        }

        private String resolveRaw(ResultFile f, String raw) {
            if (raw == null || raw.isEmpty()) {
                return null;
            }
            Path p = Path.of(raw);
            if (p.isAbsolute()) {
                return p.normalize().toString();
            }
            Path besideFile = f.file().toAbsolutePath().getParent().resolve(p).normalize();
            if (!Files.exists(besideFile) && runDir != null && Files.exists(Path.of(runDir).resolve(p))) {
                return Path.of(runDir).resolve(p).normalize().toString();
            }
            return besideFile.toString();
        }

        /** Adds what a result file says about its process to the launcher's record of it (matched by name). */
        private static void mergeProcess(List<ProcessRecord> processes, ResultFile f) {
            String last = lastSegment(f.process());
            for (int i = 0; i < processes.size(); i++) {
                ProcessRecord p = processes.get(i);
                if ((p.name().equals(f.process()) || p.name().equals(last)) && p.resultFile() == null) {
                    processes.set(i, new ProcessRecord(p.name(), p.role(), p.exitCode(), p.signal(), p.problem(), p.logTail(),
                            p.logPath(), f.file().toString(), f.pid(), f.cpuAffinity(), f.cpuObserved(), released(f), waited(f)));
                    return;
                }
            }
            processes.add(new ProcessRecord(f.process(), null, null, 0, null, List.of(), null, f.file().toString(), f.pid(),
                    f.cpuAffinity(), f.cpuObserved(), released(f), waited(f)));
        }

        private static Long released(ResultFile f) {
            return f.startLine() == null ? null : f.startLine().releasedNs();
        }

        private static Long waited(ResultFile f) {
            return f.startLine() == null ? null : f.startLine().waitedNs();
        }

        static String lastSegment(String path) {
            return ResultMeasurement.lastName(path);
        }

        private static EnvironmentRecord environmentOf(List<ResultFile> files, String toolVersion) {
            // A run across several hosts (job steps on cluster nodes) names each host, and where each process ran.
            List<String> hosts = files.stream().map(ResultFile::host).filter(v -> v != null && !v.isBlank()).distinct().toList();
            boolean severalHosts = hosts.size() > 1;
            String host = severalHosts ? String.join(", ", hosts) : first(files.stream().map(ResultFile::host));
            String cpu = distinct(files.stream().map(f -> f.environment().cpuModel()));
            String kernel = distinct(files.stream().map(f -> f.environment().kernel()));
            String compiler = first(files.stream().map(f -> f.environment().compiler()));
            Integer cplusplus = files.stream().map(f -> f.environment().cplusplus()).filter(v -> v != null).findFirst().orElse(null);
            Set<String> middleware = new LinkedHashSet<>();
            for (ResultFile f : files) {
                for (String key : List.of("orb", "ace", "middleware")) {
                    String v = f.labels().get(key);
                    if (v != null && !v.isBlank()) {
                        middleware.add(v);
                    }
                }
            }
            String placement = files.stream().map(f -> ProcessPlacements.entry(f.process(), f.host(), f.environment().kernel(), severalHosts,
                    f.cpuAffinity(), f.cpuObserved())).collect(Collectors.joining("; "));
            return new EnvironmentRecord(host, cpu, kernel, compiler, cplusplus, middleware.isEmpty() ? null : String.join("; ", middleware),
                    placement.isEmpty() ? null : placement, toolVersion);
        }

        /** The one value all files agree on, or the different values joined with "; " (several hosts may differ). */
        private static String distinct(Stream<String> values) {
            List<String> all = values.filter(v -> v != null && !v.isBlank()).distinct().toList();
            return all.isEmpty() ? null : String.join("; ", all);
        }

        private static String first(Stream<String> values) {
            return values.filter(v -> v != null && !v.isBlank()).findFirst().orElse(null);
        }
    }
}
