package org.bgml.reproduce;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.bgml.launcher.report.Bimodality;
import org.bgml.launcher.report.Knee;
import org.bgml.launcher.results.Units;

/**
 * The verdict rules: when a figure measured here has the seed's shape. Each rule takes plain numbers, so that the
 * thresholds are tested on synthetic figures on either side of them. The rules judge shapes, not values: a 2-CPU
 * machine of 2026 is not a Pentium 4 testbed of 2004, so only who is faster and by roughly how much can carry over.
 */
public final class Rules {
    /** A payload sweep is flat before its knee when the latency there is at most this multiple of the smallest size's. */
    public static final double FLAT_BEFORE_KNEE = 1.5;
    /** The seed's knee comes once the payload passes a few KiB; a step below this size is the machine, not the payload. */
    public static final long MIN_KNEE_BYTES = 1024;
    /** Collocated calls must be at least this many times the remote calls per second ("far faster"). */
    public static final double COLLOCATION_MIN = 2.0;
    /** Glue costs something: component throughput at most this share of the plain servant's ... */
    public static final double GLUE_MAX = 0.98;
    /** ... but stays the same order: at least this share. */
    public static final double GLUE_MIN = 0.5;
    /** Segments add up to the cycle within this relative error (the seed's "closely"; the 5%). */
    public static final double SEGMENT_TOLERANCE = 0.05;
    /** Placement matters when the cross-CPU round trip differs from the same-CPU one by this factor either way. */
    public static final double PLACEMENT_FACTOR = 1.2;

    private Rules() {
    }

    /**
     * Finding 1: flat, then a step. {@code latenciesUs} at {@code sizes} ascending; {@code expectedKnee} the size where the
     * step must be on this target (omniORB: 8 KiB, where GIOP fragmentation starts), or null for any knee.
     */
    public static Verdict knee(long[] sizes, double[] latenciesUs, Long expectedKnee) {
        if (sizes.length < Knee.MIN_POINTS) {
            return Verdict.notReproduced(sizes.length + " payload sizes", null,
                    "a sweep needs at least " + Knee.MIN_POINTS + " sizes to show a knee");
        }
        Optional<Knee.Result> found = Knee.find(sizes, latenciesUs);
        String range = Units.bytes(sizes[0]) + " to " + Units.bytes(sizes[sizes.length - 1]);
        if (found.isEmpty()) {
            return Verdict.notReproduced("no knee from " + range + " (" + us(latenciesUs[0]) + " to " + us(latenciesUs[latenciesUs.length - 1])
                    + ")", null, "no persistent step stands out of the curve (the launcher's knee rule)");
        }
        Knee.Result k = found.get();
        double before = latenciesUs[k.index() - 1];
        double ratio = k.latency() / before;
        String figure = "flat at " + us(latenciesUs[0]) + " to " + us(before) + " up to " + Units.bytes(sizes[k.index() - 1]) + ", then "
                + us(k.latency()) + " at " + Units.bytes(k.size());
        if (before > FLAT_BEFORE_KNEE * latenciesUs[0]) {
            return Verdict.notReproduced(figure, ratio, "a step at " + Units.bytes(k.size()) + ", but the curve already rose "
                    + times(before / latenciesUs[0]) + " before it: not flat (limit " + times(FLAT_BEFORE_KNEE) + ")");
        }
        if (k.size() < MIN_KNEE_BYTES) {
            return Verdict.notReproduced(figure, ratio, "a step at " + Units.bytes(k.size()) + ", below " + Units.bytes(MIN_KNEE_BYTES)
                    + ": a payload of a few cache lines does not make a knee; a machine whose load changed during the sweep does");
        }
        if (expectedKnee != null && k.size() != expectedKnee) {
            return Verdict.notReproduced(figure, ratio, "flat, then a step, but at " + Units.bytes(k.size()) + ", not at "
                    + Units.bytes(expectedKnee) + " where this target starts to fragment");
        }
        return Verdict.reproduced(figure, ratio, "flat, then a step of " + times(ratio) + " at " + Units.bytes(k.size())
                + (expectedKnee != null ? ", where this target starts to fragment" : ""));
    }

    /** Finding 2: collocated calls/s against remote calls/s. */
    public static Verdict collocation(double collocatedPerSecond, double remotePerSecond) {
        double ratio = collocatedPerSecond / remotePerSecond;
        String figure = "collocated " + perSecond(collocatedPerSecond) + " against remote " + perSecond(remotePerSecond);
        return Verdict.judged(ratio >= COLLOCATION_MIN, figure, ratio, ratio >= COLLOCATION_MIN
                ? "collocated calls are " + times(ratio) + " as many as remote ones (at least " + times(COLLOCATION_MIN) + " needed)"
                : "collocated calls are only " + times(ratio) + " the remote ones (at least " + times(COLLOCATION_MIN) + " needed)");
    }

    /** Finding 3: collocated calls/s through the component glue against a plain servant's. */
    public static Verdict glue(double componentPerSecond, double plainPerSecond, String glueName) {
        double ratio = componentPerSecond / plainPerSecond;
        String figure = glueName + " " + perSecond(componentPerSecond) + " against plain servant " + perSecond(plainPerSecond);
        String overhead = String.format(Locale.ROOT, "%.1f%%", 100 * (1 - ratio));
        if (ratio >= 1) {
            return Verdict.notReproduced(figure, ratio, "the component path was not slower than the plain servant ("
                    + Verdict.ratio(ratio) + "): no glue overhead to see");
        }
        if (ratio > GLUE_MAX) {
            return Verdict.notReproduced(figure, ratio, "the glue costs " + overhead + " of collocated throughput: within "
                    + String.format(Locale.ROOT, "%.0f%%", 100 * (1 - GLUE_MAX)) + ", no overhead to speak of");
        }
        if (ratio < GLUE_MIN) {
            return Verdict.notReproduced(figure, ratio, "the glue costs " + overhead + ": more than "
                    + String.format(Locale.ROOT, "%.0f%%", 100 * (1 - GLUE_MIN)) + ", not the seed's modest overhead");
        }
        return Verdict.reproduced(figure, ratio, "the glue costs " + overhead + " of collocated throughput");
    }

    /** Finding 4: per-client calls/s of {@code pairs} concurrent pairs through the proxy against one direct pair. */
    public static Verdict proxy(List<Double> proxiedPerSecond, double directPerSecond) {
        int pairs = proxiedPerSecond.size();
        double perClient = proxiedPerSecond.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        double ratio = perClient / directPerSecond;
        double concurrency = 1.0 / pairs;
        String figure = pairs + " pairs through the proxy " + perSecond(perClient) + " per client against one direct pair "
                + perSecond(directPerSecond);
        return Verdict.judged(ratio < concurrency, figure, ratio, ratio < concurrency
                ? "each client gets " + Verdict.ratio(ratio) + " of a direct pair: less than the " + Verdict.ratio(concurrency)
                        + " that sharing among " + pairs + " pairs alone would leave"
                : "each client gets " + Verdict.ratio(ratio) + " of a direct pair: no worse than the " + Verdict.ratio(concurrency)
                        + " that sharing among " + pairs + " pairs alone would leave");
    }

    /** One measured cycle and the sum of its segments' means, in one unit. */
    public record Cycle(String label, double cycleMean, double segmentSum, int segments) {
        public double error() {
            return Math.abs(segmentSum - cycleMean) / cycleMean;
        }
    }

    /** Finding 5: every cycle's segments add up to it within {@value #SEGMENT_TOLERANCE}. */
    public static Verdict segments(List<Cycle> cycles) {
        if (cycles.isEmpty()) {
            return Verdict.notRun("the run stored no cycle with white-box segments");
        }
        Cycle worst = cycles.stream().max((a, b) -> Double.compare(a.error(), b.error())).orElseThrow();
        String figure = cycles.size() + " cycle(s); worst " + worst.label() + ": segments " + us(worst.segmentSum()) + " against cycle "
                + us(worst.cycleMean()) + String.format(Locale.ROOT, " (%.2f%% apart)", 100 * worst.error());
        double ratio = worst.segmentSum() / worst.cycleMean();
        return Verdict.judged(worst.error() <= SEGMENT_TOLERANCE, figure, ratio, worst.error() <= SEGMENT_TOLERANCE
                ? "every cycle's segments add up to it within " + pct(SEGMENT_TOLERANCE)
                : worst.label() + "'s segments miss its cycle by " + pct(worst.error()) + " (limit " + pct(SEGMENT_TOLERANCE) + ")");
    }

    /**
     * How one target timed the DBA-color cycle of one link: the median (µs, value plus improvement cycle), the process
     * that recorded it, whether that process is the link's sender, and the segments it cut the cycle into.
     */
    public record CycleTiming(double medianUs, String process, boolean atSender, List<String> segments) {
        public CycleTiming {
            segments = List.copyOf(segments);
        }

        String describe() {
            return "timed at the " + (atSender ? "sending" : "receiving") + " process " + process
                    + (segments.isEmpty() ? " as one whole call" : " over the segments '" + String.join("', '", segments) + "'");
        }
    }

    /**
     * Finding 6, like with like only: the ACE cycle against the ORB cycle when both were timed on the same side of the
     * link. A cycle the sender times (its call, from the stub to its return) and one the receiver times (which ends at
     * the receiver's upcall, and may start at the receiver or at the sender) span different parts of the exchange, so
     * their ratio says nothing about what the ORB costs: the verdict is refused, with both definitions.
     */
    public static Verdict aceVsOrb(CycleTiming ace, CycleTiming orb, String orbName) {
        if (ace.atSender() != orb.atSender()) {
            String figure = "median ACE " + us(ace.medianUs()) + " against " + orbName + " " + us(orb.medianUs()) + " (not comparable)";
            return new Verdict(Verdict.Status.NOT_RUN, figure, null, "not comparable: the " + orbName + " cycle is " + orb.describe()
                    + ", the ACE cycle is " + ace.describe() + "; " + (orb.atSender() ? "ACE" : orbName)
                    + " stores no cycle timed at the sender for these oneway calls, so the two figures cover different parts of"
                    + " the exchange and their ratio is no finding");
        }
        return aceVsOrb(ace.medianUs(), orb.medianUs(), orbName);
    }

    /** Finding 6: the ACE cycle against the ORB cycle (medians), in one unit, timed the same way on both sides. */
    public static Verdict aceVsOrb(double aceCycleUs, double orbCycleUs, String orb) {
        double ratio = aceCycleUs / orbCycleUs;
        String figure = "median ACE " + us(aceCycleUs) + " against " + orb + " " + us(orbCycleUs);
        return Verdict.judged(ratio < 1, figure, ratio, ratio < 1 ? "the ACE cycle is " + Verdict.ratio(ratio) + " of the " + orb + " cycle"
                : "the ACE cycle is not below the " + orb + " cycle (" + Verdict.ratio(ratio) + ")");
    }

    /**
     * Finding 7: median round trip with client and server on different CPUs against on one CPU; {@code unpinned} the
     * unpinned pair's modes (in µs) when its distribution is bimodal.
     */
    public static Verdict placement(double sameCpuUs, double crossCpuUs, double unpinnedUs, Optional<Bimodality.Result> unpinned) {
        double ratio = crossCpuUs / sameCpuUs;
        boolean matters = ratio >= PLACEMENT_FACTOR || ratio <= 1 / PLACEMENT_FACTOR;
        String modes = unpinned.map(b -> "; unpinned " + us(unpinnedUs) + ", bimodal near " + Units.number(b.lowMode()) + " and "
                + Units.number(b.highMode()) + " µs (" + Math.round(100 * b.lowShare()) + "% / " + Math.round(100 * b.highShare()) + "%)")
                .orElse("; unpinned " + us(unpinnedUs) + ", one mode");
        String figure = "median same CPU " + us(sameCpuUs) + ", different CPUs " + us(crossCpuUs) + modes;
        return Verdict.judged(matters, figure, ratio, matters
                ? "different CPUs give " + times(ratio) + " the same-CPU round trip: placement is a factor on this machine"
                : "different CPUs give " + times(ratio) + " the same-CPU round trip: within " + times(PLACEMENT_FACTOR) + ", placement does not matter here");
    }

    static String us(double micros) {
        return Units.number(micros) + " µs";
    }

    static String perSecond(double v) {
        return String.format(Locale.ROOT, "%,.0f calls/s", v);
    }

    static String times(double r) {
        return (r >= 10 ? String.format(Locale.ROOT, "%.1f", r) : String.format(Locale.ROOT, "%.2f", r)) + "x";
    }

    static String pct(double share) {
        return String.format(Locale.ROOT, "%.0f%%", 100 * share);
    }
}
