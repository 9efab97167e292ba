package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.bgml.experiment.Experiments;
import org.bgml.experiment.engine.ConfigurationExecutor;
import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentException;
import org.bgml.experiment.engine.ExperimentJob;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.LocalEngine;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.engine.TaskOutputs;
import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.experiment.plan.Planner;
import org.bgml.experiment.synthetic.SyntheticExecutor;
import org.bgml.experiment.synthetic.SyntheticResponse;
import org.bgml.launcher.results.ExperimentRunSummary;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.DesignKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

/** The runner on synthetic responses: what is stored, failures, tasks and ingest, and resuming after SIGKILL. */
class RunnerTest {
    private static final Path TABLE_ONE = Repo.example("tao-options-experiment.bgml");
    private static final Planner.Overrides PAIRWISE = new Planner.Overrides(DesignKind.COVERING_ARRAY, 2, null, null, 2, null);

    @TempDir
    Path dir;

    private TaskOptions synthetic() {
        return new TaskOptions(SyntheticExecutor.TARGET, dir.resolve("work"), "skoll", null, List.of());
    }

    @Test
    void everyRunIsStoredOnceWithItsLevelsAndTheResponse() throws Exception {
        Path store = dir.resolve("results.db");
        Experiments.Outcome o = Experiments.run(new Experiments.Request(TABLE_ONE, null, PAIRWISE, synthetic(), Engines.LOCAL, false, store),
                ExperimentProgress.NONE);
        ExperimentPlan plan = o.plan();
        assertEquals(plan.runs().size(), o.ok());
        assertEquals(0, o.remaining());
        SyntheticResponse truth = SyntheticResponse.skollTableOne();
        try (ResultsStore s = ResultsStore.openExisting(store)) {
            SortedMap<Integer, ExperimentRunSummary> runs = s.experimentRuns(o.experimentId());
            assertEquals(plan.runs().size(), runs.size());
            for (PlannedRun r : plan.runs()) {
                ExperimentRunSummary summary = runs.get(r.index());
                assertEquals(r.point(), summary.point());
                StoredRun stored = s.run(summary.id()).orElseThrow();
                assertEquals("SkollTableOne", stored.record().experiment());
                assertEquals(r.levels(), stored.record().factorLevels());
                MeasurementRecord latency = stored.record().measurements().stream().filter(m -> m.figures().kind().equals("latency"))
                        .findFirst().orElseThrow();
                double meanUs = latency.figures().mean() / 1000.0;
                assertEquals(truth.mean(r.levels()), meanUs, 5.0, "mean latency of run " + r.index());
                assertEquals(14, stored.record().settings().size());
            }
        }
        // without --resume a second run refuses instead of mixing plans
        ExperimentException again = assertThrows(ExperimentException.class, () -> Experiments.run(
                new Experiments.Request(TABLE_ONE, null, PAIRWISE, synthetic(), Engines.LOCAL, false, store), ExperimentProgress.NONE));
        assertTrue(again.getMessage().contains("--resume"), again.getMessage());
    }

    @Test
    void aFailedConfigurationIsRecordedWithItsReasonAndTheExperimentGoesOn() throws Exception {
        Path store = dir.resolve("results.db");
        SyntheticExecutor good = new SyntheticExecutor(TABLE_ONE, SyntheticResponse.skollTableOne());
        ConfigurationExecutor failing = (plan, run) -> {
            if (run.levels().get("ORBConcurrency").equals("thread-per-connection") && run.levels().get("ORBClientConnectionHandler").equals("RW")) {
                return RunRecord.builder(org.bgml.launcher.results.RunIds.next(java.time.Instant.now())).target("synthetic")
                        .experiment(plan.experiment(), run.levels()).failure("server process exited with code 1 during start-up").build();
            }
            return good.execute(plan, run);
        };
        Experiments.Outcome o = Experiments.run(new Experiments.Request(TABLE_ONE, null, PAIRWISE, synthetic(), Engines.LOCAL, false, store),
                new LocalEngine(failing), ExperimentProgress.NONE);
        long expectedFailures = o.plan().runs().stream().filter(r -> r.levels().get("ORBConcurrency").equals("thread-per-connection")
                && r.levels().get("ORBClientConnectionHandler").equals("RW")).count();
        assertTrue(expectedFailures > 0);
        assertEquals(expectedFailures, o.failed());
        assertEquals(o.plan().runs().size() - expectedFailures, o.ok());
        assertEquals(0, o.remaining());
        try (ResultsStore s = ResultsStore.openExisting(store)) {
            for (ExperimentRunSummary r : s.experimentRuns(o.experimentId()).values()) {
                if (!r.ok()) {
                    assertEquals("server process exited with code 1 during start-up", r.failure());
                }
            }
        }
    }

    @Test
    void tasksWriteFilesNotTheStoreAndIngestingTwiceStoresOnce() throws Exception {
        Path out = dir.resolve("tasks");
        ExperimentPlan plan = Experiments.plan(TABLE_ONE, null, PAIRWISE);
        for (int i : List.of(0, 1, 2)) {
            Experiments.task(TABLE_ONE, null, PAIRWISE, i, out, synthetic(), plan.key());
        }
        assertFalse(Files.exists(dir.resolve("results.db")));
        assertTrue(Files.isRegularFile(out.resolve(TaskOutputs.fileName(2))));
        ExperimentException stale = assertThrows(ExperimentException.class,
                () -> Experiments.task(TABLE_ONE, null, PAIRWISE, 3, out, synthetic(), "0123456789abcdef"));
        assertTrue(stale.getMessage().contains("changed"), stale.getMessage());

        // an engine that only ingests what the tasks wrote, as a cluster engine does
        AtomicInteger missing = new AtomicInteger();
        var ingestOnly = new org.bgml.experiment.engine.ExperimentEngine() {
            @Override
            public String id() {
                return "ingest";
            }

            @Override
            public void run(ExperimentJob job, ExperimentProgress progress) throws ExperimentException {
                TaskOutputs.IngestResult r = TaskOutputs.ingest(job, out, progress);
                for (int index : r.missing()) {
                    missing.incrementAndGet();
                    job.sink().record(job.plan().run(index), TaskOutputs.failedRecord(job, job.plan().run(index), "task " + index + " CANCELLED"));
                }
            }
        };
        Path store = dir.resolve("results.db");
        Experiments.Outcome first = Experiments.run(new Experiments.Request(TABLE_ONE, null, PAIRWISE, synthetic(), "ingest", false, store),
                ingestOnly, ExperimentProgress.NONE);
        assertEquals(3, first.ok());
        assertEquals(plan.runs().size() - 3, first.failed());
        assertEquals(plan.runs().size() - 3, missing.get());
        Experiments.Outcome second = Experiments.run(new Experiments.Request(TABLE_ONE, null, PAIRWISE, synthetic(), "ingest", true, store),
                ingestOnly, ExperimentProgress.NONE);
        assertEquals(plan.runs().size(), second.storedBefore());
        assertEquals(3, second.ok());
        try (ResultsStore s = ResultsStore.openExisting(store)) {
            assertEquals(plan.runs().size(), s.runs(null, 0).size(), "no run stored twice");
            assertTrue(s.experimentRuns(first.experimentId()).get(5).failure().contains("CANCELLED"));
        }
    }

    /**
     * A separate JVM runs the experiment (one run every 150 ms) and is killed with SIGKILL midway; the resume must run
     * exactly the runs that were not stored, and afterwards every run of the plan is stored exactly once.
     */
    @Test
    void resumeAfterSigkillRepeatsNothingAndLosesNothing() throws Exception {
        Path store = dir.resolve("results.db");
        Planner.Overrides overrides = new Planner.Overrides(DesignKind.COVERING_ARRAY, 2, null, null, 3, null);
        ExperimentPlan plan = Experiments.plan(TABLE_ONE, null, overrides);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath(),
                "org.bgml.experiment.ExperimentMain", TABLE_ONE.toString(), "--store", store.toString(), "--synthetic", "skoll",
                "--design", "coveringArray", "--strength", "2", "--repetitions", "3", "--delay-ms", "150"));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("child.log").toFile()).start();
        SortedMap<Integer, ExperimentRunSummary> before = new java.util.TreeMap<>();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (System.nanoTime() < deadline) {
                assertTrue(child.isAlive(), "the child ended early: " + Files.readString(dir.resolve("child.log")));
                if (Files.exists(store)) {
                    try (ResultsStore s = ResultsStore.openExisting(store)) {
                        var id = s.experimentId(plan.key());
                        if (id.isPresent() && s.experimentRuns(id.get()).size() >= 8) {
                            break;
                        }
                    }
                }
                Thread.sleep(50);
            }
        } finally {
            child.destroyForcibly(); // SIGKILL: no shutdown hook, no finally block runs in the child
            child.waitFor(30, TimeUnit.SECONDS);
        }
        assertEquals(137, child.exitValue(), "killed by SIGKILL");
        long id;
        try (ResultsStore s = ResultsStore.openExisting(store)) {
            id = s.experimentId(plan.key()).orElseThrow();
            before.putAll(s.experimentRuns(id));
            assertEquals(before.size(), s.runs(null, 0).size(), "no half-stored run");
        }
        assertTrue(before.size() >= 8 && before.size() < plan.runs().size(), "killed midway: " + before.size() + " of " + plan.runs().size());

        Map<Integer, Integer> executed = new ConcurrentHashMap<>();
        SyntheticExecutor synthetic = new SyntheticExecutor(TABLE_ONE, SyntheticResponse.skollTableOne());
        ConfigurationExecutor counting = (p, run) -> {
            executed.merge(run.index(), 1, Integer::sum);
            return synthetic.execute(p, run);
        };
        Experiments.Outcome resumed = Experiments.run(new Experiments.Request(TABLE_ONE, null, overrides, synthetic(), Engines.LOCAL, true, store),
                new LocalEngine(counting), ExperimentProgress.NONE);
        assertEquals(before.size(), resumed.storedBefore());
        assertEquals(plan.runs().size(), resumed.ok());
        assertEquals(0, resumed.remaining());
        assertEquals(plan.runs().size() - before.size(), executed.size(), "only the runs not stored were executed");
        for (int index : executed.keySet()) {
            assertFalse(before.containsKey(index), "run " + index + " was stored before the kill and ran again");
            assertEquals(1, executed.get(index));
        }
        try (ResultsStore s = ResultsStore.openExisting(store)) {
            SortedMap<Integer, ExperimentRunSummary> after = s.experimentRuns(id);
            assertEquals(plan.runs().size(), after.size());
            for (var e : before.entrySet()) {
                assertEquals(e.getValue().runId(), after.get(e.getKey()).runId(), "run " + e.getKey() + " kept its stored result");
            }
            assertEquals(plan.runs().size(), s.runs(null, 0).size());
        }
    }

    /** A plain class path made of the bundles of this test framework (Tycho runs them from folders and jars). */
    private static String classPath() {
        Bundle self = FrameworkUtil.getBundle(RunnerTest.class);
        List<String> entries = new ArrayList<>();
        for (Bundle b : self.getBundleContext().getBundles()) {
            String location = b.getLocation();
            if (b.getBundleId() == 0 || location == null) {
                continue;
            }
            String path = location.replaceFirst("^initial@", "").replaceFirst("^reference:", "");
            if (!path.startsWith("file:")) {
                continue;
            }
            String rest = path.substring("file:".length());
            File f = new File(rest);
            if (!f.isAbsolute()) {
                // relative to the framework's install area, as Equinox resolves it
                String area = System.getProperty("osgi.install.area", "");
                f = new File(area.replaceFirst("^file:", ""), rest);
            }
            if (f.isDirectory() && new File(f, "target/classes").isDirectory()) {
                entries.add(new File(f, "target/classes").getAbsolutePath());
            }
            entries.add(f.getAbsolutePath());
        }
        return String.join(File.pathSeparator, entries);
    }
}
