package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.testing.BenchmarkRuns;
import org.bgml.testing.PathHops;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The generated C++ builds and runs here: every example configures and compiles with g++ -Wall -Werror (one
 * after the other, -O2, make -j2), then the roundtrip benchmark runs over 127.0.0.1 from its manifest.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BuildAndRunTest {
    /** Timed calls of the quick runs on the connections not checked at full size. */
    private static final String QUICK = "2000";
    /** Timed ticks of the chain runs (after the model's 50 warm-up ticks, at 500 Hz). */
    private static final String CHAIN_SAMPLES = "500";
    private Path work;
    private final Map<String, Path> built = new LinkedHashMap<>();
    private boolean failed;

    @BeforeAll
    void checkToolchain() throws Exception {
        assumeTrue(BenchmarkRuns.command(List.of("pkg-config", "--exists", "ACE"), Path.of("."), Duration.ofSeconds(30), null) == 0,
                "ACE is not installed (pkg-config ACE fails); install Debian's libace-dev to build the ace target");
        work = Files.createTempDirectory("bgml-ace-tests-");
    }

    @AfterAll
    void cleanUp() throws IOException {
        if (work != null && !failed) {
            try (var walk = Files.walk(work)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        } else if (work != null) {
            System.out.println("kept " + work + " for inspection");
        }
    }

    @Test
    @Order(1)
    void everyExampleCompilesWithWallWerror() throws Exception {
        List<String> failures = new ArrayList<>();
        for (Path example : Fixtures.allModels()) {
            String name = Fixtures.baseName(example);
            Path dir = work.resolve(name);
            long start = System.nanoTime();
            Fixtures.generate(Fixtures.load(example), new DirectoryOutput(dir));
            String failure = BenchmarkRuns.build(dir);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (failure != null && !failure.startsWith("compiled with warnings")) {
                failures.add(name + ": " + failure);
            } else {
                built.put(name, dir);
                assertNull(failure, name);
            }
            System.out.printf("ace build %-28s %s in %.1f s%n", name, failure == null ? "ok" : "FAILED", seconds);
        }
        if (!failures.isEmpty()) {
            failed = true;
            throw new AssertionError(String.join("\n\n", failures));
        }
        String flags = Files.readString(work.resolve("roundtrip/CMakeLists.txt"), StandardCharsets.UTF_8);
        assertTrue(flags.contains("-Wall -Werror") && flags.contains("CMAKE_CXX_STANDARD 17"), flags);
    }

    @Test
    @Order(2)
    void roundtripRunsOverLoopback() throws Exception {
        Path dir = built.get("roundtrip");
        assumeTrue(dir != null, "roundtrip did not build");
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        assertEquals("remote", manifest.deployment());
        for (Manifest.ProcessSpec p : manifest.processes()) {
            if (p.stop().equals("signal")) {
                assertEquals("file", p.ready().kind(), p.name() + " is ready when its endpoint files are there");
            }
        }
        // full sample count on one connection; quick on the others
        Path run = dir.resolve("run");
        RunOutcome outcome = run(dir, ManifestRunner.withExtraArguments(manifest,
                p -> p.name().equals("TaoTaoClientProcess") ? List.of() : List.of("-n", QUICK)), run);
        System.out.println(BenchmarkRuns.tail(run.resolve("logs/TaoTaoClientProcess.log"), 20));
        for (Manifest.ProcessSpec p : manifest.processes()) {
            for (String r : p.results()) {
                assertTrue(Files.isRegularFile(run.resolve(r)), "missing result file " + r);
            }
        }
        JsonObject client = BenchmarkRuns.json(run.resolve("results/TaoTaoClientProcess.json"));
        assertEquals("ace", client.get("target").getAsString());
        JsonObject latency = measurement(client, "TaoTaoLatency");
        assertEquals(250000, latency.get("n").getAsLong(), "the model's sample count");
        assertEquals(0, latency.get("dropped").getAsLong());
        double mean = latency.get("mean").getAsDouble();
        assertTrue(latency.get("min").getAsDouble() <= mean && mean <= latency.get("max").getAsDouble(), latency.toString());
        assertEquals("TaoTao", latency.get("element").getAsString());
        assertEquals("Test::RoundTrip::test_method", latency.get("operation").getAsString());
        System.out.printf("ace roundtrip TaoTao (pinned to CPU 0 as modelled): n=%d mean=%.1f p50=%d p99=%d ns%n",
                latency.get("n").getAsLong(), mean, latency.get("p50").getAsLong(), latency.get("p99").getAsLong());
        for (String other : List.of("CiaoTao", "TaoCiao", "CiaoCiao")) {
            JsonObject quick = BenchmarkRuns.json(run.resolve("results/" + other + "ClientProcess.json"));
            assertEquals(Long.parseLong(QUICK), measurement(quick, other + "Latency").get("n").getAsLong());
        }
    }

    @Test
    @Order(3)
    void threadPerConnectionServerWorks() throws Exception {
        Path dir = built.get("roundtrip");
        assumeTrue(dir != null, "roundtrip did not build");
        Path run = dir.resolve("run-tpc");
        List<String> mode = List.of("--concurrency", "thread-per-connection", "-n", "5000");
        Manifest roundtrip = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Manifest taoTao = new Manifest(roundtrip.schemaVersion(), roundtrip.model(), roundtrip.target(), roundtrip.deployment(),
                roundtrip.configuration(), roundtrip.build(), roundtrip.processes().stream()
                        .filter(p -> p.name().equals("TaoTaoServerProcess") || p.name().equals("TaoTaoClientProcess")).toList());
        assertEquals(2, taoTao.processes().size());
        run(dir, ManifestRunner.withExtraArguments(taoTao, p -> mode), run);
        JsonObject client = BenchmarkRuns.json(run.resolve("results/TaoTaoClientProcess.json"));
        assertEquals("thread-per-connection", client.getAsJsonObject("labels").get("concurrency").getAsString());
        assertEquals(5000, measurement(client, "TaoTaoLatency").get("n").getAsLong());
    }

    @Test
    @Order(4)
    void collocatedDeploymentCallsDirectly() throws Exception {
        Path dir = work.resolve("roundtrip-collocated");
        Fixtures.generate(Fixtures.load(Fixtures.example("roundtrip")), "collocated", new DirectoryOutput(dir));
        assertNull(BenchmarkRuns.build(dir));
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        // Serve-and-drive processes finish their loops before they honour SIGTERM.
        Path run = dir.resolve("run");
        run(dir, ManifestRunner.withExtraArguments(manifest, p -> List.of("-n", QUICK)), run);
        JsonObject result = BenchmarkRuns.json(run.resolve("results/TaoTaoProcess.json"));
        JsonObject latency = measurement(result, "TaoTaoLatency");
        assertEquals(Long.parseLong(QUICK), latency.get("n").getAsLong());
        System.out.printf("ace roundtrip TaoTao collocated (direct call): mean=%.1f ns p50=%d ns%n", latency.get("mean").getAsDouble(),
                latency.get("p50").getAsLong());
        assertTrue(latency.get("p50").getAsLong() < 2000, "a direct call takes well under 2 us: " + latency);
    }

    /**
     * tests/models/threads.bgml, built on its own and run with the model's counts: a workload with three threads runs
     * three calling threads, each making the whole workload (10 warm-up and 300 timed calls; at a fixed rate, each
     * paced at the full 2,000 Hz with its misses counted), so each measurement merges three times the sample count,
     * as on every target.
     */
    @Test
    @Order(6)
    void everyCallingThreadMakesTheWholeWorkload() throws Exception {
        Path dir = work.resolve("threads");
        Fixtures.generate(Fixtures.load(Fixtures.root().resolve("tests/models/threads.bgml")), new DirectoryOutput(dir));
        assertNull(BenchmarkRuns.build(dir));
        Path run = dir.resolve("run");
        run(dir, ManifestJson.read(dir.resolve(ManifestJson.FILE)), run);
        JsonObject caller = BenchmarkRuns.json(run.resolve("results/CallerProcess.json"));
        JsonObject free = measurement(caller, "ThreeThreads");
        assertEquals(3, free.get("threads").getAsLong());
        assertEquals(3 * 300, free.get("n").getAsLong(), "every thread makes the 300 timed calls");
        assertEquals("[300,300,300]", free.get("threadSamples").toString());
        assertEquals(3 * 10, free.get("warmup").getAsLong(), "every thread warms up");
        JsonObject paced = measurement(caller, "ThreeThreadsPaced");
        assertEquals("[100,100,100]", paced.get("threadSamples").toString(), paced.toString());
        assertEquals(2000.0, paced.get("rateHz").getAsDouble(), 1e-9, "the model's rate, which each thread keeps");
        assertTrue(!paced.get("missedDeadlines").isJsonNull() && !paced.get("skippedPeriods").isJsonNull(), paced.toString());
        assertTrue(paced.get("wallNs").getAsLong() >= 99 * 500_000L, "each thread paced at 2,000 Hz: " + paced);
    }

    @Test
    @Order(5)
    void kitchenSinkRunsEveryMetricKindAndEvents() throws Exception {
        Path dir = built.get("kitchen-sink");
        assumeTrue(dir != null, "kitchen-sink did not build");
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Path run = dir.resolve("run");
        run(dir, manifest, run);
        JsonObject client = BenchmarkRuns.json(run.resolve("results/ClientProcess.json"));
        for (String metric : List.of("PutLatency", "BatchSweep", "RenameThreads", "PingDeadlines", "PutPath", "Lookup", "NotifySwitches",
                "ClientFootprint")) {
            measurement(client, metric);
        }
        assertEquals(300, measurement(client, "PutLatency").get("n").getAsLong());
        // Three calling threads, each making the whole workload (as on every target): 200 timed calls apiece.
        JsonObject renames = measurement(client, "RenameThreads");
        assertEquals(3, renames.get("threads").getAsLong());
        assertEquals(3 * 200, renames.get("n").getAsLong());
        assertEquals("[200,200,200]", renames.get("threadSamples").toString());
        assertEquals(3 * 10, renames.get("warmup").getAsLong());
        assertTrue(!measurement(client, "PingDeadlines").get("missedDeadlines").isJsonNull());
        // Context switches of the client process per timed call, whole and split into voluntary and involuntary.
        JsonObject switches = measurement(client, "NotifySwitches");
        assertTrue(switches.get("segment").isJsonNull(), "the whole figure comes first: " + switches);
        double perCall = switches.get("value").getAsDouble();
        assertTrue(perCall >= 0 && perCall < 10, "context switches per call: " + perCall);
        double split = 0;
        for (String part : List.of("voluntary", "involuntary")) {
            JsonObject m = segment(client, "NotifySwitches", part);
            assertTrue(m.get("value").getAsDouble() >= 0, part + ": " + m);
            split += m.get("value").getAsDouble();
        }
        assertEquals(perCall, split, 1e-9, "voluntary and involuntary add up to the whole");
        JsonObject server = BenchmarkRuns.json(run.resolve("results/ServerProcess.json"));
        assertEquals(300, measurement(server, "PutPath").get("n").getAsLong(), "server-side segments of the probed loop");
        JsonObject monitor = BenchmarkRuns.json(run.resolve("results/MonitorProcess.json"));
        JsonObject events = measurement(monitor, "TickLatency");
        assertTrue(events.get("n").getAsLong() >= 300, "event latency measured at the consumer: " + events);
        assertTrue(events.get("min").getAsLong() > 0, events.toString());
        JsonObject local = BenchmarkRuns.json(run.resolve("results/NearProcess.json"));
        assertEquals(300, measurement(local, "LocalLatency").get("n").getAsLong());

        // Every timed loop of the client carries its measuring window (threads, probes and lookups included);
        // the footprint has none.
        for (String metric : List.of("PutLatency", "BatchSweep", "RenameThreads", "PingDeadlines", "Lookup", "NotifySwitches")) {
            JsonObject m = measurement(client, metric);
            assertTrue(!m.get("windowBeginNs").isJsonNull() && m.get("windowEndNs").getAsLong() > m.get("windowBeginNs").getAsLong(),
                    metric + ": " + m);
        }
        for (JsonElement e : client.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if (!m.get("metric").isJsonNull() && m.get("metric").getAsString().equals("PutPath")) {
                assertTrue(!m.get("windowBeginNs").isJsonNull(), "the client's segments of a functional path: " + m);
            }
        }
        assertTrue(measurement(client, "ClientFootprint").get("windowBeginNs").isJsonNull());
    }

    /**
     * The avionics-style chain of models/chain.bgml, end to end, remote (four processes) and collocated (one): the
     * rate generator's ticks reach the display's read of the airframe and the airframe's read of the GPS; every
     * connection of the model carried the path (each is a segment of a path, with every path's arrivals); the
     * segments add up to the end-to-end figure within 5%; the rate generator reports its missed deadlines; and the
     * collocated chain (direct calls) is faster end to end than the remote one (medians).
     */
    @Test
    @Order(7)
    void chainRunsEndToEndRemoteAndCollocated() throws Exception {
        Path remoteDir = built.get("chain");
        assumeTrue(remoteDir != null, "chain did not build");
        Path collocatedDir = work.resolve("chain-collocated");
        Fixtures.generate(Fixtures.load(Fixtures.testModel("chain")), "collocated", new DirectoryOutput(collocatedDir));
        assertNull(BenchmarkRuns.build(collocatedDir));

        Map<String, Double> medians = new LinkedHashMap<>();
        for (Path dir : List.of(remoteDir, collocatedDir)) {
            Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
            Path run = dir.resolve("run");
            run(dir, ManifestRunner.withExtraArguments(manifest, p -> List.of("-n", CHAIN_SAMPLES)), run);
            List<JsonObject> all = new ArrayList<>();
            for (Manifest.ProcessSpec p : manifest.processes()) {
                JsonObject result = BenchmarkRuns.json(run.resolve(p.results().get(0)));
                result.getAsJsonArray("measurements").forEach(e -> all.add(e.getAsJsonObject()));
            }
            String deployment = manifest.deployment();
            for (String path : List.of("TickToDisplay", "TickToGpsRead")) {
                List<JsonObject> segments = all.stream().filter(m -> m.get("kind").getAsString().equals("pathLatency")
                        && m.get("metric").getAsString().equals(path)).toList();
                JsonObject total = PathHops.check(deployment + " " + path, segments, Long.parseLong(CHAIN_SAMPLES), 0.05);
                System.out.printf("ace chain %s %s: p50=%d ns mean=%.0f ns, hops %s%n", deployment, path,
                        total.get("p50").getAsLong(), total.get("mean").getAsDouble(), PathHops.hops(segments));
            }
            // every connection of the model is a hop of some path, and carried all of that path's arrivals
            Fixtures.load(Fixtures.testModel("chain")).getConnections().forEach(c -> assertTrue(all.stream()
                    .anyMatch(m -> m.get("kind").getAsString().equals("pathLatency") && !m.get("segment").isJsonNull()
                            && m.get("segment").getAsString().equals(c.getName()) && m.get("n").getAsLong() > 0),
                    deployment + ": connection " + c.getName() + " carried nothing"));
            JsonObject deadlines = all.stream().filter(m -> m.get("kind").getAsString().equals("missedDeadlines")).findFirst()
                    .orElseThrow(() -> new AssertionError(deployment + ": no missed deadlines of the rate generator"));
            assertEquals(50 + Long.parseLong(CHAIN_SAMPLES), deadlines.get("calls").getAsLong(), "warm-up and timed ticks: " + deadlines);
            assertEquals(500.0, deadlines.get("rateHz").getAsDouble(), 0.5);
            medians.put(deployment, all.stream().filter(m -> m.get("kind").getAsString().equals("pathLatency")
                    && m.get("metric").getAsString().equals("TickToDisplay") && m.get("segment").isJsonNull()).findFirst().orElseThrow()
                    .get("p50").getAsDouble());
        }
        assertTrue(medians.get("collocated") < medians.get("remote"),
                "collocated (direct calls) is faster end to end than remote (sockets): " + medians);
    }

    /**
     * The start line, with this test as the launcher: the roundtrip's TAO-TAO client, started by hand with
     * BGML_START_LINE naming two fifos, connects, announces itself and waits; it makes no timed call until
     * released, and its result file carries the release and windows that begin after it. Without the variable it
     * starts at once; with a line it cannot follow it fails with a message naming BGML_START_LINE.
     */
    @Test
    @Order(6)
    void clientWaitsAtTheStartLine() throws Exception {
        Path dir = built.get("roundtrip");
        assumeTrue(dir != null, "roundtrip did not build");
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Manifest.ProcessSpec server = manifest.processes().stream().filter(p -> p.name().equals("TaoTaoServerProcess")).findFirst().orElseThrow();
        Manifest.ProcessSpec client = manifest.processes().stream().filter(p -> p.name().equals("TaoTaoClientProcess")).findFirst().orElseThrow();
        Path run = dir.resolve("run-start-line");
        Files.createDirectories(run.resolve("results"));
        Process s = start(dir, run, server, List.of(), Map.of());
        try {
            for (String ready : server.ready().paths()) {
                Path file = run.resolve(ready);
                for (int i = 0; i != 300 && !(Files.isRegularFile(file) && Files.size(file) > 0); i++) {
                    Thread.sleep(100);
                }
                assertTrue(Files.isRegularFile(file), "the server is not ready: " + ready);
            }
            long released;
            Process held;
            try (org.bgml.testing.FifoStartLine line = org.bgml.testing.FifoStartLine.create(run)) {
                held = start(dir, run, client, List.of("-n", "2000", "-r", "results/held.json"),
                        Map.of("BGML_START_LINE", line.spec(), "BGML_START_NAME", "TaoTaoClientProcess"));
                assertEquals("TaoTaoClientProcess", line.awaitArrival(Duration.ofSeconds(60)));
                Thread.sleep(300);
                assertTrue(held.isAlive(), "the client waits until it is released");
                assertTrue(!Files.exists(run.resolve("results/held.json")), "no measurement before the release");
                released = line.release();
                assertTrue(held.waitFor(120, TimeUnit.SECONDS), "the released client finishes");
            }
            assertEquals(0, held.exitValue(), BenchmarkRuns.tail(run.resolve(client.name() + ".log"), 20));
            JsonObject result = BenchmarkRuns.json(run.resolve("results/held.json"));
            JsonObject startLine = result.getAsJsonObject("startLine");
            long releasedNs = startLine.get("releasedNs").getAsLong();
            assertTrue(releasedNs >= released, "released at " + releasedNs + ", before the pipe was closed at " + released);
            assertTrue(startLine.get("waitedNs").getAsLong() >= 300_000_000L, startLine.toString());
            JsonObject latency = measurement(result, "TaoTaoLatency");
            assertEquals(2000, latency.get("n").getAsLong());
            long begin = latency.get("windowBeginNs").getAsLong();
            assertTrue(begin >= releasedNs, "window begins at " + begin + ", before the release at " + releasedNs);
            assertEquals(latency.get("wallNs").getAsLong(), latency.get("windowEndNs").getAsLong() - begin);

            Process free = start(dir, run, client, List.of("-n", "200", "-r", "results/free.json"), Map.of());
            assertTrue(free.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, free.exitValue());
            JsonObject freeResult = BenchmarkRuns.json(run.resolve("results/free.json"));
            assertTrue(freeResult.get("startLine").isJsonNull(), "no start line, no wait: startLine is null");

            Process bad = start(dir, run, client, List.of("-n", "200", "-r", "results/bad.json"),
                    Map.of("BGML_START_LINE", "tcp:not-an-address:1"));
            assertTrue(bad.waitFor(60, TimeUnit.SECONDS));
            assertEquals(1, bad.exitValue(), "a start line that cannot be followed is an error");
            String log = Files.readString(run.resolve(client.name() + ".log"));
            assertTrue(log.contains("ERROR: BGML_START_LINE 'tcp:not-an-address:1'"), log);
        } finally {
            s.destroy();
            if (!s.waitFor(30, TimeUnit.SECONDS)) {
                s.destroyForcibly().waitFor();
            }
        }
        assertEquals(0, s.exitValue(), "the server stops cleanly on SIGTERM");
    }

    /** Starts one process of a manifest by hand, in {@code run}, its output in {@code <name>.log}. */
    private static Process start(Path dir, Path run, Manifest.ProcessSpec p, List<String> extra, Map<String, String> env)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(dir.resolve(p.executable()).toString());
        command.addAll(p.args());
        command.addAll(extra);
        ProcessBuilder b = new ProcessBuilder(command).directory(run.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(run.resolve(p.name() + ".log").toFile()));
        b.environment().remove("BGML_START_LINE");
        b.environment().remove("BGML_START_NAME");
        b.environment().putAll(p.env());
        b.environment().putAll(env);
        return b.start();
    }

    /**
     * Runs the processes of {@code manifest} with the launcher: every one must end as the manifest says (clients
     * exit 0, servers stop cleanly on SIGTERM with 0) and leave no process of its group behind.
     */
    private RunOutcome run(Path dir, Manifest manifest, Path run) throws IOException, InterruptedException {
        try {
            return BenchmarkRuns.runClean(dir, manifest, run);
        } catch (AssertionError e) {
            failed = true;
            throw e;
        }
    }

    /**
     * DBA-color's oneway calls (examples/dba-color-2-nodes.bgml, P_1 sends on L_1_to_0 to P_0): the sender times its
     * own part of each call (marshal, send); the receiver times the whole cycle, from the sender's stub to the end of
     * its upcall (the sender's start travels in the message, as omniORB and TAO carry it), for both probed operations;
     * every timed call arrives and is recorded once, and the receiver's segments add up to its cycle.
     */
    @Test
    @Order(8)
    void onewayCyclesAreTimedWholeAtTheReceiver() throws Exception {
        Path dir = built.get("dba-color-2-nodes");
        assumeTrue(dir != null, "dba-color-2-nodes did not build");
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Path run = dir.resolve("run");
        run(dir, ManifestRunner.withExtraArguments(manifest, p -> List.of("-n", QUICK)), run);
        JsonObject receiver = BenchmarkRuns.json(run.resolve("results/P_0.json"));
        JsonObject sender = BenchmarkRuns.json(run.resolve("results/P_1.json"));
        for (String metric : List.of("ValueCycle", "ImprovementCycle")) {
            JsonObject cycle = whole(receiver, metric);
            assertEquals(Long.parseLong(QUICK), cycle.get("n").getAsLong(), metric + ": every timed call, once: " + cycle);
            assertEquals("L_1_to_0", cycle.get("element").getAsString());
            double sum = 0;
            for (String part : List.of("stub, marshal, send, receive", "demarshal, dispatch", "upcall")) {
                sum += segment(receiver, metric, part).get("mean").getAsDouble();
            }
            double mean = cycle.get("mean").getAsDouble();
            assertEquals(mean, sum, 0.05 * mean, metric + ": the receiver's segments add up to its cycle");
            assertEquals(Long.parseLong(QUICK), whole(sender, metric).get("n").getAsLong(), "the sender still times its own part");
            segment(sender, metric, "send");
            System.out.printf("ace oneway %s: receiver cycle p50 %d ns (sender's own part p50 %d ns)%n", metric, cycle.get("p50").getAsLong(),
                    whole(sender, metric).get("p50").getAsLong());
        }
    }

    private static JsonObject whole(JsonObject result, String metric) {
        for (JsonElement e : result.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if (!m.get("metric").isJsonNull() && m.get("metric").getAsString().equals(metric) && m.get("segment").isJsonNull()) {
                return m;
            }
        }
        throw new AssertionError("no whole measurement of " + metric + " in " + result.getAsJsonArray("measurements"));
    }

    private static JsonObject segment(JsonObject result, String metric, String segment) {
        for (JsonElement e : result.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if (!m.get("metric").isJsonNull() && m.get("metric").getAsString().equals(metric)
                    && !m.get("segment").isJsonNull() && m.get("segment").getAsString().equals(segment)) {
                return m;
            }
        }
        throw new AssertionError("no segment " + segment + " of " + metric);
    }

    private static JsonObject measurement(JsonObject result, String metric) {
        JsonArray ms = result.getAsJsonArray("measurements");
        for (JsonElement e : ms) {
            JsonObject m = e.getAsJsonObject();
            if (!m.get("metric").isJsonNull() && m.get("metric").getAsString().equals(metric)) {
                return m;
            }
        }
        throw new AssertionError("no measurement for " + metric + " in " + ms);
    }
}
