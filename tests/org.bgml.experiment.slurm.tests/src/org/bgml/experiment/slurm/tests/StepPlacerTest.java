package org.bgml.experiment.slurm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.bgml.experiment.slurm.StepPlacer;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.Manifest.Readiness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each process of a multi-host run becomes a job step on its node with the node's address to bind to, and the
 * launcher's SIGTERM reaches the process as SIGTERM through {@code scancel --signal=TERM} of its step (srun would kill
 * the step outright), checked with stand-ins for srun, squeue and scancel.
 */
class StepPlacerTest {
    @TempDir
    Path dir;

    private static ProcessSpec spec(String name) {
        return new ProcessSpec(name, "server", "build/" + name, List.of(), Map.of(), ".", List.of(), Readiness.none(), 10, 60, "signal",
                List.of(), null, name.equals("EventService") ? null : "model-" + name, null);
    }

    private static final StepPlacer PLACER = new StepPlacer("42", "run-7", Map.of("ServerProcess", "n2", "ClientProcess", "n1"),
            Map.of("n1", "10.9.0.1", "n2", "10.9.0.2"), "n1");

    @Test
    void aProcessRunsAsAStepOnItsNodeBoundToTheNodesAddress() {
        Map<String, String> env = new HashMap<>();
        List<String> command = PLACER.place(spec("ServerProcess"),
                List.of("taskset", "-c", "0", "/b/build/ServerProcess", "-ORBEndpoint", "iiop://127.0.0.1:"), env);
        int srun = command.indexOf("srun");
        assertEquals(List.of("bash", "-c"), command.subList(0, 2));
        assertEquals("bgml-run-7-ServerProcess", command.get(srun - 1), "the step's name, for scancel");
        assertEquals(List.of("srun", "--jobid=42", "-N1", "-n1", "-w", "n2", "--overlap", "--job-name=bgml-run-7-ServerProcess", "--quiet",
                "taskset", "-c", "0", "/b/build/ServerProcess", "-ORBEndpoint", "iiop://10.9.0.2:"), command.subList(srun, command.size()));
        assertEquals("10.9.0.2", env.get(StepPlacer.BIND_ENV));
        assertEquals("iiop://10.9.0.2:", env.get("TAO_ORBENDPOINT"));
        assertEquals("n2", env.get(StepPlacer.NODE_ENV));
    }

    @Test
    void aHelperWithoutANodeRunsOnTheFirstNode() {
        Map<String, String> env = new HashMap<>();
        List<String> command = PLACER.place(spec("EventService"), List.of("/b/build/events"), env);
        assertEquals("n1", command.get(command.indexOf("-w") + 1));
        assertEquals("10.9.0.1", env.get(StepPlacer.BIND_ENV));
    }

    @Test
    void sigtermToTheLauncherSideBecomesScancelSignalTermOfTheStep() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path log = dir.resolve("calls.log");
        Path pid = dir.resolve("srun.pid");
        // srun: a step that ends with code 0 when its process got SIGTERM (scancel sends it USR1 here), and says so if
        // it gets SIGTERM itself (it must not: srun would kill the step).
        script(bin.resolve("srun"), "trap 'echo srun-got-TERM >> " + log + "; exit 99' TERM\n"
                + "trap 'echo step-stopped >> " + log + "; exit 0' USR1\n"
                + "echo \"srun $*\" >> " + log + "\necho $$ > " + pid + ".tmp && mv " + pid + ".tmp " + pid + "\n"
                + "for i in $(seq 1 300); do sleep 0.1; done\nexit 3\n");
        script(bin.resolve("squeue"), "printf '42.0 bgml-run-7-ClientProcess\\n42.3 bgml-run-7-ServerProcess\\n'\n");
        script(bin.resolve("scancel"), "echo \"scancel $*\" >> " + log + "\nkill -USR1 $(cat " + pid + ")\n");
        List<String> command = new ArrayList<>(PLACER.place(spec("ServerProcess"), List.of("/b/build/ServerProcess"), new HashMap<>()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out.log").toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("SLURM_JOB_ID", "42");
        Process p = pb.start();
        try {
            for (int i = 0; i < 100 && !Files.isRegularFile(pid); i++) {
                Thread.sleep(50);
            }
            assertTrue(Files.isRegularFile(pid), "the stand-in srun did not start");
            p.destroy(); // SIGTERM, as ManifestRunner stops a server
            assertTrue(p.waitFor(10, TimeUnit.SECONDS), "the wrapper did not end after SIGTERM");
            String calls = Files.readString(log, StandardCharsets.UTF_8);
            assertEquals(0, p.exitValue(), calls);
            assertTrue(calls.contains("srun --jobid=42 -N1 -n1 -w n2 --overlap"), calls);
            assertTrue(calls.contains("scancel --signal=TERM 42.3\n"), calls);
            assertFalse(calls.contains("42.0"), "only the process's own step is signalled: " + calls);
            assertFalse(calls.contains("srun-got-TERM"), "srun itself must not get SIGTERM: " + calls);
            assertTrue(calls.contains("step-stopped"), calls);
        } finally {
            p.destroyForcibly();
        }
    }

    private static void script(Path file, String body) throws Exception {
        Files.writeString(file, "#!/bin/bash\n" + body, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
