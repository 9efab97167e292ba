package org.bgml.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Factor;
import org.bgml.analysis.MainEffects;
import org.bgml.analysis.Response;
import org.bgml.analysis.SubsetAnalysis;
import org.bgml.analysis.WorstTree;
import org.junit.jupiter.api.Test;

class SubsetAndTreeTest {

    @Test
    void fixingAnOptionShowsTheSubsetAndTheUnsetOptionsThatStillMatter() {
        List<Factor> factors = Synthetic.factors(6);
        ConfigurationTable t = Synthetic.table("reference", factors, Synthetic.fullFactorial(factors), 3, Synthetic::reference, 2, 8);
        assertFalse(MainEffects.of(t, Response.LATENCY).significant().contains("D"), "D has no main effect over the whole space");

        SubsetAnalysis s = SubsetAnalysis.of(t, Map.of("A", "hi"));
        assertEquals(96, s.subsetRuns(), "half of the 192 runs have A=hi");
        assertEquals(192, s.wholeRuns());
        MainEffects unset = s.unsetEffects().get(Response.LATENCY);
        assertEquals(List.of("B", "C", "D", "E", "F"), unset.effects().stream().map(e -> e.factor()).toList(), "only unset options are tested");
        assertEquals(List.of("B", "C", "D"), unset.significant(), "with A fixed to hi, the A×D interaction makes D matter");
        assertEquals("lo", unset.effect("D").bestLevel(Response.LATENCY), "with A=hi, D=lo is 8 µs faster");
        assertEquals(108, s.whole().get(Response.LATENCY).mean() + 8, 1.0, "whole space mean ≈ 100");
        assertEquals(108, s.subset().get(Response.LATENCY).mean(), 1.0, "A=hi adds 8 µs");
        assertEquals("A=hi B=* C=* D=* E=* F=*", s.query(t));

        SubsetAnalysis two = SubsetAnalysis.of(t, Map.of("A", "hi", "D", "lo"));
        assertEquals(List.of("B", "C"), two.unsetEffects().get(Response.LATENCY).significant(), "after fixing D, only B and C are left");
        assertEquals(104, two.subset().get(Response.LATENCY).mean(), 1.0);

        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> t.subset(Map.of("A", "medium")));
        assertEquals("A has no level 'medium' (levels: lo, hi)", bad.getMessage());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> t.subset(Map.of("Z", "hi")));
        assertTrue(unknown.getMessage().startsWith("no factor 'Z'"), unknown.getMessage());
    }

    /** Skoll's finding: the poor performers gather where two options meet (client handler MT and reactive concurrency). */
    static double corner(Map<String, String> c) {
        double slow = Synthetic.x(c, "B") > 0 && Synthetic.x(c, "D") > 0 ? 40 : 0;
        return 100 + Synthetic.x(c, "A") + slow;
    }

    @Test
    void theTreeFindsTheCornerWhereTheWorstRunsGather() {
        List<Factor> factors = Synthetic.factors(7);
        ConfigurationTable t = Synthetic.table("corner", factors, Synthetic.fullFactorial(factors), 2, SubsetAndTreeTest::corner, 1.5, 9);
        WorstTree.Result r = WorstTree.fit(t, Response.LATENCY, 10, 1);
        assertEquals(26, r.worstRuns(), "ceil(10% of 256)");
        assertEquals(List.of("B", "D"), r.topFactors().subList(0, 2).stream().sorted().toList(), "the first two splits: " + r.topFactors());
        WorstTree.Leaf best = r.worstLeaves().get(0);
        assertTrue(best.rule().contains("B = hi") && best.rule().contains("D = hi"), best.rule());
        assertTrue(r.recall() >= 0.9, "the worst leaves hold most worst runs: " + r.recall());
        int inLeaves = r.leaves().stream().mapToInt(WorstTree.Leaf::support).sum();
        assertEquals(t.size(), inLeaves, "every run reaches exactly one leaf");
        assertTrue(best.purity() > 0.5, "purity " + best.purity());

        WorstTree.Result byThroughput = WorstTree.fit(t, Response.THROUGHPUT, 10, 1);
        assertEquals(r.worstRuns(), byThroughput.worstRuns(), "the lowest throughput runs are the slowest ones here");
        assertEquals(r.labels(), byThroughput.labels());
        assertThrows(IllegalArgumentException.class, () -> WorstTree.fit(t, Response.LATENCY, 0, 1));
    }
}
