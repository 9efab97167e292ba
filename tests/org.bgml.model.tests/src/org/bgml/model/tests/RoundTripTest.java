package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** Loading and saving changes nothing: shipped files are canonical, and every class and feature survives a round trip. */
class RoundTripTest {
    @TempDir
    Path temp;

    /** Every example and shipped catalogue; passes with none, fails for any file that saving would change. */
    @TestFactory
    Stream<DynamicTest> shippedModelFilesAreCanonical() {
        return Repo.shippedModelFiles().stream().map(file -> DynamicTest.dynamicTest(
                Repo.root().relativize(file).toString(),
                () -> canonicalDifference(file).ifPresent(difference -> fail(difference))));
    }

    @Test
    void aHandIndentedFileIsNotCanonical() throws Exception {
        Path file = temp.resolve("every.bgml");
        ModelFiles.save(ModelBytes.resourceFor(EveryClassModel.build(), file), file);
        assertEquals(Optional.empty(), canonicalDifference(file));

        String text = Files.readString(file, StandardCharsets.UTF_8);
        Files.writeString(file, text.replace("\n  <", "\n    <"), StandardCharsets.UTF_8);
        Optional<String> difference = canonicalDifference(file);
        assertTrue(difference.isPresent());
        assertTrue(difference.get().matches(".* is not in canonical form: line \\d+: saving writes '<.*' but the file has '<.*"),
                difference.get());

        Files.writeString(file, text.replace("\n", "\r\n"), StandardCharsets.UTF_8);
        assertTrue(canonicalDifference(file).isPresent(), "CRLF line endings must count as a difference");
    }

    @Test
    void theEveryClassModelUsesEveryClassAndSetsEveryFeature() {
        BenchmarkModel model = EveryClassModel.build();
        Map<EClass, Set<EStructuralFeature>> setSomewhere = new HashMap<>();
        List<EObject> all = new ArrayList<>();
        all.add(model);
        model.eAllContents().forEachRemaining(all::add);
        for (EObject object : all) {
            Set<EStructuralFeature> set = setSomewhere.computeIfAbsent(object.eClass(), c -> new HashSet<>());
            for (EStructuralFeature feature : object.eClass().getEAllStructuralFeatures()) {
                if (object.eIsSet(feature)) {
                    set.add(feature);
                }
            }
        }
        for (EClass c : EveryClassModel.concreteClasses()) {
            assertTrue(setSomewhere.containsKey(c), "no instance of " + c.getName());
            for (EStructuralFeature feature : c.getEAllStructuralFeatures()) {
                if (EveryClassModel.isPersistent(feature)) {
                    assertTrue(setSomewhere.get(c).contains(feature), "no " + c.getName() + " sets " + feature.getName());
                }
            }
        }
    }

    @Test
    void everyClassAndFeatureSurvivesSaveLoadSave() throws Exception {
        BenchmarkModel model = EveryClassModel.build();
        Path file = temp.resolve("every.bgml");
        ModelFiles.save(ModelBytes.resourceFor(model, file), file);
        byte[] first = Files.readAllBytes(file);

        BenchmarkModel loaded = ModelFiles.loadModel(file);
        Resource resource = loaded.eResource();
        assertEquals(Optional.empty(), Optional.of(EcoreUtil.UnresolvedProxyCrossReferencer.find(resource))
                .filter(m -> !m.isEmpty()).map(Object::toString));
        assertEquals(Optional.empty(), ModelBytes.structuralDifference(model, loaded));

        ModelFiles.save(resource, file);
        assertEquals(Optional.empty(), ModelBytes.firstDifferentLine(first, Files.readAllBytes(file)));

        String text = new String(first, StandardCharsets.UTF_8);
        assertTrue(text.contains("::"), "IDL references are written as scoped names");
        assertTrue(text.contains("&lt;b>") || text.contains("&lt;b&gt;"), "markup in text is escaped");
        assertFalse(text.contains("xmi:id"), "BGML files do not carry generated ids");
    }

    @Test
    void twoBuildsOfTheSameModelSerialiseIdentically() throws Exception {
        Path file = temp.resolve("m.bgml");
        byte[] a = ModelBytes.serialise(ModelBytes.resourceFor(EveryClassModel.build(), file));
        byte[] b = ModelBytes.serialise(ModelBytes.resourceFor(EveryClassModel.build(), file));
        assertEquals(Optional.empty(), ModelBytes.firstDifferentLine(a, b));
        assertNotEquals(0, a.length);
    }

    private static Optional<String> canonicalDifference(Path file) {
        try {
            return ModelBytes.canonicalDifference(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (org.bgml.model.io.ModelLoadException e) {
            return Optional.of(e.describe());
        }
    }
}
