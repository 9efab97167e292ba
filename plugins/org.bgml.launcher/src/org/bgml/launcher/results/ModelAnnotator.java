package org.bgml.launcher.results;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Environment;
import org.bgml.model.HistogramBucket;
import org.bgml.model.Measurement;
import org.bgml.model.Metric;
import org.bgml.model.ResultSet;
import org.bgml.model.RunStatus;
import org.bgml.model.Unit;
import org.bgml.model.Verdict;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.eclipse.emf.ecore.EObject;

/**
 * Writes a stored run into a model's results viewpoint: one {@link ResultSet} (run id, time, target, configuration,
 * deployment, status, failure, environment) holding one {@link Measurement} per stored measurement. Each measurement
 * refers to its metric and to the element it measured (connection, port, operation, event type or process), found
 * by element path; a path that no longer resolves (the element was renamed or deleted since the run) keeps its
 * {@code elementPath} and stays unattached. Each whole-call measurement is judged against its metric's requirement.
 * <p>
 * Annotating a run again replaces its result set. Older result sets are kept unless {@code keep} asks to prune:
 * then only the newest {@code keep} remain (the one just written always among them). The model is validated
 * afterwards and saved atomically; an annotation that would make the model invalid is refused and nothing is saved.
 */
public final class ModelAnnotator {
    /** What one annotation did. */
    public record Summary(String resultSetName, int measurements, int attached, List<String> unresolved, int passed, int failed,
            int pruned, boolean modelChanged, List<String> judgements) {
    }

    /** Loads {@code modelFile}, annotates {@code run}, prunes to {@code keep} result sets (0 = keep all), validates and saves. */
    public Summary annotate(Path modelFile, StoredRun run, int keep) throws ModelLoadException, IOException, AnnotationException {
        BenchmarkModel model = ModelFiles.loadModel(modelFile);
        ModelValidator validator = new ModelValidator();
        Set<String> before = errors(validator.validate(model));
        String currentHash = RunRecord.sha256(modelFile);
        boolean changed = run.record().modelHash() != null && !run.record().modelHash().equals(currentHash);
        Summary summary = annotate(model, run, keep, modelFile.toAbsolutePath().getParent(), changed);
        List<String> introduced = new ArrayList<>();
        for (ModelDiagnostic d : validator.validate(model)) {
            if (d.severity() == Severity.ERROR && !before.contains(key(d))) {
                introduced.add(d.format());
            }
        }
        if (!introduced.isEmpty()) {
            throw new AnnotationException("annotating " + run.label() + " would make " + modelFile + " invalid, so it was not saved:\n  "
                    + String.join("\n  ", introduced));
        }
        ModelFiles.save(model.eResource(), modelFile);
        return summary;
    }

    /** Annotates an in-memory model; {@code modelDir} is where raw sample paths are made relative to (may be null). */
    public Summary annotate(BenchmarkModel model, StoredRun run, int keep, Path modelDir, boolean modelChanged) {
        RunRecord r = run.record();
        String name = resultSetName(r.runId());
        model.getResults().removeIf(existing -> r.runId().equals(existing.getRunId()));
        ResultSet set = BgmlFactory.eINSTANCE.createResultSet();
        set.setName(name);
        set.setRunId(r.runId());
        set.setTime(r.startedAt());
        set.setTarget(r.target());
        set.setConfigurationName(r.configuration());
        set.setDeploymentName(r.deployment());
        set.setStatus(r.ok() ? RunStatus.OK : RunStatus.FAILED);
        set.setFailure(r.failure());
        set.setEnvironment(environment(r));

        int attached = 0;
        int passed = 0;
        int failed = 0;
        Set<String> unresolved = new LinkedHashSet<>();
        List<String> judgements = new ArrayList<>();
        for (MeasurementRecord record : r.measurements()) {
            ResultMeasurement f = record.figures();
            Measurement m = BgmlFactory.eINSTANCE.createMeasurement();
            Metric metric = Requirements.metricOf(model, f);
            m.setMetric(metric);
            if (f.metric() != null && metric == null) {
                unresolved.add("metric " + f.metric());
            }
            EObject element = ElementPaths.resolve(model, f.element());
            m.setElementPath(f.element());
            if (element != null && !(element instanceof ResultSet) && !isInsideResults(element)) {
                m.setElement(element);
                attached++;
            } else {
                unresolved.add("element " + f.element());
            }
            fill(m, record, modelDir);
            Requirements.Judgement j = Requirements.judge(metric, f);
            m.setVerdict(j.verdict());
            if (j.verdict() == Verdict.PASS) {
                passed++;
            } else if (j.verdict() == Verdict.FAIL) {
                failed++;
            }
            if (j.verdict() != Verdict.NONE) {
                judgements.add(f.label() + ": " + j.text() + ": " + j.verdict().getLiteral());
            }
            set.getMeasurements().add(m);
        }
        model.getResults().add(set);
        int pruned = keep > 0 ? prune(model, set, keep) : 0;
        return new Summary(name, r.measurements().size(), attached, List.copyOf(unresolved), passed, failed, pruned, modelChanged,
                judgements);
    }

    /** The result set's name: a legal identifier made from the run id ({@code run_20261121_093000_ab12}). */
    public static String resultSetName(String runId) {
        String s = runId.replaceAll("[^A-Za-z0-9]+", "_").replaceAll("_+", "_");
        s = s.replaceAll("^_|_$", "");
        return "run_" + (s.isEmpty() ? "unnamed" : s);
    }

    private static boolean isInsideResults(EObject element) {
        for (EObject o = element; o != null; o = o.eContainer()) {
            if (o instanceof ResultSet) {
                return true;
            }
        }
        return false;
    }

    /** Keeps the newest {@code keep} result sets by time, always including {@code kept}; returns how many went. */
    private static int prune(BenchmarkModel model, ResultSet kept, int keep) {
        List<ResultSet> others = new ArrayList<>(model.getResults());
        others.remove(kept);
        others.sort(Comparator.comparing((ResultSet s) -> s.getTime() == null ? "" : s.getTime()).reversed());
        Set<ResultSet> survivors = new HashSet<>(others.subList(0, Math.min(others.size(), keep - 1)));
        survivors.add(kept);
        int before = model.getResults().size();
        model.getResults().removeIf(s -> !survivors.contains(s));
        return before - model.getResults().size();
    }

    private static Environment environment(RunRecord r) {
        EnvironmentRecord e = r.environment();
        Environment env = BgmlFactory.eINSTANCE.createEnvironment();
        env.setHost(e.host());
        env.setCpuModel(e.cpuModel());
        env.setKernel(e.kernel());
        env.setCompiler(e.compiler());
        env.setMiddlewareVersions(e.middlewareVersions());
        env.setCpuPlacement(e.cpuPlacement());
        env.setToolVersion(e.toolVersion() != null ? e.toolVersion() : r.toolVersion());
        env.setModelHash(r.modelHash());
        return env;
    }

    private static void fill(Measurement m, MeasurementRecord record, Path modelDir) {
        ResultMeasurement f = record.figures();
        m.setSegment(f.segment());
        if (f.payloadBytes() != null) {
            m.setPayloadBytes((int) Math.min(Integer.MAX_VALUE, f.payloadBytes()));
        }
        Unit unit = Unit.get(f.unit());
        m.setUnit(unit != null ? unit : Unit.COUNT);
        m.setN(f.n());
        if (f.mean() != null) {
            m.setMean(f.mean());
        }
        if (f.stddev() != null) {
            m.setStddev(f.stddev());
        }
        setIf(f.min(), m::setMin);
        setIf(f.max(), m::setMax);
        setIf(f.p50(), m::setP50);
        setIf(f.p90(), m::setP90);
        setIf(f.p99(), m::setP99);
        setIf(f.p999(), m::setP999);
        if (f.throughput() != null) {
            m.setThroughput(f.throughput());
        }
        if (f.bytesPerSecond() != null) {
            m.setBytesPerSecond(f.bytesPerSecond());
        }
        if (record.probeCostNs() != null) {
            Double inUnit = Units.convert(record.probeCostNs(), "ns", f.unit());
            if (inUnit != null) {
                m.setProbeCost(inUnit);
            }
        }
        if (f.missedDeadlines() != null) {
            m.setMissedDeadlines(f.missedDeadlines());
        }
        if (f.staticFootprintBytes() != null) {
            m.setStaticFootprintBytes(f.staticFootprintBytes());
        }
        if (f.peakResidentKiB() != null) {
            m.setPeakResidentKiB(f.peakResidentKiB());
        }
        if (f.residentKiB() != null) {
            m.setResidentKiB(f.residentKiB());
        }
        m.setRawSamples(relativeRawSamples(f.rawSamples(), modelDir));
        m.setSubstitution(record.substitution());
        for (ResultMeasurement.Bucket b : f.histogram()) {
            HistogramBucket bucket = BgmlFactory.eINSTANCE.createHistogramBucket();
            bucket.setLower(b.lower());
            bucket.setUpper(b.upper());
            bucket.setCount(b.count());
            m.getHistogram().add(bucket);
        }
    }

    private static void setIf(Long value, java.util.function.DoubleConsumer setter) {
        if (value != null) {
            setter.accept(value);
        }
    }

    /**
     * The model keeps raw sample paths relative to the model's folder, without '..' (the validation rule for paths
     * written by the tool). A file elsewhere is left out of the model; the store still has its absolute path.
     */
    static String relativeRawSamples(String raw, Path modelDir) {
        if (raw == null || raw.isEmpty()) {
            return null;
        }
        Path p = Path.of(raw);
        if (!p.isAbsolute()) {
            return p.normalize().toString().startsWith("..") ? null : p.normalize().toString();
        }
        if (modelDir == null) {
            return null;
        }
        Path dir = modelDir.toAbsolutePath().normalize();
        Path file = p.normalize();
        if (!file.startsWith(dir)) {
            return null;
        }
        String relative = dir.relativize(file).toString();
        return relative.isEmpty() ? null : relative;
    }

    private static Set<String> errors(List<ModelDiagnostic> diagnostics) {
        Set<String> out = new HashSet<>();
        for (ModelDiagnostic d : diagnostics) {
            if (d.severity() == Severity.ERROR) {
                out.add(key(d));
            }
        }
        return out;
    }

    private static String key(ModelDiagnostic d) {
        return d.ruleId() + " " + d.elementPath() + " " + d.message();
    }

    /** An annotation that was refused; nothing was saved. */
    public static final class AnnotationException extends Exception {
        private static final long serialVersionUID = 1L;

        public AnnotationException(String message) {
            super(message);
        }
    }
}
