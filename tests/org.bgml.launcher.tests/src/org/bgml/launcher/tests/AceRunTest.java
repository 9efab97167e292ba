package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.bgml.launcher.results.ResultMeasurement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * One run of {@code models/ace-metrics.bgml} on the ace target (ACE sockets and CDR, no ORB) through the launcher's
 * one-click path: latency, throughput, the payload sweep and the white-box segments of a call.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AceRunTest {
    /** Every metric runs its own loop on this target: 3,000 + 3,000 + 15 x 400 + 2,000 cycles. */
    static final long TOTAL = 20_000 + 3_000 + 15 * 400 + 2_000;

    private LauncherRuns.Run run;

    @BeforeAll
    void runOnce() throws Exception {
        LauncherRuns.require("ACE (libace-dev)", "pkg-config", "--exists", "ACE");
        LauncherRuns.require("cmake", "cmake", "--version");
        run = LauncherRuns.run("ace-metrics.bgml", "ace");
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
    void latencyAndThroughput() {
        ResultMeasurement latency = run.one("RemoteLatency");
        ResultMeasurement throughput = run.one("RemoteThroughput");
        assertTrue(latency.mean() > 2_000 && latency.mean() < 5_000_000, "a loopback round trip takes microseconds: " + latency.mean() + " ns");
        assertTrue(throughput.throughput() != null && throughput.throughput() > 0);
        double callsPerSecond = throughput.n() / (throughput.wallNs() / 1e9);
        assertEquals(callsPerSecond, throughput.throughput(), 0.01 * callsPerSecond, "throughput is calls over the loop's wall time");
        assertTrue(throughput.throughput() < 1e9 / throughput.min(), "no faster than one call per fastest round trip");
    }

    /** Without an ORB there is no GIOP fragmentation: the sweep grows with the bytes copied, and 64 KiB costs more than 4 B. */
    @Test
    void payloadSweep() {
        List<ResultMeasurement> sweep = run.of("EchoSweep");
        long[] sizes = LauncherRuns.sizes(sweep);
        assertEquals(15, sizes.length, "4 B to 64 KiB doubling");
        assertEquals(4, sizes[0]);
        assertEquals(65536, sizes[14]);
        double small = LauncherRuns.medianP50(sweep.subList(0, 5));
        assertTrue(sweep.get(14).p50() > small, "64 KiB echoes take longer than the small ones: " + LauncherRuns.describe(sweep));
        sweep.forEach(m -> assertTrue(m.bytesPerSecond() == null || m.bytesPerSecond() > 0));
    }

    /**
     * The client's segments of each call (marshal, send, wait for the reply, receive, demarshal) add up to the call,
     * and the server's (dispatch, upcall, reply) to its part of it.
     */
    @Test
    void segmentsAddUpToTheCall() {
        LauncherRuns.segmentsAddUpToTheCycle(run, "CallPath", List.of("marshal", "send", "wait", "receive", "demarshal"));
        ResultMeasurement wait = run.segments("CallPath").stream().filter(m -> "wait".equals(m.segment())).findFirst().orElseThrow();
        ResultMeasurement marshal = run.segments("CallPath").stream().filter(m -> "marshal".equals(m.segment())).findFirst().orElseThrow();
        assertTrue(wait.p50() > marshal.p50(), "waiting for the server's reply takes longer than marshalling 8 bytes");
    }

    @Test
    void liveSampleCountsArriveWhileMeasuring() {
        LauncherRuns.progressGrewDuringTheRun(run, TOTAL);
    }
}
