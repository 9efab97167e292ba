package org.bgml.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.LocalEngine;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.plan.Planner;
import org.bgml.experiment.synthetic.SyntheticExecutor;
import org.bgml.experiment.synthetic.SyntheticResponse;
import org.bgml.model.DesignKind;

/**
 * A plain Java entry point (no OSGi) that runs an experiment against a synthetic response, one run every
 * {@code --delay-ms}: for driving the runner from a separate JVM, e.g. to kill it midway and resume.
 *
 * <pre>
 * java -cp ... org.bgml.experiment.ExperimentMain MODEL --store DB --synthetic SPEC [--experiment NAME]
 *      [--design KIND] [--strength T] [--repetitions R] [--delay-ms N] [--resume]
 * </pre>
 */
public final class ExperimentMain {
    private ExperimentMain() {
    }

    public static void main(String[] args) throws Exception {
        List<String> rest = new ArrayList<>(List.of(args));
        boolean resume = rest.remove("--resume");
        Path model = Path.of(rest.remove(0));
        String store = value(rest, "--store");
        String spec = value(rest, "--synthetic");
        String experiment = value(rest, "--experiment");
        String design = value(rest, "--design");
        String strength = value(rest, "--strength");
        String repetitions = value(rest, "--repetitions");
        String delay = value(rest, "--delay-ms");
        Planner.Overrides overrides = new Planner.Overrides(design == null ? null : DesignKind.get(design),
                strength == null ? null : Integer.valueOf(strength), null, null, repetitions == null ? null : Integer.valueOf(repetitions), null);
        TaskOptions options = new TaskOptions(SyntheticExecutor.TARGET, Path.of(store).toAbsolutePath().getParent().resolve("work"), spec, null,
                List.of());
        SyntheticExecutor executor = new SyntheticExecutor(model, SyntheticResponse.parse(spec), delay == null ? 0 : Long.parseLong(delay));
        Experiments.Outcome o = Experiments.run(new Experiments.Request(model, experiment, overrides, options, Engines.LOCAL, resume,
                Path.of(store)), new LocalEngine(executor), new ExperimentProgress() {
                    @Override
                    public void finished(org.bgml.experiment.plan.PlannedRun run, org.bgml.launcher.results.RunRecord record) {
                        System.out.println("stored run " + run.index());
                        System.out.flush();
                    }
                });
        System.out.println("ok " + o.ok() + " failed " + o.failed() + " remaining " + o.remaining());
    }

    private static String value(List<String> args, String name) {
        int i = args.indexOf(name);
        if (i < 0) {
            return null;
        }
        args.remove(i);
        return args.remove(i);
    }
}
