package org.bgml.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.SortedMap;

import org.bgml.experiment.engine.ConfigurationExecutor;
import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentEngine;
import org.bgml.experiment.engine.ExperimentException;
import org.bgml.experiment.engine.ExperimentJob;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.engine.TaskOutputs;
import org.bgml.experiment.execute.ConfigurationExecutors;
import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedFactor;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.experiment.plan.Planner;
import org.bgml.experiment.synthetic.SyntheticExecutor;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.launcher.results.ExperimentRecord;
import org.bgml.launcher.results.ExperimentRunSummary;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.RunRecord;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Experiment;
import org.bgml.model.Metric;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;

/** The experiment service the CLI and the IDE share: plan, estimate, run (or resume), and run one task. */
public final class Experiments {

    /** What to run. */
    public record Request(Path modelFile, String experiment, Planner.Overrides overrides, TaskOptions options, String engine,
            boolean resume, Path storeFile) {
    }

    /** What happened: the plan, and how many of its runs are stored, ok and failed, and still to do. */
    public record Outcome(ExperimentPlan plan, long experimentId, int storedBefore, int ok, int failed, int remaining) {
    }

    /** A wall-time estimate and where it came from. */
    public record Estimate(double secondsPerRun, double totalSeconds, String basis) {
    }

    private Experiments() {
    }

    public static ExperimentPlan plan(Path modelFile, String experiment, Planner.Overrides overrides) throws ModelLoadException {
        BenchmarkModel model = ModelFiles.loadModel(modelFile);
        return Planner.plan(model, experiment, overrides);
    }

    /**
     * Wall time of the plan: from the mean of the last good runs of the same model and target in the store when
     * there are any, else from the model's sample counts (timed plus warm-up samples of the experiment's metrics at
     * {@code assumedCallMicros} each) plus {@code assumedOverheadSeconds} per run for starting and stopping.
     */
    public static Estimate estimate(ExperimentPlan plan, BenchmarkModel model, String target, Path storeFile, double assumedCallMicros,
            double assumedOverheadSeconds) {
        if (storeFile != null && java.nio.file.Files.isRegularFile(storeFile)) {
            try (ResultsStore store = ResultsStore.openExisting(storeFile)) {
                OptionalDouble mean = store.meanRunSeconds(plan.modelName(), target, 20);
                if (mean.isPresent()) {
                    return new Estimate(mean.getAsDouble(), mean.getAsDouble() * plan.runs().size(),
                            "mean of the last good runs of " + plan.modelName() + " on " + target + " in " + store.file());
                }
            } catch (ResultsStoreException e) {
                // fall through to the model's sample counts
            }
        }
        Experiment experiment = Planner.experiment(model, plan.experiment());
        List<Metric> metrics = experiment.getMetrics().isEmpty() ? model.getMetrics() : experiment.getMetrics();
        long calls = 0;
        double seconds = 0;
        for (Metric m : metrics) {
            MetricPlan metric = new MetricPlan(m, org.bgml.generator.common.plan.Planner.kindOf(m), null, m.getEventType(),
                    org.bgml.generator.common.plan.Planner.payloadSizes(m));
            calls += metric.calls();
            seconds += metricSeconds(metric, assumedCallMicros);
        }
        double perRun = seconds + assumedOverheadSeconds;
        return new Estimate(perRun, perRun * plan.runs().size(), "no earlier runs: " + calls + " calls per run (every thread's, at every"
                + " payload size) at " + assumedCallMicros + " µs each, fixed rates and durations as the model sets them, plus "
                + assumedOverheadSeconds + " s to start and stop");
    }

    /**
     * Seconds one metric keeps a run busy: its calls at {@code callMicros} each (every thread's, as the threads share the
     * machine's CPUs), or the time its fixed rate alone makes them last when that is longer; its duration at each
     * payload size; and its pre- and post-delays.
     */
    public static double metricSeconds(MetricPlan metric, double callMicros) {
        double busy = Math.max(metric.calls() * callMicros / 1e6, metric.pacedMillis() / 1000.0);
        double duration = metric.durationMillis() > 0 ? metric.durationMillis() / 1000.0 * metric.payloadSizes().size() : 0;
        return busy + duration + (metric.preDelayMillis() + metric.postDelayMillis()) / 1000.0;
    }

    /** Registers the plan in the store and runs what is not stored yet on the chosen engine. */
    public static Outcome run(Request request, ExperimentProgress progress) throws ModelLoadException, ExperimentException, InterruptedException {
        return run(request, Engines.byId(request.engine()), progress);
    }

    /** As {@link #run(Request, ExperimentProgress)}, on the given engine instance (request.engine() is ignored). */
    public static Outcome run(Request request, ExperimentEngine engine, ExperimentProgress progress)
            throws ModelLoadException, ExperimentException, InterruptedException {
        ExperimentPlan plan = plan(request.modelFile(), request.experiment(), request.overrides());
        try (ResultsStore store = ResultsStore.open(request.storeFile())) {
            long id = store.experiment(record(plan, request.modelFile()));
            SortedMap<Integer, ExperimentRunSummary> stored = store.experimentRuns(id);
            if (!stored.isEmpty() && !request.resume()) {
                throw new ExperimentException("experiment " + plan.experiment() + " (plan " + plan.key() + ") already has " + stored.size()
                        + " of its " + plan.runs().size() + " runs in " + store.file() + "; give --resume to run the remaining "
                        + (plan.runs().size() - stored.size()) + ", or change the seed for a new plan");
            }
            List<PlannedRun> pending = plan.runs().stream().filter(r -> !stored.containsKey(r.index())).toList();
            ExperimentJob job = new ExperimentJob(request.modelFile(), plan, pending, request.options(), new StoreSink(store, id));
            progress.pending(pending.size());
            if (!pending.isEmpty()) {
                engine.run(job, progress);
            }
            SortedMap<Integer, ExperimentRunSummary> after = store.experimentRuns(id);
            int ok = (int) after.values().stream().filter(ExperimentRunSummary::ok).count();
            return new Outcome(plan, id, stored.size(), ok, after.size() - ok, plan.runs().size() - after.size());
        } catch (ResultsStoreException e) {
            throw new ExperimentException(e.getMessage(), e);
        }
    }

    /**
     * Runs a whole plan against a synthetic response into {@code storeFile} (no build, no benchmark), resuming what
     * is already there.
     */
    public static Outcome runSynthetic(Path modelFile, String experiment, Planner.Overrides overrides, String syntheticSpec,
            Path storeFile) throws ModelLoadException, ExperimentException, InterruptedException {
        TaskOptions options = new TaskOptions(SyntheticExecutor.TARGET, storeFile.toAbsolutePath().getParent().resolve("work"),
                syntheticSpec, null, List.of());
        return run(new Request(modelFile, experiment, overrides, options, Engines.LOCAL, true, storeFile), ExperimentProgress.NONE);
    }

    /** The outcome of one standalone task. */
    public record TaskResult(Path output, RunRecord record) {
    }

    /**
     * Runs run {@code index} of the plan and writes its output file into {@code outDir}, never touching the store.
     * Refuses when {@code expectedKey} is given and the plan's key differs.
     */
    public static TaskResult task(Path modelFile, String experiment, Planner.Overrides overrides, int index, Path outDir,
            TaskOptions options, String expectedKey) throws ModelLoadException, ExperimentException, InterruptedException {
        ExperimentPlan plan = plan(modelFile, experiment, overrides);
        if (expectedKey != null && !expectedKey.equals(plan.key())) {
            throw new ExperimentException("the plan of experiment " + plan.experiment() + " is now " + plan.key() + ", not " + expectedKey
                    + " as submitted: the model or the design settings changed since");
        }
        PlannedRun run;
        try {
            run = plan.run(index);
        } catch (IllegalArgumentException e) {
            throw new ExperimentException(e.getMessage());
        }
        ConfigurationExecutor executor = ConfigurationExecutors.create(modelFile, options, ExperimentProgress.NONE);
        RunRecord record = executor.execute(plan, run);
        try {
            return new TaskResult(TaskOutputs.write(outDir, plan, run, record), record);
        } catch (IOException e) {
            throw new ExperimentException("the output of run " + index + " could not be written to " + outDir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs a block of runs in this one process, as a job array task with several configurations does: plans once,
     * then for each index in order writes {@code recordsDir/<index>/}{@value org.bgml.experiment.slurm.JobScript#STARTED},
     * runs it, writes its output file into {@code outDir} and its own log line into
     * {@value org.bgml.experiment.slurm.JobScript#COMMAND_LOG}, and ends it with an
     * {@value org.bgml.experiment.slurm.JobScript#EXIT} record holding the code the one-run task would have exited with
     * (0 ok, 1 the configuration failed, 2 it could not run). A run that throws is recorded with code 2 and the next one
     * runs; when the plan cannot be made at all (the model changed, the key differs) every run gets code 2 and the
     * reason. {@code env} supplies the started records' job, task, host and CPUs.
     *
     * @return 0 when every run succeeded, 1 when some configuration failed, 2 when some could not run
     */
    public static int taskBlock(Path modelFile, String experiment, Planner.Overrides overrides, List<Integer> indexes, Path outDir,
            Path recordsDir, TaskOptions options, String expectedKey, Map<String, String> env, java.io.PrintStream log)
            throws InterruptedException {
        ExperimentPlan plan = null;
        ConfigurationExecutor executor = null;
        String unusable = null;
        try {
            plan = plan(modelFile, experiment, overrides);
            if (expectedKey != null && !expectedKey.equals(plan.key())) {
                unusable = "bgml experiment: the plan of experiment " + plan.experiment() + " is now " + plan.key() + ", not "
                        + expectedKey + " as submitted: the model or the design settings changed since";
            } else {
                executor = ConfigurationExecutors.create(modelFile, options, ExperimentProgress.NONE);
            }
        } catch (ModelLoadException e) {
            unusable = "bgml experiment: " + e.describe().strip();
        } catch (ExperimentException | RuntimeException e) {
            unusable = "bgml experiment: " + e.getMessage();
        }
        int worst = 0;
        for (int index : indexes) {
            Path dir = recordsDir.resolve(Integer.toString(index));
            int code;
            String line;
            try {
                org.bgml.experiment.slurm.JobScript.writeStarted(dir, env);
            } catch (IOException e) {
                log.println("run " + index + ": its records folder " + dir + " cannot be written: " + e.getMessage());
                worst = 2;
                continue; // no exit record: the task script runs it alone
            }
            if (unusable != null) {
                code = 2;
                line = unusable;
            } else {
                try {
                    PlannedRun run = plan.run(index);
                    RunRecord record = executor.execute(plan, run);
                    Path output = TaskOutputs.write(outDir, plan, run, record);
                    code = record.ok() ? 0 : 1;
                    line = "run " + index + ": " + (record.ok() ? "ok" : "failed: " + record.failure()) + "; output " + output;
                } catch (IOException e) {
                    code = 2;
                    line = "bgml experiment: the output of run " + index + " could not be written to " + outDir + ": " + e.getMessage();
                } catch (RuntimeException e) {
                    code = 2;
                    line = "bgml experiment: run " + index + " could not run: " + e;
                }
            }
            try {
                java.nio.file.Files.writeString(dir.resolve(org.bgml.experiment.slurm.JobScript.COMMAND_LOG), line + "\n");
                org.bgml.experiment.slurm.JobScript.writeExit(dir, code);
            } catch (IOException e) {
                log.println("run " + index + ": its exit record cannot be written into " + dir + ": " + e.getMessage());
            }
            log.println(line);
            worst = Math.max(worst, code);
        }
        return worst;
    }

    static ExperimentRecord record(ExperimentPlan plan, Path modelFile) {
        List<Map<String, Object>> factors = new ArrayList<>();
        for (PlannedFactor f : plan.factors()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", f.name());
            m.put("option", f.option());
            m.put("landing", f.landing());
            m.put("levels", f.levels());
            factors.add(m);
        }
        return new ExperimentRecord(plan.key(), plan.experiment(), modelFile.toAbsolutePath().normalize().toString(), plan.modelName(),
                plan.designSpec(), plan.seed(), plan.repetitions(), plan.runs().size(), factors);
    }
}
