package org.bgml.experiment.slurm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.bgml.experiment.engine.ExperimentJob;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.RunSink;
import org.bgml.experiment.engine.TaskOptions;
import org.bgml.experiment.engine.TaskOutputs;
import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.experiment.plan.Planner;
import org.bgml.experiment.slurm.SlurmEngine;
import org.bgml.experiment.slurm.SlurmSettings;
import org.bgml.launcher.results.RunIds;
import org.bgml.launcher.results.RunRecord;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Slurm engine between the experiment runner and a stand-in Slurm: what reaches the store for each run. The
 * nodes' {@code bgml experiment task} is a small script that hands out outputs prepared here, fails, or cannot run.
 */
class SlurmEngineTest {
    @TempDir
    Path dir;

    /** Stores like the real sink: each run once. */
    static final class Sink implements RunSink {
        final Map<Integer, RunRecord> stored = new TreeMap<>();

        @Override
        public synchronized boolean record(PlannedRun run, RunRecord record) {
            return stored.putIfAbsent(run.index(), record) == null;
        }
    }

    @Test
    void everyRunIsStoredOnceWithItsOwnOutcomeOrSlurmsReason() throws Exception {
        Path model = Repo.root().resolve("tests/slurm/slurm-roundtrip.bgml");
        ExperimentPlan plan = Planner.plan(ModelFiles.loadModel(model), "Endpoints", Planner.Overrides.NONE);
        assertEquals(8, plan.runs().size());
        Sink sink = new Sink();
        ExperimentJob job = new ExperimentJob(model, plan, plan.runs(), new TaskOptions("omniorb", dir.resolve("work"), null, 100, List.of()),
                sink);

        // Outputs the nodes will hand back: run 4 failed in the benchmark (its output says why); others ok.
        Path staging = dir.resolve("staging");
        for (PlannedRun r : plan.runs()) {
            RunRecord.Builder b = RunRecord.builder(RunIds.next(Instant.now())).model(model.toString(), plan.modelName(), null)
                    .target("omniorb").startedAt(Instant.now()).endedAt(Instant.now()).experiment(plan.experiment(), r.levels());
            if (r.index() == 4) {
                b.failure("ServerProcess exited with code 1 before it was ready");
            }
            TaskOutputs.write(staging, plan, r, b.build());
        }
        // A run an earlier submission finished but never stored: stored now, not submitted again.
        Files.createDirectories(SlurmEngine.planDir(job).resolve(SlurmEngine.OUTPUTS));
        Files.copy(staging.resolve(TaskOutputs.fileName(0)), SlurmEngine.planDir(job).resolve(SlurmEngine.OUTPUTS).resolve(TaskOutputs.fileName(0)));

        // bgml on the nodes: run 2 cannot run at all (exit 2, no output), run 4 fails (exit 1), the rest succeed.
        Path fakeBgml = dir.resolve("bgml");
        Files.writeString(fakeBgml, String.join("\n", "#!/bin/bash",
                "while [ $# -gt 0 ]; do case \"$1\" in --index) i=$2; shift;; --out) out=$2; shift;; esac; shift; done",
                "f=$(printf 'run-%06d.json' \"$i\")",
                "if [ \"$i\" = 2 ]; then echo \"bgml experiment: the plan is now 0000, not as submitted\" >&2; exit 2; fi",
                "mkdir -p \"$out\" && cp '" + staging + "'/\"$f\" \"$out/$f\"",
                "[ \"$i\" = 4 ] && exit 1",
                "exit 0", ""));
        Files.setPosixFilePermissions(fakeBgml, PosixFilePermissions.fromString("rwxr-xr-x"));

        FakeSlurm slurm = new FakeSlurm(dir);
        slurm.fates.put(5, FakeSlurm.Fate.CANCELLED_BEFORE_START); // the 6th submitted run: index 6
        List<String> messages = new ArrayList<>();
        List<Integer> finished = new ArrayList<>();
        List<Integer> started = new ArrayList<>();
        new SlurmEngine(slurm, SlurmSettings.defaults().withPollInterval(Duration.ofMillis(20)), List.of(fakeBgml.toString()))
                .run(job, new ExperimentProgress() {
                    @Override
                    public void started(PlannedRun run) {
                        started.add(run.index());
                    }

                    @Override
                    public void finished(PlannedRun run, RunRecord record) {
                        finished.add(run.index());
                    }

                    @Override
                    public void message(String line) {
                        messages.add(line);
                    }
                });

        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.copyOf(sink.stored.keySet()), "every run stored once");
        assertEquals(8, finished.size(), "each stored run is reported once: " + finished);
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7), started, "run 0 was not submitted again");
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("stored 1 runs from outputs an earlier submission left")), messages.toString());
        assertTrue(messages.stream().anyMatch(m -> m.startsWith("submitted Slurm job array 77: 7 runs in 7 tasks")), messages.toString());
        String script = Files.readString(Files.list(SlurmEngine.planDir(job).resolve("slurm")).filter(p -> p.toString().endsWith(".sh"))
                .findFirst().orElseThrow());
        assertTrue(script.contains("indexes=(1 2 3 4 5 6 7)\n"), script);
        assertTrue(script.contains("'experiment' 'task' '" + model.toAbsolutePath().normalize() + "' '--experiment' 'Endpoints' '--index' \"$i\""),
                script);

        for (int i : List.of(0, 1, 3, 5, 7)) {
            assertTrue(sink.stored.get(i).ok(), i + ": " + sink.stored.get(i).failure());
            assertEquals(plan.run(i).levels(), sink.stored.get(i).factorLevels());
        }
        assertEquals("ServerProcess exited with code 1 before it was ready", sink.stored.get(4).failure(), "the run's own reason");
        assertEquals("the task could not run: exited with code 2: bgml experiment: the plan is now 0000, not as submitted",
                sink.stored.get(2).failure());
        assertEquals("Slurm: did not start: Slurm task 77_5 was cancelled (scancel)", sink.stored.get(6).failure());
        assertEquals(plan.run(6).levels(), sink.stored.get(6).factorLevels(), "a failed run keeps its factor levels");

        // Stored outputs are set aside: the same plan run into another store measures afresh.
        Path outputs = SlurmEngine.planDir(job).resolve(SlurmEngine.OUTPUTS);
        try (var left = Files.list(outputs)) {
            assertEquals(List.of(outputs.resolve(SlurmEngine.STORED)), left.toList());
        }
        assertFalse(Files.exists(outputs.resolve(SlurmEngine.STORED).resolve(TaskOutputs.fileName(2))));
    }
}
