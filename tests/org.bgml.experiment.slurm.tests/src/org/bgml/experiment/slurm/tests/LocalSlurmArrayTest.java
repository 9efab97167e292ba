package org.bgml.experiment.slurm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import org.bgml.experiment.slurm.ConfigurationOutcome;
import org.bgml.experiment.slurm.ConfigurationOutcome.Status;
import org.bgml.experiment.slurm.SlurmArrayRunner;
import org.bgml.experiment.slurm.SlurmCli;
import org.bgml.experiment.slurm.SlurmRecords;
import org.bgml.experiment.slurm.SlurmSettings;
import org.bgml.experiment.slurm.TaskState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job array layer against a real Slurm: a private single node on 127.0.0.1 ({@code scripts/slurm-local.sh}),
 * started for this class and stopped after it, leaving no daemon, step or job process behind.
 */
class LocalSlurmArrayTest {
    @TempDir
    static Path tmp;

    private static LocalSlurm slurm;

    @BeforeAll
    static void startSlurm() throws Exception {
        String missing = LocalSlurm.missing();
        if (missing != null) {
            System.out.println(missing);
        }
        Assumptions.assumeTrue(missing == null, missing);
        slurm = LocalSlurm.start(tmp.resolve("slurm"));
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        if (slurm == null) {
            return;
        }
        String out = slurm.stop();
        assertTrue(out.startsWith("0\n"), "slurm-local.sh stop: " + out);
        assertEquals(List.of(), slurm.leftovers(), "nothing of the private Slurm may be left running");
    }

    private static SlurmSettings settings() {
        return SlurmSettings.defaults().withCpusPerTask(1).withMaxParallel(2).withTimeLimit("5")
                .withPollInterval(Duration.ofMillis(200)).withJobName("bgml-test");
    }

    @Test
    void eightConfigurationsRunPinnedWithinTheirGrantAndTheFailingOneIsRecordedWithItsReason() throws Exception {
        Path work = tmp.resolve("eight");
        // Each configuration records where it may run, pins a child process with the launcher's placement rule
        // (taskset within BGML_GRANTED_CPUS) and writes a result; configuration 5 fails on purpose.
        String body = String.join("\n",
                "taskset -p $$ > \"$2/affinity\"",
                "echo \"$BGML_GRANTED_CPUS\" > \"$2/granted\"",
                "printf '{\"index\": %s}\\n' \"$1\" > \"$2/result.json\"",
                "if [ \"$1\" = 5 ]; then echo 'deliberate failure: configuration 5 is invalid' >&2; exit 7; fi",
                "sleep 0.3");
        List<Integer> order = List.of(3, 7, 0, 5, 2, 6, 1, 4);
        SlurmCli cli = new SlurmCli(slurm.conf(), slurm.jobCompLog());
        // the private cluster is one node with this machine's CPUs in its default partition 'local'
        Process nproc = new ProcessBuilder("nproc").redirectErrorStream(true).start(); // what slurm-local.sh gives the node
        int cpus = Integer.parseInt(new String(nproc.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).strip());
        nproc.waitFor();
        assertEquals(java.util.Optional.of(cpus), cli.slots(settings()), "sinfo's answer: one 1-CPU task per CPU");
        assertEquals(java.util.Optional.of(1), cli.slots(settings().withExclusive(true)), "one whole-node task");
        assertEquals(java.util.Optional.of(cpus), cli.slots(settings().withPartition("local")));
        assertEquals(java.util.Optional.empty(), cli.slots(settings().withPartition("elsewhere")));
        SlurmArrayRunner.Result result = new SlurmArrayRunner(cli, settings()).run(
                new SlurmArrayRunner.Request(work, order, List.of("bash", "-c", body, "per-index", "{index}", "{out}"), Map.of()),
                o -> {
                });
        Map<Integer, ConfigurationOutcome> o = result.outcomes().stream()
                .collect(Collectors.toMap(ConfigurationOutcome::index, x -> x, (a, b) -> a, TreeMap::new));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7), List.copyOf(o.keySet()));
        for (ConfigurationOutcome c : o.values()) {
            Path out = work.resolve("configs/" + c.index());
            assertEquals(out, c.outputDir());
            assertEquals("{\"index\": " + c.index() + "}\n", Files.readString(out.resolve("result.json")));
            String granted = Files.readString(out.resolve("granted")).strip();
            assertTrue(granted.matches("[0-9]+"), "one CPU granted per task, got '" + granted + "'");
            assertEquals(granted, c.cpus());
            // task/affinity bound the task to the granted CPU: the mask has that one bit
            String mask = Files.readString(out.resolve("affinity")).strip().replaceAll(".*: ", "");
            assertEquals(Long.toHexString(1L << Integer.parseInt(granted)), mask, "affinity of configuration " + c.index());
            if (c.index() == 5) {
                assertEquals(Status.FAILED, c.status());
                assertEquals(7, c.exitCode());
                assertEquals("exited with code 7: deliberate failure: configuration 5 is invalid", c.reason());
            } else {
                assertEquals(Status.SUCCEEDED, c.status(), c.toString());
                assertTrue(c.seconds() >= 0.3, c.toString());
            }
        }
        // Slurm's own record agrees: one line per task in the completion log, the failing one FAILED with code 7.
        // (slurmctld appends to it shortly after each task ends)
        var logged = SlurmRecords.tasks(Files.readString(slurm.jobCompLog()), result.arrayJobId());
        for (long until = System.nanoTime() + Duration.ofSeconds(15).toNanos(); logged.size() < 8 && System.nanoTime() < until;) {
            Thread.sleep(200);
            logged = SlurmRecords.tasks(Files.readString(slurm.jobCompLog()), result.arrayJobId());
        }
        assertEquals(8, logged.size(), logged.toString());
        assertEquals(7, logged.stream().filter(t -> t.state() == TaskState.COMPLETED).count(), logged.toString());
        var failed = logged.stream().filter(t -> t.state() == TaskState.FAILED).toList();
        assertEquals(1, failed.size());
        assertEquals(3, failed.get(0).arrayTaskId(), "task 3 runs the 4th configuration of the order, index 5");
        assertEquals(7, failed.get(0).exitCode());
        System.out.printf("8 configurations on the local Slurm: sbatch %.0f ms, all outcomes after %.2f s%n",
                result.submitNanos() / 1e6, result.wallNanos() / 1e9);
    }

    @Test
    void interruptingTheRunCancelsEveryTaskAndKillsItsProcesses() throws Exception {
        Path work = tmp.resolve("cancel");
        String marker = "bgml-slurm-cancel-test-" + ProcessHandle.current().pid();
        // Every configuration would run for 10 minutes; the run is interrupted once the first ones run.
        String body = "exec -a " + marker + " sleep 600";
        SlurmCli cli = new SlurmCli(slurm.conf(), slurm.jobCompLog());
        AtomicReference<SlurmArrayRunner.Result> result = new AtomicReference<>();
        AtomicReference<Throwable> error = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                result.set(new SlurmArrayRunner(cli, settings()).run(new SlurmArrayRunner.Request(work, List.of(0, 1, 2, 3),
                        List.of("bash", "-c", body, "per-index", "{index}", "{out}"), Map.of()), o -> {
                        }));
            } catch (Throwable t) {
                error.set(t);
            }
        });
        runner.start();
        List<Long> running;
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (pgrep(marker).size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            running = pgrep(marker);
        } finally {
            runner.interrupt(); // whatever happened, the array is cancelled
            runner.join(Duration.ofSeconds(60).toMillis());
        }
        assertEquals(2, running.size(), "two tasks run at once (throttle 2): " + running);
        assertFalse(runner.isAlive(), "the run ends after the interrupt");
        assertEquals(null, error.get());
        assertTrue(result.get().interrupted());
        for (ConfigurationOutcome c : result.get().outcomes()) {
            assertEquals(Status.INTERRUPTED, c.status(), c.toString());
        }
        assertEquals(4, result.get().outcomes().size());
        long wasRunning = result.get().outcomes().stream().filter(c -> c.reason().startsWith("was running on")).count();
        assertEquals(2, wasRunning, result.get().outcomes().toString());
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!pgrep(marker).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(List.of(), pgrep(marker), "scancel killed the configurations' processes");
    }

    /** Processes whose command line (argv, as /proc shows it) holds {@code marker}. */
    private static List<Long> pgrep(String marker) {
        List<Long> found = new java.util.ArrayList<>();
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("[0-9]+")).toList()) {
                try {
                    String cmd = new String(Files.readAllBytes(p.resolve("cmdline")), java.nio.charset.StandardCharsets.UTF_8);
                    long pid = Long.parseLong(p.getFileName().toString());
                    if (cmd.replace('\0', ' ').startsWith(marker) && pid != ProcessHandle.current().pid()) {
                        found.add(pid);
                    }
                } catch (java.io.IOException e) {
                    // ended meanwhile
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return found;
    }
}
