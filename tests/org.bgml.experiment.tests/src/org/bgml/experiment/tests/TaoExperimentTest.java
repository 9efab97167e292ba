package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;

import org.bgml.experiment.Experiments;
import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.plan.Planner;
import org.bgml.model.DesignKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The TAO options experiment (Table 1), on a random sample of two configurations, where a TAO build exists. */
class TaoExperimentTest {
    @TempDir
    Path dir;

    @Test
    void taoOptionsExperimentRunsWhereTaoIsInstalled() throws Exception {
        assumeTrue(System.getenv("ACE_ROOT") != null && System.getenv("TAO_ROOT") != null,
                "ACE_ROOT and TAO_ROOT are not set (source the TAO build's env.sh): skipping the TAO options experiment");
        Path model = Repo.example("tao-options-experiment.bgml");
        Planner.Overrides overrides = new Planner.Overrides(DesignKind.RANDOM, null, null, 2, 1, null);
        TaskOptions options = new TaskOptions("tao", dir.resolve("work"), null, 2000, List.of());
        Experiments.Outcome o = Experiments.run(new Experiments.Request(model, null, overrides, options, Engines.LOCAL, false,
                dir.resolve("results.db")), ExperimentProgress.NONE);
        StringBuilder failures = new StringBuilder();
        try (org.bgml.launcher.results.ResultsStore s = org.bgml.launcher.results.ResultsStore.openExisting(dir.resolve("results.db"))) {
            for (var r : s.experimentRuns(o.experimentId()).values()) {
                if (!r.ok()) {
                    failures.append("\nrun ").append(r.runIndex()).append(": ").append(r.failure());
                }
            }
        }
        assertEquals(2, o.ok(), "both configurations ran on TAO" + failures);
    }
}
