package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.Manifest.Readiness;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs manifests whose processes are small shell scripts standing in for generated servers and clients, and
 * checks the launcher's contract: order, readiness, limits, failures reported in plain words, and no process of
 * the run left behind whatever happens.
 */
class ManifestRunnerTest {
    @TempDir
    Path dir;

    private final List<String> markers = new ArrayList<>();

    /** A server: starts a stray child in its group, writes its ready file, serves until SIGTERM. */
    private static final String SERVER = """
            #!/bin/bash
            trap 'echo stopping; echo "{}" > results/server.json; exit 0' TERM
            (exec -a "$0-stray" sleep 300) &  # a stray grandchild: must die with the group
            echo ready > server.ior
            while true; do sleep 0.05; done
            """;

    private static final String CLIENT = """
            #!/bin/bash
            test -s server.ior || { echo "ERROR: no IOR"; exit 1; }
            echo '{"n": 3}' > results/client.json
            """;

    @AfterEach
    void nothingLeft() {
        for (String marker : markers) {
            assertTrue(pgrep(marker).isEmpty(), "processes of the run are left: " + marker + " " + pgrep(marker));
        }
        assertTrue(ProcessGroups.live().isEmpty(), "the launcher still tracks groups: " + ProcessGroups.live());
    }

    @Test
    void runsServerThenClientAndStopsEverything() throws Exception {
        Manifest m = manifest(server(SERVER), client(CLIENT, 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertNull(outcome.failure(), () -> outcome.toString());
        assertTrue(Files.isRegularFile(dir.resolve("run/results/client.json")));
        assertTrue(Files.isRegularFile(dir.resolve("run/results/server.json")), "the server wrote its results on SIGTERM");
        assertEquals(0, outcome.processes().get(0).exitCode());
    }

    @Test
    void crashingClientIsAFailureWithItsLogTail() throws Exception {
        Manifest m = manifest(server(SERVER), client("#!/bin/bash\necho 'call 999 ok'\necho 'ERROR: server went away' >&2\nexit 3\n", 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertEquals("client exited with code 3", outcome.failure());
        assertTrue(outcome.processes().get(1).logTail().contains("ERROR: server went away"));
    }

    @Test
    void crashingServerStopsTheClient() throws Exception {
        String dying = "#!/bin/bash\necho ready > server.ior\nsleep 0.3\nkill -SEGV $$\n";
        Manifest m = manifest(server(dying), client("#!/bin/bash\nsleep 60\n", 120));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertEquals("server was killed by signal 11 (SIGSEGV) while the benchmark was running", outcome.failure());
    }

    @Test
    void clientFailingBecauseTheServerDiedBlamesTheServer() throws Exception {
        String dying = "#!/bin/bash\necho ready > server.ior\nsleep 0.3\nkill -ABRT $$\n";
        String client = "#!/bin/bash\nsleep 0.6\necho 'ERROR: COMM_FAILURE'\nexit 1\n";
        Manifest m = manifest(server(dying), client(client, 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertEquals("server was killed by signal 6 (SIGABRT) while the benchmark was running", outcome.failure());
        assertEquals(134, outcome.processes().get(0).exitCode());
    }

    @Test
    void serverThatNeverBecomesReadyFailsWithinItsLimit() throws Exception {
        ProcessSpec silent = new ProcessSpec("server", "server", script("server", "#!/bin/bash\nsleep 300\n"), List.of(), Map.of(), ".",
                List.of(), Readiness.files(List.of("server.ior")), 1, 60, "signal", List.of());
        long t0 = System.nanoTime();
        RunOutcome outcome = new ManifestRunner(dir, manifest(silent, client(CLIENT, 30))).run(dir.resolve("run"), new RunListener() { });
        assertEquals("server was not ready after 1 s: no file(s) server.ior", outcome.failure());
        assertTrue(System.nanoTime() - t0 < 15_000_000_000L, "gave up within its limit");
        assertEquals(1, outcome.processes().size(), "the client never started");
    }

    @Test
    void hangingClientIsKilledAtItsLimit() throws Exception {
        RunOutcome outcome = new ManifestRunner(dir, manifest(server(SERVER), client("#!/bin/bash\nsleep 300\n", 1)))
                .run(dir.resolve("run"), new RunListener() { });
        assertEquals("client was still running after its limit of 1 s (hung?) and was killed", outcome.failure());
    }

    @Test
    void helperWithoutResultsDyingOnSigtermDoesNotFailTheRun() throws Exception {
        String daemon = "#!/bin/bash\ntrap 'kill -SEGV $$' TERM\necho ready > daemon.ready\nwhile true; do sleep 0.05; done\n";
        ProcessSpec helper = new ProcessSpec("daemon", "server", script("daemon", daemon), List.of(), Map.of(), ".", List.of(),
                Readiness.files(List.of("daemon.ready")), 10, 60, "signal", List.of());
        RunOutcome outcome = new ManifestRunner(dir, manifest(helper, server(SERVER), client(CLIENT, 30)))
                .run(dir.resolve("run"), new RunListener() { });
        assertNull(outcome.failure(), () -> outcome.toString());
        assertEquals(139, outcome.processes().get(0).exitCode(), "its exit is kept");

        String dying = "#!/bin/bash\ntrap 'echo \"{}\" > results/server.json; kill -SEGV $$' TERM\necho ready > server.ior\nwhile true; do sleep 0.05; done\n";
        RunOutcome serverDied = new ManifestRunner(dir, manifest(server(dying), client(CLIENT, 30))).run(dir.resolve("run2"), new RunListener() { });
        assertEquals("server did not stop cleanly on SIGTERM: was killed by signal 11 (SIGSEGV)", serverDied.failure(),
                "a benchmark server that crashes on the way out still fails the run");
    }

    @Test
    void missingResultFileIsReported() throws Exception {
        RunOutcome outcome = new ManifestRunner(dir, manifest(server(SERVER), client("#!/bin/bash\nexit 0\n", 30)))
                .run(dir.resolve("run"), new RunListener() { });
        assertNotNull(outcome.failure());
        assertEquals("client did not write results/client.json", outcome.failure());
    }

    // ------------------------------------------------------------------ helpers

    private Manifest manifest(ProcessSpec... processes) {
        return new Manifest(Manifest.SCHEMA_VERSION, "Test", "script", null, null, null, List.of(processes));
    }

    private ProcessSpec server(String body) throws IOException {
        return new ProcessSpec("server", "server", script("server", body), List.of(), Map.of(), ".", List.of(),
                Readiness.files(List.of("server.ior")), 10, 60, "signal", List.of("results/server.json"));
    }

    private ProcessSpec client(String body, int limitSeconds) throws IOException {
        return new ProcessSpec("client", "client", script("client", body), List.of(), Map.of(), ".", List.of(), Readiness.none(), 10,
                limitSeconds, "exit", List.of("results/client.json"));
    }

    /** Writes an executable script whose path carries a unique marker, so leftovers can be found with pgrep. */
    private String script(String name, String body) throws IOException {
        String marker = "bgmltest" + Long.toHexString(System.nanoTime()) + name;
        markers.add(marker);
        Path file = dir.resolve(marker + ".sh");
        Files.writeString(file, body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file.getFileName().toString().contains("/") ? file.toString() : "./" + file.getFileName();
    }

    private static List<String> pgrep(String marker) {
        try {
            Process p = new ProcessBuilder("pgrep", "-f", marker).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            p.waitFor();
            return out.isEmpty() ? List.of() : List.of(out.split("\n"));
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
