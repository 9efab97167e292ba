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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.PathLatency;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Event chains between CCM components on real CIAO, deployed by DAnCE: examples/avionics-chain.bgml (a rate
 * generator ticks a GPS, which publishes to an airframe, which reads the GPS through its receptacle and publishes to
 * a display, which reads the airframe), generated, built with MPC and make, and run through run_test.pl, remote (one
 * locality manager per component) and collocated (one for all four). Every path metric must report its end-to-end
 * figure and one figure per hop, named after the connections and action blocks it passes in order, with every timed
 * tick arrived; the hops must add up to the total, every connection must have carried stamps (the facet calls' in
 * request service contexts from the interceptors added to the locality manager's ORB), and collocated must be faster.
 * Skipped unless ACE_ROOT, TAO_ROOT, CIAO_ROOT and DANCE_ROOT are set. {@code -Dbgml.ciao.keep=DIR} builds in DIR.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CiaoChainRunTest {
    static final double SUM_TOLERANCE = 0.05;

    static final Map<String, List<String>> AVIONICS_HOPS = Map.of(
            "TickToDisplayRead", List.of("Pulse", "Gps.refresh actions", "GpsReady", "Airframe.gpsReady actions", "AirframeReady",
                    "Display.airframeReady actions", "DisplayAirframe"),
            "TickToGpsRead", List.of("Pulse", "Gps.refresh actions", "GpsReady", "Airframe.gpsReady actions", "AirframeGps"));

    @TempDir
    Path temp;

    private final Map<String, Map<String, List<JsonObject>>> runs = new HashMap<>();

    @Test
    void theAvionicsChainRunsRemoteWithEveryHop() throws Exception {
        checkPaths("remote");
    }

    @Test
    void theAvionicsChainRunsCollocatedWithEveryHop() throws Exception {
        checkPaths("collocated");
    }

    /** Every connection of the chain carried stamped events or calls, remote and collocated. */
    @Test
    void everyAvionicsConnectionCarriesTheChain() throws Exception {
        BenchmarkModel model = Examples.load(Examples.example("avionics-chain.bgml"));
        for (String deployment : List.of("remote", "collocated")) {
            Map<String, Long> perHop = new LinkedHashMap<>();
            for (List<JsonObject> path : run(deployment).values()) {
                for (JsonObject m : path) {
                    if (!m.get("segment").isJsonNull()) {
                        perHop.merge(m.get("segment").getAsString(), m.get("n").getAsLong(), Math::max);
                    }
                }
            }
            for (Connection c : model.getConnections()) {
                assertTrue(perHop.getOrDefault(c.getName(), 0L) > 0,
                        deployment + ": connection " + c.getName() + " carried no stamped traffic: " + perHop);
            }
        }
    }

    /** Collocated, the chain passes no transport: its median end-to-end time is below the remote one's. */
    @Test
    void collocatedIsFasterThanRemote() throws Exception {
        for (String metric : AVIONICS_HOPS.keySet().stream().sorted().toList()) {
            double remote = median(run("remote").get(metric));
            double collocated = median(run("collocated").get(metric));
            System.out.printf("ciao chain %s: median end to end %.1f us remote, %.1f us collocated%n", metric, remote / 1000,
                    collocated / 1000);
            assertTrue(collocated < remote, metric + ": collocated median " + collocated + " ns, remote " + remote + " ns");
        }
    }

    private void checkPaths(String deployment) throws Exception {
        BenchmarkModel model = Examples.load(Examples.example("avionics-chain.bgml"));
        Map<String, List<JsonObject>> paths = run(deployment);
        assertEquals(AVIONICS_HOPS.keySet().stream().sorted().toList(), paths.keySet().stream().sorted().toList(),
                deployment + ": one result set per path metric");
        for (Map.Entry<String, List<String>> e : AVIONICS_HOPS.entrySet()) {
            PathLatency metric = (PathLatency) model.getMetrics().stream().filter(m -> m.getName().equals(e.getKey())).findFirst()
                    .orElseThrow();
            List<JsonObject> path = paths.get(e.getKey());
            List<String> segments = path.stream().filter(m -> !m.get("segment").isJsonNull()).map(m -> m.get("segment").getAsString())
                    .toList();
            assertEquals(e.getValue(), segments, deployment + " " + e.getKey() + ": the hops, in path order");
            JsonObject total = path.stream().filter(m -> m.get("segment").isJsonNull()).findFirst().orElseThrow();
            assertEquals("pathLatency", total.get("kind").getAsString());
            for (JsonObject m : path) {
                assertEquals(metric.getSamples(), m.get("n").getAsInt(), deployment + " " + e.getKey() + " " + m.get("segment")
                        + ": every timed tick arrived, warm-up left out");
            }
            double sum = path.stream().filter(m -> !m.get("segment").isJsonNull()).mapToDouble(m -> m.get("mean").getAsDouble()).sum();
            double mean = total.get("mean").getAsDouble();
            assertTrue(mean > 0, deployment + " " + e.getKey() + ": a positive end-to-end time");
            assertTrue(Math.abs(sum - mean) <= SUM_TOLERANCE * mean,
                    deployment + " " + e.getKey() + ": hops sum to " + sum + " ns, total " + mean + " ns");
            StringBuilder shares = new StringBuilder();
            for (JsonObject m : path) {
                if (!m.get("segment").isJsonNull()) {
                    shares.append(String.format(" %s %.1f us (%.0f%%);", m.get("segment").getAsString(), m.get("p50").getAsDouble() / 1000,
                            100 * m.get("mean").getAsDouble() / mean));
                }
            }
            System.out.printf("ciao chain %s %s: p50 %.1f us, mean %.1f us, hops:%s%n", deployment, e.getKey(),
                    total.get("p50").getAsDouble() / 1000, mean / 1000, shares);
        }
    }

    private static double median(List<JsonObject> path) {
        return path.stream().filter(m -> m.get("segment").isJsonNull()).findFirst().map(m -> m.get("p50").getAsDouble()).orElseThrow();
    }

    /** Generates, builds and runs one deployment once; the pathLatency measurements of every result file, by metric. */
    private Map<String, List<JsonObject>> run(String deployment) throws Exception {
        Map<String, List<JsonObject>> done = runs.get(deployment);
        if (done != null) {
            return done;
        }
        CiaoBuildTest.needsCiao();
        String keep = System.getProperty("bgml.ciao.keep", "");
        Path dir = (keep.isBlank() ? temp : Path.of(keep).toAbsolutePath()).resolve("avionics-" + deployment);
        BenchmarkModel model = Examples.load(Examples.example("avionics-chain.bgml"));
        Examples.generate(model, deployment, dir);
        String ace = System.getenv("ACE_ROOT");
        exec(List.of("perl", ace + "/bin/mwc.pl", "-type", "gnuace", model.getName() + ".mwc"), dir, 600, dir.resolve("mpc.log"));
        exec(List.of("make", "-j2"), dir, 3600, dir.resolve("make.log"));
        exec(List.of("perl", "run_test.pl"), dir, 900, dir.resolve("run_test.log"));
        Map<String, List<JsonObject>> paths = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(dir.resolve("run/results"))) {
            for (Path f : files.sorted().toList()) {
                JsonObject result = JsonParser.parseString(Files.readString(f, StandardCharsets.UTF_8)).getAsJsonObject();
                for (JsonElement e : result.getAsJsonArray("measurements")) {
                    JsonObject m = e.getAsJsonObject();
                    if ("pathLatency".equals(m.get("kind").getAsString())) {
                        paths.computeIfAbsent(m.get("metric").getAsString(), k -> new ArrayList<>()).add(m);
                    }
                }
            }
        }
        runs.put(deployment, paths);
        return paths;
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
