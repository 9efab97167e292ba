package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.Severity;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every shipped example model and option catalogue validates without errors and without warnings. While no
 * such file exists the factory yields one passing test; once files exist, each is a test of its own.
 */
class ExamplesValidateCleanTest {

    static List<Path> shippedModels() {
        List<Path> files = new ArrayList<>(Repo.modelFiles(Repo.root().resolve("examples")));
        files.addAll(Repo.modelFiles(Repo.root().resolve("metamodel/org.bgml.model/catalogs")));
        // the test model of a path from a client's calls, which the generator tests run on every target
        files.add(Repo.root().resolve("tests/models/client-call-chain.bgml"));
        return files;
    }

    @TestFactory
    Stream<DynamicTest> shippedModelsValidateClean() {
        List<Path> files = shippedModels();
        if (files.isEmpty()) {
            return Stream.of(DynamicTest.dynamicTest("no examples or catalogues yet", () -> {
            }));
        }
        return files.stream().map(file -> DynamicTest.dynamicTest(Repo.root().relativize(file).toString(), () -> {
            List<ModelDiagnostic> diagnostics = Validation.validate(file);
            List<ModelDiagnostic> problems = diagnostics.stream().filter(d -> d.severity() != Severity.INFO).toList();
            assertTrue(problems.isEmpty(), file + " should validate clean but has:\n" + Validation.describe(problems));
        }));
    }
}
