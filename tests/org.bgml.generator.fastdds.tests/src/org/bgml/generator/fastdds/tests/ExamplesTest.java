package org.bgml.generator.fastdds.tests;

import static org.bgml.generator.fastdds.tests.BuildAndRun.newFastRtpsFiles;
import static org.bgml.generator.fastdds.tests.BuildAndRun.shm;
import static org.bgml.generator.fastdds.tests.BuildAndRun.toolchain;
import static org.bgml.testing.BenchmarkRuns.build;
import static org.bgml.testing.BenchmarkRuns.json;
import static org.bgml.testing.BenchmarkRuns.runClean;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.testing.PathHops;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * Every example is generated and compiled with g++ -Wall
 * -Werror (C++11; the roundtrip also as C++17); then the roundtrip and the payload sweep run for real from their
 * manifests, store every sample, leave no process and no new fastrtps_* file in /dev/shm.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ExamplesTest {
    /** Examples WhiteBoxRunTest builds and runs: compiled there, once. */
    static final Set<String> BUILT_BY_WHITE_BOX_RUN = Set.of("dba-color-2-nodes", "dba-color-4-nodes");
    /**
     * Examples of which only some process mains are compiled (with the shared library): the 100-process mesh's mains
     * are the same code for other grid places, and all of them take longer to compile than the rest of this class. A
     * corner agent (two neighbours) and an inner one (four) are compiled.
     */
    static final Map<String, List<String>> SOME_TARGETS = Map.of("dba-color-mesh", List.of("P_0_0", "P_4_4"));
    private static final String QUICK = "2000";
    /** Ticks of the avionics chain's rate generator in the run test (100 of them warm up the paths). */
    private static final int CHAIN_TICKS = 300;
    private Path work;
    private final Map<String, Path> built = new LinkedHashMap<>();

    @BeforeAll
    void checkToolchain() throws Exception {
        work = Files.createTempDirectory("bgml-dds-examples-");
    }

    @AfterAll
    void cleanUp() throws IOException {
        if (work != null) {
            try (var walk = Files.walk(work)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    @Order(1)
    void everyAcceptedExampleCompilesWithWallWerror() throws Exception {
        assumeTrue(toolchain(), "fastddsgen is not installed (Debian: apt-get install fastddsgen libfastrtps-dev libfastcdr-dev)");
        List<String> failures = new ArrayList<>();
        for (Path example : Fixtures.examples()) {
            String name = Fixtures.baseName(example);
            if (BUILT_BY_WHITE_BOX_RUN.contains(name)) {
                continue;
            }
            Path dir = work.resolve(name);
            long start = System.nanoTime();
            Fixtures.generate(Fixtures.load(example), new DirectoryOutput(dir));
            String failure = build(dir, List.of(), SOME_TARGETS.getOrDefault(name, List.of()));
            if (failure != null) {
                failures.add(name + ": " + failure);
            } else {
                built.put(name, dir);
            }
            System.out.printf("fastdds build %-28s %s in %.1f s%n", name, failure == null ? "ok" : "FAILED", (System.nanoTime() - start) / 1e9);
        }
        assertEquals(List.of(), failures);
        String cmake = Files.readString(work.resolve("roundtrip/CMakeLists.txt"), StandardCharsets.UTF_8);
        assertTrue(cmake.contains("find_package(fastrtps REQUIRED)") && cmake.contains("find_package(fastcdr REQUIRED)")
                && cmake.contains("-Wall -Werror"), cmake);
    }

    @Test
    @Order(2)
    void roundtripCompilesAsCpp17() throws Exception {
        assumeTrue(toolchain(), "fastddsgen is not installed");
        Path dir = work.resolve("roundtrip-cpp17");
        Fixtures.generate(Fixtures.load(Fixtures.example("roundtrip")), new DirectoryOutput(dir));
        assertEquals(null, build(dir, List.of("-DCMAKE_CXX_STANDARD=17")));
    }

    @Test
    @Order(3)
    void roundtripRunsOnLoopbackAndLeavesNothingInDevShm() throws Exception {
        Path dir = built.get("roundtrip");
        assumeTrue(dir != null, "roundtrip did not build");
        Set<String> before = shm();
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        for (Manifest.ProcessSpec p : manifest.processes()) {
            assertEquals("1", p.env().get("SKIP_DEFAULT_XML_FILE"), p.name());
        }
        Path run = dir.resolve("run");
        runClean(dir, ManifestRunner.withExtraArguments(manifest, p -> List.of("-n", QUICK)), run);
        for (String scenario : List.of("TaoTao", "CiaoTao", "TaoCiao", "CiaoCiao")) {
            JsonObject client = json(run.resolve("results/" + scenario + "ClientProcess.json"));
            assertEquals("fastdds", client.get("target").getAsString());
            for (String kind : List.of("Latency", "Throughput", "Jitter")) {
                JsonObject m = measurement(client, scenario + kind);
                assertEquals(Long.parseLong(QUICK), m.get("n").getAsLong(), scenario + kind);
                assertEquals(scenario, m.get("element").getAsString());
                assertEquals("Test::RoundTrip::test_method", m.get("operation").getAsString());
            }
        }
        JsonObject latency = measurement(json(run.resolve("results/TaoTaoClientProcess.json")), "TaoTaoLatency");
        System.out.printf("fastdds roundtrip TaoTao: n=%d p50=%d p99=%d ns%n", latency.get("n").getAsLong(),
                latency.get("p50").getAsLong(), latency.get("p99").getAsLong());
        String domain = Files.readString(run.resolve("fastdds.domain")).trim();
        int id = Integer.parseInt(domain);
        assertTrue(id >= 1 && id <= 232, "the run claimed a domain of its own: " + domain);
        assertEquals(Set.of(), newFastRtpsFiles(before), "no new fastrtps_* file in /dev/shm");
    }

    @Test
    @Order(4)
    void payloadSweepRunsEverySize() throws Exception {
        Path dir = built.get("payload-sweep");
        assumeTrue(dir != null, "payload-sweep did not build");
        Set<String> before = shm();
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Path run = dir.resolve("run");
        runClean(dir, ManifestRunner.withExtraArguments(manifest, p -> List.of("-n", "200")), run);
        JsonObject client = json(run.resolve("results/TaoClientProcess.json"));
        List<Long> sizes = new ArrayList<>();
        for (JsonElement e : client.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if ("TaoTaoSweep".equals(m.get("metric").getAsString())) {
                assertEquals(200, m.get("n").getAsLong(), m.toString());
                sizes.add(m.get("payloadBytes").getAsLong());
            }
        }
        assertEquals(15, sizes.size(), "4 B to 64 KiB, doubling: " + sizes);
        assertEquals(4L, sizes.get(0));
        assertEquals(65536L, sizes.get(14));
        assertEquals(Set.of(), newFastRtpsFiles(before), "no new fastrtps_* file in /dev/shm");
    }

    /**
     * Two runs of the TaoTao pair at the same time, in two run folders: each claims a domain of its own, so neither
     * sees the other's requests or replies, and each stores its own complete samples.
     */
    @Test
    @Order(5)
    void parallelRunsClaimTheirOwnDomains() throws Exception {
        Path dir = built.get("roundtrip");
        assumeTrue(dir != null, "roundtrip did not build");
        Manifest roundtrip = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Manifest taoTao = ManifestRunner.withExtraArguments(roundtrip.withProcesses(roundtrip.processes().stream()
                .filter(p -> p.name().equals("TaoTaoServerProcess") || p.name().equals("TaoTaoClientProcess")).toList()),
                p -> List.of("-n", QUICK));
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<RunOutcome>> runs = new ArrayList<>();
            for (String name : List.of("run-a", "run-b")) {
                runs.add(pool.submit(() -> runClean(dir, taoTao, dir.resolve(name))));
            }
            for (java.util.concurrent.Future<RunOutcome> r : runs) {
                r.get(10, TimeUnit.MINUTES);
            }
        } finally {
            pool.shutdownNow();
        }
        String a = Files.readString(dir.resolve("run-a/fastdds.domain")).trim();
        String b = Files.readString(dir.resolve("run-b/fastdds.domain")).trim();
        assertTrue(!a.equals(b), "the parallel runs share domain " + a);
        for (String name : List.of("run-a", "run-b")) {
            JsonObject client = json(dir.resolve(name + "/results/TaoTaoClientProcess.json"));
            assertEquals(Long.parseLong(QUICK), measurement(client, "TaoTaoLatency").get("n").getAsLong(), name);
        }
    }

    /**
     * The shared-memory transport, with a client killed (SIGKILL) in the middle of its loop: Fast DDS cannot remove a
     * killed process's segment and port files, so the last process of the run (the server, stopped with SIGTERM)
     * removes them; nothing new is left in /dev/shm.
     */
    @Test
    @Order(6)
    void killedClientOnSharedMemoryLeavesNothingInDevShm() throws Exception {
        Path dir = built.get("roundtrip");
        assumeTrue(dir != null, "roundtrip did not build");
        Set<String> before = shm();
        Path run = dir.resolve("run-shm-kill");
        Files.createDirectories(run);
        Process server = start(dir, run, "TaoTaoServerProcess", List.of("--transport", "shm"));
        Process client = null;
        try {
            long limit = System.nanoTime() + 30_000_000_000L;
            while (!Files.isRegularFile(run.resolve("TaoTaoServer_rt.ready")) && System.nanoTime() < limit && server.isAlive()) {
                Thread.sleep(20);
            }
            assertTrue(Files.isRegularFile(run.resolve("TaoTaoServer_rt.ready")), "the server got ready");
            client = start(dir, run, "TaoTaoClientProcess", List.of("--transport", "shm", "-n", "100000000"));
            Thread.sleep(3000);
            assertTrue(client.isAlive(), "the client is still calling");
            assertTrue(shm().stream().anyMatch(n -> !before.contains(n)), "the shm transport made its files");
            client.destroyForcibly(); // SIGKILL
            client.waitFor(10, TimeUnit.SECONDS);
        } finally {
            if (client != null) {
                client.destroyForcibly();
            }
            server.destroy(); // SIGTERM: the server closes its participant and, last of the run, cleans up
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "the server stops on SIGTERM");
        }
        assertEquals(0, server.exitValue(), "the server ends cleanly");
        assertEquals(Set.of(), newFastRtpsFiles(before), "no new fastrtps_* file in /dev/shm");
    }

    /**
     * The cubit test: every operation (octet, short, long, a struct, and sequences of octets, longs and structs)
     * makes its round trip through the cubing server, and each sweep gives every size.
     */
    @Test
    @Order(7)
    void cubitRunsEveryDataType() throws Exception {
        Path dir = built.get("cubit");
        assumeTrue(dir != null, "cubit did not build");
        Set<String> before = shm();
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Path run = dir.resolve("run");
        runClean(dir, ManifestRunner.withExtraArguments(manifest, p -> List.of("-n", "100")), run);
        JsonObject client = json(run.resolve("results/ClientProcess.json"));
        for (String op : List.of("cube_octet", "cube_short", "cube_long", "cube_struct", "cube_octet_sequence", "cube_long_sequence",
                "cube_struct_sequence")) {
            JsonObject m = measurement(client, op);
            assertEquals(100, m.get("n").getAsLong(), op);
            assertEquals("CubitTest::Cubit::" + op, m.get("operation").getAsString());
        }
        assertEquals(7, measurement(client, "cube_struct").get("payloadBytes").getAsLong(), "a struct of octet, long and short");
        for (String sweep : List.of("cube_long_sequence_sweep", "cube_struct_sequence_sweep")) {
            List<Long> sizes = new ArrayList<>();
            for (JsonElement e : client.getAsJsonArray("measurements")) {
                JsonObject m = e.getAsJsonObject();
                if (sweep.equals(m.get("metric").getAsString())) {
                    assertEquals(100, m.get("n").getAsLong(), m.toString());
                    sizes.add(m.get("payloadBytes").getAsLong());
                }
            }
            assertEquals(List.of(512L, 1024L, 2048L, 4096L, 8192L), sizes, sweep);
        }
        assertEquals(Set.of(), newFastRtpsFiles(before), "no new fastrtps_* file in /dev/shm");
    }

    /**
     * A oneway operation beside a two-way one on the same connection: both loops run every timed call after their
     * handshakes; the oneway call only hands the request over, so it returns sooner than the round trip.
     */
    @Test
    @Order(8)
    void onewayCallsRunBesideTwoWayCalls() throws Exception {
        Path run = callsRun();
        JsonObject client = json(run.resolve("results/ClientProcess.json"));
        JsonObject notify = measurement(client, "NotifyLatency");
        JsonObject ping = measurement(client, "PingLatency");
        assertEquals(300, notify.get("n").getAsLong());
        assertEquals(300, ping.get("n").getAsLong());
        System.out.printf("fastdds oneway p50=%d ns, two-way p50=%d ns%n", notify.get("p50").getAsLong(), ping.get("p50").getAsLong());
        assertTrue(notify.get("p50").getAsLong() < ping.get("p50").getAsLong(),
                "a oneway call does not wait for the server: " + notify + " against " + ping);
        assertEquals(Set.of(), newFastRtpsFiles(callsShm), "no new fastrtps_* file in /dev/shm");
    }

    /**
     * The same calls through a forwarding proxy (the proxy pattern; same build and run as above): the proxy's facet
     * calls on through its receptacle from a thread of its own, so every timed call of the proxied metrics comes back,
     * oneway and two-way, the proxy ends cleanly (a failed forward would fail it), and the proxied round trip is
     * slower than the direct one, as the PPL proxy penalty says.
     */
    @Test
    @Order(11)
    void proxiedCallsForwardEveryCallAndCostMore() throws Exception {
        Path run = callsRun();
        JsonObject client = json(run.resolve("results/ClientProcess.json"));
        JsonObject direct = measurement(client, "PingLatency");
        JsonObject proxied = measurement(client, "ProxiedPingLatency");
        JsonObject notify = measurement(client, "ProxiedNotifyLatency");
        assertEquals(300, proxied.get("n").getAsLong(), "every timed call through the proxy came back");
        assertEquals(300, notify.get("n").getAsLong());
        assertEquals("ToProxy", proxied.get("element").getAsString());
        assertEquals("Test::Notifier::ping", proxied.get("operation").getAsString());
        assertTrue(Files.isRegularFile(run.resolve("results/ProxyProcess.json")), "the proxy wrote its result file");
        System.out.printf("fastdds direct p50=%d ns, through the proxy p50=%d ns%n", direct.get("p50").getAsLong(),
                proxied.get("p50").getAsLong());
        assertTrue(proxied.get("p50").getAsLong() > direct.get("p50").getAsLong(),
                "a proxied call makes a second round trip: " + proxied + " against " + direct);
        assertEquals(Set.of(), newFastRtpsFiles(callsShm), "no new fastrtps_* file in /dev/shm");
    }

    /**
     * Two calling threads, directly and through the proxy (same build and run as above): each thread calls on request
     * and reply topics of its own, so none of its replies is taken by the other, and the measurement holds both
     * threads' timed calls, 300 each.
     */
    @Test
    @Order(12)
    void everyCallingThreadStoresEveryTimedCall() throws Exception {
        Path run = callsRun();
        JsonObject client = json(run.resolve("results/ClientProcess.json"));
        for (String metric : List.of("ThreadedPingLatency", "ThreadedProxiedPingLatency")) {
            JsonObject m = measurement(client, metric);
            assertEquals(2 * 300, m.get("n").getAsLong(), metric + ": 300 timed calls in each of 2 threads");
            assertEquals("Test::Notifier::ping", m.get("operation").getAsString());
        }
        String main = Files.readString(run.getParent().resolve("src/ServerProcess.cpp"));
        assertTrue(main.contains("\"Calls_ping_thread1\"") && main.contains("\"Forwarded_ping\""), "a replier per calling thread");
        assertEquals(Set.of(), newFastRtpsFiles(callsShm), "no new fastrtps_* file in /dev/shm");
    }

    private Path callsRunFolder;
    private Set<String> callsShm;

    /** models/calls.bgml built and run once (oneway, two-way and proxied calls); the tests read its results. */
    private Path callsRun() throws Exception {
        assumeTrue(toolchain(), "fastddsgen is not installed");
        if (callsRunFolder == null) {
            Path dir = work.resolve("calls");
            Fixtures.generate(Fixtures.load(Fixtures.model("calls")), new DirectoryOutput(dir));
            assertEquals(null, build(dir, List.of()));
            callsShm = shm();
            Path run = dir.resolve("run");
            runClean(dir, ManifestJson.read(dir.resolve(ManifestJson.FILE)), run);
            callsRunFolder = run;
        }
        return callsRunFolder;
    }

    /**
     * The avionics event chain (a timer, sink and facet actions, calls and publications carrying path stamps), remote
     * (four processes) and collocated (one): every connection carries every timed tick, each path's hops add up to its
     * end-to-end time, nothing is left in /dev/shm. The remote build is the one above; 300 ticks (-n) instead of 600.
     */
    @Test
    @Order(9)
    void avionicsChainRunsRemoteAndCollocated() throws Exception {
        Path remote = built.get("avionics-chain");
        assumeTrue(remote != null, "avionics-chain did not build");
        Path collocated = work.resolve("avionics-chain-collocated");
        Fixtures.generate(Fixtures.load(Fixtures.example("avionics-chain")), "collocated", new DirectoryOutput(collocated));
        assertEquals(null, build(collocated, List.of()));
        org.bgml.model.BenchmarkModel model = Fixtures.load(Fixtures.example("avionics-chain"));
        Map<String, Double> medians = new LinkedHashMap<>();
        for (Path dir : List.of(remote, collocated)) {
            Set<String> before = shm();
            Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
            Path run = dir.resolve("run-chain");
            runClean(dir, ManifestRunner.withExtraArguments(manifest, p -> List.of("-n", String.valueOf(CHAIN_TICKS))), run);
            List<JsonObject> paths = new ArrayList<>();
            Map<String, String> labels = new LinkedHashMap<>();
            try (Stream<Path> files = Files.list(run.resolve("results"))) {
                for (Path f : files.sorted().toList()) {
                    JsonObject result = json(f);
                    for (JsonElement e : result.getAsJsonArray("measurements")) {
                        if ("pathLatency".equals(e.getAsJsonObject().get("kind").getAsString())) {
                            paths.add(e.getAsJsonObject());
                        }
                    }
                    result.getAsJsonObject("labels").entrySet().forEach(l -> labels.put(l.getKey(), l.getValue().getAsString()));
                }
            }
            String deployment = dir.getFileName().toString();
            for (org.bgml.model.Connection c : model.getConnections()) {
                assertTrue(paths.stream().anyMatch(m -> c.getName().equals(segment(m)) && m.get("n").getAsLong() == CHAIN_TICKS - 100),
                        deployment + ": connection " + c.getName() + " did not carry every timed tick");
            }
            for (String metric : List.of("TickToDisplayRead", "TickToGpsRead")) {
                List<JsonObject> path = paths.stream().filter(m -> metric.equals(m.get("metric").getAsString())).toList();
                JsonObject total = PathHops.check(deployment + " " + metric, path, CHAIN_TICKS - 100, 0.05); // 100 ticks warm up
                assertEquals("0", labels.get("strayArrivals " + metric), deployment + " " + metric + ": stray arrivals");
                medians.put(deployment + " " + metric, total.get("p50").getAsDouble());
            }
            assertEquals(String.valueOf(CHAIN_TICKS), labels.get("arrivals Display/airframeReady"), deployment + ": every tick reached the display");
            assertEquals(Set.of(), newFastRtpsFiles(before), deployment + ": no new fastrtps_* file in /dev/shm");
        }
        medians.forEach((k, v) -> System.out.printf("fastdds chain %s: p50 end to end %.1f us%n", k, v / 1000));
    }

    /**
     * models/events.bgml: event latency and throughput measured at the sinks, over a direct connection and over an
     * event channel (one topic, two readers: each sink records only its own connection's stream).
     */
    @Test
    @Order(10)
    void eventMetricsRunOverAConnectionAndAChannel() throws Exception {
        assumeTrue(toolchain(), "fastddsgen is not installed");
        Path dir = work.resolve("events");
        Fixtures.generate(Fixtures.load(Fixtures.model("events")), new DirectoryOutput(dir));
        assertEquals(null, build(dir, List.of()));
        Set<String> before = shm();
        Path run = dir.resolve("run");
        runClean(dir, ManifestJson.read(dir.resolve(ManifestJson.FILE)), run);
        JsonObject monitor = json(run.resolve("results/MonitorProcess.json"));
        for (String metric : List.of("TickLatency", "TickThroughput")) {
            JsonObject m = measurement(monitor, metric);
            assertEquals(500, m.get("n").getAsLong(), metric);
            assertEquals("Ticks", m.get("element").getAsString());
            assertEquals("Test::Tick", m.get("operation").getAsString());
        }
        assertEquals(300, measurement(monitor, "StatusToMonitorLatency").get("n").getAsLong());
        JsonObject logger = json(run.resolve("results/LoggerProcess.json"));
        assertEquals(300, measurement(logger, "StatusToLoggerLatency").get("n").getAsLong());
        assertEquals("StatusToLogger", measurement(logger, "StatusToLoggerLatency").get("element").getAsString());
        assertEquals(1, logger.getAsJsonArray("measurements").size(), "the logger records only its own connection's stream");
        assertEquals(Set.of(), newFastRtpsFiles(before), "no new fastrtps_* file in /dev/shm");
    }

    private static String segment(JsonObject m) {
        return m.get("segment").isJsonNull() ? null : m.get("segment").getAsString();
    }

    private static Process start(Path dir, Path run, String process, List<String> extra) throws IOException {
        Manifest.ProcessSpec p = ManifestJson.read(dir.resolve(ManifestJson.FILE)).processes().stream()
                .filter(s -> s.name().equals(process)).findFirst().orElseThrow();
        List<String> command = new ArrayList<>();
        command.add(dir.resolve(p.executable()).toString());
        command.addAll(p.args());
        command.addAll(extra);
        ProcessBuilder pb = new ProcessBuilder(command).directory(run.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(run.resolve(process + ".log").toFile()));
        pb.environment().putAll(p.env());
        return pb.start();
    }

    private static JsonObject measurement(JsonObject result, String metric) {
        for (JsonElement e : result.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if (!m.get("metric").isJsonNull() && m.get("metric").getAsString().equals(metric)) {
                return m;
            }
        }
        throw new AssertionError("no measurement for " + metric + " in " + result);
    }
}
