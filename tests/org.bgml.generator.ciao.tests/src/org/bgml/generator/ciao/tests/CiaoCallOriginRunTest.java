package org.bgml.generator.ciao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bgml.model.BenchmarkModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A path whose origin is a client's calls (tests/models/client-call-chain.bgml, its pilot a CCM component, see
 * {@link Examples#clientCallChainOfComponents()}) on real CIAO, deployed by DAnCE, remote (one locality manager per
 * component) and collocated (one for all three). The pilot's executor makes the path's own calls after its black-box
 * loop, each stamped at its start and carried in the request's service context (the interceptors its ccm_activate
 * adds to the locality manager's ORB) to the sensor's facet, whose actions publish to the display's sink. Every
 * timed call must reach the display over every hop, the hops in route order and adding up to the total, collocated
 * faster than remote, and the pilot's own round trip measured in full. Skipped unless ACE_ROOT, TAO_ROOT, CIAO_ROOT
 * and DANCE_ROOT are set. {@code -Dbgml.ciao.keep=DIR} builds in DIR.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CiaoCallOriginRunTest {
    private static final List<String> ROUTE = List.of("PilotSensor", "Sensor.reading actions", "SensorUpdate");
    private static final long SAMPLES = 400;

    @TempDir
    Path temp;

    private final Map<String, List<JsonObject>> runs = new HashMap<>();

    /** Every timed call reached the display over every hop, the hops in route order, adding up within 5 %. */
    @Test
    void everyHopInRouteOrderAddingUp() throws Exception {
        for (String deployment : List.of("remote", "collocated")) {
            List<JsonObject> path = path(run(deployment));
            List<JsonObject> hops = path.stream().filter(m -> !m.get("segment").isJsonNull()).toList();
            assertEquals(ROUTE, hops.stream().map(m -> m.get("segment").getAsString()).toList(), deployment + ": hops in route order");
            for (JsonObject m : path) {
                assertEquals(SAMPLES, m.get("n").getAsLong(), deployment + " " + m.get("segment") + ": every timed call arrived");
            }
            double sum = hops.stream().mapToDouble(h -> h.get("mean").getAsDouble()).sum();
            JsonObject total = total(path);
            double mean = total.get("mean").getAsDouble();
            assertTrue(mean > 0, deployment + ": a positive end-to-end time");
            assertTrue(Math.abs(sum - mean) <= 0.05 * mean, deployment + ": hops sum to " + sum + " ns, total " + mean);
            StringBuilder shares = new StringBuilder();
            for (JsonObject h : hops) {
                shares.append(String.format(", %s %.0f %%", h.get("segment").getAsString(), 100 * h.get("mean").getAsDouble() / mean));
            }
            System.out.printf("ciao call origin %s: p50 end to end %.1f us%s%n", deployment, total.get("p50").getAsDouble() / 1000, shares);
        }
    }

    /** The pilot's black-box round trip ran before the path's calls, all its samples timed (no stamped call among them). */
    @Test
    void thePilotsOwnRoundTripIsMeasuredInFull() throws Exception {
        for (String deployment : List.of("remote", "collocated")) {
            JsonObject roundTrip = run(deployment).stream()
                    .filter(m -> "PilotRoundTrip".equals(m.get("metric").getAsString()) && "latency".equals(m.get("kind").getAsString()))
                    .findFirst().orElseThrow(() -> new AssertionError(deployment + ": no latency of PilotRoundTrip"));
            assertEquals(SAMPLES, roundTrip.get("n").getAsLong(), deployment + ": the pilot's round trip");
            System.out.printf("ciao call origin %s: pilot round trip p50 %.1f us%n", deployment, roundTrip.get("p50").getAsDouble() / 1000);
        }
    }

    /** Collocated (one locality manager, no transport) is faster end to end than remote, by the medians. */
    @Test
    void collocatedIsFasterThanRemote() throws Exception {
        double remote = total(path(run("remote"))).get("p50").getAsDouble();
        double collocated = total(path(run("collocated"))).get("p50").getAsDouble();
        assertTrue(collocated < remote, "collocated median " + collocated + " ns, remote " + remote + " ns");
    }

    private static List<JsonObject> path(List<JsonObject> measurements) {
        List<JsonObject> path = measurements.stream()
                .filter(m -> "pathLatency".equals(m.get("kind").getAsString()) && "CallToDisplay".equals(m.get("metric").getAsString()))
                .toList();
        assertTrue(!path.isEmpty(), "no measurement of CallToDisplay");
        return path;
    }

    private static JsonObject total(List<JsonObject> path) {
        return path.stream().filter(m -> m.get("segment").isJsonNull()).findFirst()
                .orElseThrow(() -> new AssertionError("no end-to-end figure of CallToDisplay"));
    }

    /** Generates, builds and runs one deployment once; the measurements of every result file. */
    private List<JsonObject> run(String deployment) throws Exception {
        List<JsonObject> done = runs.get(deployment);
        if (done != null) {
            return done;
        }
        CiaoBuildTest.needsCiao();
        String keep = System.getProperty("bgml.ciao.keep", "");
        Path dir = (keep.isBlank() ? temp : Path.of(keep).toAbsolutePath()).resolve("call-origin-" + deployment);
        BenchmarkModel model = Examples.clientCallChainOfComponents();
        Examples.generate(model, deployment, dir);
        String ace = System.getenv("ACE_ROOT");
        exec(List.of("perl", ace + "/bin/mwc.pl", "-type", "gnuace", model.getName() + ".mwc"), dir, 600, dir.resolve("mpc.log"));
        exec(List.of("make", "-j2"), dir, 3600, dir.resolve("make.log"));
        exec(List.of("perl", "run_test.pl"), dir, 900, dir.resolve("run_test.log"));
        List<JsonObject> measurements = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir.resolve("run/results"))) {
            for (Path f : files.sorted().toList()) {
                JsonObject result = JsonParser.parseString(Files.readString(f, StandardCharsets.UTF_8)).getAsJsonObject();
                for (JsonElement e : result.getAsJsonArray("measurements")) {
                    measurements.add(e.getAsJsonObject());
                }
            }
        }
        runs.put(deployment, measurements);
        return measurements;
    }

    /** Runs a command in its own session, kills everything it started on timeout, fails with the log tail. */
    private static void exec(List<String> command, Path dir, int seconds, Path log) throws Exception {
        List<String> full = new ArrayList<>(List.of("setsid", "-w"));
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        String ld = System.getenv("LD_LIBRARY_PATH");
        builder.environment().put("LD_LIBRARY_PATH", System.getenv("ACE_ROOT") + "/lib" + (ld == null ? "" : ":" + ld));
        Process process = builder.start();
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail(String.join(" ", command) + " did not finish within " + seconds + " s:\n" + tail(log));
        }
        if (process.exitValue() != 0) {
            fail(String.join(" ", command) + " exited with " + process.exitValue() + ":\n" + tail(log));
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
