package org.bgml.analysis;

import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;

/** How a response is spread over a set of runs: count, mean and percentiles. */
public record Distribution(int n, double mean, double min, double p10, double median, double p90, double max) {

    public static Distribution of(double[] values) {
        if (values.length == 0) {
            return new Distribution(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        DescriptiveStatistics s = new DescriptiveStatistics(values);
        return new Distribution(values.length, s.getMean(), s.getMin(), s.getPercentile(10), s.getPercentile(50), s.getPercentile(90),
                s.getMax());
    }

    /**
     * Shares of {@code values} (in %) in {@code bins} equal-width bins over [{@code low}, {@code high}]; values outside
     * fall into the end bins.
     */
    public static double[] histogram(double[] values, double low, double high, int bins) {
        double[] h = new double[bins];
        if (values.length == 0) {
            return h;
        }
        double width = high > low ? (high - low) / bins : 1;
        for (double v : values) {
            int b = (int) Math.floor((v - low) / width);
            h[Math.max(0, Math.min(bins - 1, b))]++;
        }
        for (int i = 0; i < bins; i++) {
            h[i] = 100 * h[i] / values.length;
        }
        return h;
    }
}
