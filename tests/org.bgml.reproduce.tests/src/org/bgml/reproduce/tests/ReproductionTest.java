package org.bgml.reproduce.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.launcher.results.EnvironmentRecord;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.PayloadSweep;
import org.bgml.model.io.ModelFiles;
import org.bgml.reproduce.Finding;
import org.bgml.reproduce.Reproduction;
import org.bgml.reproduce.ReproductionReport;
import org.bgml.reproduce.Verdict;
import org.bgml.reproduce.Verdict.Status;
import org.bgml.targets.Targets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reproduction's wiring, with a runner that stores synthetic runs instead of running benchmarks: which runs each
 * finding reads, what a target cannot run, and what a failed run turns into.
 */
class ReproductionTest {
    @TempDir
    Path temp;

    /** What the fake runner was asked to run: model file name, deployment, target. */
    private final List<String> asked = new ArrayList<>();

    @Test
    void onOmniOrbEveryFindingIsJudgedFromTheRunsItNeeds() throws Exception {
        Reproduction.Outcome outcome = new Reproduction(this::fake, (i, n, what) -> { }).run(new Reproduction.Options("omniorb", true, temp));
        assertEquals(List.of(Finding.values()), outcome.results().stream().map(Reproduction.Result::finding).toList(), "all seven, in order");
        assertEquals(Status.REPRODUCED, status(outcome, Finding.KNEE));
        assertEquals(Status.REPRODUCED, status(outcome, Finding.COLLOCATION));
        assertEquals(500_000.0 / 40_000.0, result(outcome, Finding.COLLOCATION).verdict().ratio(), 1e-9);
        assertEquals(420_000.0 / 500_000.0, result(outcome, Finding.GLUE).verdict().ratio(), 1e-9);
        assertTrue(result(outcome, Finding.GLUE).verdict().reason().contains("component emulation"), "says what stands in for CIAO");
        assertEquals(3_000.0 / 20_000.0, result(outcome, Finding.PROXY).verdict().ratio(), 1e-9);
        assertEquals(Status.REPRODUCED, status(outcome, Finding.SEGMENTS));
        assertEquals(Status.REPRODUCED, status(outcome, Finding.PLACEMENT));
        boolean aceHere = Targets.get("ace").runsHere();
        if (aceHere) {
            // omniORB times the oneway cycle at the receiver; so does the ACE receiver (beside the sender's own call): the
            // finding sets the two receivers' cycles side by side and judges them, not the sender's shorter call
            Verdict judged = result(outcome, Finding.ACE_VS_ORB).verdict();
            assertEquals(Status.REPRODUCED, judged.status(), judged.reason());
            assertEquals((1500.0 + 1450.0) / (2000.0 + 2500.0), judged.ratio(), 1e-9);
            assertTrue(judged.figure().contains("median ACE 2.95 µs against omniorb 4.5 µs"), judged.figure());
            assertTrue(asked.contains("dba-color.bgml remote ace"), asked.toString());
        } else {
            assertEquals(Status.NOT_RUN, status(outcome, Finding.ACE_VS_ORB));
        }
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());

        Path report = ReproductionReport.write(outcome, temp.resolve("r.html"));
        String html = Files.readString(report);
        for (Finding f : Finding.values()) {
            assertTrue(html.contains("id=\"" + f.anchor() + "\""), "a section per finding: " + f);
        }
        assertTrue(html.contains("What would change the result"), "each section says what would change it");
    }

    @Test
    void onAceTheGlueAndTheOrbComparisonAreNotRunAndSayWhy() throws Exception {
        Reproduction.Outcome outcome = new Reproduction(this::fake, (i, n, what) -> { }).run(new Reproduction.Options("ace", true, temp));
        assertEquals(Status.NOT_RUN, status(outcome, Finding.GLUE));
        assertTrue(result(outcome, Finding.GLUE).verdict().reason().contains("no container"));
        assertEquals(Status.NOT_RUN, status(outcome, Finding.ACE_VS_ORB));
        assertTrue(result(outcome, Finding.ACE_VS_ORB).verdict().reason().contains("needs an ORB"));
        assertEquals(1, asked.stream().filter(a -> a.startsWith("dba-color")).count(), "the ACE baseline is the target itself: " + asked);
        assertTrue(asked.contains("proxy-penalty.bgml remote ace"), "ace's loops run for their duration, so the proxy runs: " + asked);
        assertEquals(Status.REPRODUCED, status(outcome, Finding.PROXY), "and is judged from its run on ace");
        assertEquals(Status.REPRODUCED, status(outcome, Finding.PLACEMENT), "the findings after it are still read from their own runs");
        assertTrue(outcome.failures().isEmpty(), "a finding a target cannot run is not a failure");
    }

    @Test
    void everyTargetRunsTheProxyPenaltyNowThatItsLoopsRunForTheirDuration() {
        for (String target : List.of("omniorb", "tao", "ace", "ciao")) {
            assertTrue(Reproduction.plan(target).stream().anyMatch(s -> s.startsWith("proxy")), target + ": " + Reproduction.plan(target));
        }
    }

    @Test
    void aRunThatCannotRunMakesItsFindingNotRunWithTheReasonAndIsAFailure() throws Exception {
        Reproduction.Runner failingProxy = (model, target, deployment, out) -> {
            if (model.getFileName().toString().equals("proxy-penalty.bgml")) {
                throw new IOException("the build of the proxy failed: no space left on device");
            }
            return fake(model, target, deployment, out);
        };
        Reproduction.Outcome outcome = new Reproduction(failingProxy, (i, n, what) -> { }).run(new Reproduction.Options("omniorb", true, temp));
        assertEquals(Status.NOT_RUN, status(outcome, Finding.PROXY));
        assertTrue(result(outcome, Finding.PROXY).verdict().reason().contains("no space left on device"));
        assertEquals(1, outcome.failures().size());
        assertEquals(Status.REPRODUCED, status(outcome, Finding.KNEE), "the other findings are still judged");
    }

    @Test
    void everyBenchmarkIsBuiltBeforeTheFirstOneMeasuresAndABuildThatFailsIsStillRunAndReported() throws Exception {
        List<String> events = java.util.Collections.synchronizedList(new ArrayList<>());
        List<String> built = new ArrayList<>();
        // The first builds wait until as many have started as run at once: no thread can finish one and take the next
        // before the pool has handed out the first ones, so the events show which it handed out first, however the
        // threads are scheduled.
        java.util.concurrent.CountDownLatch firstBuilds = new java.util.concurrent.CountDownLatch(Reproduction.BUILDS_AT_ONCE);
        Reproduction.Runner runner = new Reproduction.Runner() {
            @Override
            public StoredRun run(Path model, String target, String deployment, Path out) {
                events.add("run " + out.getFileName());
                return fake(model, target, deployment, out);
            }

            @Override
            public String prepare(Path model, String target, String deployment, Path out) {
                events.add("build " + out.getFileName());
                firstBuilds.countDown();
                try {
                    firstBuilds.await(30, java.util.concurrent.TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return model.getFileName().toString().equals("placement.bgml") ? "build failed: no compiler" : null;
            }
        };
        Reproduction.Outcome outcome = new Reproduction(runner, new Reproduction.Listener() {
            @Override
            public void step(int index, int count, String what) {
            }

            @Override
            public void built(String what, long nanos, String failure) {
                built.add(what + (failure == null ? "" : ": " + failure));
            }
        }).run(new Reproduction.Options("omniorb", true, temp));
        int firstRun = events.indexOf(events.stream().filter(e -> e.startsWith("run ")).findFirst().orElseThrow());
        assertEquals(Reproduction.plan("omniorb").size(), firstRun, "every build before the first run: " + events);
        assertEquals(firstRun, events.stream().filter(e -> e.startsWith("run ")).count(), "then every run once: " + events);
        assertEquals(firstRun, built.size());
        assertTrue(built.contains("placement on omniorb: build failed: no compiler"), built.toString());
        assertTrue(events.subList(0, Reproduction.BUILDS_AT_ONCE).contains("build proxy-penalty-remote-omniorb"),
                "the longest build (nine processes) starts first: " + events);
        assertEquals(Status.REPRODUCED, status(outcome, Finding.PLACEMENT), "the run, not the build ahead of it, decides the finding");
    }

    @Test
    void acrossNodesOnlyTheProxyAndDbaColorRunWithEachRoleOnItsOwnNode() throws Exception {
        Reproduction.Outcome outcome = new Reproduction(this::fake, (i, n, what) -> { })
                .run(new Reproduction.Options("omniorb", true, temp, true));
        assertEquals(List.of("proxy-penalty-nodes.bgml remote omniorb", "dba-color-nodes.bgml remote omniorb"), asked);
        assertEquals(Status.NOT_RUN, status(outcome, Finding.KNEE));
        assertTrue(result(outcome, Finding.KNEE).verdict().reason().contains("runs on one host only"));
        assertEquals(3_000.0 / 20_000.0, result(outcome, Finding.PROXY).verdict().ratio(), 1e-9);
        assertEquals(Status.REPRODUCED, status(outcome, Finding.SEGMENTS));
        assertTrue(outcome.failures().isEmpty(), outcome.failures().toString());

        BenchmarkModel proxy = ModelFiles.loadModel(temp.resolve("models-quick/proxy-penalty-nodes.bgml"));
        Map<String, List<String>> where = new java.util.LinkedHashMap<>();
        proxy.getDeployments().get(0).getNodes().forEach(n -> where.put(n.getName(), n.getProcesses().stream().map(p -> p.getName()).toList()));
        assertEquals(List.of("servers", "proxy", "clients"), List.copyOf(where.keySet()));
        assertEquals(List.of("ProxyRouterProcess"), where.get("proxy"));
        assertTrue(where.get("clients").size() == 4 && where.get("clients").stream().allMatch(p -> p.contains("Client")), where.toString());
        assertTrue(where.get("servers").size() == 4 && where.get("servers").stream().allMatch(p -> p.contains("Server")), where.toString());
        BenchmarkModel dba = ModelFiles.loadModel(temp.resolve("models-quick/dba-color-nodes.bgml"));
        assertEquals(List.of("agent0", "agent1"), dba.getDeployments().get(0).getNodes().stream().map(n -> n.getName()).toList());
        assertTrue(dba.getDeployments().get(0).getNodes().stream().allMatch(n -> n.getProcesses().size() == 1));
    }

    @Test
    void theQuickModelsAreSmallerCopiesAndTheExamplesStayAsShipped() throws Exception {
        new Reproduction(this::fake, (i, n, what) -> { }).run(new Reproduction.Options("omniorb", true, temp));
        BenchmarkModel roundtrip = ModelFiles.loadModel(temp.resolve("models-quick/roundtrip-remote.bgml"));
        assertEquals(List.of("TaoTao"), roundtrip.getConnections().stream().map(c -> c.getName()).toList(), "what collocation reads");
        assertTrue(roundtrip.getMetrics().stream().allMatch(m -> m.getSamples() == 30_000), "quick remote throughput loops");
        BenchmarkModel collocated = ModelFiles.loadModel(temp.resolve("models-quick/roundtrip-collocated.bgml"));
        assertTrue(collocated.getMetrics().stream().allMatch(m -> m.getSamples() == 1_000_000), "collocated loops long enough to count");
        assertEquals(List.of("TaoTao", "CiaoCiao"), collocated.getConnections().stream().map(c -> c.getName()).toList(), "what the glue reads");
        BenchmarkModel sweep = ModelFiles.loadModel(temp.resolve("models-quick/payload-sweep.bgml"));
        assertEquals(List.of("TaoTaoSweep"), sweep.getMetrics().stream().map(m -> m.getName()).toList(), "the sweep the knee rule reads");
        for (var m : sweep.getMetrics()) {
            PayloadSweep s = (PayloadSweep) m;
            assertEquals(4, s.getMinBytes(), "the plateau stays whole");
            assertEquals(32768, s.getMaxBytes());
        }
        assertFalse(roundtrip.getDeployments().get(0).getNodes().get(0).getProcesses().stream().anyMatch(p -> p.getEntities().isEmpty()),
                "no process is left without entities");
    }

    private Status status(Reproduction.Outcome o, Finding f) {
        return result(o, f).verdict().status();
    }

    private Reproduction.Result result(Reproduction.Outcome o, Finding f) {
        return o.results().stream().filter(r -> r.finding() == f).findFirst().orElseThrow();
    }

    private int runs;

    /** Synthetic stored runs with the shapes of the seeds, in the units the runtime writes. */
    private StoredRun fake(Path model, String target, String deployment, Path out) {
        String name = model.getFileName().toString();
        asked.add(name + " " + deployment + " " + target);
        List<MeasurementRecord> ms = new ArrayList<>();
        switch (name) {
            case "payload-sweep.bgml" -> {
                long[] sizes = { 512, 1024, 2048, 4096, 8192, 16384, 32768 };
                double[] us = { 20, 20.2, 20.1, 20.5, 41, 47, 60 };
                for (int i = 0; i < sizes.length; i++) {
                    ms.add(m("payloadSweep", "TaoTaoSweep", "TaoTao", null, sizes[i], us[i] * 1000, null));
                    ms.add(m("payloadSweep", "CiaoCiaoSweep", "CiaoCiao", null, sizes[i], us[i] * 1000 + 300, null));
                }
            }
            case "roundtrip-remote.bgml", "roundtrip-collocated.bgml" -> {
                boolean coll = deployment.equals("collocated");
                ms.add(m("throughput", "TaoTaoThroughput", "TaoTao", null, null, 0, coll ? 500_000.0 : 40_000.0));
                ms.add(m("throughput", "CiaoCiaoThroughput", "CiaoCiao", null, null, 0, coll ? 420_000.0 : 39_000.0));
            }
            case "proxy-penalty.bgml", "proxy-penalty-nodes.bgml" -> {
                ms.add(m("throughput", "DirectCallsPerSecond", "Direct", null, null, 0, 20_000.0));
                for (int i = 1; i <= 3; i++) {
                    ms.add(m("throughput", "ProxyCallsPerSecond" + i, "ToProxy" + i, null, null, 0, 3_000.0));
                }
            }
            case "dba-color.bgml", "dba-color-nodes.bgml" -> {
                // as the targets record them (processes by their paths), with the names the mesh pattern gives: DbaP_0_1
                // sends on DbaL_0_1_to_0_0 to DbaP_0_0. ACE times the sender's call and, at the receiver, the whole oneway
                // cycle from the sender's stub to the end of the upcall; omniORB's oneway cycle is the receiver's only
                boolean nodes = name.equals("dba-color-nodes.bgml"); // the across-nodes copy
                String sender = deployment + "/" + (nodes ? "agent1" : "localhost") + "/DbaP_0_1";
                String receiver = deployment + "/" + (nodes ? "agent0" : "localhost") + "/DbaP_0_0";
                if (target.equals("ace")) {
                    cycle(ms, sender, "DbaValueCycle", 300, "marshal", "send");
                    cycle(ms, sender, "DbaImprovementCycle", 280, "marshal", "send");
                    cycle(ms, receiver, "DbaValueCycle", 1500, "stub, marshal, send, receive", "demarshal, dispatch", "upcall");
                    cycle(ms, receiver, "DbaImprovementCycle", 1450, "stub, marshal, send, receive", "demarshal, dispatch", "upcall");
                } else {
                    cycle(ms, receiver, "DbaValueCycle", 2000, "client stub", "marshal, send, receive, demarshal", "servant dispatch", "upcall");
                    cycle(ms, receiver, "DbaImprovementCycle", 2500, "client stub", "marshal, send, receive, demarshal", "servant dispatch", "upcall");
                }
                ms.add(m("functionalPath", "DbaValueCycle", "DbaAgent_0_0/inbox", null, null, 130, null));
                ms.add(m("functionalPath", "DbaValueCycle", "DbaAgent_0_0/inbox", "glue", null, 85, null));
                ms.add(m("functionalPath", "DbaValueCycle", "DbaAgent_0_0/inbox", "executor", null, 44, null));
            }
            case "placement.bgml" -> {
                ms.add(m("latency", "SameCpuLatency", "SameCpu", null, null, 14_000, null));
                ms.add(m("latency", "CrossCpuLatency", "CrossCpu", null, null, 48_000, null));
                ms.add(m("latency", "UnpinnedLatency", "Unpinned", null, null, 30_000, null));
            }
            default -> throw new IllegalArgumentException(name);
        }
        String id = "20261126-000000-" + (++runs);
        RunRecord record = new RunRecord(id, model.toString(), name, null, target, deployment, null, RunRecord.OK, null,
                "2026-11-26T00:00:00Z", null, "test", null, null, null, Map.of(), List.of(),
                new EnvironmentRecord("here", "test CPU", "6.1", "g++", 201703, null, null, "test"), List.of(), ms, List.of(), null, null);
        return new StoredRun(runs, record);
    }

    /** A whole cycle at DbaL_0_1_to_0_0 recorded by {@code process}, cut into equal segments that add up to it. */
    private static void cycle(List<MeasurementRecord> ms, String process, String metric, double meanNs, String... segments) {
        ms.add(m(process, "functionalPath", metric, "DbaL_0_1_to_0_0", null, 4L, meanNs, null));
        for (String s : segments) {
            ms.add(m(process, "functionalPath", metric, "DbaL_0_1_to_0_0", s, 4L, meanNs / segments.length, null));
        }
    }

    private static MeasurementRecord m(String kind, String metric, String element, String segment, Long payload, double meanNs, Double throughput) {
        return m("p", kind, metric, element, segment, payload, meanNs, throughput);
    }

    private static MeasurementRecord m(String process, String kind, String metric, String element, String segment, Long payload, double meanNs,
            Double throughput) {
        Double mean = throughput == null ? meanNs : null;
        Long p50 = throughput == null ? Math.round(meanNs) : null;
        return new MeasurementRecord(process, null, new ResultMeasurement(kind, metric, element, null, segment, throughput == null ? "ns" : "perSecond",
                payload, 1L, 0L, 0L, 1000, mean, 1.0, null, null, p50, p50, p50, p50, List.of(), null, null, throughput, null, null, null,
                null, null, null, null, null, null, null));
    }
}
