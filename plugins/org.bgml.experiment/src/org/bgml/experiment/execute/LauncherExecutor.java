package org.bgml.experiment.execute;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.bgml.experiment.engine.ConfigurationExecutor;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.launcher.build.BenchmarkBuilder;
import org.bgml.launcher.results.RunIds;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.run.HostCheck;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.OptionSetting;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;

/**
 * Runs one configuration for real: loads the model, applies the run's factor levels, generates, finds or builds
 * the variant ({@link VariantCache}), runs it from its manifest, and describes the run as a record. Every failure
 * (invalid configuration, build error, crashed process) becomes a failed record with its reason.
 */
public final class LauncherExecutor implements ConfigurationExecutor {
    private final Path modelFile;
    private final TaskOptions options;
    private final ExperimentProgress progress;
    private final VariantCache cache;
    private int builds;
    private int reuses;
    private final VariantCache.Bound bound;
    private final org.bgml.launcher.RunService.Execution execution;
    private Path used;

    /** With the variant cache's caps from the environment ({@link VariantCache.Bound#fromEnvironment}). */
    public LauncherExecutor(Path modelFile, TaskOptions options, ExperimentProgress progress) {
        this(modelFile, options, progress, VariantCache.Bound.fromEnvironment(System.getenv()));
    }

    /** @param bound the variant cache's caps, pruned to after every run */
    public LauncherExecutor(Path modelFile, TaskOptions options, ExperimentProgress progress, VariantCache.Bound bound) {
        this(modelFile, options, progress, bound, org.bgml.launcher.RunService.Execution.LOCAL);
    }

    /**
     * @param execution where each run's processes run: on this machine, or as job steps on several hosts
     *                  ({@link org.bgml.experiment.slurm.MultiHostRun})
     */
    public LauncherExecutor(Path modelFile, TaskOptions options, ExperimentProgress progress, VariantCache.Bound bound,
            org.bgml.launcher.RunService.Execution execution) {
        this.execution = execution;
        this.modelFile = modelFile;
        this.options = options;
        this.progress = progress == null ? ExperimentProgress.NONE : progress;
        this.cache = new VariantCache(options.workDir().resolve("variants"));
        this.bound = bound;
    }

    /** Variants compiled and variants reused so far. */
    public int builds() {
        return builds;
    }

    public int reuses() {
        return reuses;
    }

    /**
     * Runs the configuration, then prunes the variant cache to its bound (never the variant just used, nor one
     * another task holds).
     */
    @Override
    public RunRecord execute(ExperimentPlan plan, PlannedRun run) throws InterruptedException {
        used = null;
        try {
            return executeRun(plan, run);
        } finally {
            prune();
        }
    }

    private void prune() {
        if (bound.maxBytes() == 0 && bound.maxVariants() == 0) {
            return;
        }
        try {
            VariantCache.PruneResult r = cache.prune(bound, used == null ? java.util.Set.of() : java.util.Set.of(used));
            if (!r.evicted().isEmpty()) {
                progress.message("variant cache: removed " + r.evicted().size() + " least recently used variant"
                        + (r.evicted().size() == 1 ? "" : "s") + String.format(java.util.Locale.ROOT, " (%.1f MiB); %d kept (%.1f MiB)",
                                r.evictedBytes() / 1048576.0, r.kept().size(), r.keptBytes() / 1048576.0));
            }
        } catch (IOException | RuntimeException e) {
            progress.message("variant cache: could not prune " + cache.root() + ": " + e);
        }
    }

    private RunRecord executeRun(ExperimentPlan plan, PlannedRun run) throws InterruptedException {
        Instant started = Instant.now();
        String runId = RunIds.next(started);
        RunRecord.Builder record = RunRecord.builder(runId).target(options.target()).startedAt(started)
                .experiment(plan.experiment(), run.levels());
        try {
            record.model(modelFile, plan.modelName());
        } catch (IOException e) {
            record.model(modelFile.toAbsolutePath().toString(), plan.modelName(), null);
        }
        try {
            BenchmarkModel model = ModelFiles.loadModel(modelFile);
            ConfiguredModel.Selection selection = ConfiguredModel.apply(model, plan.experiment(), run.levels());
            record.configuration(selection.configuration()).deployment(selection.deployment());
            if (options.allOnThisHost()) {
                // collapsed on purpose (the local engine refused it otherwise): every run says so
                HostCheck.check(model, selection.deployment(), true).ifPresent(record::warning);
            }
            settings(model, selection.configuration(), record);
            VariantCache.Variant variant = cache.prepare(model, options.target(), selection);
            used = variant.dir();
            try (VariantCache.Lock lock = variant.lock()) {
                variant.writeFiles();
                BenchmarkBuilder.Outcome build = new BenchmarkBuilder().build(variant.dir(), variant.manifest());
                if (!build.ok()) {
                    return record.failure("build failed: " + build.failure()
                            + (build.logTail().isEmpty() ? "" : "\n" + String.join("\n", build.logTail()))).endedAt(Instant.now()).build();
                }
                if (build.rebuilt()) {
                    builds++;
                    progress.message("built variant " + variant.dir().getFileName() + " in "
                            + String.format(java.util.Locale.ROOT, "%.1f s", build.nanos() / 1e9));
                } else {
                    reuses++;
                }
                Manifest manifest = variant.manifest();
                if (options.samples() != null) {
                    int n = options.samples();
                    // -n is the one sample flag every target's processes take (TAO's have no -w; they cap warm-up at -n)
                    manifest = ManifestRunner.withExtraArguments(manifest, p -> "server".equals(p.role()) ? List.of()
                            : List.of("-n", String.valueOf(n)));
                }
                Path runDir = variant.dir().resolve(org.bgml.launcher.RunService.RUN_PREFIX + runId);
                RunOutcome outcome = execution.run(variant.dir(), manifest, runDir, new RunListener() {
                });
                record.outcome(outcome);
                List<Path> results = new ArrayList<>();
                for (Manifest.ProcessSpec p : manifest.processes()) {
                    for (String r : p.results()) {
                        Path file = runDir.resolve(r);
                        if (java.nio.file.Files.isRegularFile(file)) {
                            results.add(file);
                        }
                    }
                }
                manifest.substitutionList().forEach(sub -> record.substitution(sub.text(), sub.elements()));
                record.resultFiles(results);
            }
        } catch (ModelLoadException e) {
            record.failure("the model could not be loaded: " + e.describe());
        } catch (InvalidModelException e) {
            record.failure("this configuration makes the model invalid: " + e.getMessage() + (e.diagnostics().isEmpty() ? ""
                    : " (" + String.join("; ", e.diagnostics().stream().limit(3).map(d -> d.format()).toList()) + ")"));
        } catch (IOException | RuntimeException e) {
            record.failure("the run could not be carried out: " + e);
        }
        return record.endedAt(Instant.now()).build();
    }

    private static void settings(BenchmarkModel model, String configuration, RunRecord.Builder record) {
        for (Configuration c : model.getConfigurations()) {
            if (configuration.equals(c.getName())) {
                String scope = c.getProcesses().isEmpty() ? "*" : String.join(",", c.getProcesses().stream().map(p -> p.getName()).toList());
                for (OptionSetting s : c.getSettings()) {
                    if (s.getOption() != null) {
                        record.setting(scope, s.getOption().getName(), s.getValue());
                    }
                }
            }
        }
    }
}
