package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.bgml.experiment.Experiments;
import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.experiment.plan.Planner;
import org.bgml.launcher.results.ExperimentRunSummary;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The omniORB options experiment end to end on the roundtrip benchmark: one build for every configuration (its six
 * factors are configuration-file options), each configuration run and stored with its levels and measurements.
 * Also prints the runner's overhead per configuration as a share of the run's wall time.
 */
class OmniorbExperimentTest {
    @TempDir
    Path dir;

    private static boolean available(String... command) {
        try {
            return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @Test
    void omniorbOptionsExperimentRunsEndToEnd() throws Exception {
        assumeTrue(available("pkg-config", "--exists", "omniORB4") && available("cmake", "--version"),
                "omniORB (libomniorb4-dev, omniidl) or cmake is not installed (scripts/setup.sh installs them): skipping the real experiment");
        Path model = Repo.example("omniorb-options-experiment.bgml");
        Path store = dir.resolve("results.db");
        Planner.Overrides overrides = new Planner.Overrides(null, null, null, null, 1, null);
        TaskOptions options = new TaskOptions("omniorb", dir.resolve("work"), null, 2000, List.of());
        Map<Integer, Long> startedAt = new ConcurrentHashMap<>();
        List<double[]> timings = new ArrayList<>();
        List<String> messages = new ArrayList<>();
        ExperimentProgress progress = new ExperimentProgress() {
            @Override
            public void started(PlannedRun run) {
                startedAt.put(run.index(), System.nanoTime());
            }

            @Override
            public void finished(PlannedRun run, RunRecord record) {
                double wall = (System.nanoTime() - startedAt.get(run.index())) / 1e9;
                double measuring = record.measuringNanos() == null ? 0 : record.measuringNanos() / 1e9;
                timings.add(new double[] { wall, measuring, messages.size() });
            }

            @Override
            public void message(String line) {
                messages.add(line);
            }
        };
        Experiments.Outcome o = Experiments.run(new Experiments.Request(model, null, overrides, options, Engines.LOCAL, false, store), progress);
        assertEquals(o.plan().runs().size(), o.ok(), "every configuration ran");
        assertEquals(0, o.failed());
        try (Stream<Path> variants = Files.list(dir.resolve("work/variants"))) {
            assertEquals(1, variants.filter(Files::isDirectory).count(), "one build serves every configuration-file option");
        }
        assertEquals(1, messages.stream().filter(m -> m.startsWith("built variant")).count(), messages.toString());
        try (ResultsStore s = ResultsStore.openExisting(store)) {
            for (ExperimentRunSummary r : s.experimentRuns(o.experimentId()).values()) {
                StoredRun run = s.run(r.id()).orElseThrow();
                PlannedRun planned = o.plan().run(r.runIndex());
                assertEquals(planned.levels(), run.record().factorLevels());
                for (Map.Entry<String, String> level : planned.levels().entrySet()) {
                    assertTrue(run.record().settings().stream().anyMatch(x -> x.option().equals(level.getKey()) && x.value().equals(level.getValue())),
                            "setting " + level + " stored");
                }
                MeasurementRecord latency = run.record().measurements().stream().filter(m -> m.figures().kind().equals("latency")).findFirst()
                        .orElseThrow();
                assertEquals(2000, latency.figures().n());
            }
        }
        // the last run's configuration file is the one in the variant folder: run-time files follow each configuration
        PlannedRun last = o.plan().runs().get(o.plan().runs().size() - 1);
        Path variant;
        try (Stream<Path> variants = Files.list(dir.resolve("work/variants"))) {
            variant = variants.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        String cfg = Files.readString(variant.resolve("config/ServerProcess.cfg"));
        assertTrue(cfg.contains("threadPerConnectionPolicy = " + last.levels().get("threadPerConnectionPolicy")), cfg);

        double wall = 0;
        double measuring = 0;
        int counted = 0;
        for (double[] t : timings.subList(1, timings.size())) { // the first run includes the one build
            wall += t[0];
            measuring += t[1];
            counted++;
        }
        System.out.printf(Locale.ROOT, "omniORB experiment: %d configurations, first run (with the build) %.1f s; later runs %.2f s each, "
                + "of which %.3f s measuring: runner and process start/stop overhead %.2f s per configuration = %.0f%% of the wall time%n",
                timings.size(), timings.get(0)[0], wall / counted, measuring / counted, (wall - measuring) / counted, 100 * (wall - measuring) / wall);
    }
}
