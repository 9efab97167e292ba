package org.bgml.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Factor;
import org.bgml.analysis.Interaction;
import org.bgml.analysis.MainEffects;
import org.bgml.analysis.Response;
import org.bgml.experiment.design.CoveringArray;
import org.bgml.experiment.design.Design;
import org.bgml.experiment.design.DesignSpace;
import org.bgml.experiment.design.FractionalFactorial;
import org.bgml.experiment.design.FullFactorial;
import org.bgml.experiment.design.RandomSample;
import org.junit.jupiter.api.Test;

/**
 * The analysis on the experiment bundle's designs: a synthetic response with known main effects and one interaction,
 * measured on full factorial, regular fractional factorial, covering array and random designs. Each design is grown
 * (fewer fractions, more repetitions, larger samples) until the analysis names exactly the factors the full factorial
 * names, on every one of {@value #SEEDS} noise seeds; the runs that took are printed.
 */
class DesignRecoveryTest {
    static final int SEEDS = 5;
    /**
     * Covering arrays are repeated at most this often: they are not balanced, so repeating one shrinks the noise but
     * not the leak of one factor's effect into another's, which more repetitions only make "significant".
     */
    static final int MAX_REPETITIONS = 4;

    /** Seed paper, Table 1: the 14 binary run-time options of ACE+TAO+CIAO. */
    static final List<Factor> TABLE1 = List.of(new Factor("ORBReactorThreadQueue", List.of("FIFO", "LIFO")),
            new Factor("ORBClientConnectionHandler", List.of("RW", "MT")), new Factor("ORBReactorMaskSignals", List.of("0", "1")),
            new Factor("ORBConnectionPurgingStrategy", List.of("LRU", "LFU")), new Factor("ORBConnectionCachePurgePercentage", List.of("10", "40")),
            new Factor("ORBConnectionCacheLock", List.of("thread", "null")), new Factor("ORBCorbaObjectLock", List.of("thread", "null")),
            new Factor("ORBObjectKeyTableLock", List.of("thread", "null")), new Factor("ORBInputCDRAllocator", List.of("thread", "null")),
            new Factor("ORBConcurrency", List.of("reactive", "thread-per-connection")), new Factor("ORBActiveObjectMapSize", List.of("32", "128")),
            new Factor("ORBUseridPolicyDemuxStrategy", List.of("linear", "dynamic")),
            new Factor("ORBSystemidPolicyDemuxStrategy", List.of("linear", "dynamic")),
            new Factor("ORBUniqueidPolicyReverseDemuxStrategy", List.of("linear", "dynamic")));

    static double x(Map<String, String> c, String factor, String high) {
        return high.equals(c.get(factor)) ? 1 : -1;
    }

    /**
     * Latency (µs) shaped like the paper's findings: MT client connection handlers and the reactive concurrency model
     * are slower, worst together; a smaller effect of the cache purge percentage; nothing from the other eleven.
     */
    static double table1(Map<String, String> c) {
        double mt = x(c, "ORBClientConnectionHandler", "MT");
        double reactive = x(c, "ORBConcurrency", "reactive");
        return 100 + 10 * mt + 12 * reactive + 6 * mt * reactive + 3 * x(c, "ORBConnectionCachePurgePercentage", "40");
    }

    static final double TABLE1_SIGMA = 4;

    private static DesignSpace space(List<Factor> factors) {
        return new DesignSpace(factors.stream().map(f -> new DesignSpace.Factor(f.name(), f.levels())).toList());
    }

    /** One candidate design: its name, its configurations and how often each is run. */
    record Candidate(String design, List<Map<String, String>> points, int repetitions) {
        int runs() {
            return points.size() * repetitions;
        }
    }

    record Outcome(String design, int runs, boolean recovered, String detail) {
    }

    private static List<String> significant(List<Factor> factors, Candidate c, ToDoubleFunction<Map<String, String>> response, double sigma, long seed,
            boolean adjusted) {
        ConfigurationTable t = Synthetic.table(c.design(), factors, c.points(), c.repetitions(), response, sigma, seed);
        return MainEffects.of(t, factors, Response.LATENCY, adjusted).significant();
    }

    /** The first candidate (in the order given, smallest first) whose analysis names exactly {@code expected} on every seed. */
    private static Outcome smallest(String design, List<Factor> factors, List<Candidate> candidates, List<String> expected,
            ToDoubleFunction<Map<String, String>> response, double sigma, boolean adjusted) {
        String last = "";
        for (Candidate c : candidates) {
            boolean all = true;
            for (long seed = 1; seed <= SEEDS && all; seed++) {
                List<String> found = significant(factors, c, response, sigma, 1000 + seed, adjusted);
                if (!found.equals(expected)) {
                    all = false;
                    last = c.runs() + " runs, seed " + seed + ": " + (found.size() > 5 ? found.size() + " factors" : found);
                }
            }
            if (all) {
                return new Outcome(design, c.runs(), true, c.design() + (c.repetitions() > 1 ? " × " + c.repetitions() : ""));
            }
        }
        return new Outcome(design, -1, false, "not within " + candidates.get(candidates.size() - 1).runs() + " runs (" + last + ")");
    }

    private static List<Outcome> runsNeeded(List<Factor> factors, ToDoubleFunction<Map<String, String>> response, double sigma, List<String> expected,
            boolean adjusted, int maxRuns) {
        DesignSpace space = space(factors);
        List<Outcome> out = new ArrayList<>();
        int k = factors.size();
        List<Candidate> fractional = new ArrayList<>();
        for (int p = k - 1; p >= 1; p--) {
            if ((1 << (k - p)) - 1 - (k - p) < p) {
                continue;
            }
            Design d = FractionalFactorial.of(space, p);
            String name = "2^(" + k + "-" + p + ") res " + FractionalFactorial.structure(k, p).roman();
            for (int r = 1; d.size() * r <= maxRuns; r *= 2) {
                fractional.add(new Candidate(name, d.points(), r));
            }
        }
        fractional.sort(java.util.Comparator.comparingInt(Candidate::runs));
        out.add(smallest("fractional factorial", factors, fractional, expected, response, sigma, adjusted));
        for (int t = 2; t <= 4; t++) {
            Design d = CoveringArray.of(space, t, 7);
            List<Candidate> reps = new ArrayList<>();
            for (int r = 1; r <= MAX_REPETITIONS && d.size() * r <= maxRuns; r++) {
                reps.add(new Candidate(t + "-way covering array (" + d.size() + ")", d.points(), r));
            }
            out.add(smallest(t + "-way covering array", factors, reps, expected, response, sigma, adjusted));
        }
        List<Candidate> random = new ArrayList<>();
        for (int n = 16; n <= maxRuns; n = n < 64 ? n + 16 : n < 256 ? n + 32 : n * 2) {
            random.add(new Candidate("random " + n, RandomSample.of(space, n, n).points(), 1));
        }
        out.add(smallest("random sample", factors, random, expected, response, sigma, adjusted));
        return out;
    }

    private static void print(String title, long fullRuns, List<String> expected, List<Outcome> raw, List<Outcome> adjusted) {
        System.out.println();
        System.out.println(title + ": the full factorial (" + fullRuns + " runs) names " + expected);
        System.out.println(String.format(Locale.ROOT, "  %-22s %14s %14s   %s", "design", "one-way tests", "adjusted", "smallest that worked"));
        for (int i = 0; i < raw.size(); i++) {
            Outcome r = raw.get(i);
            Outcome a = adjusted.get(i);
            System.out.println(String.format(Locale.ROOT, "  %-22s %14s %14s   %s | %s", r.design(), r.recovered() ? r.runs() + " runs" : "-",
                    a.recovered() ? a.runs() + " runs" : "-", r.detail(), a.detail()));
        }
    }

    @Test
    void everyDesignRecoversExactlyTheKnownFactorsAndSaysHowManyRunsItNeeded() {
        List<Factor> factors = Synthetic.factors(8);
        Design full = FullFactorial.of(space(factors));
        ConfigurationTable t = Synthetic.table("full", factors, full.points(), 2, Synthetic::reference, 2, 1);
        MainEffects m = MainEffects.of(t, factors, Response.LATENCY, false);
        assertEquals(List.of("A", "B", "C"), m.significant(), "the full factorial names the three factors with main effects");
        Interaction strongest = Interaction.strongest(t, factors, Response.LATENCY);
        assertEquals(List.of("A", "D"), List.of(strongest.first(), strongest.second()), "and A×D as the strongest interaction");
        List<Outcome> raw = runsNeeded(factors, Synthetic::reference, 2, m.significant(), false, 1024);
        List<Outcome> adjusted = runsNeeded(factors, Synthetic::reference, 2, m.significant(), true, 1024);
        print("8 two-level factors, latency = 100 + 8A + 5B + 3C + 4AD + N(0, 2²)", t.size(), m.significant(), raw, adjusted);
        assertTrue(raw.get(0).recovered() && adjusted.get(0).recovered(), "the fractional factorial recovers A, B, C with either test: "
                + raw.get(0).detail() + " | " + adjusted.get(0).detail());
        assertTrue(recovered(raw, "covering array") || recovered(adjusted, "covering array"), "some covering array recovers A, B, C");
        assertTrue(recovered(raw, "random") || recovered(adjusted, "random"), "the random sample recovers A, B, C");
        for (List<Outcome> mode : List.of(raw, adjusted)) {
            for (Outcome o : mode) {
                assertTrue(!o.recovered() || o.runs() < t.size(), o.design() + " needed " + o.runs() + " runs, no fewer than the full factorial's");
            }
        }
    }

    private static boolean recovered(List<Outcome> outcomes, String design) {
        return outcomes.stream().anyMatch(o -> o.design().contains(design) && o.recovered());
    }

    /** Benchmark: the seed's 14 options (16,384 configurations); the goal is one hundredth of the runs (164). */
    @Test
    void table1RunsNeededByEachDesign() {
        Design full = FullFactorial.of(space(TABLE1));
        assertEquals(16_384, full.size());
        ConfigurationTable t = Synthetic.table("table1", TABLE1, full.points(), 1, DesignRecoveryTest::table1, TABLE1_SIGMA, 1);
        List<String> expected = MainEffects.of(t, TABLE1, Response.LATENCY, false).significant();
        assertEquals(List.of("ORBClientConnectionHandler", "ORBConnectionCachePurgePercentage", "ORBConcurrency"), expected);
        assertEquals(expected, MainEffects.of(t, TABLE1, Response.LATENCY, true).significant(), "adjusting changes nothing on the full factorial");
        long start = System.nanoTime();
        List<Outcome> raw = runsNeeded(TABLE1, DesignRecoveryTest::table1, TABLE1_SIGMA, expected, false, 1024);
        List<Outcome> adjusted = runsNeeded(TABLE1, DesignRecoveryTest::table1, TABLE1_SIGMA, expected, true, 1024);
        print("Table 1, 14 binary options, latency = 100 + 10 MT + 12 reactive + 6 MT·reactive + 3 purge40 + N(0, 4²)", t.size(), expected, raw,
                adjusted);
        List<String> withinGoal = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            int best = Math.min(raw.get(i).recovered() ? raw.get(i).runs() : Integer.MAX_VALUE, adjusted.get(i).recovered() ? adjusted.get(i).runs() : Integer.MAX_VALUE);
            if (best <= 164) {
                withinGoal.add(raw.get(i).design() + " (" + best + ")");
            }
        }
        System.out.println(String.format(Locale.ROOT, "  goal: at most 164 runs (1/100 of 16,384); met by %s; searched in %.1f s",
                withinGoal.isEmpty() ? "none" : String.join(", ", withinGoal), (System.nanoTime() - start) / 1e9));
        assertTrue(raw.get(0).recovered() && adjusted.get(0).recovered(), "the fractional factorial recovers the full factorial's answer within 1024 runs");
    }
}
