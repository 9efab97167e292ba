package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every broken model produces exactly the diagnostics its header announces: the same severity, rule id and
 * element path, each as often as announced, and no other error or warning.
 */
class BrokenModelsTest {

    static Stream<String> brokenModels() {
        return Repo.modelFiles(Repo.broken()).stream().map(p -> p.getFileName().toString());
    }

    @Test
    void thereAreBrokenModels() {
        assertTrue(brokenModels().count() > 0, "no broken models under " + Repo.broken());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenModels")
    void producesExactlyTheAnnouncedDiagnostics(String name) throws Exception {
        Path file = Repo.broken().resolve(name);
        List<Expectation> expected = Expectation.readFrom(file);
        assertFalse(expected.isEmpty(), name + " announces no diagnostic (<!-- expect: severity rule-id element-path -->)");
        List<ModelDiagnostic> diagnostics = Validation.validate(file);

        List<Expectation> missing = new ArrayList<>(expected);
        List<ModelDiagnostic> unexpected = new ArrayList<>();
        for (ModelDiagnostic d : diagnostics) {
            if (d.severity() == Severity.INFO) {
                continue;
            }
            if (!missing.remove(Expectation.of(d))) {
                unexpected.add(d);
            }
        }
        if (!missing.isEmpty() || !unexpected.isEmpty()) {
            fail(name + ":\n missing: " + missing + "\n unexpected:\n" + Validation.describe(unexpected)
                    + "\n all diagnostics:\n" + Validation.describe(diagnostics));
        }
    }
}
