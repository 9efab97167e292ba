package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.bgml.experiment.execute.ConfiguredModel;
import org.bgml.experiment.execute.VariantCache;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Experiment;
import org.bgml.model.Factor;
import org.bgml.model.Middleware;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionLanding;
import org.bgml.model.OptionType;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.resource.Resource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which configurations share a build: run-time options (omniORB configuration file entries) generate the same
 * build sources, a compile-time macro does not. Nothing is compiled here; the variant folders are compared.
 */
class VariantTest {
    private static final Path MODEL = Repo.example("omniorb-options-experiment.bgml");

    @TempDir
    Path dir;

    private Path variant(Map<String, String> levels, boolean withMacro) throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(MODEL);
        Experiment experiment = model.getExperiments().get(0);
        if (withMacro) {
            OptionCatalog catalog = BgmlFactory.eINSTANCE.createOptionCatalog();
            catalog.setName("testMacros");
            catalog.setMiddleware(Middleware.OMNIORB);
            OptionDefinition macro = BgmlFactory.eINSTANCE.createOptionDefinition();
            macro.setName("bufferPolicy");
            macro.setKey("BGML_TEST_BUFFER_POLICY");
            macro.setType(OptionType.INT);
            macro.setDefault("1");
            macro.setLanding(OptionLanding.COMPILE_MACRO);
            catalog.getOptions().add(macro);
            Resource r = model.eResource().getResourceSet().createResource(URI.createURI("memory:/testMacros.bgml"));
            r.getContents().add(catalog);
            Factor f = BgmlFactory.eINSTANCE.createFactor();
            f.setName("bufferPolicy");
            f.setOption(macro);
            f.getLevels().add("1");
            f.getLevels().add("2");
            experiment.getFactors().add(f);
        }
        ConfiguredModel.Selection selection = ConfiguredModel.apply(model, experiment.getName(), levels);
        return new VariantCache(dir).prepare(model, "omniorb", selection).dir();
    }

    private static Map<String, String> levels(String threadPerConnection, String giop, String macro) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("threadPerConnectionPolicy", threadPerConnection);
        m.put("maxGIOPVersion", giop);
        if (macro != null) {
            m.put("bufferPolicy", macro);
        }
        return m;
    }

    @Test
    void runTimeOptionsShareOneBuildAndCompileMacrosMakeNewVariants() throws Exception {
        Path a = variant(levels("0", "1.1", null), false);
        Path b = variant(levels("1", "1.2", null), false);
        assertEquals(a, b, "configuration-file options must not change the build sources");

        Path m1 = variant(levels("0", "1.1", "1"), true);
        Path m1b = variant(levels("1", "1.2", "1"), true);
        Path m2 = variant(levels("0", "1.1", "2"), true);
        assertEquals(m1, m1b, "same macro value, different run-time options: same variant");
        assertNotEquals(m1, m2, "a different compile-time macro is a different build");
        assertNotEquals(a, m1);
    }
}
