package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.bgml.launcher.report.Bimodality;
import org.bgml.launcher.report.Knee;
import org.bgml.launcher.results.ResultMeasurement;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;

/** The knee and bimodality rules on shapes whose answer is known. */
class ReportRulesTest {
    static final long[] SIZES = { 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536 };

    @Test
    void omniOrbsSweepHasItsKneeAt8KiB() {
        // flat to 4 KiB with noise, the GIOP fragmentation jump at 8 KiB, then copying cost
        double[] latency = { 14.6, 14.5, 14.7, 14.6, 14.6, 14.8, 14.7, 14.9, 15.0, 15.2, 15.4, 24.8, 27.1, 31.0, 39.5 };
        Optional<Knee.Result> knee = Knee.find(SIZES, latency);
        assertTrue(knee.isPresent());
        assertEquals(8192, knee.get().size());
        assertEquals(11, knee.get().index());
    }

    @Test
    void aFewPercentRiseBeforeTheJumpIsNoKnee() {
        // omniORB measured on a loaded 2-core machine: +5.3 % at 2 KiB, +4.1 % at 4 KiB, +114 % at 8 KiB
        double[] latency = { 17.54, 17.76, 17.62, 17.51, 17.43, 17.37, 17.48, 17.41, 17.79, 18.73, 19.50, 41.80, 74.77, 84.43, 86.03 };
        assertEquals(8192, Knee.find(SIZES, latency).orElseThrow().size());
    }

    @Test
    void aSlowPointThatTheCurveFallsBackFromIsNoKnee() {
        // one preempted point at 512 B (+35 %), back on the flat part after it; the real jump is at 8 KiB
        double[] latency = { 17.5, 17.6, 17.5, 17.4, 17.5, 17.4, 17.5, 23.6, 17.6, 17.8, 18.0, 41.8, 74.8, 84.4, 86.0 };
        assertEquals(8192, Knee.find(SIZES, latency).orElseThrow().size());
        double[] lastOnly = { 17.5, 17.6, 17.5, 17.4, 17.5, 17.4, 17.5, 17.5, 17.6, 17.8, 18.0, 17.9, 18.1, 18.0, 26.0 };
        assertEquals(65536, Knee.find(SIZES, lastOnly).orElseThrow().size(), "a jump at the last size has nothing after it to fall back");
    }

    @Test
    void aMoveToTheOtherCpuModeMidSweepIsNotTheKnee() {
        // omniORB p50s (ns) from a CI run: from 32 B on the processes ran in the cross-CPU mode (+49 %, and it stays),
        // then fragmentation at 8 KiB (+95 %)
        double[] latency = { 8447, 8318, 8175, 12187, 13332, 12878, 12940, 13168, 13016, 13743, 15802, 30811, 49111, 69821, 86395 };
        assertEquals(8192, Knee.find(SIZES, latency).orElseThrow().size());
    }

    @Test
    void aLaterStepOfTheSameOrderIsNotTheKnee() {
        // omniORB p50s (ns) from a full test run: +101 % at 8 KiB (fragmentation), then +121 % at 64 KiB
        double[] latency = { 10805, 10912, 10544, 10844, 10445, 10562, 10943, 12064, 11585, 12885, 14877, 29996, 53511, 69094,
                152661 };
        assertEquals(8192, Knee.find(SIZES, latency).orElseThrow().size(), "the curve leaves its plateau at 8 KiB");
    }

    @Test
    void aFlatNoisySweepHasNoKnee() {
        double[] latency = { 14.6, 14.5, 14.7, 14.6, 14.6, 14.8, 14.7, 14.9, 14.8, 14.6, 14.7, 14.8, 14.9, 14.7, 14.8 };
        assertTrue(Knee.find(SIZES, latency).isEmpty());
        assertTrue(Knee.find(new long[] { 4, 8 }, new double[] { 1, 100 }).isEmpty(), "two sizes are no sweep");
    }

    @Test
    void rawTcpStaysFlatTo32KiB() {
        double[] latency = { 13.1, 13.0, 13.2, 13.1, 13.2, 13.2, 13.3, 13.3, 13.4, 13.5, 13.6, 13.8, 14.0, 14.3, 21.0 };
        assertEquals(65536, Knee.find(SIZES, latency).orElseThrow().size());
    }

    @Test
    void unpinnedLoopbackRoundTripsAreBimodal() {
        long[] samples = Fixtures.bimodal(5, 20_000, 13_600, 50_000, 0.6);
        Optional<Bimodality.Result> r = Bimodality.test(buckets(samples));
        assertTrue(r.isPresent(), "13.6 and 50 µs modes");
        assertTrue(r.get().lowMode() > 11_000 && r.get().lowMode() < 16_000, "low mode " + r.get().lowMode());
        assertTrue(r.get().highMode() > 42_000 && r.get().highMode() < 60_000, "high mode " + r.get().highMode());
        assertEquals(0.6, r.get().lowShare(), 0.03);
    }

    @Test
    void aUnimodalDistributionWithALongTailIsNot() {
        long[] body = Fixtures.samples(6, 20_000, 14_500, 600);
        long[] tail = new long[200];
        for (int i = 0; i < tail.length; i++) {
            tail[i] = 20_000 + 400L * i; // a thin tail to 100 µs: 1% of the samples
        }
        assertTrue(Bimodality.test(buckets(Fixtures.concat(body, tail))).isEmpty());
        long[] lognormal = new long[20_000];
        java.util.Random random = new java.util.Random(9);
        for (int i = 0; i < lognormal.length; i++) {
            lognormal[i] = Math.round(Math.exp(Math.log(20_000) + 0.5 * random.nextGaussian()));
        }
        assertTrue(Bimodality.test(buckets(lognormal)).isEmpty(), "a wide log-normal has one mode");
        assertTrue(Bimodality.test(buckets(Fixtures.bimodal(5, 40, 13_600, 50_000, 0.6))).isEmpty(), "too few samples to say");
    }

    static List<ResultMeasurement.Bucket> buckets(long[] samples) {
        long[] sorted = samples.clone();
        java.util.Arrays.sort(sorted);
        JsonArray json = Fixtures.histogram(sorted);
        List<ResultMeasurement.Bucket> out = new ArrayList<>();
        for (JsonElement e : json) {
            out.add(new ResultMeasurement.Bucket(e.getAsJsonObject().get("lower").getAsLong(), e.getAsJsonObject().get("upper").getAsLong(),
                    e.getAsJsonObject().get("count").getAsLong()));
        }
        return out;
    }
}
