package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.testing.FifoStartLine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.google.gson.JsonObject;

/**
 * The slow part: every example (and this bundle's features model) is generated, configured and compiled
 * with the manifest's own build commands (CMake, -O2, -Wall -Werror, 2 jobs), one after the other, each
 * built once; then the roundtrip benchmark runs over 127.0.0.1 as its manifest says (the TAO-TAO pair with
 * the model's 250,000 samples, the other three pairs with -n 2000), and so does the features model (events
 * direct and through omniEvents, component emulation with probes, every metric kind). Nothing may be left
 * running afterwards.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BuildAndRunTest {
    private static final long BUILD_LIMIT_SECONDS = 1800;
    private static final int QUICK_SAMPLES = 2000;

    private Path root;
    private final Map<String, Path> built = new HashMap<>();

    static List<Path> models() {
        return Fixtures.allModels();
    }

    @BeforeAll
    void tools() throws IOException, InterruptedException {
        for (String tool : List.of("cmake", "g++", "omniidl", "pkg-config", "setsid")) {
            assumeTrue(Tools.available(tool), tool + " is not installed; scripts/setup.sh installs what the omniorb target needs");
        }
        assumeTrue(Tools.run(Path.of("/"), 30, List.of("pkg-config", "--exists", "omniORB4")).ok(),
                "pkg-config finds no omniORB4 (Debian package libomniorb4-dev)");
        root = Files.createTempDirectory("bgml-omniorb-tests");
    }

    @AfterAll
    void clean() throws IOException {
        if (root != null && !Boolean.getBoolean("bgml.keepBuilds")) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Order(1)
    @ParameterizedTest
    @MethodSource("models")
    void compiles(Path model) throws Exception {
        Path dir = build(model);
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        for (Manifest.ProcessSpec p : manifest.processes()) {
            if (!p.executable().startsWith("/")) {
                assertTrue(Files.isExecutable(dir.resolve(p.executable())), p.executable() + " was not built");
            }
        }
    }

    @Order(2)
    @Test
    void roundtripRuns() throws Exception {
        Path dir = build(Fixtures.example("roundtrip"));
        Map<String, List<String>> quick = new HashMap<>();
        for (String client : List.of("CiaoTaoClientProcess", "TaoCiaoClientProcess", "CiaoCiaoClientProcess")) {
            quick.put(client, List.of("-n", String.valueOf(QUICK_SAMPLES)));
        }
        Path run = root.resolve("run-roundtrip");
        RunOutcome outcome = run(dir, run, quick);
        assertTrue(outcome.ok(), outcome.describe());
        outcome.processes().forEach(e -> assertEquals(0, e.exitCode(), e.name() + " exit code\n" + outcome.describe()));

        // TAO-TAO: the model's full 250,000 samples, 1,000 warm-up calls kept out.
        ResultFile taoTao = ResultFile.read(run.resolve("results/TaoTaoClientProcess.json"));
        for (String metric : List.of("TaoTaoLatency", "TaoTaoThroughput", "TaoTaoJitter")) {
            JsonObject m = taoTao.whole(metric);
            ResultFile.assertTimed(m, 250_000);
            assertEquals(1000, m.get("warmup").getAsLong());
            assertEquals("TaoTao", m.get("element").getAsString());
            assertEquals("Test::RoundTrip::test_method", m.get("operation").getAsString());
            assertEquals(0, m.get("dropped").getAsLong());
        }
        assertEquals("remote/localhost/TaoTaoClientProcess", taoTao.json.get("process").getAsString());
        assertEquals("omniorb", taoTao.json.get("target").getAsString());
        assertEquals(0, taoTao.json.getAsJsonArray("cpuAffinity").get(0).getAsInt(), "pinned to CPU 0 as the model says");
        System.out.println("omniorb roundtrip TAO-TAO: mean " + ResultFile.number(taoTao.whole("TaoTaoLatency"), "mean")
                + " ns over 250000 calls, probe cost " + taoTao.json.getAsJsonObject("probeCost").get("medianNs") + " ns");

        for (String scenario : List.of("CiaoTao", "TaoCiao", "CiaoCiao")) {
            ResultFile client = ResultFile.read(run.resolve("results/" + scenario + "ClientProcess.json"));
            ResultFile.assertTimed(client.whole(scenario + "Latency"), QUICK_SAMPLES);
            ResultFile.assertTimed(client.whole(scenario + "Jitter"), QUICK_SAMPLES);
        }
        for (String scenario : List.of("TaoTao", "CiaoTao", "TaoCiao", "CiaoCiao")) {
            ResultFile server = ResultFile.read(run.resolve("results/" + scenario + "ServerProcess.json"));
            assertNotNull(server.json.get("footprint").getAsJsonObject().get("vmHwmKiB"));
        }
    }

    @Order(3)
    @Test
    void featuresRun() throws Exception {
        Path dir = build(Fixtures.features());
        Path run = root.resolve("run-features");
        RunOutcome outcome = run(dir, run, Map.of());
        assertTrue(outcome.ok(), outcome.describe());
        outcome.processes().stream().filter(e -> !e.name().equals("omniEvents"))
                .forEach(e -> assertEquals(0, e.exitCode(), e.name() + " exit code\n" + outcome.describe()));

        ResultFile driver = ResultFile.read(run.resolve("results/DriverProcess.json"));
        ResultFile.assertTimed(driver.whole("StampLatency"), 500);
        ResultFile.assertTimed(driver.whole("StampThroughput"), 500);
        JsonObject lookup = driver.whole("Lookup");
        ResultFile.assertTimed(lookup, 50);
        assertTrue(ResultFile.number(lookup, "value") > 0, "the first lookup is reported");
        List<JsonObject> sweep = driver.metric("BytesSweep");
        assertEquals(List.of(16L, 64L, 256L), sweep.stream().map(m -> m.get("payloadBytes").getAsLong()).toList());
        sweep.forEach(m -> ResultFile.assertTimed(m, 200));
        // Three calling threads, each making the whole workload: 400 timed calls (and 10 warm-up calls) apiece.
        JsonObject text = driver.whole("TextLatency");
        ResultFile.assertTimed(text, 3 * 400);
        assertEquals(3, text.get("threads").getAsLong());
        assertEquals("[400,400,400]", text.get("threadSamples").toString());
        assertEquals(3 * 10, text.get("warmup").getAsLong());
        JsonObject deadlines = driver.whole("PingDeadlines");
        ResultFile.assertTimed(deadlines, 200);
        assertEquals(2000.0, ResultFile.number(deadlines, "rateHz"), 1e-6);
        assertTrue(!ResultFile.isNull(deadlines, "missedDeadlines"));
        assertTrue(!ResultFile.isNull(driver.whole("RecordSwitches"), "value"));
        for (String metric : List.of("PointsJitter", "BlobLatency", "PaintLatency", "PeerLatency", "NoteThroughput", "BusyLatency")) {
            ResultFile.assertTimed(driver.whole(metric), 200);
        }
        assertTrue(ResultFile.number(driver.whole("BusyLatency"), "min") >= 5000, "busy-work of 5 us on every call");
        assertTrue(ResultFile.number(driver.whole("DriverFootprint"), "staticFootprintBytes") > 0);

        ResultFile front = ResultFile.read(run.resolve("results/FrontProcess.json"));
        ResultFile.assertTimed(front.whole("LocalLatency"), 1000);
        List<JsonObject> path = front.metric("LocalPath");
        JsonObject glue = path.stream().filter(m -> "glue".equals(seg(m))).findFirst().orElseThrow();
        JsonObject executor = path.stream().filter(m -> "executor".equals(seg(m))).findFirst().orElseThrow();
        JsonObject upcall = path.stream().filter(m -> m.get("segment").isJsonNull() && "Comp/base".equals(m.get("element").getAsString()))
                .findFirst().orElseThrow();
        assertEquals(1000, ResultFile.n(glue));
        assertEquals(1000, ResultFile.n(executor));
        assertTrue(ResultFile.number(upcall, "segmentSumError") < 1e-6, "glue and executor add up to the upcall");

        ResultFile monitor = ResultFile.read(run.resolve("results/MonitorProcess.json"));
        ResultFile.assertTimed(monitor.whole("DirectLatency"), 500);
        ResultFile.assertTimed(monitor.whole("ChannelLatency"), 500);
        ResultFile.assertTimed(monitor.whole("ChannelThroughput"), 500);
        assertEquals(32, monitor.whole("DirectLatency").get("payloadBytes").getAsLong());
        assertTrue(Files.isRegularFile(run.resolve("results/SensorProcess.json")));
        assertTrue(Files.isRegularFile(run.resolve("results/BackendProcess.json")));
    }

    /**
     * The start line, with this test as the launcher: the roundtrip's TAO-TAO client, started by hand with
     * BGML_START_LINE naming two fifos, announces itself once its reference is resolved and then waits, and
     * does no timed call until released; its result file carries the release and measuring windows that begin
     * after it. Without the variable it starts at once (startLine null); with a line it cannot follow it fails
     * with a message naming BGML_START_LINE.
     */
    @Order(4)
    @Test
    void clientWaitsAtTheStartLine() throws Exception {
        Path dir = build(Fixtures.example("roundtrip"));
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Manifest.ProcessSpec server = process(manifest, "TaoTaoServerProcess");
        Manifest.ProcessSpec client = process(manifest, "TaoTaoClientProcess");
        Path run = root.resolve("run-start-line");
        Files.createDirectories(run.resolve("results"));
        Process s = start(dir, run, server, List.of(), Map.of());
        try {
            Path ior = run.resolve(server.ready().paths().get(0));
            for (int i = 0; i != 300 && !(Files.isRegularFile(ior) && Files.size(ior) > 0); i++) {
                Thread.sleep(100);
            }
            assertTrue(Files.isRegularFile(ior), "the server wrote no IOR file\n" + log(run, server.name()));

            long released;
            Process held;
            try (FifoStartLine line = FifoStartLine.create(run)) {
                held = start(dir, run, client, List.of("-n", "2000", "-r", "results/held.json"),
                        Map.of("BGML_START_LINE", line.spec(), "BGML_START_NAME", "TaoTaoClientProcess"));
                assertEquals("TaoTaoClientProcess", line.awaitArrival(java.time.Duration.ofSeconds(60)),
                        "the name announced on the arrivals pipe");
                Thread.sleep(300);
                assertTrue(held.isAlive(), "the client waits until it is released\n" + log(run, client.name()));
                assertTrue(!Files.exists(run.resolve("results/held.json")), "no measurement before the release");
                released = line.release();
                assertTrue(held.waitFor(120, java.util.concurrent.TimeUnit.SECONDS), "the released client finishes");
            }
            assertEquals(0, held.exitValue(), log(run, client.name()));
            ResultFile heldResult = ResultFile.read(run.resolve("results/held.json"));
            JsonObject startLine = heldResult.json.getAsJsonObject("startLine");
            long releasedNs = startLine.get("releasedNs").getAsLong();
            assertTrue(releasedNs >= released, "released at " + releasedNs + ", not before the pipe was closed at " + released);
            assertTrue(releasedNs - released < 5_000_000_000L, "released within 5 s of the close");
            assertTrue(startLine.get("waitedNs").getAsLong() >= 300_000_000L, "it waited while held: " + startLine);
            for (String metric : List.of("TaoTaoLatency", "TaoTaoThroughput", "TaoTaoJitter")) {
                JsonObject m = heldResult.whole(metric);
                ResultFile.assertTimed(m, 2000);
                long begin = m.get("windowBeginNs").getAsLong();
                long end = m.get("windowEndNs").getAsLong();
                assertTrue(begin >= releasedNs, metric + ": window begins at " + begin + ", before the release at " + releasedNs);
                assertEquals(m.get("wallNs").getAsLong(), end - begin, metric + ": the window spans the timed loop");
            }

            Process free = start(dir, run, client, List.of("-n", "200", "-r", "results/free.json"), Map.of());
            assertTrue(free.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(0, free.exitValue(), log(run, client.name()));
            ResultFile freeResult = ResultFile.read(run.resolve("results/free.json"));
            assertTrue(freeResult.json.get("startLine").isJsonNull(), "no start line, no wait: startLine is null");
            JsonObject m = freeResult.whole("TaoTaoLatency");
            assertTrue(m.get("windowBeginNs").getAsLong() > 0 && m.get("windowEndNs").getAsLong() > m.get("windowBeginNs").getAsLong());

            Process bad = start(dir, run, client, List.of("-n", "200", "-r", "results/bad.json"),
                    Map.of("BGML_START_LINE", "fifo:" + run.resolve("no-such-arrivals") + "|" + run.resolve("no-such-release")));
            assertTrue(bad.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(1, bad.exitValue(), "a start line that cannot be followed is an error");
            assertTrue(log(run, client.name()).contains("BGML_START_LINE"), log(run, client.name()));
            assertTrue(!Files.exists(run.resolve("results/bad.json")), "nothing measured without the common start");
        } finally {
            s.destroy();
            if (!s.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                s.destroyForcibly().waitFor();
            }
        }
        assertEquals(0, s.exitValue(), "the server stops cleanly on SIGTERM\n" + log(run, server.name()));
    }

    private static Manifest.ProcessSpec process(Manifest manifest, String name) {
        return manifest.processes().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
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

    private static String log(Path run, String name) throws IOException {
        Path log = run.resolve(name + ".log");
        return Files.isRegularFile(log) ? Files.readString(log) : "(no output)";
    }

    /**
     * Runs a built benchmark from its manifest with the launcher, {@code quick} adding arguments per process
     * (e.g. -n for fewer samples); afterwards no process of any of its process groups may be left.
     */
    private static RunOutcome run(Path dir, Path run, Map<String, List<String>> quick) throws IOException, InterruptedException {
        Manifest manifest = ManifestRunner.withExtraArguments(ManifestJson.read(dir.resolve(ManifestJson.FILE)),
                p -> quick.getOrDefault(p.name(), List.of()));
        List<Long> groups = new ArrayList<>();
        RunOutcome outcome = new ManifestRunner(dir, manifest).run(run, new RunListener() {
            @Override
            public void started(String process, long processGroup) {
                groups.add(processGroup);
            }
        });
        groups.forEach(g -> assertTrue(ProcessGroups.members(g).isEmpty(), "process group " + g + " left running"));
        return outcome;
    }

    private static String seg(JsonObject m) {
        return m.get("segment").isJsonNull() ? null : m.get("segment").getAsString();
    }

    /** Generates and builds a model once, with the build commands of its manifest. */
    private Path build(Path model) throws IOException, InterruptedException {
        String name = Fixtures.name(model);
        Path done = built.get(name);
        if (done != null) {
            return done;
        }
        Path dir = root.resolve(name);
        Fixtures.generate(model, dir);
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        for (List<String> command : manifest.build().commands()) {
            Tools.Outcome o = Tools.run(dir, BUILD_LIMIT_SECONDS, command);
            assertTrue(o.ok(), name + ": " + String.join(" ", command) + " failed:\n" + o.tail(60));
        }
        built.put(name, dir);
        return dir;
    }
}
