package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.targets.ConfigurationChoice;
import org.bgml.targets.GenerationService;
import org.bgml.testing.RepositoryRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A target picks its configuration by middleware: examples/roundtrip.bgml has omniorbLoopback first and taoLoopback
 * second; a TAO run without --config takes taoLoopback, and a configuration named on purpose that holds settings
 * of another middleware is applied with a warning naming them.
 */
class ConfigurationChoiceTest {
    private static BenchmarkModel roundTrip;

    @BeforeAll
    static void load() throws Exception {
        roundTrip = ModelFiles.loadModel(RepositoryRoot.example("roundtrip.bgml"));
    }

    @ParameterizedTest
    @CsvSource({ "tao,taoLoopback", "ciao,taoLoopback", "omniorb,omniorbLoopback", "ace," })
    void withoutAConfigurationEachTargetTakesTheFirstOfItsMiddleware(String target, String expected) {
        GenerationService.Request request = new GenerationService.Request(roundTrip, target, null, null);
        ConfigurationChoice choice = GenerationService.configuration(request);
        assertEquals(expected, choice.name());
        assertEquals(List.of(), choice.warnings());
        BenchmarkPlan plan = GenerationService.plan(request);
        assertEquals(expected, plan.configuration(), "the plan applies the chosen configuration");
        if (expected == null) {
            assertTrue(plan.processes().stream().allMatch(p -> p.options().isEmpty()), "no settings for a target no configuration is for");
        }
    }

    /** taoLoopback's ORBEndpoint reaches TAO's process arguments; omniorbLoopback's endPoint does not. */
    @Test
    void theTaoPlanCarriesTheTaoSettings() {
        BenchmarkPlan plan = GenerationService.plan(new GenerationService.Request(roundTrip, "tao", null, null));
        ProcessPlan first = plan.processes().get(0);
        String options = first.options().toString();
        assertTrue(options.contains("iiop://127.0.0.1"), options);
        assertTrue(!options.contains("giop:tcp:127.0.0.1:"), options);
    }

    @Test
    void aConfigurationOfAnotherMiddlewareIsAppliedWithAWarningNamingItsSettings() {
        ConfigurationChoice tao = GenerationService.configuration(new GenerationService.Request(roundTrip, "tao", null, "omniorbLoopback"));
        assertEquals("omniorbLoopback", tao.name());
        assertEquals(List.of("configuration 'omniorbLoopback' holds omniorb settings that the tao target ignores: endPoint"), tao.warnings());

        ConfigurationChoice omniorb = GenerationService.configuration(new GenerationService.Request(roundTrip, "omniorb", null, "taoLoopback"));
        assertEquals(List.of("configuration 'taoLoopback' holds tao settings that the omniorb target ignores: ORBEndpoint, ORBDottedDecimalAddresses"),
                omniorb.warnings());

        ConfigurationChoice ciao = GenerationService.configuration(new GenerationService.Request(roundTrip, "ciao", null, "taoLoopback"));
        assertEquals(List.of(), ciao.warnings(), "CIAO applies TAO's options");
    }

    @Test
    void anUnknownConfigurationIsStillRefusedByThePlanner() {
        GenerationService.Request request = new GenerationService.Request(roundTrip, "tao", null, "nosuch");
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> GenerationService.plan(request));
        assertEquals("the model has no configuration named 'nosuch'", e.getMessage());
        assertNull(GenerationService.configuration(new GenerationService.Request(roundTrip, "ace", null, null)).name());
    }
}
