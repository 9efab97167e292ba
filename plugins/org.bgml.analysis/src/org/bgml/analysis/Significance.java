package org.bgml.analysis;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/** Significance stars and the Holm correction for testing several factors at once. */
public final class Significance {
    /** The level below which an adjusted p-value counts as significant. */
    public static final double ALPHA = 0.05;

    private Significance() {
    }

    /** {@code ***} p < 0.001, {@code **} p < 0.01, {@code *} p < 0.05, {@code .} p < 0.1, else empty. */
    public static String stars(double p) {
        if (Double.isNaN(p)) {
            return "";
        }
        return p < 0.001 ? "***" : p < 0.01 ? "**" : p < 0.05 ? "*" : p < 0.1 ? "." : "";
    }

    /** The legend of {@link #stars}. */
    public static String legend() {
        return "*** p < 0.001, ** p < 0.01, * p < 0.05, . p < 0.1 (Holm-adjusted over the factors tested)";
    }

    /**
     * Holm's step-down adjustment: controls the chance of any false "significant" among the tests. NaN entries
     * (factors that could not be tested) stay NaN and do not count as tests.
     */
    public static double[] holm(double[] p) {
        double[] adjusted = new double[p.length];
        Arrays.fill(adjusted, Double.NaN);
        Integer[] order = IntStream.range(0, p.length).filter(i -> !Double.isNaN(p[i])).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        int m = order.length;
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            int i = order[rank];
            running = Math.max(running, Math.min(1, (m - rank) * p[i]));
            adjusted[i] = running;
        }
        return adjusted;
    }

    /** A p-value as text: 4 decimals, scientific below 1e-4. */
    public static String format(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (p == 0) {
            return "< 1e-300";
        }
        return p < 1e-4 ? String.format(java.util.Locale.ROOT, "%.1e", p) : String.format(java.util.Locale.ROOT, "%.4f", p);
    }
}
