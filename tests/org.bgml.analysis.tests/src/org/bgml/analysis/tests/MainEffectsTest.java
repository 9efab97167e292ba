package org.bgml.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;

import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Factor;
import org.bgml.analysis.FactorEffect;
import org.bgml.analysis.Interaction;
import org.bgml.analysis.MainEffects;
import org.bgml.analysis.Response;
import org.bgml.analysis.Significance;
import org.bgml.analysis.Tests;
import org.junit.jupiter.api.Test;

class MainEffectsTest {

    @Test
    void aFullFactorialRecoversExactlyTheFactorsWithMainEffectsAndTheInteractingPair() {
        List<Factor> factors = Synthetic.factors(6);
        ConfigurationTable t = Synthetic.table("reference", factors, Synthetic.fullFactorial(factors), 3, Synthetic::reference, 2, 7);
        MainEffects m = MainEffects.of(t, Response.LATENCY);
        assertEquals(List.of("A", "B", "C"), m.significant(), "significant factors");
        FactorEffect a = m.effect("A");
        assertEquals(16, a.spread(), 1.0, "A moves latency by 2 × 8 µs");
        assertEquals("lo", m.effect("B").bestLevel(Response.LATENCY));
        assertEquals("***", a.stars());
        Interaction strongest = Interaction.strongest(t, t.factors(), Response.LATENCY);
        assertEquals(List.of("A", "D"), List.of(strongest.first(), strongest.second()), "strongest pair");
        assertTrue(strongest.pValue() < 1e-6, "the A×D interaction is significant: p = " + strongest.pValue());
        // two-way means: A=hi with D=hi is 100 + 8 + 4 = 112 on average over B and C; A=hi with D=lo is 100 + 8 - 4
        assertEquals(112, strongest.means()[1][1], 1.0);
        assertEquals(104, strongest.means()[1][0], 1.0);
    }

    @Test
    void theTestFollowsTheResidualsNormalNoiseGetsTheFTestSkewedNoiseRankTests() {
        List<Factor> two = List.of(new Factor("P", List.of("a", "b")));
        List<Factor> three = List.of(new Factor("Q", List.of("x", "y", "z")));
        Random r = new Random(3);
        ConfigurationTable normal = table(two, r, false);
        ConfigurationTable skewedTwo = table(two, r, true);
        ConfigurationTable skewedThree = table(three, r, true);
        FactorEffect n = MainEffects.of(normal, Response.LATENCY).effects().get(0);
        assertEquals("one-way ANOVA F", n.test(), n.why());
        assertEquals("eta²", n.effectName());
        FactorEffect s2 = MainEffects.of(skewedTwo, Response.LATENCY).effects().get(0);
        assertEquals("Mann-Whitney U", s2.test(), s2.why());
        assertTrue(s2.why().startsWith("residuals not normal (Jarque-Bera"), s2.why());
        FactorEffect s3 = MainEffects.of(skewedThree, Response.LATENCY).effects().get(0);
        assertEquals("Kruskal-Wallis H", s3.test(), s3.why());
        assertTrue(n.significant() && s2.significant() && s3.significant(), "a level shift of 2 σ over 400 runs is found by every test");
    }

    private static ConfigurationTable table(List<Factor> factors, Random r, boolean skewed) {
        Factor f = factors.get(0);
        List<org.bgml.analysis.Observation> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 400; i++) {
            int level = i % f.levels().size();
            double noise = skewed ? Math.exp(1.2 * r.nextGaussian()) : r.nextGaussian();
            rows.add(new org.bgml.analysis.Observation("r" + i, Map.of(f.name(), f.levels().get(level)), 10 + 2 * level + noise, 1));
        }
        return new ConfigurationTable("t", factors, rows, List.of());
    }

    @Test
    void kruskalWallisOnTwoGroupsAgreesWithTheRankSumTest() {
        Random r = new Random(11);
        double[] a = new double[40];
        double[] b = new double[55];
        for (int i = 0; i < a.length; i++) {
            a[i] = r.nextGaussian();
        }
        for (int i = 0; i < b.length; i++) {
            b[i] = 0.5 + r.nextGaussian();
        }
        Tests.Result mw = Tests.mannWhitney(a, b);
        Tests.Result kw = Tests.kruskalWallis(List.of(a, b));
        assertEquals(mw.pValue(), kw.pValue(), 1e-9, "without ties H is the square of the rank-sum z");
        assertTrue(mw.effect() > 0, "the second group is larger: positive rank-biserial r");
    }

    @Test
    void holmAdjustsStepDownAndStarsFollow() {
        double[] adjusted = Significance.holm(new double[] { 0.01, 0.04, 0.03, 0.005, Double.NaN });
        assertArrayEquals(new double[] { 0.03, 0.06, 0.06, 0.02, Double.NaN }, adjusted, 1e-12);
        assertEquals("***", Significance.stars(0.0009));
        assertEquals("**", Significance.stars(0.009));
        assertEquals("*", Significance.stars(0.049));
        assertEquals(".", Significance.stars(0.09));
        assertEquals("", Significance.stars(0.2));
    }

    @Test
    void jarqueBeraAcceptsGaussianSamplesAndRejectsExponentialOnes() {
        Random r = new Random(5);
        double[] gauss = new double[2000];
        double[] expo = new double[2000];
        for (int i = 0; i < gauss.length; i++) {
            gauss[i] = r.nextGaussian();
            expo[i] = -Math.log(1 - r.nextDouble());
        }
        assertTrue(Tests.jarqueBera(gauss) > 0.01, "gaussian: p = " + Tests.jarqueBera(gauss));
        assertTrue(Tests.jarqueBera(expo) < 1e-10, "exponential: p = " + Tests.jarqueBera(expo));
    }
}
