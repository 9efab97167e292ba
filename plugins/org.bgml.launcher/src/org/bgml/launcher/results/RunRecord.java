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
 */
public record RunRecord(String runId, String modelPath, String modelName, String modelHash, String target, String deployment,
        String configuration, String status, String failure, String startedAt, String endedAt, String toolVersion, String runDir,
        Long measuringNanos, String experiment, Map<String, String> factorLevels, List<Setting> settings,
        EnvironmentRecord environment, List<ProcessRecord> processes, List<MeasurementRecord> measurements,
        List<String> warnings) {

    public static final String OK = "ok";
    public static final String FAILED = "failed";

    public RunRecord {
        factorLevels = factorLevels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(factorLevels));
        settings = settings == null ? List.of() : List.copyOf(settings);
        environment = environment == null ? EnvironmentRecord.UNKNOWN : environment;
        processes = processes == null ? List.of() : List.copyOf(processes);
        measurements = measurements == null ? List.of() : List.copyOf(measurements);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
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
        private String experiment;
        private Map<String, String> factorLevels = Map.of();
        private final List<Setting> settings = new ArrayList<>();
        private EnvironmentRecord environment;
        private final List<ProcessRecord> processes = new ArrayList<>();
        private final List<ResultFile> files = new ArrayList<>();
        private final List<String> warnings = new ArrayList<>();

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

        /** How the benchmark processes ended: their exit codes, signals, problems and log tails. */
        public Builder outcome(RunOutcome outcome) {
            failure(outcome.failure());
            runDir(outcome.runDir());
            measuringNanos = outcome.measuringNanos();
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
                    measurements.add(new MeasurementRecord(f.process(), probe, m.withRawSamples(resolveRaw(f, m.rawSamples()))));
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
                    factorLevels, settings, env, merged, measurements, warnings);
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
                            p.logPath(), f.file().toString(), f.pid(), f.cpuAffinity(), f.cpuObserved()));
                    return;
                }
            }
            processes.add(new ProcessRecord(f.process(), null, null, 0, null, List.of(), null, f.file().toString(), f.pid(),
                    f.cpuAffinity(), f.cpuObserved()));
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
            String placement = files.stream().map(f -> f.process() + ": " + (severalHosts ? "on " + f.host()
                    + (f.environment().kernel() == null ? "" : " (kernel " + f.environment().kernel() + ")") + ", " : "")
                    + placement(f.cpuAffinity(), f.cpuObserved()))
                    .collect(Collectors.joining("; "));
            return new EnvironmentRecord(host, cpu, kernel, compiler, cplusplus, middleware.isEmpty() ? null : String.join("; ", middleware),
                    placement.isEmpty() ? null : placement, toolVersion);
        }

        static String placement(List<Integer> affinity, Integer observed) {
            String cpus = affinity.isEmpty() ? "CPUs unknown"
                    : (affinity.size() == 1 ? "pinned to CPU " : "unpinned, CPUs ") + affinity.stream().map(String::valueOf).collect(Collectors.joining(","));
            return cpus + (observed == null ? "" : " (ran on " + observed + ")");
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
