package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.bgml.targets.Targets;
import org.bgml.launcher.results.RunRecord;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.DesignKind;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;

/**
 * {@code bgml experiment plan|run|task FILE}: show an experiment's design, run it (or resume it) on an engine, or
 * run one run of it as a standalone task (what a cluster's job array runs; see plugins/org.bgml.experiment/ENGINES.md).
 */
final class ExperimentCommand implements Command {
    private static final String[] DESIGN_OPTIONS = { "--design", "--strength", "--fraction", "--sample-size", "--repetitions", "--seed" };
    private static final int SHOWN = 10;

    @Override
    public String name() {
        return "experiment";
    }

    @Override
    public String synopsis() {
        return "plan|run|task FILE [--experiment NAME] [--design fullFactorial|fractionalFactorial|coveringArray|random] [--strength T]"
                + " [--fraction P] [--sample-size N] [--repetitions R] [--seed S] [--target T] [--engine local|slurm] [--resume]"
                + " [--store PATH] [--work DIR] [--samples N] [--synthetic SPEC] (task: --index I --out DIR [--plan-key KEY], or --indexes I,J,K --records DIR); cache [FILE] [--work DIR] [--prune]";
    }

    @Override
    public String summary() {
        return "plan an experiment's design, run or resume it, or run one of its runs as a task";
    }

    @Override
    public int run(String[] args, Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (args.length == 0) {
            throw new UsageException("say plan, run, task or cache");
        }
        String sub = args[0];
        List<String> rest = new ArrayList<>(Arrays.asList(args).subList(1, args.length));
        boolean resume = rest.remove("--resume");
        if ("cache".equals(sub)) {
            return cache(rest, in);
        }
        List<String> known = new ArrayList<>(List.of("--experiment", "--target", "--engine", Stores.OPTION, "--work", "--samples",
                "--synthetic", "--index", "--out", "--plan-key", "--indexes", "--records"));
        known.addAll(List.of(DESIGN_OPTIONS));
        Arguments a = new Arguments(in, rest.toArray(String[]::new), known.toArray(String[]::new));
        Path model = in.path(a.single("model file"));
        Planner.Overrides overrides = overrides(a);
        String target = a.optional("--target") == null ? (a.optional("--synthetic") != null ? "synthetic" : Targets.defaultTarget()) : a.optional("--target");
        if (a.optional("--synthetic") == null && !Targets.isKnown(target)) {
            throw new UsageException(Targets.unknownTargetMessage(target));
        }
        String stem = model.getFileName().toString().replaceFirst("\\.bgml$", "");
        Path work = a.optional("--work") != null ? in.path(a.optional("--work")) : in.path(".bgml", "experiments", stem);
        Integer samples = a.optional("--samples") == null ? null : positive(a.optional("--samples"), "--samples");
        TaskOptions options = new TaskOptions(target, work, a.optional("--synthetic"), samples, overrideArguments(a));
        try {
            return switch (sub) {
            case "plan" -> plan(model, a, overrides, target, out);
            case "run" -> run(model, a, overrides, options, resume, out, err);
            case "task" -> task(model, a, overrides, options, err);
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

    private int plan(Path modelFile, Arguments a, Planner.Overrides overrides, String target, PrintStream out) throws ModelLoadException {
        BenchmarkModel model = ModelFiles.loadModel(modelFile);
        ExperimentPlan plan = Planner.plan(model, a.optional("--experiment"), overrides);
        Experiments.Estimate estimate = Experiments.estimate(plan, model, target, Stores.location(a), 15, 2);
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

    private int run(Path model, Arguments a, Planner.Overrides overrides, TaskOptions options, boolean resume, PrintStream out,
            PrintStream err) throws ModelLoadException, ExperimentException, InterruptedException {
        String engine = a.optional("--engine") == null ? Engines.LOCAL : a.optional("--engine");
        Progress progress = new Progress(err);
        Experiments.Request request = new Experiments.Request(model, a.optional("--experiment"), overrides, options, engine, resume,
                Stores.location(a));
        Experiments.Outcome o = Experiments.run(request, progress);
        out.printf(Locale.ROOT, "experiment %s (plan %s, %s): %d runs, %d ok, %d failed, %d remaining%s; stored in %s%n", o.plan().experiment(),
                o.plan().key(), o.plan().designSpec(), o.plan().runs().size(), o.ok(), o.failed(), o.remaining(),
                o.storedBefore() > 0 ? " (" + o.storedBefore() + " were stored before this resume)" : "", Stores.location(a));
        return o.failed() == 0 && o.remaining() == 0 ? Bgml.OK : Bgml.MODEL_ERRORS;
    }

    private int task(Path model, Arguments a, Planner.Overrides overrides, TaskOptions options, PrintStream err)
            throws UsageException, ModelLoadException, ExperimentException, InterruptedException {
        if (a.optional("--indexes") != null) {
            List<Integer> indexes = new ArrayList<>();
            try {
                for (String i : a.optional("--indexes").split(",")) {
                    indexes.add(Integer.parseInt(i.trim()));
                }
            } catch (NumberFormatException e) {
                throw new UsageException("--indexes needs run indexes separated by commas, got '" + a.optional("--indexes") + "'");
            }
            return Experiments.taskBlock(model, a.optional("--experiment"), overrides, indexes, a.path(a.required("--out")),
                    a.path(a.required("--records")), options, a.optional("--plan-key"), System.getenv(), err);
        }
        int index;
        try {
            index = Integer.parseInt(a.required("--index").trim());
        } catch (NumberFormatException e) {
            throw new UsageException("--index needs a run index (0 or more), got '" + a.optional("--index") + "'");
        }
        Path outDir = a.path(a.required("--out"));
        Experiments.TaskResult r = Experiments.task(model, a.optional("--experiment"), overrides, index, outDir, options, a.optional("--plan-key"));
        err.println("run " + index + ": " + (r.record().ok() ? "ok" : "failed: " + r.record().failure()) + "; output " + r.output());
        return r.record().ok() ? Bgml.OK : Bgml.MODEL_ERRORS;
    }

    /**
     * {@code bgml experiment cache [MODEL] [--work DIR] [--prune]}: the built variants in the work folder (MODEL's
     * default one, or DIR), their sizes and last uses, and with --prune removes the least recently used beyond the
     * cache's bound (BGML_VARIANT_CACHE_MAX_GB, BGML_VARIANT_CACHE_MAX_VARIANTS), skipping variants in use.
     */
    private static int cache(List<String> rest, Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        boolean prune = rest.remove("--prune");
        Arguments a = new Arguments(in, rest.toArray(String[]::new), "--work");
        Path work;
        if (a.optional("--work") != null) {
            work = a.path(a.optional("--work"));
        } else if (a.positional().size() == 1) {
            work = a.path(".bgml", "experiments", Path.of(a.positional().get(0)).getFileName().toString().replaceFirst("\\.bgml$", ""));
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

    private static Planner.Overrides overrides(Arguments a) throws UsageException {
        DesignKind design = null;
        if (a.optional("--design") != null) {
            design = DesignKind.get(a.optional("--design"));
            if (design == null) {
                throw new UsageException("unknown design '" + a.optional("--design") + "'; choose fullFactorial, fractionalFactorial, coveringArray or random");
            }
        }
        Long seed = null;
        if (a.optional("--seed") != null) {
            try {
                seed = Long.parseLong(a.optional("--seed"));
            } catch (NumberFormatException e) {
                throw new UsageException("--seed needs a whole number, got '" + a.optional("--seed") + "'");
            }
        }
        return new Planner.Overrides(design, intOf(a, "--strength"), intOf(a, "--fraction"), intOf(a, "--sample-size"),
                intOf(a, "--repetitions"), seed);
    }

    private static List<String> overrideArguments(Arguments a) {
        List<String> out = new ArrayList<>();
        for (String o : DESIGN_OPTIONS) {
            if (a.optional(o) != null) {
                out.addAll(List.of(o, a.optional(o)));
            }
        }
        return out;
    }

    private static Integer intOf(Arguments a, String name) throws UsageException {
        return a.optional(name) == null ? null : positive(a.optional(name), name);
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
