package org.bgml.generator.ciao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * White-box segments of calls between CCM components inside TAO, on real CIAO deployed by DAnCE: the calling
 * component's probed loop goes through its own probes ORB (client interceptors), the serving component's locality
 * manager gets the server interceptors at ccm_activate. Each model is generated, built with MPC and make, and run
 * through run_test.pl. Skipped unless ACE_ROOT, TAO_ROOT, CIAO_ROOT and DANCE_ROOT are set.
 * {@code -Dbgml.ciao.keep=DIR} builds in DIR and keeps it.
 */
class CiaoWhiteBoxRunTest {
    @TempDir
    static Path temp;

    /** The segments of a probed cycle add up to its whole within this share (the 5 %). */
    static final double SEGMENT_TOLERANCE = 0.05;

    /** Timed calls of the white-box runs. */
    private static final int PROBED_SAMPLES = 3000;

    /**
     * White-box segments of two-way calls between components, from TAO's portable interceptors:
     * benchmarks/orb-interceptors/interceptors-ccm.bgml, one client component calling two server components in
     * locality managers of their own. The probed loop runs through the client's probes ORB and ProbedServer's server
     * interceptors, and its cycle table (six segments and the whole call) must be complete and add up; the black-box
     * loops beside it (no interceptors; inactive server interceptors) must still be measured in full, and the run must
     * report the interceptor ratio against the same calls through a control ORB without client interceptors. Prints the
     * interceptor ratio: the probed cycle's median against the same round trip's with no interceptor.
     */
    @Test
    void probedTwoWayCallsBetweenComponentsHaveSegmentsThatAddUp() throws Exception {
        CiaoBuildTest.needsCiao();
        String keep = System.getProperty("bgml.ciao.keep", "");
        Path dir = keep.isBlank() ? temp.resolve("interceptors") : Path.of(keep).toAbsolutePath().resolve("interceptors");
        Examples.generate(Examples.load(Examples.repo().resolve("benchmarks/orb-interceptors/interceptors-ccm.bgml")), "remote", dir);
        CiaoBuildTest.run(List.of("perl", System.getenv("ACE_ROOT") + "/bin/mwc.pl", "-type", "gnuace", "InterceptorsCcm.mwc"), dir, 600, dir.resolve("mpc.log"));
        CiaoBuildTest.run(List.of("make", "-j2"), dir, 3600, dir.resolve("make.log"));
        CiaoBuildTest.run(List.of("perl", "run_test.pl", "-n", String.valueOf(PROBED_SAMPLES)), dir, 900, dir.resolve("run_test.log"));
        List<JsonObject> client = measurements(dir.resolve("run/results/ClientProcess.json"));
        List<JsonObject> cycle = client.stream().filter(m -> m.get("metric").getAsString().endsWith("WhiteBox")).toList();
        assertEquals(List.of("client stub", "marshal, send, receive, demarshal", "servant dispatch", "upcall",
                "reply marshal, send, receive", "client demarshal"), segments(cycle), "the six segments of a two-way call, in order");
        checkCycle("WhiteBox", cycle, "Probed");
        double plain = figure(client, "NoInterceptors", "p50");
        double inactive = figure(client, "InactiveInterceptors", "p50");
        double probed = wholeCycle(cycle).get("p50").getAsDouble();
        assertTrue(plain > 0 && inactive > 0, "the black-box loops were measured: " + client);
        assertEquals(PROBED_SAMPLES, (int) figure(client, "NoInterceptors", "n"), "the black-box loop ran in full");
        assertEquals(PROBED_SAMPLES, (int) figure(client, "InactiveInterceptors", "n"), "the black-box loop ran in full");
        JsonObject labels = JsonParser.parseString(Files.readString(dir.resolve("run/results/ClientProcess.json"))).getAsJsonObject()
                .getAsJsonObject("labels");
        double control = Double.parseDouble(labels.get("interceptorControlMedianNs WhiteBox").getAsString());
        double ratio = Double.parseDouble(labels.get("interceptorRatio WhiteBox").getAsString());
        assertTrue(control > 0, "the same calls without client interceptors were timed: " + labels);
        assertEquals(probed / control, ratio, 0.001, "the ratio is the probed cycle's median over the control's: " + labels);
        System.out.printf("ciao interceptors: median no interceptors %.1f us, inactive server interceptors %.1f us (%.3f),"
                + " white box %.1f us (%.3f); in-run control without client interceptors %.1f us, interceptor ratio %.3f%n",
                plain / 1000, inactive / 1000, inactive / plain, probed / 1000, probed / plain, control / 1000, ratio);
        assertEquals(List.of(), CiaoBuildTest.processesIn(dir), "processes of the run are still alive");
    }

    /**
     * White-box segments of oneway calls between components: the DBA-color reproduction (two agents in locality
     * managers of their own, value and improvement messages by oneway calls). The sender's probed loop stamps each
     * call from its probes ORB; the receiving agent records each cycle (stub to the end of the upcall, four segments)
     * and writes both tables, complete and adding up, once the sender has finished.
     */
    @Test
    void probedOnewayCallsBetweenComponentsEndInTheReceiversTables() throws Exception {
        CiaoBuildTest.needsCiao();
        String keep = System.getProperty("bgml.ciao.keep", "");
        Path dir = keep.isBlank() ? temp.resolve("dba") : Path.of(keep).toAbsolutePath().resolve("dba");
        Examples.generate(Examples.load(Examples.repo().resolve("reproductions/dba-color.bgml")), "remote", dir);
        CiaoBuildTest.run(List.of("perl", System.getenv("ACE_ROOT") + "/bin/mwc.pl", "-type", "gnuace", "DbaColor.mwc"), dir, 600, dir.resolve("mpc.log"));
        CiaoBuildTest.run(List.of("make", "-j2"), dir, 3600, dir.resolve("make.log"));
        CiaoBuildTest.run(List.of("perl", "run_test.pl", "-n", String.valueOf(PROBED_SAMPLES)), dir, 900, dir.resolve("run_test.log"));
        JsonObject receiver = JsonParser.parseString(Files.readString(dir.resolve("run/results/DbaP_0_0.json"))).getAsJsonObject();
        List<JsonObject> all = measurements(dir.resolve("run/results/DbaP_0_0.json"));
        for (String metric : List.of("DbaValueCycle", "DbaImprovementCycle")) {
            List<JsonObject> cycle = all.stream().filter(m -> m.get("metric").getAsString().endsWith(metric)).toList();
            assertEquals(List.of("client stub", "marshal, send, receive, demarshal", "servant dispatch", "upcall"), segments(cycle),
                    metric + ": a oneway cycle ends with the upcall");
            checkCycle(metric, cycle, "DbaL_0_1_to_0_0");
        }
        assertEquals("0", receiver.getAsJsonObject("labels").get("disorderedOnewayCycles").getAsString(), receiver.toString());
        assertEquals(List.of(), CiaoBuildTest.processesIn(dir), "processes of the run are still alive");
    }

    private static List<JsonObject> measurements(Path file) throws IOException {
        assertTrue(Files.isRegularFile(file), file + " was not written");
        JsonObject json = JsonParser.parseString(Files.readString(file)).getAsJsonObject();
        List<JsonObject> out = new ArrayList<>();
        json.getAsJsonArray("measurements").forEach(e -> out.add(e.getAsJsonObject()));
        return out;
    }

    private static List<String> segments(List<JsonObject> cycle) {
        return cycle.stream().filter(m -> !m.get("segment").isJsonNull()).map(m -> m.get("segment").getAsString()).toList();
    }

    private static JsonObject wholeCycle(List<JsonObject> cycle) {
        return cycle.stream().filter(m -> m.get("segment").isJsonNull()).findFirst().orElseThrow(() -> new AssertionError("no whole cycle: " + cycle));
    }

    private static double figure(List<JsonObject> all, String metric, String name) {
        return all.stream().filter(m -> m.get("metric").getAsString().endsWith(metric)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + metric + ": " + all)).get(name).getAsDouble();
    }

    /** Every segment and the whole cycle hold every timed call, on the connection; the segments add up to the whole. */
    private static void checkCycle(String metric, List<JsonObject> cycle, String connection) {
        JsonObject whole = wholeCycle(cycle);
        assertEquals("functionalPath", whole.get("kind").getAsString());
        for (JsonObject m : cycle) {
            assertEquals(PROBED_SAMPLES, m.get("n").getAsInt(), metric + " " + m.get("segment") + ": every timed call, warm-up left out");
            assertEquals(connection, m.get("element").getAsString(), metric + ": the connection is the measured element");
        }
        double sum = cycle.stream().filter(m -> !m.get("segment").isJsonNull()).mapToDouble(m -> m.get("mean").getAsDouble()).sum();
        double mean = whole.get("mean").getAsDouble();
        assertTrue(mean > 0, metric + ": a positive cycle");
        assertTrue(Math.abs(sum - mean) <= SEGMENT_TOLERANCE * mean, metric + ": segments sum to " + sum + " ns, cycle " + mean + " ns");
        StringBuilder shares = new StringBuilder();
        for (JsonObject m : cycle) {
            if (!m.get("segment").isJsonNull()) {
                shares.append(String.format("%s %.1f us (%.0f%%); ", m.get("segment").getAsString(), m.get("mean").getAsDouble() / 1000,
                        100 * m.get("mean").getAsDouble() / mean));
            }
        }
        System.out.printf("ciao %s: cycle mean %.1f us, segments sum %.1f us (%.2f%% apart): %s%n", metric, mean / 1000, sum / 1000,
                100 * Math.abs(sum - mean) / mean, shares);
    }
}
