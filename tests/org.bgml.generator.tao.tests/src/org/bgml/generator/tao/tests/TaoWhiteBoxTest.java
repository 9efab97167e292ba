package org.bgml.generator.tao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.model.BenchmarkModel;
import org.bgml.targets.GenerationService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * White-box segments of a TAO call from its portable interceptors. Two-way, on
 * benchmarks/orb-interceptors/interceptors.bgml: one client calls a server without interceptors (black box), a server
 * with inactive server interceptors (black box) and the same server through the probes' ORB (white box). The probed
 * metric must report the omniorb target's segments, in order, adding up to the probed call. Oneway, on
 * examples/dba-color-2-nodes.bgml: agent 1's value and improvement messages to agent 0 carry the sender's stamps
 * forward, and agent 0's process records each cycle up to the end of its upcall, at the connection, as on omniorb.
 */
class TaoWhiteBoxTest {
    static final List<String> SEGMENTS = List.of("client stub", "marshal, send, receive, demarshal", "servant dispatch", "upcall",
            "reply marshal, send, receive", "client demarshal");
    /** A oneway cycle ends with the receiver's upcall: the first four segments. */
    static final List<String> ONEWAY_SEGMENTS = SEGMENTS.subList(0, 4);
    static final int CALLS = 20000;
    static final int ONEWAY_CALLS = 5000;

    @TempDir
    Path temp;

    static BenchmarkModel model() {
        return TaoFixtures.load(TaoFixtures.repo().resolve("benchmarks/orb-interceptors/interceptors.bgml"));
    }

    /** Generated code: the client interceptors live only in the probes' ORB, the probed server registers its own. */
    @Test
    void onlyTheProbedLoopAndItsServerHaveInterceptors() throws Exception {
        MemoryOutput out = TaoFixtures.generate(model(), "remote");
        String client = out.text("src/ClientProcess.cpp");
        assertTrue(client.contains("bgml_tao::probes::register_interceptors (true, false);"), client);
        assertTrue(client.contains("bgml_tao::probes::probes_orb (probe_orb_arguments)"), client);
        assertEquals(1, client.split("bgml_tao::probes::run ", -1).length - 1, "one probed loop: " + client);
        assertTrue(out.text("src/ProbedServerProcess.cpp").contains("bgml_tao::probes::register_interceptors (false, true);"));
        assertTrue(!out.text("src/PlainServerProcess.cpp").contains("bgml_tao::probes"), "the plain server has no interceptors");
        assertTrue(out.text("Interceptors.mpc").lines().anyMatch(l -> l.startsWith("project(ProbedServerProcess):") && l.contains("pi_server")));
        assertTrue(out.text("Interceptors.mpc").lines().anyMatch(l -> l.startsWith("project(PlainServerProcess):") && !l.contains("pi_server")));
    }

    static BenchmarkModel dbaColor() {
        return TaoFixtures.load(TaoFixtures.example("dba-color-2-nodes"));
    }

    /** Generated code of oneway probes: the sender has the client interceptors, the receiver the tables of its cycles. */
    @Test
    void onewayCyclesAreRecordedByTheReceivingProcess() throws Exception {
        MemoryOutput out = TaoFixtures.generate(dbaColor(), "remote");
        String sender = out.text("src/P_1.cpp");
        String receiver = out.text("src/P_0.cpp");
        assertTrue(sender.contains("bgml_tao::probes::register_interceptors (true, false);"), sender);
        assertEquals(2, sender.split("bgml_tao::probes::run_oneway ", -1).length - 1, "a probed loop per metric: " + sender);
        assertTrue(!sender.contains("bgml::Measurement m (\"functionalPath\""), "no black-box loop for a probed metric: " + sender);
        assertTrue(receiver.contains("bgml_tao::probes::register_interceptors (false, true);"), receiver);
        assertTrue(receiver.contains("bgml_tao::probes::expect_oneway (1, \"ValueCycle\", \"L_1_to_0\", \"DBA::Neighbour::ok\""), receiver);
        assertTrue(receiver.contains("bgml_tao::probes::expect_oneway (2, \"ImprovementCycle\", \"L_1_to_0\", \"DBA::Neighbour::improve\""),
                receiver);
        int tables = receiver.indexOf("bgml_tao::probes::add_oneway_results (result, options);");
        assertTrue(tables > receiver.indexOf("orb->run ()"), "the receiver writes its cycles once the ORB has stopped: " + receiver);
        assertTrue(tables < receiver.lastIndexOf("bgml_tao::write_result (result, options)"), receiver);
    }

    @Test
    void onewayCallsReportTheirSegmentsAtTheReceiverOnTao() throws Exception {
        Path run = buildAndRun(dbaColor(), "dba", ONEWAY_CALLS);
        JsonObject sender = JsonParser.parseString(Files.readString(run.resolve("results/P_1.json"), StandardCharsets.UTF_8)).getAsJsonObject();
        for (JsonElement e : sender.getAsJsonArray("measurements")) {
            String metric = e.getAsJsonObject().get("metric").getAsString();
            assertTrue(!metric.equals("ValueCycle") && !metric.equals("ImprovementCycle"), "the sender records no oneway cycle: " + metric);
        }
        JsonObject receiver = JsonParser.parseString(Files.readString(run.resolve("results/P_0.json"), StandardCharsets.UTF_8)).getAsJsonObject();
        for (String metric : List.of("ValueCycle", "ImprovementCycle")) {
            JsonObject cycle = null;
            List<JsonObject> segments = new ArrayList<>();
            for (JsonElement e : receiver.getAsJsonArray("measurements")) {
                JsonObject m = e.getAsJsonObject();
                if (!m.get("metric").getAsString().equals(metric)) {
                    continue;
                }
                assertEquals("L_1_to_0", m.get("element").getAsString(), "recorded at the connection, as on omniorb");
                assertEquals("functionalPath", m.get("kind").getAsString());
                if (m.get("segment").isJsonNull()) {
                    cycle = m;
                } else {
                    segments.add(m);
                }
            }
            assertTrue(cycle != null, metric + ": the receiving process recorded the cycle: " + receiver);
            assertEquals(ONEWAY_SEGMENTS, segments.stream().map(m -> m.get("segment").getAsString()).toList(), metric + ": segments in order");
            assertEquals(ONEWAY_CALLS, cycle.get("n").getAsInt(), metric + ": every timed oneway call arrived whole, and no warm-up call");
            double sum = 0;
            for (JsonObject m : segments) {
                assertEquals(ONEWAY_CALLS, m.get("n").getAsInt(), m.get("segment").getAsString());
                assertTrue(m.get("mean").getAsDouble() > 0, m.get("segment") + " took time");
                sum += m.get("mean").getAsDouble();
            }
            double mean = cycle.get("mean").getAsDouble();
            assertTrue(Math.abs(sum - mean) <= 0.05 * mean, metric + ": segments sum to " + sum + " ns, the cycle " + mean + " ns");
            System.out.printf("tao oneway %s: cycle mean %.2f us p50 %.2f us%n", metric, mean / 1000, cycle.get("p50").getAsDouble() / 1000);
            for (JsonObject m : segments) {
                System.out.printf("tao oneway %-16s %-36s mean %.2f us%n", metric, m.get("segment").getAsString(), m.get("mean").getAsDouble() / 1000);
            }
        }
    }

    /** Builds the model's benchmark with the real TAO and runs it, the processes that end by themselves with -n calls. */
    Path buildAndRun(BenchmarkModel model, String name, int calls) throws Exception {
        Path ace = TaoFixtures.aceRoot();
        assumeTrue(ace != null, TaoBuildTest.SKIP);
        assumeTrue(Files.exists(ace.resolve("lib/libTAO_PI_Server.so")),
                "TAO white-box test skipped: this ACE+TAO build has no TAO_PI_Server library (TAO/tao/PI_Server)");
        Path bench = temp.resolve(name);
        new GenerationService().generate(TaoFixtures.request(model, "remote"), bench);
        Manifest manifest = ManifestJson.read(bench.resolve("manifest.json"));
        for (List<String> command : manifest.build().commands()) {
            TaoBuildTest.Result r = TaoBuildTest.exec(bench, command, 1800, Map.of("MAKEFLAGS", "-j2"));
            if (r.code() != 0) {
                List<String> lines = r.output().lines().toList();
                fail(String.join(" ", command) + " failed:\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size())));
            }
        }
        Manifest quick = ManifestRunner.withExtraArguments(manifest,
                p -> p.stop().equals("exit") ? List.of("-n", String.valueOf(calls)) : List.of());
        Path run = bench.resolve("run");
        RunOutcome outcome = new ManifestRunner(bench, quick).run(run, new org.bgml.launcher.run.RunListener() {
        });
        assertTrue(outcome.ok(), outcome.describe());
        for (ProcessOutcome o : outcome.processes()) {
            assertEquals(0, o.exitCode(), o.name() + ":\n" + outcome.describe());
        }
        return run;
    }

    @Test
    void theProbedCallReportsItsSegmentsOnTao() throws Exception {
        Path run = buildAndRun(model(), "interceptors", CALLS);
        JsonObject result = JsonParser.parseString(Files.readString(run.resolve("results/ClientProcess.json"), StandardCharsets.UTF_8))
                .getAsJsonObject();
        Map<String, JsonObject> total = new LinkedHashMap<>();
        List<JsonObject> segments = new ArrayList<>();
        for (JsonElement e : result.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if (m.get("segment").isJsonNull()) {
                total.put(m.get("metric").getAsString(), m);
            } else if (m.get("metric").getAsString().equals("WhiteBox")) {
                segments.add(m);
            }
        }
        assertEquals(SEGMENTS, segments.stream().map(m -> m.get("segment").getAsString()).toList(), "the omniorb target's segments, in order");
        JsonObject whiteBox = total.get("WhiteBox");
        assertEquals("functionalPath", whiteBox.get("kind").getAsString());
        assertEquals(CALLS, whiteBox.get("n").getAsInt(), "every probed call was seen whole by the interceptors");
        double sum = 0;
        for (JsonObject m : segments) {
            assertEquals(CALLS, m.get("n").getAsInt(), m.get("segment").getAsString());
            assertTrue(m.get("mean").getAsDouble() > 0, m.get("segment") + " took time");
            sum += m.get("mean").getAsDouble();
        }
        double mean = whiteBox.get("mean").getAsDouble();
        assertTrue(Math.abs(sum - mean) <= 0.05 * mean, "segments sum to " + sum + " ns, the probed call " + mean + " ns");
        double plain = total.get("NoInterceptors").get("p50").getAsDouble();
        double inactive = total.get("InactiveInterceptors").get("p50").getAsDouble();
        double probed = whiteBox.get("p50").getAsDouble();
        System.out.printf("tao interceptors p50: none %.1f us, inactive server %.1f us (x%.3f), white box %.1f us (x%.3f)%n", plain / 1000,
                inactive / 1000, inactive / plain, probed / 1000, probed / plain);
        for (JsonObject m : segments) {
            System.out.printf("tao white box %-36s mean %.2f us p50 %.2f us%n", m.get("segment").getAsString(), m.get("mean").getAsDouble() / 1000,
                    m.get("p50").getAsDouble() / 1000);
        }
    }
}
