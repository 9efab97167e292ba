package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.experiment.design.Design;
import org.bgml.experiment.design.DesignSpace;
import org.bgml.experiment.design.FractionalFactorial;
import org.bgml.experiment.design.FullFactorial;
import org.bgml.experiment.design.RandomSample;
import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.experiment.plan.Planner;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.DesignKind;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;

/** Full and fractional factorials, random samples and run order. */
class DesignTest {

    private static DesignSpace binary(int k) {
        List<DesignSpace.Factor> f = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            f.add(new DesignSpace.Factor("x" + i, List.of("lo", "hi")));
        }
        return new DesignSpace(f);
    }

    @Test
    void fullFactorialOfTableOneHasEveryConfigurationOnce() throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(Repo.example("tao-options-experiment.bgml"));
        ExperimentPlan plan = Planner.plan(model, null, new Planner.Overrides(null, null, null, null, 1, null));
        assertEquals(16_384, plan.configurations());
        assertEquals(16_384, new HashSet<>(plan.design().points()).size(), "no configuration twice");
    }

    @Test
    void fractionalFactorialIsOrthogonalWithTheResolutionItPrints() {
        DesignSpace space = binary(7);
        Design d = FractionalFactorial.of(space, 3);
        assertEquals(16, d.size());
        assertTrue(d.description().get(0).contains("resolution IV"), d.description().toString());
        assertTrue(d.description().stream().anyMatch(l -> l.startsWith("generators: E=ABC, F=BCD, G=ACD")), d.description().toString());
        assertTrue(d.description().stream().anyMatch(l -> l.contains("main effects: clear of two-factor interactions")));
        // every pair of columns shows each of the four level combinations equally often
        for (int i = 0; i < 7; i++) {
            for (int j = i + 1; j < 7; j++) {
                Map<String, Integer> counts = new HashMap<>();
                for (Map<String, String> p : d.points()) {
                    counts.merge(p.get("x" + i) + "/" + p.get("x" + j), 1, Integer::sum);
                }
                assertEquals(Map.of("lo/lo", 4, "lo/hi", 4, "hi/lo", 4, "hi/hi", 4), counts, "columns " + i + " and " + j);
            }
        }
        // resolution III: main effects are aliased with two-factor interactions, and the printout says which
        Design three = FractionalFactorial.of(binary(7), 4);
        assertTrue(three.description().get(0).contains("resolution III"));
        assertTrue(three.description().stream().anyMatch(l -> l.startsWith("main effects aliased with two-factor interactions: A=")),
                three.description().toString());
    }

    @Test
    void fractionOfFourteenFactorsKeepsResolutionFour() {
        FractionalFactorial.Structure s = FractionalFactorial.structure(14, 7);
        assertTrue(s.resolution() >= 4, "2^(14-7) at resolution " + s.resolution());
        // the defining relation is a group: the product of any two words is a word
        Set<Long> words = new HashSet<>(s.definingWords());
        for (long a : s.definingWords()) {
            for (long b : s.definingWords()) {
                assertTrue(a == b || words.contains(a ^ b));
            }
        }
        assertEquals(127, s.definingWords().size());
    }

    @Test
    void everyFractionWithRoomForResolutionFourReachesIt() {
        // Resolution IV exists whenever k <= 2^(k-p-1) (fold-over); 2^(8-4) is the classic case (E=BCD, F=ACD, ...).
        assertEquals(4, FractionalFactorial.structure(8, 4).resolution());
        for (int k = 5; k <= 16; k++) {
            for (int p = 1; p < k - 2; p++) {
                int base = k - p;
                if (k <= (1 << (base - 1))) {
                    FractionalFactorial.Structure s = FractionalFactorial.structure(k, p);
                    assertTrue(s.resolution() >= 4, "2^(" + k + "-" + p + ") at resolution " + s.resolution());
                }
            }
        }
    }

    @Test
    void randomSampleIsDistinctValidAndReproducible() {
        DesignSpace space = binary(10);
        Design a = RandomSample.of(space, 50, 3);
        Design b = RandomSample.of(space, 50, 3);
        Design c = RandomSample.of(space, 50, 4);
        assertEquals(50, new HashSet<>(a.points()).size());
        assertEquals(a.points(), b.points());
        assertNotEquals(a.points(), c.points());
        assertEquals(1024, FullFactorial.of(space).size());
    }

    @Test
    void runOrderRepeatsEveryConfigurationAndIsShuffledFromTheSeed() throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(Repo.example("omniorb-options-experiment.bgml"));
        ExperimentPlan one = Planner.plan(model, null, Planner.Overrides.NONE);
        ExperimentPlan same = Planner.plan(ModelFiles.loadModel(Repo.example("omniorb-options-experiment.bgml")), null, Planner.Overrides.NONE);
        ExperimentPlan other = Planner.plan(model, null, new Planner.Overrides(null, null, null, null, null, 43L));
        assertEquals(3, one.repetitions());
        assertEquals(one.configurations() * 3, one.runs().size());
        Set<String> pairs = new HashSet<>();
        for (PlannedRun r : one.runs()) {
            assertTrue(pairs.add(r.point() + "/" + r.repetition()));
            assertEquals(one.design().points().get(r.point()), r.levels());
        }
        assertEquals(one.key(), same.key());
        assertEquals(one.runs(), same.runs());
        assertNotEquals(one.key(), other.key());
        List<Integer> order = one.runs().stream().map(PlannedRun::point).toList();
        List<Integer> sorted = new ArrayList<>(order);
        sorted.sort(null);
        assertNotEquals(sorted, order, "the run order is shuffled, not design order");
        ExperimentPlan random = Planner.plan(model, null, new Planner.Overrides(DesignKind.RANDOM, null, null, 5, 2, null));
        assertEquals(10, random.runs().size());
    }
}
