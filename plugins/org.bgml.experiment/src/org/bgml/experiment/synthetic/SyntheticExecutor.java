package org.bgml.experiment.synthetic;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

import org.bgml.experiment.engine.ConfigurationExecutor;
import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedFactor;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.RunIds;
import org.bgml.launcher.results.RunRecord;

/**
 * Evaluates a {@link SyntheticResponse} instead of running a benchmark, and describes the run the way a real one
 * is stored: target {@value #TARGET}, the factor levels and option settings, one latency measurement (ns samples:
 * n, mean, stddev, min, max, percentiles) and one throughput measurement. The samples of run i of a plan are
 * always the same (seeded from the plan key and i).
 */
public final class SyntheticExecutor implements ConfigurationExecutor {
    public static final String TARGET = "synthetic";
    private final Path modelFile;
    private final SyntheticResponse response;
    private final long delayMillis;

    public SyntheticExecutor(Path modelFile, SyntheticResponse response) {
        this(modelFile, response, 0);
    }

    /** @param delayMillis time each run takes (sleeping), to stand in for a benchmark in tests of the runner */
    public SyntheticExecutor(Path modelFile, SyntheticResponse response, long delayMillis) {
        this.modelFile = modelFile;
        this.response = response;
        this.delayMillis = delayMillis;
    }

    public SyntheticResponse response() {
        return response;
    }

    @Override
    public RunRecord execute(ExperimentPlan plan, PlannedRun run) throws InterruptedException {
        Instant started = Instant.now();
        if (delayMillis > 0) {
            Thread.sleep(delayMillis);
        }
        long seed = seed(plan.key(), run.index());
        long[] samples = response.samplesNs(run.levels(), seed);
        RunRecord.Builder b = RunRecord.builder(RunIds.next(started))
                .model(modelFile == null ? null : modelFile.toAbsolutePath().normalize().toString(), plan.modelName(), null)
                .target(TARGET).configuration(plan.experiment()).startedAt(started).experiment(plan.experiment(), run.levels());
        for (PlannedFactor f : plan.factors()) {
            b.setting("*", f.option() != null ? f.option() : f.name(), run.levels().get(f.name()));
        }
        RunRecord r = b.endedAt(Instant.now()).build();
        List<MeasurementRecord> measurements = measurements(plan.experiment(), samples);
        return new RunRecord(r.runId(), r.modelPath(), r.modelName(), r.modelHash(), r.target(), r.deployment(), r.configuration(),
                r.status(), r.failure(), r.startedAt(), r.endedAt(), r.toolVersion(), r.runDir(), sum(samples), r.experiment(),
                r.factorLevels(), r.settings(), r.environment(), r.processes(), measurements);
    }

    static List<MeasurementRecord> measurements(String element, long[] samples) {
        long[] sorted = samples.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        double mean = Arrays.stream(sorted).average().orElse(0);
        double ss = 0;
        for (long s : sorted) {
            ss += (s - mean) * (s - mean);
        }
        double stddev = n > 1 ? Math.sqrt(ss / (n - 1)) : 0;
        long wall = sum(samples);
        double throughput = n * 1e9 / wall;
        ResultMeasurement latency = new ResultMeasurement("latency", "synthetic/Latency", element, null, null, "ns", null, 1L, 0L, 0L, n,
                mean, stddev, sorted[0], sorted[n - 1], rank(sorted, 50), rank(sorted, 90), rank(sorted, 99), rank(sorted, 99.9),
                List.of(), (long) n, wall, throughput, null, null, null, null, null, null, null, null, null, null);
        ResultMeasurement tput = new ResultMeasurement("throughput", "synthetic/Throughput", element, null, null, "perSecond", null, 1L,
                0L, 0L, n, null, null, null, null, null, null, null, null, List.of(), (long) n, wall, throughput, null, null, null, null,
                null, null, null, null, throughput, null);
        return List.of(new MeasurementRecord("synthetic", null, latency), new MeasurementRecord("synthetic", null, tput));
    }

    /** Nearest rank, as the C++ runtime computes it. */
    static long rank(long[] sorted, double q) {
        int r = (int) Math.ceil(q / 100.0 * sorted.length);
        return sorted[Math.max(1, Math.min(sorted.length, r)) - 1];
    }

    private static long sum(long[] samples) {
        long s = 0;
        for (long v : samples) {
            s += v;
        }
        return s;
    }

    static long seed(String planKey, int index) {
        long h = 1125899906842597L;
        for (byte b : (planKey + "#" + index).getBytes(StandardCharsets.UTF_8)) {
            h = 31 * h + b;
        }
        return h;
    }
}
