package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.bgml.experiment.Experiments;
import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentException;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.launcher.results.ResultsStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local engine starts every run's processes on this machine: an experiment whose deployment puts a node on
 * another host is refused before its first run (nothing generated, built or stored), naming the node, its host and
 * the option that collapses it on purpose.
 */
class LocalEngineHostsTest {
    @TempDir
    Path dir;

    @Test
    void anExperimentOnAnotherHostIsRefusedBeforeItsFirstRun() throws Exception {
        String model = Files.readString(Repo.example("omniorb-options-experiment.bgml"))
                .replaceFirst("<nodes name=\"localhost\" cpuCount=\"2\">", "<nodes name=\"localhost\" host=\"hostb.example\" cpuCount=\"2\">");
        Path file = Files.writeString(dir.resolve("elsewhere.bgml"), model);
        Path store = dir.resolve("results.db");
        TaskOptions options = new TaskOptions("omniorb", dir.resolve("work"), null, 100, List.of());

        ExperimentException e = assertThrows(ExperimentException.class, () -> Experiments.run(
                new Experiments.Request(file, null, org.bgml.experiment.plan.Planner.Overrides.NONE, options, Engines.LOCAL, false, store), ExperimentProgress.NONE));
        assertTrue(e.getMessage().startsWith("the local engine refuses this experiment: deployment 'remote' places processes on a host"
                + " other than this machine"), e.getMessage());
        assertTrue(e.getMessage().contains("node localhost on hostb.example"), e.getMessage());
        assertTrue(e.getMessage().contains("--all-on-this-host"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("work").resolve("variants")), "nothing was generated or built");
        try (ResultsStore s = ResultsStore.openExisting(store)) {
            assertEquals(0, s.runs(null, 10).size(), "no run was stored");
        }
    }
}
