package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Configuration;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.resource.ResourceSet;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** References from a model into an option catalogue in another file: written relative, resolved on load. */
class CrossFileReferenceTest {
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;

    @TempDir
    Path temp;

    @Test
    void aReferenceToASiblingCatalogueIsRelativeAndResolves() throws Exception {
        Path project = temp.resolve("project");
        Path catalogFile = project.resolve("catalogs/tiny.bgml");
        Path modelFile = project.resolve("model.bgml");

        ResourceSet set = ModelFiles.newResourceSet();
        OptionCatalog catalog = tinyCatalog();
        Resource catalogResource = set.createResource(ModelFiles.uriOf(catalogFile));
        catalogResource.getContents().add(catalog);
        ModelFiles.save(catalogResource, catalogFile);

        BenchmarkModel model = modelUsing(catalog.getOptions().get(0), "reactive");
        Resource modelResource = set.createResource(ModelFiles.uriOf(modelFile));
        modelResource.getContents().add(model);
        ModelFiles.save(modelResource, modelFile);

        String text = Files.readString(modelFile, StandardCharsets.UTF_8);
        assertTrue(text.contains("\"catalogs/tiny.bgml#ORBConcurrency\""), text);
        assertFalse(text.contains("file:"), "no absolute path leaks into the file:\n" + text);

        assertResolves(modelFile, catalogFile);

        // The pair moves together: the relative reference follows the folder.
        Path moved = temp.resolve("elsewhere/deeper");
        Files.createDirectories(moved.resolve("catalogs"));
        Files.copy(catalogFile, moved.resolve("catalogs/tiny.bgml"));
        Files.copy(modelFile, moved.resolve("model.bgml"));
        assertResolves(moved.resolve("model.bgml"), moved.resolve("catalogs/tiny.bgml"));
    }

    @Test
    void aReferenceToAMissingCatalogueLoadsAsAnUnresolvedProxy() throws Exception {
        Path project = temp.resolve("project");
        Path catalogFile = project.resolve("catalogs/tiny.bgml");
        Path modelFile = project.resolve("model.bgml");
        ResourceSet set = ModelFiles.newResourceSet();
        Resource catalogResource = set.createResource(ModelFiles.uriOf(catalogFile));
        catalogResource.getContents().add(tinyCatalog());
        ModelFiles.save(catalogResource, catalogFile);
        Resource modelResource = set.createResource(ModelFiles.uriOf(modelFile));
        modelResource.getContents().add(modelUsing(((OptionCatalog) catalogResource.getContents().get(0)).getOptions().get(0), "x"));
        ModelFiles.save(modelResource, modelFile);
        Files.delete(catalogFile);

        // Loading the model itself succeeds; the validator reports the gap (rule reference.unresolved).
        BenchmarkModel loaded = ModelFiles.loadModel(modelFile);
        OptionSetting setting = loaded.getConfigurations().get(0).getSettings().get(0);
        assertTrue(setting.getOption().eIsProxy(), "a missing catalogue leaves a proxy, not an exception");
    }

    /** The shipped catalogues answer to bgml:/catalogs/NAME#OPTION, and models keep that form when saved. */
    @Test
    void shippedCataloguesResolveThroughTheBgmlScheme() throws Exception {
        Path tao = Repo.catalogs().resolve("tao.bgml");
        assumeTrue(Files.isRegularFile(tao), "catalogs/tao.bgml is not written yet");
        OptionCatalog direct = (OptionCatalog) ModelFiles.loadRoot(ModelFiles.newResourceSet(), tao);
        String name = direct.getOptions().stream().map(OptionDefinition::getName).filter("ORBConcurrency"::equals)
                .findFirst().orElse(direct.getOptions().get(0).getName());

        ResourceSet set = ModelFiles.newResourceSet();
        EObject viaScheme = set.getEObject(URI.createURI("bgml:/catalogs/tao.bgml#" + name), true);
        OptionDefinition option = assertInstanceOf(OptionDefinition.class, viaScheme);
        assertEquals(name, option.getName());

        Path modelFile = temp.resolve("uses-tao.bgml");
        Resource modelResource = set.createResource(ModelFiles.uriOf(modelFile));
        modelResource.getContents().add(modelUsing(option, option.getDefault() == null ? "1" : option.getDefault()));
        ModelFiles.save(modelResource, modelFile);
        String text = Files.readString(modelFile, StandardCharsets.UTF_8);
        assertTrue(text.contains("\"bgml:/catalogs/tao.bgml#" + name + "\""), text);

        BenchmarkModel loaded = ModelFiles.loadModel(modelFile);
        OptionDefinition resolved = loaded.getConfigurations().get(0).getSettings().get(0).getOption();
        assertFalse(resolved.eIsProxy(), "bgml:/catalogs/tao.bgml#" + name + " does not resolve");
        assertEquals(name, resolved.getName());
    }

    /** Every reference an example makes into another file (usually a shipped catalogue) resolves. */
    @TestFactory
    Stream<DynamicTest> exampleCrossReferencesResolve() {
        return Repo.exampleFiles().stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            EObject root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), file);
            EcoreUtil.resolveAll(root.eResource().getResourceSet());
            Map<EObject, ?> unresolved = EcoreUtil.UnresolvedProxyCrossReferencer.find(root.eResource().getResourceSet());
            assertTrue(unresolved.isEmpty(), file + " has references that do not resolve: " + unresolved.keySet());
        }));
    }

    private static void assertResolves(Path modelFile, Path catalogFile) throws Exception {
        BenchmarkModel loaded = ModelFiles.loadModel(modelFile);
        OptionSetting setting = loaded.getConfigurations().get(0).getSettings().get(0);
        OptionDefinition option = setting.getOption();
        assertNotNull(option);
        assertFalse(option.eIsProxy(), "the reference into " + catalogFile + " does not resolve");
        assertEquals("ORBConcurrency", option.getName());
        assertEquals(ModelFiles.uriOf(catalogFile), option.eResource().getURI());
        assertEquals(loaded.eResource().getResourceSet(), option.eResource().getResourceSet());
    }

    private static OptionCatalog tinyCatalog() {
        OptionCatalog catalog = F.createOptionCatalog();
        catalog.setName("Tiny");
        OptionDefinition concurrency = F.createOptionDefinition();
        concurrency.setName("ORBConcurrency");
        concurrency.setKey("-ORBConcurrency");
        concurrency.getValues().add("reactive");
        concurrency.getValues().add("thread-per-connection");
        concurrency.setDefault("reactive");
        catalog.getOptions().add(concurrency);
        return catalog;
    }

    private static BenchmarkModel modelUsing(OptionDefinition option, String value) {
        BenchmarkModel model = F.createBenchmarkModel();
        model.setName("UsesCatalogue");
        Configuration configuration = F.createConfiguration();
        configuration.setName("cfg");
        OptionSetting setting = F.createOptionSetting();
        setting.setOption(option);
        setting.setValue(value);
        configuration.getSettings().add(setting);
        model.getConfigurations().add(configuration);
        return model;
    }
}
