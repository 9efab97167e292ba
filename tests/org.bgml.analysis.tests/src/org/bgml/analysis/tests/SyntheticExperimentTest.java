package org.bgml.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.bgml.analysis.Analysis;
import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Interaction;
import org.bgml.analysis.Response;
import org.bgml.analysis.StoreTables;
import org.bgml.analysis.WorstTree;
import org.bgml.experiment.Experiments;
import org.bgml.experiment.plan.Planner;
import org.bgml.experiment.synthetic.SyntheticResponse;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.model.DesignKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end through the store: the experiment runner plans the seed's Table 1 experiment as a 2^(14-9) fractional
 * factorial, runs it with the synthetic response (no benchmark), stores every run; the analysis reads them back and
 * names exactly the factors the synthetic model gives an effect (adjusted tests), the interacting pair, and the worst
 * corner.
 */
class SyntheticExperimentTest {
    @TempDir
    Path temp;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aFractionalTable1ExperimentRunThroughTheStoreIsAnalysedRight() throws Exception {
        Path model = Files.copy(StoredExperiments.repo().resolve("examples/tao-options-experiment.bgml"), temp.resolve("tao-options-experiment.bgml"));
        Path db = temp.resolve("results.db");
        Experiments.runSynthetic(model, "SkollTableOne", new Planner.Overrides(DesignKind.FRACTIONAL_FACTORIAL, null, 9, null, 2, null), "skoll", db);
        SyntheticResponse truth = SyntheticResponse.skollTableOne();
        ConfigurationTable t;
        try (ResultsStore store = ResultsStore.openExisting(db)) {
            t = StoreTables.read(store, "SkollTableOne", List.of(), null);
        }
        assertEquals(64, t.size(), "32 configurations × 2 repetitions");
        assertEquals(14, t.factors().size());
        Analysis a = Analysis.of(t, new Analysis.Options(Response.LATENCY, Map.of(), 10, 1, true));
        List<String> expected = truth.effects().stream().map(SyntheticResponse.Effect::factor).sorted().toList();
        assertEquals(expected, a.mainEffects().get(Response.LATENCY).significant().stream().sorted().toList(),
                "adjusted for the other factors, exactly the factors with effects");
        List<String> plain = Analysis.of(t, new Analysis.Options(Response.LATENCY, Map.of(), 10, 1, false)).mainEffects().get(Response.LATENCY)
                .significant();
        assertTrue(expected.containsAll(plain) && plain.contains("ORBConcurrency") && plain.contains("ORBClientConnectionHandler"),
                "plain one-way tests find the two large effects and nothing false (the 4 µs one hides under them in 64 runs): " + plain);
        Interaction i = a.interaction();
        SyntheticResponse.Interaction pair = truth.interactions().get(0);
        String truePair = pair.factorA() + "×" + pair.factorB();
        String reversed = pair.factorB() + "×" + pair.factorA();
        String found = i.first() + "×" + i.second();
        assertTrue(found.equals(truePair) || found.equals(reversed) || i.aliases().contains(truePair) || i.aliases().contains(reversed),
                "the interacting pair is the strongest, or aliased with it in this design: " + found + ", aliases " + i.aliases());
        WorstTree.Leaf worst = a.tree().worstLeaves().get(0);
        assertTrue(worst.rule().contains(pair.factorA() + " = " + pair.levelA()) && worst.rule().contains(pair.factorB() + " = " + pair.levelB()),
                "the worst runs sit where the interaction strikes: " + worst.rule());
    }
}
