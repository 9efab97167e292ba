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
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.targets.GenerationService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A path whose origin is a client's calls (tests/models/client-call-chain.bgml) on real TAO, built with tao_idl/MPC
 * and run by the launcher, remote and collocated: the pilot's own calls carry the stamp in their request service
 * context (portable interceptors) to the sensor's facet, whose actions publish to the display's sink.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TaoCallOriginRunTest {
    private static final List<String> ROUTE = List.of("PilotSensor", "Sensor.reading actions", "SensorUpdate");
    private static final long SAMPLES = 400;

    private Path root;
    private final Map<String, List<JsonObject>> runs = new HashMap<>();

    @BeforeAll
    void toolchain() throws IOException {
        Path ace = TaoFixtures.aceRoot();
        assumeTrue(ace != null, TaoBuildTest.SKIP);
        assumeTrue(Files.exists(ace.resolve("lib/libTAO_PI_Server.so")),
                "TAO call-origin test skipped: this ACE+TAO build has no TAO_PI_Server library (TAO/tao/PI_Server), which carries path stamps in requests");
        root = Files.createTempDirectory("bgml-tao-call-origin");
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

    /** Every timed call reached the display over every hop, the hops in route order, adding up within 5 %. */
    @Test
    void everyHopInRouteOrderAddingUp() throws Exception {
        for (String deployment : List.of("remote", "collocated")) {
            List<JsonObject> path = run(deployment);
            List<JsonObject> hops = path.stream().filter(m -> !m.get("segment").isJsonNull()).toList();
            assertEquals(ROUTE, hops.stream().map(m -> m.get("segment").getAsString()).toList(), deployment + ": hops in route order");
            JsonObject total = total(path);
            double sum = 0;
            for (JsonObject m : path) {
                assertEquals(SAMPLES, m.get("n").getAsLong(), deployment + " " + m.get("segment") + ": every timed call arrived");
            }
            for (JsonObject h : hops) {
                sum += h.get("mean").getAsDouble();
            }
            double mean = total.get("mean").getAsDouble();
            assertTrue(Math.abs(sum - mean) <= 0.05 * mean, deployment + ": hops sum to " + sum + " ns, total " + mean);
            StringBuilder shares = new StringBuilder();
            for (JsonObject h : hops) {
                shares.append(String.format(", %s %.0f %%", h.get("segment").getAsString(), 100 * h.get("mean").getAsDouble() / mean));
            }
            System.out.printf("tao call origin %s: p50 end to end %.1f us%s%n", deployment, total.get("p50").getAsDouble() / 1000, shares);
        }
    }

    /** Collocated (through the POA, no transport) is faster end to end than remote, by the medians. */
    @Test
    void collocatedIsFasterThanRemote() throws Exception {
        double remote = total(run("remote")).get("p50").getAsDouble();
        double collocated = total(run("collocated")).get("p50").getAsDouble();
        assertTrue(collocated < remote, "collocated median " + collocated + " ns, remote " + remote + " ns");
    }

    private static JsonObject total(List<JsonObject> path) {
        return path.stream().filter(m -> m.get("segment").isJsonNull()).findFirst()
                .orElseThrow(() -> new AssertionError("no end-to-end figure of CallToDisplay"));
    }

    /** Generates, builds and runs one deployment once; the CallToDisplay measurements. */
    private List<JsonObject> run(String deployment) throws Exception {
        List<JsonObject> done = runs.get(deployment);
        if (done != null) {
            return done;
        }
        Path bench = root.resolve(deployment);
        new GenerationService().generate(
                TaoFixtures.request(TaoFixtures.load(TaoFixtures.repo().resolve("tests/models/client-call-chain.bgml")), deployment), bench);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        for (List<String> command : manifest.build().commands()) {
            TaoBuildTest.Result r = TaoBuildTest.exec(bench, command, 1800, Map.of("MAKEFLAGS", "-j2"));
            if (r.code() != 0) {
                List<String> lines = r.output().lines().toList();
                fail(deployment + ": " + String.join(" ", command) + " failed (" + r.code() + "):\n"
                        + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
            }
        }
        Path run = bench.resolve("run");
        List<Long> groups = new ArrayList<>();
        RunOutcome outcome = new ManifestRunner(bench, manifest).run(run, new RunListener() {
            @Override
            public void started(String process, long processGroup) {
                groups.add(processGroup);
            }
        });
        for (long group : groups) {
            assertFalse(ProcessGroups.groupAlive(group), deployment + ": process group " + group + " survived the run");
        }
        assertTrue(outcome.ok(), deployment + ": " + outcome.describe());
        for (ProcessOutcome o : outcome.processes()) {
            assertEquals(0, o.exitCode(), deployment + ": " + o.name() + " failed:\n" + outcome.describe());
        }
        List<JsonObject> path = new ArrayList<>();
        try (Stream<Path> files = Files.list(run.resolve("results"))) {
            for (Path f : files.sorted().toList()) {
                JsonObject result = JsonParser.parseString(Files.readString(f, StandardCharsets.UTF_8)).getAsJsonObject();
                for (JsonElement e : result.getAsJsonArray("measurements")) {
                    JsonObject m = e.getAsJsonObject();
                    if ("pathLatency".equals(m.get("kind").getAsString()) && "CallToDisplay".equals(m.get("metric").getAsString())) {
                        path.add(m);
                    }
                }
            }
        }
        assertTrue(!path.isEmpty(), deployment + ": no measurement of CallToDisplay");
        runs.put(deployment, path);
        return path;
    }
}
