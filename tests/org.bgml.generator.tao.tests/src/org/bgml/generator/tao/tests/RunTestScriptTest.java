package org.bgml.generator.tao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.model.BenchmarkModel;
import org.bgml.targets.GenerationService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run_test.pl under PerlACE, without a TAO build: the script is checked with {@code perl -c} and run with shell
 * stand-ins for the benchmark's programs, so what it starts when, and what it tells each client, can be seen. Needs
 * PerlACE from an ACE tree ({@code ACE_ROOT}); skipped otherwise. TaoBuildTest runs it on the real programs.
 */
class RunTestScriptTest {
    @TempDir
    Path temp;

    /** Both forms of run_test.pl: roundtrip runs its clients one at a time, the proxy pattern together. */
    @Test
    void runTestScriptCompilesUnderPerlAce() throws Exception {
        Path ace = TaoFixtures.aceRoot();
        assumeTrue(ace != null, "run_test.pl check skipped: ACE_ROOT/TAO_ROOT not set");
        for (String example : List.of("roundtrip", "proxy-pattern")) {
            Path bench = generate(example, null);
            TaoBuildTest.Result r = TaoBuildTest.exec(bench, List.of("perl", "-c", "-I" + ace.resolve("bin"), "run_test.pl"), 60, null);
            assertEquals(0, r.code(), example + ": " + r.output());
            assertTrue(r.output().contains("syntax OK"), example + ": " + r.output());
        }
    }

    /**
     * run_test.pl of a deployment whose clients run one at a time, with stand-ins for the programs (servers that
     * write their IOR files and wait for SIGTERM, clients that note when they ran): no client starts before the one
     * before it has ended, and none is given a start line.
     */
    @Test
    void runTestScriptRunsClientsOneAtATime() throws Exception {
        assumeTrue(TaoFixtures.aceRoot() != null, "run_test.pl run skipped: ACE_ROOT/TAO_ROOT not set");
        Path bench = generate("roundtrip", null);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        assertEquals(Manifest.CLIENTS_ONE_AT_A_TIME, manifest.clients());
        List<String> clients = standIns(bench, manifest);
        TaoBuildTest.Result r = TaoBuildTest.exec(bench, List.of("perl", "run_test.pl", "-n", "10"), 120, null);
        assertEquals(0, r.code(), r.output());
        Path results = bench.resolve("run/results");
        long endOfPrevious = 0;
        for (String client : clients) {
            assertFalse(Files.exists(results.resolve(client + ".arrived")), client + " was given a start line");
            long started = stamp(results.resolve(client + ".started"));
            assertTrue(started >= endOfPrevious, client + " started before the client before it had ended");
            endOfPrevious = stamp(results.resolve(client + ".ended"));
        }
    }

    /**
     * run_test.pl of a deployment whose clients run together (the proxy pattern), with stand-ins that follow the
     * start line's protocol: every client arrives before any is released, all are released, and each was started
     * with its own name on the line.
     */
    @Test
    void runTestScriptReleasesClientsTogetherBehindTheStartLine() throws Exception {
        assumeTrue(TaoFixtures.aceRoot() != null, "run_test.pl run skipped: ACE_ROOT/TAO_ROOT not set");
        Path bench = generate("proxy-pattern", null);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        assertEquals(Manifest.CLIENTS_TOGETHER, manifest.clients());
        List<String> clients = standIns(bench, manifest);
        assertTrue(clients.size() >= 2, "the proxy pattern has several clients: " + clients);
        TaoBuildTest.Result r = TaoBuildTest.exec(bench, List.of("perl", "run_test.pl", "-n", "10"), 120, null);
        assertEquals(0, r.code(), r.output());
        Path results = bench.resolve("run/results");
        long lastArrival = 0;
        long firstRelease = Long.MAX_VALUE;
        for (String client : clients) {
            assertEquals(client, Files.readString(results.resolve(client + ".name")).strip(), "the name it arrived with");
            lastArrival = Math.max(lastArrival, stamp(results.resolve(client + ".arrived")));
            firstRelease = Math.min(firstRelease, stamp(results.resolve(client + ".released")));
            assertTrue(Files.exists(results.resolve(client + ".ended")), client + " did not finish");
        }
        assertTrue(lastArrival <= firstRelease, "a client was released before every client had arrived");
        assertFalse(Files.exists(bench.resolve("run/start.arrivals")), "the start line's fifos are removed");
    }

    /**
     * Replaces the benchmark's programs with shell stand-ins: a server writes the IOR files it is ready with and
     * waits for SIGTERM; a client follows the start line when it is given one (opens the release fifo, writes its
     * name to the arrivals fifo, reads the release fifo to its end) and notes in run/results/ when it arrived, was
     * released or started, and ended. Returns the clients' names in manifest order.
     */
    private static List<String> standIns(Path bench, Manifest manifest) throws IOException {
        List<String> clients = new ArrayList<>();
        for (Manifest.ProcessSpec p : manifest.processes()) {
            Path exe = bench.resolve(p.executable());
            Files.createDirectories(exe.getParent());
            String script;
            if ("signal".equals(p.stop())) {
                StringBuilder ready = new StringBuilder();
                p.ready().paths().forEach(f -> ready.append("echo stand-in > '").append(f).append("'\n"));
                script = "#!/bin/sh\ntrap 'exit 0' TERM\n" + ready + "while :; do sleep 1; done\n";
            } else {
                clients.add(p.name());
                script = """
                        #!/bin/sh
                        name=%s
                        stamp() { date +%%s%%N > "results/$name.$1"; }
                        case "$BGML_START_LINE" in
                          fifo:*)
                            line=${BGML_START_LINE#fifo:}
                            arrivals=${line%%%%|*}
                            release=${line#*|}
                            exec 3<"$release"
                            stamp arrived
                            printf '%%s\\n' "$BGML_START_NAME" > "results/$name.name"
                            printf '%%s\\n' "$BGML_START_NAME" > "$arrivals"
                            cat <&3 > /dev/null
                            exec 3<&-
                            stamp released ;;
                          *) stamp started ;;
                        esac
                        sleep 0.2
                        stamp ended
                        """.formatted(p.name());
            }
            Files.writeString(exe, script);
            exe.toFile().setExecutable(true);
        }
        return clients;
    }

    private static long stamp(Path file) throws IOException {
        assertTrue(Files.exists(file), file.getFileName() + " was not written");
        return Long.parseLong(Files.readString(file).strip());
    }

    private Path generate(String example, String deployment) throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example(example));
        Path dir = temp.resolve(example);
        new GenerationService().generate(TaoFixtures.request(model, deployment), dir);
        return dir;
    }
}
