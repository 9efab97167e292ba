package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Metric;
import org.bgml.model.Node;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bgml run} on a model whose two nodes are other hosts ({@code hosta.example}, {@code hostb.example}): the
 * local engine refuses it with exit 2, naming the nodes, the hosts and both ways out, before anything is generated,
 * built or started; with {@code --all-on-this-host} it runs here, and the stored run, {@code bgml results --run}, the
 * summary and the report all say that the deployment was collapsed, and from which hosts.
 */
class RunHostsTest {
    private static final String COLLAPSED = "deployment collapsed onto this host: nodes n1 (hosta.example), n2 (hostb.example)";

    @TempDir
    Path dir;

    @Test
    void aDeploymentOnOtherHostsIsRefusedAndNothingStarts() throws Exception {
        Cli.Result r = run();
        assertEquals(2, r.code(), r.toString());
        String err = r.err();
        assertTrue(err.contains("deployment 'remote' places processes on hosts other than this machine"), r.toString());
        assertTrue(err.contains("node n1 on hosta.example, node n2 on hostb.example"), r.toString());
        assertTrue(err.contains("--all-on-this-host"), r.toString());
        assertTrue(err.contains("--engine slurm and a host map (--hosts n1=SLURM_NODE,n2=SLURM_NODE)"), r.toString());
        assertFalse(Files.exists(dir.resolve("out")), "nothing is generated, built or started");
        assertEquals(0, storedRuns(), "nothing is stored");
    }

    @Test
    void allOnThisHostRunsItHereAndEveryViewOfTheRunSaysItWasCollapsed() throws Exception {
        Cli.Result r = run("--all-on-this-host");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.outLines().stream().anyMatch(l -> l.startsWith(COLLAPSED)), "the summary says so\n" + r);

        RunRecord run;
        try (ResultsStore store = ResultsStore.open(dir.resolve("results.db"))) {
            run = store.run(store.runs(null, 1).get(0).id()).orElseThrow().record();
        }
        assertTrue(run.ok(), run.failure());
        assertFalse(run.measurements().isEmpty(), "the run measured");
        assertTrue(run.warnings().stream().anyMatch(w -> w.startsWith(COLLAPSED)), run.warnings().toString());

        Cli.Result shown = Cli.run("results", "--store", dir.resolve("results.db").toString(), "--run", run.runId());
        assertTrue(shown.out().contains("warning: " + COLLAPSED), shown.toString());
        String report = Files.readString(dir.resolve("report.html"));
        assertTrue(report.contains(COLLAPSED), "the report says so");
    }

    private Cli.Result run(String... extra) throws Exception {
        BenchmarkModel model = SmallModels.roundTrip();
        List<Node> nodes = model.getDeployments().get(0).getNodes();
        nodes.get(0).setHost("hosta.example");
        nodes.get(1).setHost("hostb.example");
        for (Metric m : model.getMetrics()) {
            m.setSamples(2000);
            m.setWarmupIterations(100);
        }
        Path file = SmallModels.save(model, dir.resolve("two-hosts.bgml"));
        List<String> args = new java.util.ArrayList<>(List.of("run", file.toString(), "--target", "omniorb", "--out",
                dir.resolve("out").toString(), "--store", dir.resolve("results.db").toString(), "--report",
                dir.resolve("report.html").toString()));
        args.addAll(List.of(extra));
        return Cli.run(args.toArray(String[]::new));
    }

    private int storedRuns() throws Exception {
        Path db = dir.resolve("results.db");
        if (!Files.exists(db)) {
            return 0;
        }
        try (ResultsStore store = ResultsStore.open(db)) {
            return store.runs(null, 10).size();
        }
    }
}
