package org.bgml.analysis;

import java.util.ArrayList;
import java.util.List;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;
import org.apache.commons.math3.distribution.FDistribution;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;
import org.apache.commons.math3.stat.inference.OneWayAnova;
import org.apache.commons.math3.stat.ranking.NaNStrategy;
import org.apache.commons.math3.stat.ranking.NaturalRanking;
import org.apache.commons.math3.stat.ranking.TiesStrategy;

/**
 * The tests behind the main effects, all from Apache Commons Math 3.6.1: the one-way ANOVA F-test, the Mann-Whitney U
 * (Wilcoxon rank-sum) test, the Kruskal-Wallis H test (built here from Commons Math's ranking and chi-squared
 * distribution, with the correction for ties), and the Jarque-Bera normality test on the one-way model's residuals.
 */
public final class Tests {
    /** The normality test's level: residuals with a Jarque-Bera p below it are treated as not normal. */
    public static final double NORMALITY_ALPHA = 0.05;
    /** Fewer residuals than this are not checked for normality (the F-test is used). */
    public static final int NORMALITY_MIN_N = 8;

    private Tests() {
    }

    /** The outcome of one test; {@code effect} is the effect size the test's family uses. */
    public record Result(String test, double statistic, double pValue, double effect, String effectName) {
    }

    /** One-way ANOVA F over the groups, with eta² (between-group share of the total sum of squares) as effect size. */
    public static Result anova(List<double[]> groups) {
        return anova(groups, -1);
    }

    /**
     * The F-test of the groups with {@code errorDf} error degrees of freedom (a larger model's residual df), or the
     * one-way ANOVA's own (N - k) when {@code errorDf} is negative.
     */
    public static Result anova(List<double[]> groups, int errorDf) {
        double grand = 0;
        int n = 0;
        for (double[] g : groups) {
            for (double v : g) {
                grand += v;
                n++;
            }
        }
        grand /= n;
        double between = 0;
        double total = 0;
        for (double[] g : groups) {
            double mean = mean(g);
            between += g.length * (mean - grand) * (mean - grand);
            for (double v : g) {
                total += (v - grand) * (v - grand);
            }
        }
        double within = total - between;
        double f;
        double p;
        if (within <= 1e-12 * Math.max(total, 1e-300)) {
            f = between > 0 ? Double.POSITIVE_INFINITY : Double.NaN;
            p = between > 0 ? 0 : 1;
        } else if (errorDf < 0) {
            OneWayAnova anova = new OneWayAnova();
            f = anova.anovaFValue(groups);
            p = anova.anovaPValue(groups);
        } else {
            int df1 = groups.size() - 1;
            f = errorDf > 0 ? (between / df1) / (within / errorDf) : Double.NaN;
            p = fPValue(f, df1, errorDf);
        }
        return new Result("one-way ANOVA F", f, p, total == 0 ? 0 : between / total, "eta²");
    }

    /**
     * Two-sided Mann-Whitney U for two groups, with the rank-biserial correlation as effect size: positive when the
     * second group tends to be larger.
     */
    public static Result mannWhitney(double[] first, double[] second) {
        double[] all = new double[first.length + second.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(second, 0, all, first.length, second.length);
        double[] ranks = new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.AVERAGE).rank(all);
        double r2 = 0;
        for (int i = first.length; i < all.length; i++) {
            r2 += ranks[i];
        }
        double n1 = first.length;
        double n2 = second.length;
        double u2 = r2 - n2 * (n2 + 1) / 2;
        double p = new MannWhitneyUTest(NaNStrategy.FAILED, TiesStrategy.AVERAGE).mannWhitneyUTest(first, second);
        return new Result("Mann-Whitney U", u2, p, 2 * u2 / (n1 * n2) - 1, "rank-biserial r");
    }

    /** Kruskal-Wallis H with the tie correction, chi-squared with k-1 degrees of freedom; epsilon² = H/(N-1) as effect size. */
    public static Result kruskalWallis(List<double[]> groups) {
        int n = groups.stream().mapToInt(g -> g.length).sum();
        double[] all = new double[n];
        int at = 0;
        for (double[] g : groups) {
            System.arraycopy(g, 0, all, at, g.length);
            at += g.length;
        }
        double[] ranks = new NaturalRanking(NaNStrategy.FAILED, TiesStrategy.AVERAGE).rank(all);
        double sum = 0;
        at = 0;
        for (double[] g : groups) {
            double r = 0;
            for (int i = 0; i < g.length; i++) {
                r += ranks[at + i];
            }
            at += g.length;
            sum += r * r / g.length;
        }
        double h = 12.0 / (n * (n + 1.0)) * sum - 3.0 * (n + 1);
        double[] sorted = all.clone();
        java.util.Arrays.sort(sorted);
        double ties = 0;
        for (int i = 0; i < n;) {
            int j = i;
            while (j < n && sorted[j] == sorted[i]) {
                j++;
            }
            double t = j - i;
            ties += t * t * t - t;
            i = j;
        }
        double correction = 1 - ties / ((double) n * n * n - n);
        h = correction <= 0 ? 0 : h / correction;
        double p = 1 - new ChiSquaredDistribution(groups.size() - 1).cumulativeProbability(h);
        return new Result("Kruskal-Wallis H", h, Math.max(p, 0), n > 1 ? h / (n - 1) : 0, "epsilon²");
    }

    /** Jarque-Bera on the residuals of the one-way model (each value minus its group mean): its p-value. */
    public static double residualNormality(List<double[]> groups) {
        List<Double> residuals = new ArrayList<>();
        for (double[] g : groups) {
            double mean = mean(g);
            for (double v : g) {
                residuals.add(v - mean);
            }
        }
        return jarqueBera(residuals.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** The Jarque-Bera test of normality (skewness and excess kurtosis, chi-squared with 2 degrees of freedom): its p-value. */
    public static double jarqueBera(double[] x) {
        int n = x.length;
        if (n < 3) {
            return Double.NaN;
        }
        double mean = mean(x);
        double m2 = 0;
        double m3 = 0;
        double m4 = 0;
        for (double v : x) {
            double d = v - mean;
            double d2 = d * d;
            m2 += d2;
            m3 += d2 * d;
            m4 += d2 * d2;
        }
        m2 /= n;
        m3 /= n;
        m4 /= n;
        if (m2 <= 0) {
            return 1; // no spread at all: nothing speaks against the F-test
        }
        double skew = m3 / Math.pow(m2, 1.5);
        double kurt = m4 / (m2 * m2) - 3;
        double jb = n / 6.0 * (skew * skew + kurt * kurt / 4);
        return Math.max(0, 1 - new ChiSquaredDistribution(2).cumulativeProbability(jb));
    }

    /** Upper-tail p of an F statistic. */
    public static double fPValue(double f, int df1, int df2) {
        if (Double.isNaN(f) || df1 <= 0 || df2 <= 0) {
            return Double.NaN;
        }
        if (Double.isInfinite(f)) {
            return 0;
        }
        return Math.max(0, 1 - new FDistribution(df1, df2).cumulativeProbability(f));
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return x.length == 0 ? Double.NaN : s / x.length;
    }
}
