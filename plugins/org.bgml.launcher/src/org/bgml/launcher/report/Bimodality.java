package org.bgml.launcher.report;

import java.util.List;
import java.util.Optional;
import java.util.TreeMap;

import org.bgml.launcher.results.ResultMeasurement.Bucket;

/**
 * Finds a second mode in a latency distribution: the histogram-valley rule on the log histogram.
 * <p>
 * <b>Rule.</b> The runtime's log buckets (16 per power of two) are merged into quarter-octave bins ({@value #BINS_PER_OCTAVE}
 * per power of two, by each bucket's geometric centre). Let {@code P} be the fullest bin. The distribution is bimodal
 * when some other bin {@code J} is a local maximum at least {@value #MIN_SEPARATION_BINS} bins (half an octave, a factor
 * 1.41) from {@code P}, the emptiest bin strictly between them holds at most {@value #MAX_VALLEY_RATIO} of {@code J}'s
 * count (a real dip, not a shoulder), and each side of that valley holds at least {@value #MIN_MODE_SHARE} of the
 * samples (so a few outliers in the tail are no mode). Of several such {@code J}, the fullest is reported. At least
 * {@value #MIN_SAMPLES} samples are needed.
 * <p>
 * Unpinned loopback round trips on a 2-vCPU machine (13-14 µs when client and server share a vCPU, 45-57 µs when they
 * do not) are two octaves apart with an empty valley: bimodal. A unimodal distribution with a long tail has no
 * valley followed by a second local maximum holding 5% of the samples.
 */
public final class Bimodality {
    public static final int BINS_PER_OCTAVE = 4;
    public static final int MIN_SEPARATION_BINS = 2;
    public static final double MAX_VALLEY_RATIO = 0.5;
    public static final double MIN_MODE_SHARE = 0.05;
    public static final long MIN_SAMPLES = 50;

    /** Two modes (bin centres, in the histogram's unit) and the share of samples on each side of the valley. */
    public record Result(double lowMode, double lowShare, double highMode, double highShare, double valley) {
    }

    private Bimodality() {
    }

    public static Optional<Result> test(List<Bucket> histogram) {
        TreeMap<Integer, Long> bins = new TreeMap<>();
        long total = 0;
        for (Bucket b : histogram) {
            double lower = Math.max(b.lower(), 0.5);
            double centre = Math.sqrt(lower * Math.max(b.upper(), lower));
            int bin = (int) Math.floor(BINS_PER_OCTAVE * Math.log(centre) / Math.log(2));
            bins.merge(bin, b.count(), Long::sum);
            total += b.count();
        }
        if (total < MIN_SAMPLES || bins.size() < 3) {
            return Optional.empty();
        }
        int first = bins.firstKey();
        long[] h = new long[bins.lastKey() - first + 1];
        bins.forEach((bin, count) -> h[bin - first] = count);
        int peak = 0;
        for (int i = 1; i < h.length; i++) {
            if (h[i] > h[peak]) {
                peak = i;
            }
        }
        Result best = null;
        long bestCount = -1;
        for (int j = 0; j < h.length; j++) {
            if (Math.abs(j - peak) < MIN_SEPARATION_BINS || h[j] == 0) {
                continue;
            }
            boolean localMax = (j == 0 || h[j] >= h[j - 1]) && (j == h.length - 1 || h[j] >= h[j + 1]);
            if (!localMax) {
                continue;
            }
            int lo = Math.min(j, peak);
            int hi = Math.max(j, peak);
            int valley = lo + 1;
            for (int v = lo + 1; v < hi; v++) {
                if (h[v] < h[valley]) {
                    valley = v;
                }
            }
            if (h[valley] > MAX_VALLEY_RATIO * h[j]) {
                continue;
            }
            long below = 0;
            long above = 0;
            for (int i = 0; i < h.length; i++) {
                if (i < valley) {
                    below += h[i];
                } else if (i > valley) {
                    above += h[i];
                }
            }
            double lowShare = (double) below / total;
            double highShare = (double) above / total;
            if (lowShare < MIN_MODE_SHARE || highShare < MIN_MODE_SHARE) {
                continue;
            }
            if (h[j] > bestCount) {
                bestCount = h[j];
                best = new Result(centre(first + lo), lowShare, centre(first + hi), highShare, centre(first + valley));
            }
        }
        return Optional.ofNullable(best);
    }

    private static double centre(int bin) {
        return Math.pow(2, (bin + 0.5) / BINS_PER_OCTAVE);
    }
}
