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
        Path file = elsewhere();
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

    /**
     * With the collapse asked for, a run of that experiment runs here and its record carries the warning that says
     * so, with the node and host it was collapsed from.
     */
    @Test
    void collapsedOnPurposeEachRunSaysSo() throws Exception {
        Path file = elsewhere();
        TaskOptions options = new TaskOptions("omniorb", dir.resolve("work"), null, 200, List.of(), true);
        org.bgml.experiment.plan.ExperimentPlan plan = Experiments.plan(file, null, org.bgml.experiment.plan.Planner.Overrides.NONE);
        org.bgml.launcher.results.RunRecord record = new org.bgml.experiment.execute.LauncherExecutor(file, options, ExperimentProgress.NONE)
                .execute(plan, plan.runs().get(0));
        assertTrue(record.ok(), record.failure());
        assertTrue(record.warnings().stream().anyMatch(w -> w.startsWith("deployment collapsed onto this host: node localhost (hostb.example) ran on ")),
                record.warnings().toString());
        assertTrue(options.arguments().contains("--all-on-this-host"), "cluster tasks get the same choice");
    }

    private Path elsewhere() throws Exception {
        String model = Files.readString(Repo.example("omniorb-options-experiment.bgml"))
                .replaceFirst("<nodes name=\"localhost\" cpuCount=\"2\">", "<nodes name=\"localhost\" host=\"hostb.example\" cpuCount=\"2\">");
        return Files.writeString(dir.resolve("elsewhere.bgml"), model);
    }
}
