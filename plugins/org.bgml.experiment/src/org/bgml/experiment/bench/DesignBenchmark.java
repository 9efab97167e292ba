package org.bgml.experiment.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.bgml.experiment.Experiments;
import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.Planner;
import org.bgml.experiment.synthetic.SyntheticExecutor;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.DesignKind;
import org.bgml.model.io.ModelFiles;

/**
 * Prints the runs each design needs for an experiment (the 14 binary options of Table 1 for the TAO example), the
 * time to plan each, and the runner's own cost per configuration on a synthetic response (plan, execute nothing,
 * store), which is the floor of its overhead on real runs.
 */
public final class DesignBenchmark {
    private DesignBenchmark() {
    }

    public record Row(String design, int configurations, String detail, double planMillis) {
    }

    public static List<Row> sizes(Path modelFile, String experiment) throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(modelFile);
        List<Planner.Overrides> designs = List.of(
                new Planner.Overrides(DesignKind.FULL_FACTORIAL, null, null, null, 1, null),
                new Planner.Overrides(DesignKind.FRACTIONAL_FACTORIAL, null, 7, null, 1, null),
                new Planner.Overrides(DesignKind.FRACTIONAL_FACTORIAL, null, 8, null, 1, null),
                new Planner.Overrides(DesignKind.COVERING_ARRAY, 2, null, null, 1, null),
                new Planner.Overrides(DesignKind.COVERING_ARRAY, 3, null, null, 1, null),
                new Planner.Overrides(DesignKind.COVERING_ARRAY, 4, null, null, 1, null),
                new Planner.Overrides(DesignKind.RANDOM, null, null, 128, 1, null));
        List<Row> rows = new java.util.ArrayList<>();
        for (Planner.Overrides o : designs) {
            long t0 = System.nanoTime();
            ExperimentPlan plan = Planner.plan(model, experiment, o);
            double ms = (System.nanoTime() - t0) / 1e6;
            rows.add(new Row(plan.designSpec(), plan.configurations(), plan.design().description().get(0), ms));
        }
        return rows;
    }

    /** Milliseconds the local runner spends per run on a synthetic response (nothing built or run), store writes included. */
    public static double runnerMillisPerRun(Path modelFile, Path scratch, int repetitions) throws Exception {
        Path store = scratch.resolve("overhead.db");
        Files.deleteIfExists(store);
        TaskOptions options = new TaskOptions(SyntheticExecutor.TARGET, scratch.resolve("work"), "base=100;samples=1", null, List.of());
        Planner.Overrides o = new Planner.Overrides(DesignKind.COVERING_ARRAY, 2, null, null, repetitions, null);
        ExperimentPlan plan = Experiments.plan(modelFile, null, o);
        long t0 = System.nanoTime();
        Experiments.run(new Experiments.Request(modelFile, null, o, options, Engines.LOCAL, false, store), ExperimentProgress.NONE);
        return (System.nanoTime() - t0) / 1e6 / plan.runs().size();
    }

    public static void print(Path modelFile, Path scratch, PrintStream out) throws Exception {
        List<Row> rows = sizes(modelFile, null);
        int full = rows.get(0).configurations();
        out.println("design sizes for " + modelFile.getFileName() + " (goal: <= 1/100 of " + full + " = " + full / 100 + " runs)");
        for (Row r : rows) {
            out.printf(Locale.ROOT, "  %-26s %6d configurations  %7.3f%% of full  planned in %8.1f ms  %s%n", r.design(), r.configurations(),
                    100.0 * r.configurations() / full, r.planMillis(), r.detail());
        }
        out.printf(Locale.ROOT, "runner cost per run on a synthetic response (plan + store, nothing built or run): %.2f ms%n",
                runnerMillisPerRun(modelFile, scratch, 5));
    }
}
