package org.bgml.reproduce.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;

import org.bgml.launcher.report.Bimodality;
import org.bgml.reproduce.Rules;
import org.bgml.reproduce.Verdict;
import org.bgml.reproduce.Verdict.Status;
import org.junit.jupiter.api.Test;

/** The verdict rules on synthetic figures, on either side of each threshold. */
class RulesTest {
    private static final long[] SIZES = { 512, 1024, 2048, 4096, 8192, 16384, 32768 };

    @Test
    void aFlatSweepWithAStepAt8KiBReproducesTheKneeWhereOmniOrbFragments() {
        double[] latency = { 20.1, 20.3, 20.2, 20.6, 41.0, 47.5, 60.2 };
        Verdict v = Rules.knee(SIZES, latency, 8192L);
        assertEquals(Status.REPRODUCED, v.status(), v.reason());
        assertEquals(41.0 / 20.6, v.ratio(), 1e-9);
        assertTrue(v.figure().contains("8 KiB"), v.figure());
    }

    @Test
    void aQuickSweepNeedsItsWholePlateauForTheKneeToStandOut() {
        // Medians measured here on omniORB (µs): with only 512 B..32 KiB, the three steps after the knee set the median
        // step and the 8 KiB step does not stand out; with the plateau from 4 B it does.
        double[] short7 = { 16.0, 16.2, 17.7, 19.2, 35.4, 49.7, 66.4 };
        assertEquals(Status.NOT_REPRODUCED, Rules.knee(SIZES, short7, 8192L).status());
        long[] from4 = { 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768 };
        double[] whole = { 15.1, 15.2, 15.2, 15.3, 15.3, 15.5, 15.6, 16.0, 16.2, 17.7, 19.2, 35.4, 49.7, 66.4 };
        Verdict v = Rules.knee(from4, whole, 8192L);
        assertEquals(Status.REPRODUCED, v.status(), v.reason());
    }

    @Test
    void aFlatSweepWithoutAStepHasNoKnee() {
        double[] latency = { 20.1, 20.3, 20.2, 20.4, 20.6, 20.5, 20.9 };
        Verdict v = Rules.knee(SIZES, latency, 8192L);
        assertEquals(Status.NOT_REPRODUCED, v.status());
        assertTrue(v.reason().contains("no persistent step"), v.reason());
    }

    @Test
    void aStepElsewhereThanTheTargetsFragmentSizeIsNotTheSeedsKnee() {
        double[] latency = { 20.1, 20.3, 20.2, 20.6, 20.9, 44.0, 52.0 };
        Verdict v = Rules.knee(SIZES, latency, 8192L);
        assertEquals(Status.NOT_REPRODUCED, v.status());
        assertTrue(v.reason().contains("16 KiB"), v.reason());
        assertEquals(Status.REPRODUCED, Rules.knee(SIZES, latency, null).status(), "any knee counts where the target has no known one");
    }

    @Test
    void aStepAtATinyPayloadIsTheMachineNotTheKnee() {
        // Measured here on ace while other builds ran: the sweep moved to a slower mode after 8 B and stayed there.
        long[] from4 = { 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768 };
        double[] shifted = { 12.1, 12.0, 18.2, 18.3, 18.1, 18.4, 18.5, 18.6, 18.9, 19.2, 19.8, 21.0, 24.0, 29.5 };
        Verdict v = Rules.knee(from4, shifted, null);
        assertEquals(Status.NOT_REPRODUCED, v.status(), v.reason());
        assertTrue(v.reason().contains("16 B"), v.reason());
    }

    @Test
    void aCurveThatRisesBeforeItsStepIsNotFlat() {
        double[] latency = { 10, 13, 16, 19, 40, 44, 50 };
        Verdict v = Rules.knee(SIZES, latency, 8192L);
        assertEquals(Status.NOT_REPRODUCED, v.status(), v.reason());
        assertTrue(v.reason().contains("not flat"), v.reason());
    }

    @Test
    void collocationNeedsAtLeastTwiceTheRemoteCalls() {
        assertEquals(Status.REPRODUCED, Rules.collocation(2.1e5, 1e5).status());
        Verdict close = Rules.collocation(1.9e5, 1e5);
        assertEquals(Status.NOT_REPRODUCED, close.status());
        assertEquals(1.9, close.ratio(), 1e-9);
    }

    @Test
    void glueMustCostSomethingButStayTheSameOrder() {
        assertEquals(Status.REPRODUCED, Rules.glue(84, 100, "component emulation").status());
        assertEquals(Status.NOT_REPRODUCED, Rules.glue(99, 100, "component emulation").status(), "1% is no overhead");
        assertEquals(Status.NOT_REPRODUCED, Rules.glue(101, 100, "component emulation").status(), "faster glue is not the seed's shape");
        assertEquals(Status.NOT_REPRODUCED, Rules.glue(40, 100, "component emulation").status(), "60% is not a modest overhead");
    }

    @Test
    void theProxyPenaltyMustExceedWhatSharingAmongThePairsExplains() {
        Verdict worse = Rules.proxy(List.of(2000.0, 2200.0, 1800.0), 10000.0);
        assertEquals(Status.REPRODUCED, worse.status(), worse.reason());
        assertEquals(0.2, worse.ratio(), 1e-9);
        Verdict sharingOnly = Rules.proxy(List.of(3500.0, 3400.0, 3600.0), 10000.0);
        assertEquals(Status.NOT_REPRODUCED, sharingOnly.status(), "0.35 is above the 1/3 that three pairs sharing alone leave");
    }

    @Test
    void segmentsMustAddUpToTheirCycleWithinFivePercent() {
        Verdict close = Rules.segments(List.of(new Rules.Cycle("a", 100, 103, 3), new Rules.Cycle("b", 50, 49, 2)));
        assertEquals(Status.REPRODUCED, close.status());
        Verdict gap = Rules.segments(List.of(new Rules.Cycle("a", 100, 103, 3), new Rules.Cycle("b", 50, 46, 2)));
        assertEquals(Status.NOT_REPRODUCED, gap.status());
        assertTrue(gap.reason().startsWith("b"), "the worst cycle is named: " + gap.reason());
        assertEquals(Status.NOT_RUN, Rules.segments(List.of()).status(), "no segments measured is not a verdict on the shape");
    }

    @Test
    void theAceCycleMustBeBelowTheOrbCycle() {
        Verdict below = Rules.aceVsOrb(128, 165, "tao");
        assertEquals(Status.REPRODUCED, below.status());
        assertEquals(128.0 / 165.0, below.ratio(), 1e-9);
        assertEquals(Status.NOT_REPRODUCED, Rules.aceVsOrb(170, 165, "tao").status());
    }

    @Test
    void theAceAndOrbCyclesAreComparedOnlyWhenTimedOnTheSameSideOfTheLink() {
        Rules.CycleTiming aceSender = new Rules.CycleTiming(128, "P_1", true, List.of("marshal", "send"));
        Rules.CycleTiming taoSender = new Rules.CycleTiming(165, "P_1", true, List.of());
        Verdict like = Rules.aceVsOrb(aceSender, taoSender, "tao");
        assertEquals(Status.REPRODUCED, like.status(), "both the sender's call: a finding");
        assertEquals(128.0 / 165.0, like.ratio(), 1e-9);

        // the omniORB oneway cycle ends at the receiver's upcall; ACE's at the sender's send: far shorter, and no finding
        Rules.CycleTiming omniReceiver = new Rules.CycleTiming(8000, "P_0", false,
                List.of("client stub", "marshal, send, receive, demarshal", "servant dispatch", "upcall"));
        Verdict unlike = Rules.aceVsOrb(aceSender, omniReceiver, "omniorb");
        assertEquals(Status.NOT_RUN, unlike.status(), "a ratio of 0.016 would read as 'reproduced': " + unlike);
        assertNull(unlike.ratio());
        assertTrue(unlike.reason().contains("the omniorb cycle is timed at the receiving process P_0 over the segments 'client stub',"
                + " 'marshal, send, receive, demarshal', 'servant dispatch', 'upcall'"), unlike.reason());
        assertTrue(unlike.reason().contains("the ACE cycle is timed at the sending process P_1 over the segments 'marshal', 'send'"), unlike.reason());
        assertTrue(unlike.reason().contains("omniorb stores no cycle timed at the sender"), unlike.reason());
        assertEquals("median ACE 128 µs against omniorb 8000 µs (not comparable)", unlike.figure());

        // both at the receiver is like with like again
        Rules.CycleTiming aceReceiver = new Rules.CycleTiming(6000, "P_0", false, List.of("dispatch", "upcall"));
        assertEquals(Status.REPRODUCED, Rules.aceVsOrb(aceReceiver, omniReceiver, "omniorb").status());
    }

    @Test
    void placementMattersWhenDifferentCpusChangeTheRoundTripByAFifth() {
        Optional<Bimodality.Result> modes = Optional.of(new Bimodality.Result(14, 0.6, 50, 0.4, 25));
        Verdict matters = Rules.placement(14, 48, 30, modes);
        assertEquals(Status.REPRODUCED, matters.status());
        assertTrue(matters.figure().contains("bimodal near 14 and 50 µs"), matters.figure());
        assertEquals(Status.NOT_REPRODUCED, Rules.placement(14, 15, 14.5, Optional.empty()).status());
        assertEquals(Status.REPRODUCED, Rules.placement(20, 14, 18, Optional.empty()).status(), "faster across CPUs is a difference too");
    }
}
