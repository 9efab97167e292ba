package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.testing.BenchmarkRuns;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.google.gson.JsonObject;

/**
 * A path whose origin is a client's calls (tests/models/client-call-chain.bgml) on the ACE baseline, remote (three
 * processes over 127.0.0.1) and collocated (one process, direct calls): the pilot's own calls carry the stamp in
 * their messages to the sensor's facet, whose actions publish to the display's sink, where the path is recorded.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CallOriginRunTest {
    private static final List<String> ROUTE = List.of("PilotSensor", "Sensor.reading actions", "SensorUpdate");
    private static final long SAMPLES = 400;

    private Path work;
    private final Map<String, List<JsonObject>> results = new LinkedHashMap<>();

    @BeforeAll
    void checkToolchain() throws Exception {
        assumeTrue(BenchmarkRuns.command(List.of("pkg-config", "--exists", "ACE"), Path.of("."), Duration.ofSeconds(30), null) == 0,
                "ACE is not installed (pkg-config ACE fails); install Debian's libace-dev to build the ace target");
        work = Files.createTempDirectory("bgml-ace-call-origin-");
    }

    @AfterAll
    void cleanUp() throws IOException {
        if (work != null && !Boolean.getBoolean("bgml.keepBuilds")) {
            try (var walk = Files.walk(work)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** Every timed call reached the display over every hop, the hops in route order, adding up within 5 %. */
    @Test
    void everyHopInRouteOrderAddingUp() throws Exception {
        for (String deployment : List.of("remote", "collocated")) {
            List<JsonObject> path = path(run(deployment));
            JsonObject total = total(path);
            List<JsonObject> hops = path.stream().filter(m -> !m.get("segment").isJsonNull()).toList();
            assertEquals(ROUTE, hops.stream().map(m -> m.get("segment").getAsString()).toList(), deployment + ": hops in route order");
            assertEquals(SAMPLES, total.get("n").getAsLong(), deployment + ": every timed call arrived");
            double sum = 0;
            for (JsonObject h : hops) {
                assertEquals(SAMPLES, h.get("n").getAsLong(), deployment + ": every call carried its stamp over " + h.get("segment"));
                sum += h.get("mean").getAsDouble();
            }
            double mean = total.get("mean").getAsDouble();
            assertTrue(Math.abs(sum - mean) <= 0.05 * mean, deployment + ": hops add up to " + sum + " ns, total " + mean);
            StringBuilder shares = new StringBuilder();
            for (JsonObject h : hops) {
                shares.append(String.format(", %s %.0f %%", h.get("segment").getAsString(), 100 * h.get("mean").getAsDouble() / mean));
            }
            System.out.printf("ace call origin %s: p50 end to end %.1f us%s%n", deployment, total.get("p50").getAsDouble() / 1000, shares);
        }
    }

    /** The pilot's own black-box round trip on the same connection is measured in full (its calls carry no stamp). */
    @Test
    void theClientsOwnFigureStands() throws Exception {
        for (String deployment : List.of("remote", "collocated")) {
            JsonObject roundTrip = run(deployment).stream().filter(m -> m.get("metric").getAsString().equals("PilotRoundTrip")
                    && m.get("segment").isJsonNull()).findFirst().orElseThrow(() -> new AssertionError(deployment + ": no PilotRoundTrip"));
            assertEquals("latency", roundTrip.get("kind").getAsString());
            assertEquals(SAMPLES, roundTrip.get("n").getAsLong(), deployment + ": the pilot's own round trip, in full");
            System.out.printf("ace call origin %s: pilot round trip p50 %.1f us%n", deployment, roundTrip.get("p50").getAsDouble() / 1000);
        }
    }

    /** Collocated (direct calls) is faster end to end than remote (sockets), by the medians. */
    @Test
    void collocatedIsFasterThanRemote() throws Exception {
        double remote = total(path(run("remote"))).get("p50").getAsDouble();
        double collocated = total(path(run("collocated"))).get("p50").getAsDouble();
        assertTrue(collocated < remote, "collocated median " + collocated + " ns, remote " + remote + " ns");
    }

    private static List<JsonObject> path(List<JsonObject> all) {
        List<JsonObject> path = all.stream().filter(m -> m.get("kind").getAsString().equals("pathLatency")
                && m.get("metric").getAsString().equals("CallToDisplay")).toList();
        assertTrue(!path.isEmpty(), "no measurement of CallToDisplay");
        return path;
    }

    private static JsonObject total(List<JsonObject> path) {
        return path.stream().filter(m -> m.get("segment").isJsonNull()).findFirst()
                .orElseThrow(() -> new AssertionError("no end-to-end figure of CallToDisplay"));
    }

    /** Generates, builds (-Wall -Werror) and runs one deployment once; every measurement of every process. */
    private List<JsonObject> run(String deployment) throws Exception {
        List<JsonObject> done = results.get(deployment);
        if (done != null) {
            return done;
        }
        Path dir = work.resolve(deployment);
        Fixtures.generate(Fixtures.load(Fixtures.root().resolve("tests/models/client-call-chain.bgml")), deployment, new DirectoryOutput(dir));
        assertNull(BenchmarkRuns.build(dir));
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Path run = dir.resolve("run");
        BenchmarkRuns.runClean(dir, manifest, run);
        List<JsonObject> all = new ArrayList<>();
        for (Manifest.ProcessSpec p : manifest.processes()) {
            JsonObject result = BenchmarkRuns.json(run.resolve(p.results().get(0)));
            result.getAsJsonArray("measurements").forEach(e -> all.add(e.getAsJsonObject()));
        }
        results.put(deployment, all);
        return all;
    }
}
