package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
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
 * Clients that run together: shell scripts that follow the fifo start line protocol (open the release pipe, announce
 * themselves on the arrivals pipe, block until end of file) stand in for generated clients. The launcher must hold
 * every driver until the last has arrived, release them at once, fail a run whose driver dies or stays away (naming
 * it), and leave no process behind; one at a time must keep the clients apart.
 */
class ClientsTogetherTest {
    @TempDir
    Path dir;

    private final List<String> markers = new ArrayList<>();

    private static final String SERVER = """
            #!/bin/bash
            trap 'exit 0' TERM
            (exec -a "$0-stray" sleep 300) &
            echo ready > server.ior
            while true; do sleep 0.05; done
            """;

    /**
     * A client: its set-up takes SETUP seconds, then (with a start line) it arrives and waits; its "measuring" takes
     * 0.4 s. It writes when it arrived and its measuring interval, in ns since the epoch.
     */
    private static final String CLIENT = """
            #!/bin/bash
            test -s server.ior || { echo "ERROR: no IOR"; exit 1; }
            sleep "$SETUP"
            if [ -n "$BGML_START_LINE" ]; then
              line="${BGML_START_LINE#fifo:}"
              arrivals="${line%%|*}"
              release="${line#*|}"
              exec 3<"$release"
              date +%s%N > "results/$NAME.arrived"
              printf '%s\\n' "$BGML_START_NAME" > "$arrivals"
              cat <&3 >/dev/null
            fi
            begin=$(date +%s%N)
            sleep 0.4
            end=$(date +%s%N)
            echo "$begin $end" > "results/$NAME.window"
            """;

    @AfterEach
    void nothingLeft() {
        for (String marker : markers) {
            assertTrue(pgrep(marker).isEmpty(), "processes of the run are left: " + marker + " " + pgrep(marker));
        }
        assertTrue(ProcessGroups.live().isEmpty(), "the launcher still tracks groups: " + ProcessGroups.live());
    }

    @Test
    void togetherTheClientsMeasureAtTheSameTimeOnceTheLastHasArrived() throws Exception {
        String client = script("client", CLIENT);
        // The third client's set-up is the slowest: nobody may start measuring before it has arrived.
        Manifest m = manifest(Manifest.CLIENTS_TOGETHER, server(), client("c1", client, "0", 10, 30), client("c2", client, "0.2", 10, 30),
                client("c3", client, "1.0", 10, 30));
        List<String> released = Collections.synchronizedList(new ArrayList<>());
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() {
            @Override
            public void released(List<String> drivers) {
                released.addAll(drivers);
            }
        });
        assertNull(outcome.failure(), outcome::describe);
        assertEquals(Manifest.CLIENTS_TOGETHER, outcome.clients());
        assertEquals(List.of("c1", "c2", "c3"), released);
        long[][] windows = windows("c1", "c2", "c3");
        long lastArrival = 0;
        for (String c : List.of("c1", "c2", "c3")) {
            lastArrival = Math.max(lastArrival, Long.parseLong(Files.readString(dir.resolve("run/results/" + c + ".arrived")).trim()));
        }
        long latestBegin = 0;
        long earliestEnd = Long.MAX_VALUE;
        for (long[] w : windows) {
            assertTrue(w[0] >= lastArrival, "a client began measuring before the last one arrived");
            latestBegin = Math.max(latestBegin, w[0]);
            earliestEnd = Math.min(earliestEnd, w[1]);
        }
        assertTrue(latestBegin < earliestEnd, "the three measuring intervals overlap: " + describe(windows));
    }

    @Test
    void oneAtATimeTheClientsNeverOverlap() throws Exception {
        String client = script("client", CLIENT);
        Manifest m = manifest(Manifest.CLIENTS_ONE_AT_A_TIME, server(), client("c1", client, "0", 10, 30), client("c2", client, "0", 10, 30),
                client("c3", client, "0", 10, 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertNull(outcome.failure(), outcome::describe);
        assertEquals(Manifest.CLIENTS_ONE_AT_A_TIME, outcome.clients());
        assertFalse(Files.exists(dir.resolve("run/start")), "no start line one at a time");
        long[][] w = windows("c1", "c2", "c3");
        assertTrue(w[0][1] <= w[1][0] && w[1][1] <= w[2][0], "each client ends before the next begins: " + describe(w));
    }

    @Test
    void aSchemaOneManifestRunsItsClientsOneAtATime() throws Exception {
        String client = script("client", CLIENT);
        Manifest m = manifest(null, server(), client("c1", client, "0", 10, 30), client("c2", client, "0", 10, 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertNull(outcome.failure(), outcome::describe);
        long[][] w = windows("c1", "c2");
        assertTrue(w[0][1] <= w[1][0], "one at a time: " + describe(w));
    }

    @Test
    void aClientThatNeverArrivesFailsTheRunWithinItsLimit() throws Exception {
        String client = script("client", CLIENT);
        String absent = script("absent", "#!/bin/bash\nsleep 300\n");
        Manifest m = manifest(Manifest.CLIENTS_TOGETHER, server(), client("c1", client, "0", 10, 30), client("late", absent, "0", 1, 30),
                client("c3", client, "0", 10, 30));
        long t0 = System.nanoTime();
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertEquals("late did not reach the start line within 1 s", outcome.failure());
        assertTrue(System.nanoTime() - t0 < 15_000_000_000L, "gave up within its limit");
        assertFalse(Files.exists(dir.resolve("run/results/c1.window")), "the waiting clients were never released");
    }

    @Test
    void aClientThatDiesBeforeArrivingFailsTheRun() throws Exception {
        String client = script("client", CLIENT);
        String dying = script("dying", "#!/bin/bash\nsleep 0.2\necho 'ERROR: cannot resolve the server' >&2\nexit 4\n");
        Manifest m = manifest(Manifest.CLIENTS_TOGETHER, server(), client("c1", client, "0", 10, 30), client("broken", dying, "0", 10, 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertEquals("broken exited with code 4 before it reached the start line", outcome.failure());
        assertTrue(outcome.processes().get(2).logTail().contains("ERROR: cannot resolve the server"), outcome::describe);
        assertFalse(Files.exists(dir.resolve("run/results/c1.window")), "the waiting client was never released");
    }

    @Test
    void aClientThatRunsStraightThroughIsNotTakenForOneThatWaited() throws Exception {
        String noLine = script("old", "#!/bin/bash\necho done\n");
        Manifest m = manifest(Manifest.CLIENTS_TOGETHER, server(), client("old", noLine, "0", 10, 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertTrue(outcome.failure().startsWith("old exited with code 0 before it reached the start line"), outcome.failure());
    }

    @Test
    void aClientsLimitCountsFromTheRelease() throws Exception {
        String hanging = script("hang", CLIENT.replace("sleep 0.4", "sleep 300"));
        Manifest m = manifest(Manifest.CLIENTS_TOGETHER, server(), client("hang", hanging, "0", 10, 1));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertEquals("hang was still running 1 s after the start line's release (its limit; hung?) and was killed", outcome.failure());
    }

    @Test
    void aServerDyingWhileClientsWaitFailsTheRun() throws Exception {
        String client = script("client", CLIENT);
        String dying = "#!/bin/bash\necho ready > server.ior\nsleep 0.5\nkill -SEGV $$\n";
        ProcessSpec server = new ProcessSpec("server", "server", script("server", dying), List.of(), Map.of(), ".", List.of(),
                Readiness.files(List.of("server.ior")), 10, 60, "signal", List.of());
        String slow = script("slow", "#!/bin/bash\nsleep 300\n");
        Manifest m = manifest(Manifest.CLIENTS_TOGETHER, server, client("c1", client, "0", 10, 30), client("slow", slow, "0", 20, 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertEquals("server was killed by signal 11 (SIGSEGV) while the benchmark was running", outcome.failure());
    }

    /**
     * A process that serves and drives must be ready before the next process starts, then waits at the line with the
     * clients; its done signal counts from the release.
     */
    @Test
    void aProcessThatServesAndDrivesIsReadyFirstAndReleasedWithTheClients() throws Exception {
        String both = """
                #!/bin/bash
                trap 'exit 0' TERM
                echo ready > both.ior
                line="${BGML_START_LINE#fifo:}"
                exec 3<"${line#*|}"
                printf '%s\n' "$BGML_START_NAME" > "${line%%|*}"
                cat <&3 >/dev/null
                begin=$(date +%s%N)
                sleep 0.4
                end=$(date +%s%N)
                echo "$begin $end" > results/both.window
                echo done > both.done
                while true; do sleep 0.05; done
                """;
        ProcessSpec serveAndDrive = new ProcessSpec("both", "both", script("both", both), List.of(), Map.of(), ".", List.of(),
                Readiness.files(List.of("both.ior")), 10, 30, "signal", List.of(), Readiness.files(List.of("both.done")))
                .withPlacement("localhost", "localhost");
        String client = script("client", CLIENT.replace("test -s server.ior", "test -s both.ior"));
        Manifest m = manifest(Manifest.CLIENTS_TOGETHER, serveAndDrive, client("c1", client, "0.3", 10, 30));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertNull(outcome.failure(), outcome::describe);
        long[][] w = windows("both", "c1");
        assertTrue(Math.max(w[0][0], w[1][0]) < Math.min(w[0][1], w[1][1]), "they measured together: " + describe(w));
    }

    /**
     * Helpers beside the launcher (unplaced) never wait at the line: a deployment step before the clients runs to
     * completion first, a teardown step after them runs once they are done.
     */
    @Test
    void helperStepsRunBeforeAndAfterTheClientsWithoutWaitingAtTheLine() throws Exception {
        String deploy = script("deploy", "#!/bin/bash\ntest -z \"$BGML_START_LINE\" || exit 5\nsleep 0.2\necho ok > deployed\n");
        String teardown = script("teardown", "#!/bin/bash\ntest -z \"$BGML_START_LINE\" || exit 5\ndate +%s%N > results/teardown.at\n");
        String client = script("client", CLIENT.replace("test -s server.ior", "test -s deployed"));
        ProcessSpec deployStep = new ProcessSpec("deploy", "client", deploy, List.of(), Map.of(), ".", List.of(), Readiness.none(), 10, 30,
                "exit", List.of());
        ProcessSpec teardownStep = new ProcessSpec("teardown", "client", teardown, List.of(), Map.of(), ".", List.of(), Readiness.none(), 10,
                30, "exit", List.of());
        Manifest m = manifest(Manifest.CLIENTS_TOGETHER, server(), deployStep, client("c1", client, "0", 10, 30),
                client("c2", client, "0", 10, 30), teardownStep);
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertNull(outcome.failure(), outcome::describe);
        long[][] w = windows("c1", "c2");
        long teardownAt = Long.parseLong(Files.readString(dir.resolve("run/results/teardown.at")).trim());
        assertTrue(teardownAt >= Math.max(w[0][1], w[1][1]), "the teardown ran after the clients: " + describe(w));
        assertTrue(Math.max(w[0][0], w[1][0]) < Math.min(w[0][1], w[1][1]), "the clients ran together: " + describe(w));
    }

    // ------------------------------------------------------------------ helpers

    private long[][] windows(String... clients) throws IOException {
        long[][] out = new long[clients.length][];
        for (int i = 0; i < clients.length; i++) {
            String[] parts = Files.readString(dir.resolve("run/results/" + clients[i] + ".window")).trim().split(" ");
            out[i] = new long[] { Long.parseLong(parts[0]), Long.parseLong(parts[1]) };
        }
        return out;
    }

    private static String describe(long[][] windows) {
        long origin = Long.MAX_VALUE;
        for (long[] w : windows) {
            origin = Math.min(origin, w[0]);
        }
        StringBuilder b = new StringBuilder();
        for (long[] w : windows) {
            b.append(String.format(java.util.Locale.ROOT, "[%.1f ms, %.1f ms] ", (w[0] - origin) / 1e6, (w[1] - origin) / 1e6));
        }
        return b.toString().trim();
    }

    private Manifest manifest(String clients, ProcessSpec... processes) {
        return new Manifest(Manifest.SCHEMA_VERSION, "Test", "script", null, null, null, List.of(processes), clients);
    }

    private ProcessSpec server() throws IOException {
        return new ProcessSpec("server", "server", script("server", SERVER), List.of(), Map.of(), ".", List.of(),
                Readiness.files(List.of("server.ior")), 10, 60, "signal", List.of());
    }

    private ProcessSpec client(String name, String executable, String setupSeconds, int readySeconds, int limitSeconds) {
        return new ProcessSpec(name, "client", executable, List.of(), Map.of("NAME", name, "SETUP", setupSeconds), ".", List.of(),
                Readiness.none(), readySeconds, limitSeconds, "exit", List.of()).withPlacement("localhost", "localhost");
    }

    /** Writes an executable script whose path carries a unique marker, so leftovers can be found with pgrep. */
    private String script(String name, String body) throws IOException {
        String marker = "bgmltogether" + Long.toHexString(System.nanoTime()) + name;
        markers.add(marker);
        Path file = dir.resolve(marker + ".sh");
        Files.writeString(file, body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return "./" + file.getFileName();
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
