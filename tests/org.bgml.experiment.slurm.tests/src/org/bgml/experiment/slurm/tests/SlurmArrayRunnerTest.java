package org.bgml.experiment.slurm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import org.bgml.experiment.slurm.ConfigurationOutcome;
import org.bgml.experiment.slurm.ConfigurationOutcome.Status;
import org.bgml.experiment.slurm.JobScript;
import org.bgml.experiment.slurm.SlurmArrayRunner;
import org.bgml.experiment.slurm.SlurmSettings;
import org.bgml.experiment.slurm.tests.FakeSlurm.Fate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine's decisions about each configuration, against a stand-in Slurm whose tasks really run the generated
 * script with bash, or are cancelled, time out, or are forgotten as told.
 */
class SlurmArrayRunnerTest {
    @TempDir
    Path dir;

    private static final List<Integer> EIGHT = List.of(5, 2, 7, 0, 3, 6, 1, 4);
    /** index 3 fails with a message; index 2 is killed with its task's shell, so it leaves no exit record. */
    private static final String PER_INDEX = "echo measured > \"$2/result.json\"; "
            + "if [ \"$1\" = 3 ]; then echo 'server died: ORBgiopMaxMsgSize too small' >&2; exit 3; fi";

    private static List<String> command(String body) {
        return List.of("bash", "-c", body, "per-index", "{index}", "{out}");
    }

    private static SlurmSettings fast() {
        return SlurmSettings.defaults().withPollInterval(Duration.ofMillis(20)).withTimeLimit("0:10");
    }

    private static Map<Integer, ConfigurationOutcome> byIndex(List<ConfigurationOutcome> outcomes) {
        return outcomes.stream().collect(Collectors.toMap(ConfigurationOutcome::index, o -> o, (a, b) -> a, TreeMap::new));
    }

    @Test
    void eachConfigurationGetsItsOwnOutcomeAndSlurmsStateOnlyDecidesWhereNoExitRecordIsLeft() throws Exception {
        FakeSlurm slurm = new FakeSlurm(dir);
        slurm.fates.put(1, Fate.TIMEOUT_IN_FIRST);        // [7, 0]: 7 runs into the limit, 0 never starts
        slurm.fates.put(3, Fate.CANCELLED_BEFORE_START);  // [1, 4]
        Path work = dir.resolve("work");
        // A stale success of configuration 1 from an earlier submission must not count for this one.
        Files.createDirectories(work.resolve("configs/1"));
        Files.writeString(work.resolve("configs/1").resolve(JobScript.EXIT), "exit=0 end=2.0\n");
        List<ConfigurationOutcome> heard = Collections.synchronizedList(new ArrayList<>());
        AtomicReference<String> submitted = new AtomicReference<>();
        SlurmArrayRunner.Result result = new SlurmArrayRunner(slurm, fast().withChunkSize(2), Duration.ofMillis(50)).run(
                new SlurmArrayRunner.Request(work, EIGHT, command(PER_INDEX), Map.of()),
                new SlurmArrayRunner.Listener() {
                    @Override
                    public void submitted(String id, int tasks, Path script) {
                        submitted.set(id + "/" + tasks);
                    }

                    @Override
                    public void finished(ConfigurationOutcome o) {
                        heard.add(o);
                    }
                });
        assertEquals("77/4", submitted.get());
        assertEquals(result.outcomes(), heard, "the listener hears every outcome once, as it becomes known");
        Map<Integer, ConfigurationOutcome> o = byIndex(result.outcomes());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.copyOf(o.keySet()));

        for (int ok : List.of(5, 2, 6)) {
            assertEquals(Status.SUCCEEDED, o.get(ok).status(), o.get(ok).toString());
            assertEquals("", o.get(ok).reason());
            assertTrue(Files.isRegularFile(o.get(ok).outputDir().resolve("result.json")));
            assertEquals(work.resolve("configs/" + ok), o.get(ok).outputDir());
            assertTrue(o.get(ok).seconds() >= 0, o.get(ok).toString());
        }
        assertEquals(Status.FAILED, o.get(3).status());
        assertEquals(3, o.get(3).exitCode());
        assertEquals("exited with code 3: server died: ORBgiopMaxMsgSize too small", o.get(3).reason());

        assertEquals(Status.TIMEOUT, o.get(7).status());
        assertEquals("was running on node1 when Slurm task 77_1 reached its time limit of 0:10", o.get(7).reason());
        assertEquals("2-3", o.get(7).cpus());
        assertEquals(Status.TIMEOUT, o.get(0).status());
        assertEquals("did not start: Slurm task 77_1 reached its time limit of 0:10", o.get(0).reason());

        for (int c : List.of(1, 4)) {
            assertEquals(Status.CANCELLED, o.get(c).status(), o.get(c).toString());
            assertEquals("did not start: Slurm task 77_3 was cancelled (scancel)", o.get(c).reason());
        }
        assertFalse(result.interrupted());
        assertFalse(slurm.calls.contains("cancel"));
        assertEquals(3, result.count(Status.SUCCEEDED));
    }

    /** Hears what was submitted: "JOBID/TASKS". */
    private static final class Submitted implements SlurmArrayRunner.Listener {
        final AtomicReference<String> text = new AtomicReference<>();

        @Override
        public void submitted(String id, int tasks, Path script) {
            text.set(id + "/" + tasks);
        }

        @Override
        public void finished(ConfigurationOutcome o) {
        }
    }

    @Test
    void aSmallClusterGetsFewerTasksThatEachRunABlock() throws Exception {
        FakeSlurm slurm = new FakeSlurm(dir);
        slurm.slots = java.util.Optional.of(1); // one task at a time: blocks for four tasks
        Submitted submitted = new Submitted();
        SlurmArrayRunner.Result result = new SlurmArrayRunner(slurm, fast(), Duration.ofMillis(50)).run(
                new SlurmArrayRunner.Request(dir.resolve("work"), EIGHT, command("echo measured > \"$2/result.json\""), Map.of()), submitted);
        assertEquals("77/4", submitted.text.get(), "8 configurations in blocks of 2 for a cluster that runs one task at a time");
        assertEquals(8, result.count(Status.SUCCEEDED), "every configuration ran in its block: " + result.outcomes());
        assertTrue(slurm.calls.indexOf("slots") < slurm.calls.indexOf("submit"), "asked before submitting: " + slurm.calls);

        FakeSlurm big = new FakeSlurm(dir);
        big.slots = java.util.Optional.of(64);
        Submitted chosen = new Submitted();
        new SlurmArrayRunner(big, fast().withChunkSize(4), Duration.ofMillis(50)).run(
                new SlurmArrayRunner.Request(dir.resolve("work2"), EIGHT, command("true"), Map.of()), chosen);
        assertEquals("77/2", chosen.text.get(), "a block the user chose stays, whatever the cluster's size");
    }

    @Test
    void aTaskSlurmForgetsOrThatRanWhereTheFilesAreNotSharedIsLostWithItsReason() throws Exception {
        FakeSlurm slurm = new FakeSlurm(dir);
        slurm.fates.put(0, Fate.RUN_THEN_FORGOTTEN);   // index 10 succeeds: its record is enough
        slurm.fates.put(1, Fate.RUN_THEN_FORGOTTEN);   // index 11 dies with its shell: nothing left, nobody knows
        slurm.fates.put(2, Fate.COMPLETED_ELSEWHERE);  // index 12
        String body = "if [ \"$1\" = 11 ]; then kill -KILL $PPID; fi; true";
        Path work = dir.resolve("work");
        SlurmArrayRunner.Result result = new SlurmArrayRunner(slurm, fast(), Duration.ofMillis(50)).run(
                new SlurmArrayRunner.Request(work, List.of(10, 11, 12), command(body), Map.of()), o -> {
                });
        Map<Integer, ConfigurationOutcome> o = byIndex(result.outcomes());
        assertEquals(Status.SUCCEEDED, o.get(10).status());
        assertEquals(Status.LOST, o.get(11).status());
        assertEquals("was running on " + o.get(11).host() + " when Slurm task 77_1 is no longer known to Slurm (array 77)"
                + " and left no exit record in " + work.resolve("configs/11"), o.get(11).reason());
        assertEquals(Status.LOST, o.get(12).status());
        assertTrue(o.get(12).reason().startsWith("did not start: Slurm task 77_2 completed, but no exit record appeared in "),
                o.get(12).reason());
        assertTrue(o.get(12).reason().endsWith("(is the work folder on a filesystem the nodes share?)"), o.get(12).reason());
    }

    @Test
    void anInterruptThatArrivesWhileSlurmIsBeingAskedStillCancelsTheArray() throws Exception {
        interruptingTheRunCancelsTheArrayAndMarksEveryConfigurationInterrupted(2_000);
    }

    @Test
    void interruptingTheRunCancelsTheArrayAndMarksEveryConfigurationInterrupted() throws Exception {
        interruptingTheRunCancelsTheArrayAndMarksEveryConfigurationInterrupted(0);
    }

    private void interruptingTheRunCancelsTheArrayAndMarksEveryConfigurationInterrupted(long slurmDelayMillis) throws Exception {
        FakeSlurm slurm = new FakeSlurm(dir);
        slurm.tasksDelayMillis = slurmDelayMillis;
        for (int t = 0; t < 4; t++) {
            slurm.fates.put(t, Fate.HANG);
        }
        AtomicReference<SlurmArrayRunner.Result> result = new AtomicReference<>();
        AtomicReference<Throwable> error = new AtomicReference<>();
        AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                result.set(new SlurmArrayRunner(slurm, fast(), Duration.ofMillis(50)).run(
                        new SlurmArrayRunner.Request(dir.resolve("work"), List.of(0, 1, 2, 3), command("true"), Map.of()), o -> {
                        }));
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            } catch (Throwable t) {
                error.set(t);
            }
        });
        runner.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!slurm.calls.contains("tasks") && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        runner.interrupt();
        runner.join(Duration.ofSeconds(20).toMillis());
        assertFalse(runner.isAlive(), "the run ends soon after an interrupt");
        assertEquals(null, error.get());
        assertTrue(slurm.calls.contains("cancel"), slurm.calls.toString());
        assertTrue(result.get().interrupted());
        assertTrue(stillInterrupted.get(), "the interrupt is kept for the caller");
        assertEquals(4, result.get().outcomes().size());
        for (ConfigurationOutcome o : result.get().outcomes()) {
            assertEquals(Status.INTERRUPTED, o.status(), o.toString());
            assertTrue(o.reason().endsWith("was cancelled because the experiment was interrupted"), o.reason());
        }
    }
}
