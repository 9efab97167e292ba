package org.bgml.generator.tao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bgml.targets.GenerationService;
import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.model.BenchmarkModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Checks against a real ACE+TAO build: run_test.pl under PerlACE, tao_idl + MPC + make, the C++ as gnu++11 and
 * C++17, and the roundtrip run over 127.0.0.1 from its manifest. Skipped unless ACE_ROOT and TAO_ROOT are set.
 */
class TaoBuildTest {
    static final String SKIP = "TAO compile test skipped: ACE_ROOT/TAO_ROOT not set";
    /** Samples per metric in the run test; the model asks for 250,000. */
    static final int QUICK_SAMPLES = 2000;
    /** Examples with more processes than this are generated but not compiled (each main takes seconds). */
    static final int MAX_PROCESSES_TO_COMPILE = 12;

    @TempDir
    Path temp;

    @Test
    void roundtripBuildsWithMpcAndRunsOverLoopback() throws Exception {
        assumeTrue(TaoFixtures.aceRoot() != null, SKIP);
        Path bench = generate("roundtrip", null);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        build(bench, manifest);
        syntaxCheck(bench);

        Path run = bench.resolve("run");
        RunOutcome outcome = runQuick(bench, manifest, run);
        assertEquals(manifest.processes().size(), outcome.processes().size(), "every process ran: " + outcome.describe());
        for (Manifest.ProcessSpec p : manifest.processes()) {
            JsonObject result = JsonParser.parseString(Files.readString(run.resolve(p.results().get(0)), StandardCharsets.UTF_8))
                    .getAsJsonObject();
            assertEquals("tao", result.get("target").getAsString());
            assertTrue(result.getAsJsonObject("labels").get("orb").getAsString().startsWith("TAO "));
            for (JsonElement e : result.getAsJsonArray("measurements")) {
                JsonObject m = e.getAsJsonObject();
                assertEquals(QUICK_SAMPLES, m.get("n").getAsInt(), p.name() + " " + m.get("metric"));
                double mean = m.get("mean").getAsDouble();
                assertTrue(m.get("min").getAsLong() <= mean && mean <= m.get("max").getAsLong(), m.toString());
                assertEquals(0, m.get("dropped").getAsInt());
                System.out.printf("tao roundtrip %-22s %-10s n=%d mean=%.1f ns p50=%d p99=%d throughput=%.0f/s%n",
                        m.get("metric").getAsString(), m.get("kind").getAsString(), m.get("n").getAsInt(), mean,
                        m.get("p50").getAsLong(), m.get("p99").getAsLong(), m.get("throughput").getAsDouble());
            }
        }

        // The same benchmark by hand: run_test.pl runs the clients one at a time, as the deployment says.
        for (Manifest.ProcessSpec p : manifest.processes()) {
            Files.deleteIfExists(run.resolve(p.results().get(0)));
        }
        Result script = exec(bench, List.of("perl", "run_test.pl", "-n", String.valueOf(QUICK_SAMPLES)), 600, null);
        assertEquals(0, script.code, "run_test.pl:\n" + lastLines(script.output, 40));
        for (Manifest.ProcessSpec p : manifest.processes().stream().filter(p -> p.stop().equals("exit")).toList()) {
            JsonObject result = JsonParser.parseString(Files.readString(run.resolve(p.results().get(0)), StandardCharsets.UTF_8))
                    .getAsJsonObject();
            for (JsonElement e : result.getAsJsonArray("measurements")) {
                JsonObject m = e.getAsJsonObject();
                assertEquals(QUICK_SAMPLES, m.get("n").getAsInt(), "run_test.pl " + p.name() + " " + m.get("metric"));
                System.out.printf("tao roundtrip by run_test.pl %-22s n=%d mean=%.1f ns p50=%d%n", m.get("metric").getAsString(),
                        m.get("n").getAsInt(), m.get("mean").getAsDouble(), m.get("p50").getAsLong());
            }
        }
    }

    /** The collocated deployment: client and server share one process and one ORB, calls go through the reference. */
    @Test
    void roundtripCollocatedRunsInOneProcessPerScenario() throws Exception {
        assumeTrue(TaoFixtures.aceRoot() != null, SKIP);
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        assumeTrue(model.getDeployments().stream().anyMatch(d -> d.getName().equals("collocated")), "roundtrip.bgml has no collocated deployment");
        Path bench = temp.resolve("collocated");
        new GenerationService().generate(TaoFixtures.request(model, "collocated"), bench);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        build(bench, manifest);
        Path run = bench.resolve("run");
        runQuick(bench, manifest, run);
        for (Manifest.ProcessSpec p : manifest.processes()) {
            JsonObject result = JsonParser.parseString(Files.readString(run.resolve(p.results().get(0)), StandardCharsets.UTF_8))
                    .getAsJsonObject();
            for (JsonElement e : result.getAsJsonArray("measurements")) {
                JsonObject m = e.getAsJsonObject();
                assertEquals(QUICK_SAMPLES, m.get("n").getAsInt());
                System.out.printf("tao collocated %-22s n=%d mean=%.1f ns p50=%d%n", m.get("metric").getAsString(),
                        m.get("n").getAsInt(), m.get("mean").getAsDouble(), m.get("p50").getAsLong());
            }
        }
    }

    /**
     * One corner of the Skoll configuration space on real TAO: the 14 options of Table 1 at their first level
     * (svc.conf with the Advanced_Resource_Factory, thread-per-connection, the RW client handler) and the default
     * loopback endpoint, on the two-process TAO-TAO round trip of tao-options-experiment.bgml.
     */
    @Test
    void aSkollConfigurationRunsOnTao() throws Exception {
        assumeTrue(TaoFixtures.aceRoot() != null, SKIP);
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("tao-options-experiment"));
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("-ORBReactorThreadQueue", "FIFO");
        settings.put("-ORBReactorType", "tp");
        settings.put("-ORBClientConnectionHandler", "RW");
        settings.put("-ORBFlushingStrategy", "blocking");
        settings.put("-ORBTransportMuxStrategy", "EXCLUSIVE");
        settings.put("-ORBReactorMaskSignals", "0");
        settings.put("-ORBConnectionPurgingStrategy", "LFU");
        settings.put("-ORBConnectionCachePurgePercentage", "10");
        settings.put("-ORBConnectionCacheLock", "thread");
        settings.put("-ORBCorbaObjectLock", "thread");
        settings.put("-ORBObjectKeyTableLock", "thread");
        settings.put("-ORBInputCDRAllocator", "null");
        settings.put("-ORBConcurrency", "thread-per-connection");
        settings.put("-ORBActiveObjectMapSize", "32");
        settings.put("-ORBUseridPolicyDemuxStrategy", "linear");
        settings.put("-ORBSystemidPolicyDemuxStrategy", "linear");
        settings.put("-ORBUniqueidPolicyReverseDemuxStrategy", "linear");
        TaoFixtures.addConfiguration(model, "skollCorner", settings);
        Path bench = temp.resolve("skoll");
        new GenerationService().generate(new GenerationService.Request(model, TaoFixtures.TARGET, null, "skollCorner"), bench);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        assertTrue(manifest.processes().stream().allMatch(p -> p.args().contains("iiop://127.0.0.1:")), "default loopback endpoint");
        build(bench, manifest);
        Path run = bench.resolve("run");
        runQuick(bench, manifest, run);
        for (Manifest.ProcessSpec p : manifest.processes()) {
            JsonObject result = JsonParser.parseString(Files.readString(run.resolve(p.results().get(0)), StandardCharsets.UTF_8))
                    .getAsJsonObject();
            for (JsonElement e : result.getAsJsonArray("measurements")) {
                JsonObject m = e.getAsJsonObject();
                assertEquals(QUICK_SAMPLES, m.get("n").getAsInt());
                System.out.printf("tao skoll corner %-12s n=%d mean=%.1f ns p50=%d%n", m.get("metric").getAsString(),
                        m.get("n").getAsInt(), m.get("mean").getAsDouble(), m.get("p50").getAsLong());
            }
        }
    }

    /** Events through TAO's CosEvent channel and directly to a push consumer, built and run from the manifest. */
    @Test
    void eventsBuildAndRunThroughTheCosEventChannel() throws Exception {
        Path ace = TaoFixtures.aceRoot();
        assumeTrue(ace != null, SKIP);
        assumeTrue(Files.exists(ace.resolve("lib/libTAO_CosEvent_Serv.so")),
                "CosEvent test skipped: this ACE+TAO build has no TAO_CosEvent_Serv library (TAO/orbsvcs/orbsvcs/CosEvent)");
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.fixture("events"));
        Path bench = temp.resolve("events");
        new GenerationService().generate(TaoFixtures.request(model, null), bench);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        build(bench, manifest);
        Path run = bench.resolve("run");
        runQuick(bench, manifest, run);
        JsonObject sink = JsonParser.parseString(Files.readString(run.resolve("results/SinkProcess.json"), StandardCharsets.UTF_8))
                .getAsJsonObject();
        for (JsonElement e : sink.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            assertEquals(QUICK_SAMPLES, m.get("n").getAsInt(), "every timed event arrived: " + m);
            System.out.printf("tao events %-18s %-10s n=%d mean=%.1f ns p99=%d%n", m.get("metric").getAsString(),
                    m.get("kind").getAsString(), m.get("n").getAsInt(), m.get("mean").getAsDouble(), m.get("p99").getAsLong());
        }
    }

    /**
     * tests/models/threads.bgml on real TAO, with the model's own counts: a workload with three threads runs three
     * calling threads, each making the whole workload (its 10 warm-up and 300 timed calls; at a fixed rate, each
     * paced at the full 2,000 Hz), so each measurement merges three times the sample count, as on every target.
     */
    @Test
    void everyCallingThreadMakesTheWholeWorkload() throws Exception {
        assumeTrue(TaoFixtures.aceRoot() != null, SKIP);
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.repo().resolve("tests/models/threads.bgml"));
        Path bench = temp.resolve("threads");
        new GenerationService().generate(TaoFixtures.request(model, null), bench);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        build(bench, manifest);
        Path run = bench.resolve("run");
        run(bench, manifest, run, List.of());
        JsonObject caller = JsonParser.parseString(Files.readString(run.resolve("results/CallerProcess.json"), StandardCharsets.UTF_8))
                .getAsJsonObject();
        Map<String, JsonObject> byMetric = new LinkedHashMap<>();
        for (JsonElement e : caller.getAsJsonArray("measurements")) {
            byMetric.put(e.getAsJsonObject().get("metric").getAsString(), e.getAsJsonObject());
        }
        JsonObject free = byMetric.get("ThreeThreads");
        assertEquals(3, free.get("threads").getAsInt(), free.toString());
        assertEquals(3 * 300, free.get("n").getAsInt(), "every thread makes the 300 timed calls");
        assertEquals("[300,300,300]", free.get("threadSamples").toString());
        assertEquals(3 * 10, free.get("warmup").getAsInt(), "every thread warms up");
        JsonObject paced = byMetric.get("ThreeThreadsPaced");
        assertEquals("[100,100,100]", paced.get("threadSamples").toString(), paced.toString());
        assertEquals(2000.0, paced.get("rateHz").getAsDouble(), 1e-9, "the model's rate, which each thread keeps");
        assertTrue(paced.get("wallNs").getAsLong() >= 99 * 500_000L, "each thread paced at 2,000 Hz: " + paced);
        System.out.printf("tao threads: %d samples from 3 threads, mean %.1f ns; paced: %d samples in %.1f ms%n",
                free.get("n").getAsInt(), free.get("mean").getAsDouble(), paced.get("n").getAsInt(), paced.get("wallNs").getAsLong() / 1e6);
    }

    /** Runs of the chain: its teardown failed about one time in three before the stop was ordered and joined. */
    static final int CHAIN_RUNS = 6;

    /**
     * models/chain.bgml on real TAO: Airframe serves Display (forwarding to Gps) while its own loop reads Gps, and Gps
     * takes ticks through the CosEvent channel. Every run must end with every process at 0: Airframe is stopped only
     * after its loop is done and after Display, Gps after Airframe and the channel, and no process dies in the ORB's
     * shutdown (the signal thread still closing connections while main destroyed the ORB crashed it before).
     */
    @Test
    void aChainOfProcessesThatServeAndDriveStopsCleanlyEveryTime() throws Exception {
        Path ace = TaoFixtures.aceRoot();
        assumeTrue(ace != null, SKIP);
        assumeTrue(Files.exists(ace.resolve("lib/libTAO_CosEvent_Serv.so")),
                "chain test skipped: this ACE+TAO build has no TAO_CosEvent_Serv library (TAO/orbsvcs/orbsvcs/CosEvent)");
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.fixture("chain"));
        Path bench = temp.resolve("chain");
        new GenerationService().generate(TaoFixtures.request(model, null), bench);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        build(bench, manifest);
        syntaxCheck(bench);
        for (int i = 0; i < CHAIN_RUNS; i++) {
            Path run = bench.resolve("run" + i);
            runQuick(bench, manifest, run);
            JsonObject airframe = JsonParser.parseString(Files.readString(run.resolve("results/AirframeProcess.json"),
                    StandardCharsets.UTF_8)).getAsJsonObject();
            JsonObject read = airframe.getAsJsonArray("measurements").get(0).getAsJsonObject();
            assertEquals(2000, read.get("n").getAsInt(), "Airframe's own loop ran to its end: " + read);
            assertTrue(Files.exists(run.resolve("AirframeProcess.done")));
        }
    }

    /** The other examples' first deployments: tao_idl, MPC and make, then the C++ as gnu++11 and C++17. */
    @TestFactory
    Stream<DynamicTest> otherExamplesCompile() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : TaoFixtures.examples()) {
            String name = file.getFileName().toString().replace(".bgml", "");
            if (name.equals("roundtrip")) {
                continue;
            }
            tests.add(DynamicTest.dynamicTest(name, () -> {
                assumeTrue(TaoFixtures.aceRoot() != null, SKIP);
                Path bench;
                try {
                    bench = generate(name, null);
                } catch (IllegalArgumentException refused) {
                    assumeTrue(false, name + " is not generated for TAO: " + refused.getMessage());
                    return;
                }
                Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
                assumeTrue(manifest.processes().size() <= MAX_PROCESSES_TO_COMPILE,
                        name + " has " + manifest.processes().size() + " processes; compiling more than "
                                + MAX_PROCESSES_TO_COMPILE + " is left to the run");
                build(bench, manifest);
                syntaxCheck(bench);
            }));
        }
        return tests.stream();
    }

    // ---- helpers -------------------------------------------------------------------------------------------


    /**
     * Runs a built benchmark from its manifest with the launcher, the processes that end by themselves with
     * {@code -n} {@value #QUICK_SAMPLES}: every process must end with 0 and leave no process of its group behind.
     */
    private static RunOutcome runQuick(Path bench, Manifest manifest, Path run) throws Exception {
        return run(bench, manifest, run, List.of("-n", String.valueOf(QUICK_SAMPLES)));
    }

    /** The same with {@code clientArguments} added to the processes that end by themselves (none: the model's counts). */
    private static RunOutcome run(Path bench, Manifest manifest, Path run, List<String> clientArguments) throws Exception {
        Manifest quick = ManifestRunner.withExtraArguments(manifest, p -> p.stop().equals("exit") ? clientArguments : List.of());
        List<Long> groups = new ArrayList<>();
        RunOutcome outcome = new ManifestRunner(bench, quick).run(run, new RunListener() {
            @Override
            public void started(String process, long processGroup) {
                groups.add(processGroup);
            }
        });
        for (long group : groups) {
            assertFalse(ProcessGroups.groupAlive(group), "process group " + group + " survived the run");
        }
        assertTrue(outcome.ok(), outcome.describe());
        for (ProcessOutcome o : outcome.processes()) {
            assertEquals(0, o.exitCode(), o.name() + " failed:\n" + outcome.describe());
        }
        return outcome;
    }

    private Path generate(String example, String deployment) throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example(example));
        Path dir = temp.resolve(example);
        new GenerationService().generate(TaoFixtures.request(model, deployment), dir);
        return dir;
    }

    /** The manifest's build commands, as the launcher runs them (make gets -j2 through MAKEFLAGS). */
    private static void build(Path bench, Manifest manifest) throws Exception {
        for (List<String> command : manifest.build().commands()) {
            Result r = exec(bench, command, 1800, Map.of("MAKEFLAGS", "-j2"));
            if (r.code != 0) {
                fail(String.join(" ", command) + " failed (" + r.code + "):\n" + lastLines(r.output, 40));
            }
        }
        for (Manifest.ProcessSpec p : manifest.processes()) {
            assertTrue(Files.isExecutable(bench.resolve(p.executable())), p.executable() + " was not built");
        }
    }

    /**
     * Every generated C++ file compiled alone with -std=gnu++11 -W -Wall and with -std=c++17: no error anywhere,
     * and no warning in the generated code or the runtime (ACE/TAO headers warn on their own).
     */
    private static void syntaxCheck(Path bench) throws Exception {
        String ace = System.getenv("ACE_ROOT");
        String tao = System.getenv("TAO_ROOT");
        List<Path> sources;
        try (Stream<Path> s = Files.list(bench.resolve("src"))) {
            sources = s.filter(p -> p.toString().endsWith(".cpp")).sorted().toList();
        }
        for (String std : new String[] { "-std=gnu++11", "-std=c++17" }) {
            for (Path source : sources) {
                List<String> command = List.of("g++", std, "-W", "-Wall", "-fsyntax-only", "-D_GNU_SOURCE", "-D__ACE_INLINE__",
                        "-I" + ace, "-I" + tao, "-I" + tao + "/orbsvcs", "-Iruntime/include", "-Iidl", "-Isrc", "src/" + source.getFileName());
                Result r = exec(bench, command, 300, null);
                List<String> ours = r.output.lines()
                        .filter(l -> (l.startsWith("src/") || l.startsWith("runtime/")) && (l.contains("error") || l.contains("warning")))
                        .toList();
                assertEquals(0, r.code, std + " " + source.getFileName() + ":\n" + lastLines(r.output, 30));
                assertEquals(List.of(), ours, std + " " + source.getFileName());
            }
        }
    }

    record Result(int code, String output) {
    }

    static Result exec(Path dir, List<String> command, int timeoutSeconds, Map<String, String> env) throws Exception {
        Path log = Files.createTempFile("tao-test", ".log");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            if (env != null) {
                pb.environment().putAll(new LinkedHashMap<>(env));
            }
            Process p = pb.start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
                p.waitFor(10, TimeUnit.SECONDS);
                return new Result(-1, "timed out after " + timeoutSeconds + " s\n" + read(log));
            }
            return new Result(p.exitValue(), read(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String read(Path log) throws IOException {
        return new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    }

    private static String lastLines(String text, int n) {
        List<String> lines = text.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - n), lines.size()));
    }
}
