package org.bgml.launcher.report;

import java.util.Arrays;
import java.util.Optional;

/**
 * The knee of a payload sweep: the payload size where latency jumps, and stays up, the most.
 * <p>
 * <b>Rule.</b> Sort the sizes ascending and take the latency at each (the median, p50, where the results have it,
 * else the mean). Let the steps be {@code d[i] = L[i+1] - L[i]} and {@code m} the median of {@code |d|}. The knee is
 * the size {@code s[i+1]}, among those whose step {@code d[i]} is larger than {@value #K} times {@code m} <i>and</i> larger than
 * {@value #MIN_RELATIVE_STEP} of the latency before it ({@code 0.10 * L[i]}): noise on a flat curve, where
 * {@code m} is near zero, is no knee, and neither is the rise of a few percent where copying starts to show on a flat
 * curve. The step must also be a jump, not a wobble: every later size stays above the middle of the step
 * ({@code L[j] >= L[i] + d[i] / 2} for all {@code j > i + 1}), so a single slow point (a preempted run on a loaded
 * machine) that the next sizes fall back from is no knee. Of the steps that qualify, the knee is the first whose size
 * relative to the latency before it ({@code d[i] / L[i]}) is at least {@value #DOMINANCE} of the largest such
 * relative step: on a 2-CPU machine an unpinned run can move from the same-CPU mode to the cross-CPU mode in the
 * middle of a sweep (8 to 12 us, and it stays there), a jump that persists but is much smaller than what
 * fragmentation adds; and past the knee a later step of the same order (omniORB at 64 KiB) is not the point where
 * the curve left its plateau. A sweep needs at least {@value #MIN_POINTS} sizes to have a
 * knee.
 * <p>
 * On omniORB the curve is flat to 4 KiB and jumps at 8 KiB (GIOP fragmentation), so the knee is 8 KiB. On a curve
 * that is linear in the size (data copying), the steps of a doubling sweep grow geometrically, and the knee is where
 * copying starts to dominate: two doublings past the middle of the sweep, or later where the fixed cost is large.
 */
public final class Knee {
    public static final double K = 3.0;
    public static final double MIN_RELATIVE_STEP = 0.10;
    public static final int MIN_POINTS = 3;
    public static final double DOMINANCE = 0.75;

    /**
     * @param index     index of the knee in the sorted sweep
     * @param step      the latency step into the knee
     * @param threshold the step it had to exceed
     */
    public record Result(int index, long size, double latency, double step, double threshold) {
    }

    private Knee() {
    }

    /** {@code sizes} ascending, {@code latencies} the figure at each size, in any one unit. */
    public static Optional<Result> find(long[] sizes, double[] latencies) {
        int n = sizes.length;
        if (n != latencies.length) {
            throw new IllegalArgumentException("sizes and latencies differ in length");
        }
        if (n < MIN_POINTS) {
            return Optional.empty();
        }
        double[] steps = new double[n - 1];
        double[] magnitudes = new double[n - 1];
        for (int i = 0; i < n - 1; i++) {
            steps[i] = latencies[i + 1] - latencies[i];
            magnitudes[i] = Math.abs(steps[i]);
        }
        Arrays.sort(magnitudes);
        double median = magnitudes.length % 2 == 1 ? magnitudes[magnitudes.length / 2]
                : (magnitudes[magnitudes.length / 2 - 1] + magnitudes[magnitudes.length / 2]) / 2;
        double[] relative = new double[n - 1];
        double[] thresholds = new double[n - 1];
        double largest = 0;
        for (int i = 0; i < n - 1; i++) {
            thresholds[i] = Math.max(K * median, MIN_RELATIVE_STEP * Math.abs(latencies[i]));
            if (steps[i] > thresholds[i] && staysUp(latencies, i + 2, latencies[i] + steps[i] / 2)) {
                relative[i] = steps[i] / Math.max(Math.abs(latencies[i]), Double.MIN_NORMAL);
                largest = Math.max(largest, relative[i]);
            } else {
                relative[i] = -1; // does not qualify
            }
        }
        for (int i = 0; i < n - 1; i++) {
            if (relative[i] > 0 && relative[i] >= DOMINANCE * largest) {
                return Optional.of(new Result(i + 1, sizes[i + 1], latencies[i + 1], steps[i], thresholds[i]));
            }
        }
        return Optional.empty();
    }

    private static boolean staysUp(double[] latencies, int from, double floor) {
        for (int j = from; j < latencies.length; j++) {
            if (latencies[j] < floor) {
                return false;
            }
        }
        return true;
    }
}
