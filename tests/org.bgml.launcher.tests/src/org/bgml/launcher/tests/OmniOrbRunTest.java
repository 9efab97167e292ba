package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.Optional;

import org.bgml.launcher.RunProgress;
import org.bgml.launcher.report.Knee;
import org.bgml.launcher.results.ResultMeasurement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * One run of {@code models/omniorb-metrics.bgml} on omniORB through the launcher's one-click path, and the numbers it
 * must give: every metric of the issue on small sample counts, each checked against what omniORB does on this kind
 * of machine (TOOLCHAIN.md) rather than against fixed results.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OmniOrbRunTest {
    /** Timed samples of the model's driving loops: 3,000 (latency, throughput and jitter share a loop) + 15 x 400 (sweep) + 20,000 (collocated) + 2,000 (functional path) + 1,000 (events). */
    static final long TOTAL = 3_000 + 15 * 400 + 20_000 + 2_000 + 1_000;

    private LauncherRuns.Run run;

    @BeforeAll
    void runOnce() throws Exception {
        LauncherRuns.require("omniORB (libomniorb4-dev, omniidl)", "pkg-config", "--exists", "omniORB4");
        LauncherRuns.require("omniEvents", "test", "-x", "/usr/sbin/omniEvents");
        LauncherRuns.require("cmake", "cmake", "--version");
        run = LauncherRuns.run("omniorb-metrics.bgml", "omniorb");
    }

    @AfterAll
    void cleanUp() throws Exception {
        if (run != null) {
            LauncherRuns.delete(run.dir());
        }
    }

    @Test
    void sampleCountsAreTheModels() throws Exception {
        LauncherRuns.sampleCountsAreTheModels(run);
    }

    @Test
    void meansLieBetweenMinAndMax() {
        LauncherRuns.meansLieBetweenMinAndMax(run);
    }

    @Test
    void annotatedElementsResolveInTheModel() throws Exception {
        LauncherRuns.annotatedElementsResolve(run);
    }

    @Test
    void latencyThroughputAndJitterOfOneLoop() {
        ResultMeasurement latency = run.one("RemoteLatency");
        ResultMeasurement throughput = run.one("RemoteThroughput");
        ResultMeasurement jitter = run.one("RemoteJitter");
        assertTrue(latency.mean() > 2_000 && latency.mean() < 5_000_000, "a loopback round trip takes microseconds: " + latency.mean() + " ns");
        double callsPerSecond = latency.n() / (latency.wallNs() / 1e9);
        assertEquals(callsPerSecond, throughput.throughput(), 0.01 * callsPerSecond, "throughput is calls over the loop's wall time");
        assertTrue(throughput.throughput() <= 1e9 / latency.mean() * 1.05, "no faster than one call per mean round trip");
        assertTrue(jitter.stddev() > 0, "jitter is the spread of the samples");
    }

    /** omniORB's collocated call is a virtual call through the POA (~0.06 us here), a remote one a loopback round trip (~14-50 us). */
    @Test
    void collocatedMeanIsFarBelowRemote() {
        double local = run.one("LocalLatency").mean();
        double remote = run.one("RemoteLatency").mean();
        assertTrue(local * 20 < remote, "collocated " + local + " ns is not far below remote " + remote + " ns");
        assertTrue(run.one("LocalLatency").p50() * 20 < run.one("RemoteLatency").p50(), "and so are the medians");
    }

    /** Component emulation: the glue servant and the executor cut each upcall in two; the halves add up to it. */
    @Test
    void glueAndExecutorAddUpToTheUpcall() {
        LauncherRuns.segmentsAddUpToTheCycle(run, "GluePath", List.of("glue", "executor"));
    }

    /**
     * The 4 B..64 KiB sweep: GIOP 1.2 fragments requests above 8 KiB, so omniORB's curve is flat to 4 KiB and jumps
     * at 8 KiB. Client and server share CPU 0; medians, not means, so that a preempted call cannot move a point.
     */
    @Test
    void payloadSweepHasItsKneeNear8KiB() {
        List<ResultMeasurement> sweep = run.of("EchoSweep");
        long[] sizes = LauncherRuns.sizes(sweep);
        assertEquals(15, sizes.length, "4 B to 64 KiB doubling");
        assertEquals(4, sizes[0]);
        assertEquals(65536, sizes[14]);
        List<ResultMeasurement> flat = sweep.stream().filter(m -> m.payloadBytes() <= 4096).toList();
        List<ResultMeasurement> beyond = sweep.stream().filter(m -> m.payloadBytes() >= 8192).toList();
        double below = LauncherRuns.medianP50(flat);
        double atKnee = sweep.stream().filter(m -> m.payloadBytes() == 8192).findFirst().orElseThrow().p50();
        double lastFlat = sweep.stream().filter(m -> m.payloadBytes() == 4096).findFirst().orElseThrow().p50();
        String curve = LauncherRuns.describe(sweep);
        assertTrue(atKnee > 1.25 * below, "no jump at 8 KiB over the flat part (median p50 " + below + " ns): " + curve);
        assertTrue(atKnee - lastFlat > 2 * (lastFlat - below), "the step into 8 KiB is larger than the rise up to 4 KiB: " + curve);
        assertTrue(LauncherRuns.medianP50(beyond) > below * 1.25, curve);
        Optional<Knee.Result> knee = Knee.find(sizes, sweep.stream().mapToDouble(m -> m.p50()).toArray());
        assertTrue(knee.isPresent(), "the report finds no knee: " + curve);
        assertTrue(knee.get().size() >= 4096 && knee.get().size() <= 16384, "the report's knee is near 8 KiB, not at " + knee.get().size()
                + ": " + curve);
    }

    @Test
    void staticAndDynamicFootprint() {
        ResultMeasurement f = run.one("ClientFootprint");
        assertTrue(f.staticFootprintBytes() != null && f.staticFootprintBytes() > 100_000,
                "the executable and its omniORB libraries take more than 100 KB: " + f.staticFootprintBytes());
        assertTrue(f.peakResidentKiB() != null && f.peakResidentKiB() > 1_000, "peak resident set: " + f.peakResidentKiB() + " KiB");
        assertTrue(f.residentKiB() != null && f.residentKiB() <= f.peakResidentKiB(), "resident set at the end is at most the peak");
    }

    /** Events pushed through an omniEvents channel at 5,000/s: one-way latency and the receive rate at the consumer. */
    @Test
    void eventLatencyAndThroughputThroughOmniEvents() {
        ResultMeasurement latency = run.one("TickLatency");
        ResultMeasurement throughput = run.one("TickThroughput");
        assertEquals(1000, latency.n());
        assertTrue(latency.min() > 0 && latency.p50() < 1_000_000_000L, "one-way latency through the channel: p50 " + latency.p50() + " ns");
        assertTrue(latency.mean() > run.one("RemoteLatency").p50() / 2.0,
                "two hops through omniEvents take at least half a direct round trip: " + latency.mean() + " ns");
        assertTrue(throughput.throughput() > 1_000 && throughput.throughput() < 7_500,
                "events arrive at no more than about the supplier's 5,000/s, and not at a trickle: " + throughput.throughput());
        assertTrue(run.outcome().result().manifest().processes().stream().anyMatch(p -> p.executable().contains("omniEvents")),
                "the events went through the omniEvents daemon the manifest starts");
    }

    @Test
    void liveSampleCountsArriveWhileMeasuring() {
        LauncherRuns.progressGrewDuringTheRun(run, TOTAL);
        List<RunProgress.Phase> phases = run.phases();
        assertTrue(phases.indexOf(RunProgress.Phase.STARTING) < phases.indexOf(RunProgress.Phase.COLLECTING), phases.toString());
    }

    /** The model file now carries the run's results, but what is generated from it is the same: nothing to do. */
    @Test
    void secondRunOfTheAnnotatedModelGeneratesAndCompilesNothing() throws Exception {
        LauncherRuns.Run second = LauncherRuns.again(run, "omniorb");
        assertTrue(second.phaseDetails().stream().anyMatch(d -> d.startsWith("GENERATING unchanged since the last generation")),
                second.phaseDetails().toString());
        assertTrue(!second.outcome().result().build().rebuilt(), "compiled again");
        assertTrue(second.outcome().timings().build() * 20 < run.outcome().timings().build(),
                "the second build (hashes only) takes under 5% of the first: " + second.outcome().timings().build() + " ns against "
                        + run.outcome().timings().build() + " ns");
        LauncherRuns.sampleCountsAreTheModels(second);
        assertEquals(2, org.bgml.model.io.ModelFiles.loadModel(run.model()).getResults().size(), "both runs are on the model");
    }

    @Test
    void reportAndStoreHoldTheRun() throws Exception {
        assertTrue(run.outcome().report() != null && Files.size(run.outcome().report()) > 100_000, "report: " + run.outcome().reportProblem());
        String html = Files.readString(run.outcome().report());
        assertTrue(html.contains("knee"), "the sweep's knee is marked in the report");
        assertTrue(run.outcome().stored().record().ok());
        assertEquals(run.measurements().size(), run.outcome().stored().record().measurements().size());
    }
}
