package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.Naming;
import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.generator.omniorb.OmniOrbGenerator;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.PathLatency;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * A path whose origin is a client's calls (tests/models/client-call-chain.bgml) end to end on omniORB: a CORBA 2.x
 * client calls a component's facet, whose actions do busy work and publish to a display's sink. The client's calls
 * carry the stamp in their request context; the display records the path. Remote and collocated deployments.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallOriginRunTest {
    private static final long BUILD_LIMIT_SECONDS = 1800;
    private static final String PATH = "CallToDisplay";
    private static final String ROUND_TRIP = "PilotRoundTrip";

    private Path root;
    private final Map<String, List<JsonObject>> results = new HashMap<>();

    @BeforeAll
    void tools() throws IOException {
        for (String tool : List.of("cmake", "g++", "omniidl", "pkg-config", "setsid")) {
            assumeTrue(Tools.available(tool), tool + " is not installed; scripts/setup.sh installs what the omniorb target needs");
        }
        root = Files.createTempDirectory("bgml-omniorb-call-origin");
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

    private static BenchmarkModel model() {
        return Fixtures.load(Fixtures.repo().resolve("tests/models/client-call-chain.bgml"));
    }

    /**
     * Every connection carried the stamps of every timed call, and the hops come in route order: the client's
     * connection, the facet's actions, the publication. The warm-up calls are left out.
     */
    @Test
    void everyHopInRouteOrder() throws Exception {
        BenchmarkModel model = model();
        PathLatency metric = (PathLatency) model.getMetrics().stream().filter(m -> m.getName().equals(PATH)).findFirst().orElseThrow();
        List<String> route = ChainPlan.of(model).path(metric).segmentNames();
        assertEquals(List.of("PilotSensor", "Sensor.reading actions", "SensorUpdate"), route);
        for (String deployment : List.of("remote", "collocated")) {
            List<JsonObject> path = path(run(deployment));
            List<String> hops = path.stream().filter(m -> !m.get("segment").isJsonNull()).map(m -> m.get("segment").getAsString()).toList();
            assertEquals(route, hops, deployment + ": the hops, in route order");
            for (JsonObject m : path) {
                assertEquals(metric.getSamples(), ResultFile.n(m), deployment + " " + m.get("segment") + ": every timed call arrived");
            }
        }
    }

    /** The hops add up to the end-to-end time within 5 %. */
    @Test
    void hopsAddUpToTheTotal() throws Exception {
        for (String deployment : List.of("remote", "collocated")) {
            List<JsonObject> path = path(run(deployment));
            JsonObject total = total(path);
            double sum = path.stream().filter(m -> !m.get("segment").isJsonNull()).mapToDouble(m -> ResultFile.number(m, "mean")).sum();
            double mean = ResultFile.number(total, "mean");
            assertTrue(Math.abs(sum - mean) <= 0.05 * mean, deployment + ": hops sum to " + sum + " ns, total " + mean);
            assertEquals("pathLatency", total.get("kind").getAsString());
        }
    }

    /** Collocated, the call and the event pass no transport: the median end to end is below the remote one's. */
    @Test
    void collocatedIsFasterThanRemote() throws Exception {
        double remote = ResultFile.number(total(path(run("remote"))), "p50");
        double collocated = ResultFile.number(total(path(run("collocated"))), "p50");
        for (String deployment : List.of("remote", "collocated")) {
            List<JsonObject> path = path(run(deployment));
            double all = ResultFile.number(total(path), "mean");
            StringBuilder shares = new StringBuilder();
            for (JsonObject m : path) {
                if (!m.get("segment").isJsonNull()) {
                    shares.append(String.format(", %s %.0f %%", m.get("segment").getAsString(), 100 * ResultFile.number(m, "mean") / all));
                }
            }
            System.out.printf("omniorb call origin %s: p50 end to end %.1f us%s%n", deployment,
                    ResultFile.number(total(path), "p50") / 1000, shares);
        }
        assertTrue(collocated < remote, "collocated median " + collocated + " ns, remote " + remote + " ns");
    }

    /**
     * The client's own black-box round trip is measured as well, in full, and before the path's stamped calls: its
     * requests carry no stamp (in the generated main its loop precedes the first stamped call).
     */
    @Test
    void theClientsOwnFigureStands() throws Exception {
        for (String deployment : List.of("remote", "collocated")) {
            JsonObject rt = run(deployment).stream()
                    .filter(m -> ROUND_TRIP.equals(m.get("metric").getAsString()) && m.get("segment").isJsonNull()).findFirst()
                    .orElseThrow(() -> new AssertionError(deployment + ": no " + ROUND_TRIP));
            assertEquals(400, ResultFile.n(rt), deployment + ": the round trip's samples");
            assertEquals("latency", rt.get("kind").getAsString());
            String main = Files.readString(root.resolve(deployment).resolve("src")
                    .resolve(deployment.equals("remote") ? "PilotProcess.cpp" : "CockpitProcess.cpp"));
            int blackBox = main.indexOf("PilotRoundTrip");
            int stamped = main.indexOf("stamp.begin(");
            assertTrue(blackBox >= 0 && stamped > main.indexOf("wait_at_start_line") && main.lastIndexOf("\"PilotRoundTrip\"") < stamped,
                    deployment + ": the black-box loop runs before the first stamped call");
            System.out.printf("omniorb call origin %s: client round trip p50 %.1f us%n", deployment, ResultFile.number(rt, "p50") / 1000);
        }
    }

    private static List<JsonObject> path(List<JsonObject> all) {
        List<JsonObject> path = all.stream().filter(m -> "pathLatency".equals(m.get("kind").getAsString())
                && PATH.equals(m.get("metric").getAsString())).toList();
        assertTrue(!path.isEmpty(), "no measurement of " + PATH);
        return path;
    }

    private static JsonObject total(List<JsonObject> path) {
        return path.stream().filter(m -> m.get("segment").isJsonNull()).findFirst().orElseThrow();
    }

    /** Generates, builds and runs one deployment once; every measurement of every process. */
    private List<JsonObject> run(String deployment) throws IOException, InterruptedException {
        List<JsonObject> done = results.get(deployment);
        if (done != null) {
            return done;
        }
        Path dir = root.resolve(deployment);
        DirectoryOutput out = new DirectoryOutput(dir);
        new OmniOrbGenerator().generate(new Planner(new Naming()).plan(model(), deployment, null), out);
        RuntimeHeaders.copyTo(out);
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        for (List<String> command : manifest.build().commands()) {
            Tools.Outcome o = Tools.run(dir, BUILD_LIMIT_SECONDS, command);
            assertTrue(o.ok(), deployment + ": " + String.join(" ", command) + " failed:\n" + o.tail(60));
        }
        RunOutcome outcome = new ManifestRunner(dir, manifest).run(root.resolve("run-" + deployment), new RunListener() {
        });
        assertTrue(outcome.ok(), deployment + ": " + outcome.describe());
        outcome.processes().forEach(p -> assertEquals(0, p.exitCode(), deployment + ": " + p.name() + " exit code\n" + outcome.describe()));
        List<JsonObject> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(root.resolve("run-" + deployment).resolve("results"))) {
            for (Path f : files.sorted().toList()) {
                for (JsonElement e : ResultFile.read(f).json.getAsJsonArray("measurements")) {
                    all.add(e.getAsJsonObject());
                }
            }
        }
        results.put(deployment, all);
        return all;
    }
}
