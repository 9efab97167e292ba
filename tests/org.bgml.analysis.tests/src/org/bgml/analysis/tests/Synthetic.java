package org.bgml.analysis.tests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.ToDoubleFunction;

import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Factor;
import org.bgml.analysis.Observation;

/**
 * Synthetic experiments with known answers: two-level factors named A, B, C, ... with levels "lo" and "hi", and a
 * response built from a formula over the ±1 coding of each factor plus seeded Gaussian noise.
 */
final class Synthetic {
    private Synthetic() {
    }

    static List<Factor> factors(int k) {
        List<Factor> out = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            out.add(new Factor(String.valueOf((char) ('A' + i)), List.of("lo", "hi")));
        }
        return out;
    }

    /** Every configuration of {@code factors}, the last factor changing fastest. */
    static List<Map<String, String>> fullFactorial(List<Factor> factors) {
        List<Map<String, String>> out = new ArrayList<>();
        int k = factors.size();
        for (int code = 0; code < (1 << k); code++) {
            Map<String, String> c = new LinkedHashMap<>();
            for (int i = 0; i < k; i++) {
                c.put(factors.get(i).name(), ((code >> (k - 1 - i)) & 1) == 1 ? "hi" : "lo");
            }
            out.add(c);
        }
        return out;
    }

    /** ±1 of a factor in a configuration. */
    static double x(Map<String, String> c, String factor) {
        return "hi".equals(c.get(factor)) ? 1 : -1;
    }

    /**
     * A table of {@code configurations} × {@code repetitions} runs; latency = {@code mean} + noise (σ = {@code sigma}),
     * throughput = 1e6 / latency.
     */
    static ConfigurationTable table(String name, List<Factor> factors, List<Map<String, String>> configurations, int repetitions,
            ToDoubleFunction<Map<String, String>> mean, double sigma, long seed) {
        Random random = new Random(seed);
        List<Observation> rows = new ArrayList<>();
        int id = 0;
        for (int rep = 0; rep < repetitions; rep++) {
            for (Map<String, String> c : configurations) {
                double latency = mean.applyAsDouble(c) + sigma * random.nextGaussian();
                rows.add(new Observation("run-" + id++, c, latency, 1e6 / latency));
            }
        }
        return new ConfigurationTable(name, factors, rows, List.of());
    }

    /**
     * The reference response of these tests: main effects on A (8), B (5) and C (3), an A×D interaction (4) without a
     * main effect of D, nothing from the other factors.
     */
    static double reference(Map<String, String> c) {
        return 100 + 8 * x(c, "A") + 5 * x(c, "B") + 3 * x(c, "C") + 4 * x(c, "A") * x(c, "D");
    }
}
