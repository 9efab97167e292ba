package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.bgml.experiment.Experiments;
import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentException;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedFactor;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.experiment.plan.Planner;
import org.bgml.launcher.results.RunRecord;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.DesignKind;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml experiment plan|run|task FILE}: show an experiment's design, run it (or resume it) on an engine, or
 * run one run of it as a standalone task (what a cluster's job array runs; see plugins/org.bgml.experiment/ENGINES.md).
 */
@Command(name = "experiment", description = "plan an experiment's design, run or resume it, or run one of its runs as a task",
        footer = { "  bgml experiment plan examples/omniorb-options-experiment.bgml",
                "  bgml experiment run examples/omniorb-options-experiment.bgml --samples 2000 --resume" })
final class ExperimentCommand implements Subcommand {
    private static final String[] DESIGN_OPTIONS = { "--design", "--strength", "--fraction", "--sample-size", "--repetitions", "--seed" };
    private static final int SHOWN = 10;

    @Parameters(index = "0", arity = "0..1", paramLabel = "ACTION", completionCandidates = Actions.class,
            description = "plan: the design and a time estimate; run: every run, stored (resumable); task: one run, as a cluster job runs it;"
                    + " cache: the built variants in the work folder")
    String action;

    @Parameters(index = "1..*", paramLabel = "FILE", description = "the model that declares the experiment")
    List<String> files = new ArrayList<>();

    @Option(names = "--experiment", paramLabel = "NAME", description = "the experiment (needed when the model has more than one)")
    String experiment;

    @Option(names = "--design", paramLabel = "DESIGN", description = "override the design: fullFactorial, fractionalFactorial, coveringArray or random")
    String design;

    @Option(names = "--strength", paramLabel = "T", description = "a covering array's strength")
    String strength;

    @Option(names = "--fraction", paramLabel = "P", description = "a fractional factorial's fraction 1/2^P")
    String fraction;

    @Option(names = "--sample-size", paramLabel = "N", description = "a random design's configurations")
    String sampleSize;

    @Option(names = "--repetitions", paramLabel = "R", description = "runs per configuration")
    String repetitions;

    @Option(names = "--seed", paramLabel = "S", description = "the seed of the design and of the run order")
    String seed;

    @Option(names = "--target", paramLabel = "T", completionCandidates = TargetIds.class,
            description = "the middleware: ${COMPLETION-CANDIDATES} (default: omniorb)")
    String targetId;

    @Option(names = "--engine", paramLabel = "ENGINE", description = "local or slurm (default: local)")
    String engine;

    @Option(names = "--all-on-this-host", description = "run: with the local engine, run a deployment whose nodes are other hosts"
            + " as processes of this machine, on purpose; each stored run says so")
    boolean allOnThisHost;

    @Option(names = "--resume", description = "run: keep the stored runs of this plan, do the rest")
    boolean resume;

    @Mixin
    Stores stores = new Stores();

    @Option(names = "--work", paramLabel = "DIR", description = "the work folder (default: .bgml/experiments/MODEL)")
    String work;

    @Option(names = "--samples", paramLabel = "N", description = "override every metric's sample count")
    String samples;

    @Option(names = "--synthetic", paramLabel = "SPEC", description = "simulated runs instead of real ones (for trying designs)")
    String synthetic;

    @Option(names = "--index", paramLabel = "I", description = "task: the run index")
    String index;

    @Option(names = "--indexes", paramLabel = "I,J,K", description = "task: a block of run indexes")
    String indexes;

    @Option(names = "--out", paramLabel = "DIR", description = "task: where the run's output goes")
    String taskOut;

    @Option(names = "--records", paramLabel = "DIR", description = "task with --indexes: where the run records go")
    String records;

    @Option(names = "--plan-key", paramLabel = "KEY", description = "task: the plan the index belongs to (refused if the plan differs)")
    String planKey;

    @Option(names = "--prune", description = "cache: remove the least recently used variants beyond the cache's bound")
    boolean prune;

    static final class Actions extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        Actions() {
            super(List.of("plan", "run", "task", "cache"));
        }
    }

    @Override
    public String synopsis() {
        return "plan|run|task FILE [--experiment NAME] [--design fullFactorial|fractionalFactorial|coveringArray|random] [--strength T]"
                + " [--fraction P] [--sample-size N] [--repetitions R] [--seed S] [--target T] [--engine local|slurm] [--all-on-this-host] [--resume]"
                + " [--store PATH] [--work DIR] [--samples N] [--synthetic SPEC] (task: --index I --out DIR [--plan-key KEY], or --indexes I,J,K --records DIR); cache [FILE] [--work DIR] [--prune]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (action == null) {
            throw new UsageException("say plan, run, task or cache");
        }
        String sub = action;
        if ("cache".equals(sub)) {
            return cache(in);
        }
        Path model = in.path(ArgumentChecks.single(files, "model file"));
        Planner.Overrides overrides = overrides();
        String target = synthetic != null ? (targetId == null ? "synthetic" : targetId) : TargetIds.resolve(targetId);
        String stem = model.getFileName().toString().replaceFirst("\\.bgml$", "");
        Path workDir = work != null ? in.path(work) : in.path(".bgml", "experiments", stem);
        Integer sampleCount = samples == null ? null : positive(samples, "--samples");
        TaskOptions options = new TaskOptions(target, workDir, synthetic, sampleCount, overrideArguments(), allOnThisHost);
        try {
            return switch (sub) {
            case "plan" -> plan(model, in, overrides, target, out);
            case "run" -> run(model, in, overrides, options, resume, out, err);
            case "task" -> task(model, in, overrides, options, err);
            default -> throw new UsageException("unknown sub-command '" + sub + "'; say plan, run or task");
            };
        } catch (ModelLoadException e) {
            err.println(e.describe());
            return Bgml.UNUSABLE;
        } catch (IllegalArgumentException e) {
            err.println("bgml experiment: " + model + ": " + e.getMessage());
            return Bgml.MODEL_ERRORS;
        } catch (ExperimentException e) {
            err.println("bgml experiment: " + e.getMessage());
            return Bgml.UNUSABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("bgml experiment: interrupted; the runs stored so far are kept, resume with --resume");
            return Bgml.UNUSABLE;
        }
    }

    private int plan(Path modelFile, Invocation in, Planner.Overrides overrides, String target, PrintStream out) throws ModelLoadException {
        BenchmarkModel model = ModelFiles.loadModel(modelFile);
        ExperimentPlan plan = Planner.plan(model, experiment, overrides);
        Experiments.Estimate estimate = Experiments.estimate(plan, model, target, stores.location(in), 15, 2);
        out.println("experiment " + plan.experiment() + " of " + plan.modelName() + " (plan " + plan.key() + ")");
        out.println("design: " + plan.designSpec() + ", seed " + plan.seed());
        plan.design().description().forEach(l -> out.println("  " + l));
        out.printf(Locale.ROOT, "configurations: %d; runs: %d (%d repetition%s each), in an order shuffled from the seed%n",
                plan.configurations(), plan.runs().size(), plan.repetitions(), plan.repetitions() == 1 ? "" : "s");
        out.printf(Locale.ROOT, "estimated wall time: %s (%.1f s per run; %s)%n", Durations.describe(estimate.totalSeconds()), estimate.secondsPerRun(),
                estimate.basis());
        List<String> header = new ArrayList<>(List.of("run", "config"));
        plan.factors().forEach(f -> header.add(f.name()));
        TextTable t = new TextTable(header.toArray(String[]::new)).right(0, 1);
        for (PlannedRun r : plan.runs().subList(0, Math.min(SHOWN, plan.runs().size()))) {
            List<String> row = new ArrayList<>(List.of(String.valueOf(r.index()), r.point() + (plan.repetitions() > 1 ? "/" + r.repetition() : "")));
            for (PlannedFactor f : plan.factors()) {
                row.add(r.levels().get(f.name()));
            }
            t.row(row.toArray(String[]::new));
        }
        out.println("first " + Math.min(SHOWN, plan.runs().size()) + " runs:");
        t.print(out);
        List<String> rebuilding = plan.factors().stream().filter(PlannedFactor::rebuilds).map(PlannedFactor::name).toList();
        out.println(rebuilding.isEmpty() ? "every factor is a run-time option: one build serves every configuration"
                : "factors that change the build (one variant per combination): " + String.join(", ", rebuilding));
        return Bgml.OK;
    }

    private int run(Path model, Invocation in, Planner.Overrides overrides, TaskOptions options, boolean resume, PrintStream out,
            PrintStream err) throws ModelLoadException, ExperimentException, InterruptedException {
        String engine = this.engine == null ? Engines.LOCAL : this.engine;
        Progress progress = new Progress(err);
        Experiments.Request request = new Experiments.Request(model, experiment, overrides, options, engine, resume,
                stores.location(in));
        Experiments.Outcome o = Experiments.run(request, progress);
        out.printf(Locale.ROOT, "experiment %s (plan %s, %s): %d runs, %d ok, %d failed, %d remaining%s; stored in %s%n", o.plan().experiment(),
                o.plan().key(), o.plan().designSpec(), o.plan().runs().size(), o.ok(), o.failed(), o.remaining(),
                o.storedBefore() > 0 ? " (" + o.storedBefore() + " were stored before this resume)" : "", stores.location(in));
        return o.failed() == 0 && o.remaining() == 0 ? Bgml.OK : Bgml.MODEL_ERRORS;
    }

    private int task(Path model, Invocation in, Planner.Overrides overrides, TaskOptions options, PrintStream err)
            throws UsageException, ModelLoadException, ExperimentException, InterruptedException {
        if (indexes != null) {
            List<Integer> block = new ArrayList<>();
            try {
                for (String i : indexes.split(",")) {
                    block.add(Integer.parseInt(i.trim()));
                }
            } catch (NumberFormatException e) {
                throw new UsageException("--indexes needs run indexes separated by commas, got '" + indexes + "'");
            }
            return Experiments.taskBlock(model, experiment, overrides, block, in.path(ArgumentChecks.required(taskOut, "--out")),
                    in.path(ArgumentChecks.required(records, "--records")), options, planKey, System.getenv(), err);
        }
        int runIndex;
        try {
            runIndex = Integer.parseInt(ArgumentChecks.required(index, "--index").trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--index needs a run index (0 or more), got '" + index + "'");
        }
        Path outDir = in.path(ArgumentChecks.required(taskOut, "--out"));
        Experiments.TaskResult r = Experiments.task(model, experiment, overrides, runIndex, outDir, options, planKey);
        err.println("run " + runIndex + ": " + (r.record().ok() ? "ok" : "failed: " + r.record().failure()) + "; output " + r.output());
        return r.record().ok() ? Bgml.OK : Bgml.MODEL_ERRORS;
    }

    /**
     * {@code bgml experiment cache [MODEL] [--work DIR] [--prune]}: the built variants in the work folder (MODEL's
     * default one, or DIR), their sizes and last uses, and with --prune removes the least recently used beyond the
     * cache's bound (BGML_VARIANT_CACHE_MAX_GB, BGML_VARIANT_CACHE_MAX_VARIANTS), skipping variants in use.
     */
    private int cache(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        Path work;
        if (this.work != null) {
            work = in.path(this.work);
        } else if (files.size() == 1) {
            work = in.path(".bgml", "experiments", Path.of(files.get(0)).getFileName().toString().replaceFirst("\\.bgml$", ""));
        } else {
            throw new UsageException("say which work folder: a model file (its default work folder) or --work DIR");
        }
        org.bgml.experiment.execute.VariantCache cache = new org.bgml.experiment.execute.VariantCache(work.resolve("variants"));
        org.bgml.experiment.execute.VariantCache.Bound bound;
        try {
            bound = org.bgml.experiment.execute.VariantCache.Bound.fromEnvironment(System.getenv());
        } catch (IllegalArgumentException e) {
            err.println("bgml experiment cache: " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        try {
            List<org.bgml.experiment.execute.VariantCache.Entry> entries = cache.entries();
            TextTable t = new TextTable("variant", "MiB", "last used").right(1);
            long total = 0;
            for (var e : entries) {
                t.row(e.name(), String.format(Locale.ROOT, "%.1f", e.bytes() / 1048576.0), e.lastUsed().toInstant().toString());
                total += e.bytes();
            }
            out.printf(Locale.ROOT, "variant cache %s: %d variant%s, %.1f MiB; bound %s, %s%n", cache.root(), entries.size(),
                    entries.size() == 1 ? "" : "s", total / 1048576.0,
                    bound.maxBytes() == 0 ? "no size cap" : String.format(Locale.ROOT, "%.1f GiB", bound.maxBytes() / (double) (1L << 30)),
                    bound.maxVariants() == 0 ? "no count cap" : "at most " + bound.maxVariants() + " variants");
            if (!entries.isEmpty()) {
                t.print(out);
            }
            if (prune) {
                var r = cache.prune(bound, java.util.Set.of());
                out.printf(Locale.ROOT, "pruned %d variant%s (%.1f MiB); kept %d (%.1f MiB)%s%n", r.evicted().size(),
                        r.evicted().size() == 1 ? "" : "s", r.evictedBytes() / 1048576.0, r.kept().size(), r.keptBytes() / 1048576.0,
                        r.busy().isEmpty() ? "" : ", " + r.busy().size() + " over the bound but in use");
            }
            return Bgml.OK;
        } catch (java.io.IOException e) {
            err.println("bgml experiment cache: " + cache.root() + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
    }

    private Planner.Overrides overrides() throws UsageException {
        DesignKind kind = null;
        if (design != null) {
            kind = DesignKind.get(design);
            if (kind == null) {
                throw new UsageException("unknown design '" + design + "'; choose fullFactorial, fractionalFactorial, coveringArray or random");
            }
        }
        Long seedValue = null;
        if (seed != null) {
            try {
                seedValue = Long.parseLong(seed);
            } catch (NumberFormatException e) {
                throw new UsageException("--seed needs a whole number, got '" + seed + "'");
            }
        }
        return new Planner.Overrides(kind, intOf(strength, "--strength"), intOf(fraction, "--fraction"), intOf(sampleSize, "--sample-size"),
                intOf(repetitions, "--repetitions"), seedValue);
    }

    /** The design options given, as arguments again: what every task of the experiment is started with. */
    private List<String> overrideArguments() {
        List<String> out = new ArrayList<>();
        String[] values = { design, strength, fraction, sampleSize, repetitions, seed };
        for (int i = 0; i < DESIGN_OPTIONS.length; i++) {
            if (values[i] != null) {
                out.addAll(List.of(DESIGN_OPTIONS[i], values[i]));
            }
        }
        return out;
    }

    private static Integer intOf(String value, String name) throws UsageException {
        return value == null ? null : positive(value, name);
    }

    private static int positive(String value, String name) throws UsageException {
        try {
            int v = Integer.parseInt(value.trim());
            if (v < 1) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            throw new UsageException(name + " needs a whole number of at least 1, got '" + value + "'");
        }
    }

    /** One line per finished run: done, failed and remaining counts and the estimated finish time. */
    private static final class Progress implements ExperimentProgress {
        private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);
        private final PrintStream err;
        private final long t0 = System.nanoTime();
        private int total;
        private int done;
        private int failed;

        Progress(PrintStream err) {
            this.err = err;
        }

        @Override
        public synchronized void pending(int runs) {
            total = runs;
            err.printf(Locale.ROOT, "[%7.1f s] %d run%s to do%n", (System.nanoTime() - t0) / 1e9, runs, runs == 1 ? "" : "s");
        }

        @Override
        public synchronized void finished(PlannedRun run, RunRecord record) {
            if (record.ok()) {
                done++;
            } else {
                failed++;
            }
            int finished = done + failed;
            double elapsed = (System.nanoTime() - t0) / 1e9;
            int remaining = Math.max(0, total - finished);
            double eta = finished == 0 ? 0 : elapsed / finished * remaining;
            StringBuilder levels = new StringBuilder();
            for (Map.Entry<String, String> e : run.levels().entrySet()) {
                levels.append(levels.length() == 0 ? "" : " ").append(e.getKey()).append('=').append(e.getValue());
            }
            err.printf(Locale.ROOT, "[%7.1f s] run %d (config %d, rep %d) %s | done %d, failed %d, remaining %d in this invocation | finish ~%s UTC (%s)%n",
                    elapsed, run.index(), run.point(), run.repetition(), record.ok() ? "ok" : "FAILED: " + firstLine(record.failure()), done,
                    failed, remaining, CLOCK.format(Instant.now().plusMillis((long) (eta * 1000))), Durations.describe(eta));
            if (!record.ok()) {
                err.println("           levels: " + levels);
            }
        }

        @Override
        public synchronized void message(String line) {
            err.printf(Locale.ROOT, "[%7.1f s] %s%n", (System.nanoTime() - t0) / 1e9, line);
        }

        private static String firstLine(String s) {
            if (s == null) {
                return "";
            }
            int nl = s.indexOf('\n');
            return nl < 0 ? s : s.substring(0, nl);
        }
    }
}
