package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.rules.ReferenceRules;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Models that use option catalogues from other files. */
class CrossFileReferencesTest {
    private static final String HEAD = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    private static final String NS = " xmi:version=\"2.0\" xmlns:xmi=\"http://www.omg.org/XMI\""
            + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xmlns:bgml=\"http://bgml.org/bgml/1.0\"";

    private static Path write(Path dir, String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, HEAD + text);
        return file;
    }

    private static Path catalogAndModel(Path dir, String optionReference, String value) throws Exception {
        write(dir, "tao.bgml", "<bgml:OptionCatalog" + NS + " name=\"Tao\">\n"
                + "  <options name=\"ORBConcurrency\" key=\"-ORBConcurrency\" default=\"reactive\" landing=\"orbArgument\">\n"
                + "    <values>reactive</values>\n    <values>thread-per-connection</values>\n  </options>\n"
                + "  <constraints name=\"NotAnOption\">\n"
                + "    <condition xsi:type=\"bgml:OptionEquals\" option=\"#ORBConcurrency\" value=\"reactive\"/>\n"
                + "    <consequence xsi:type=\"bgml:OptionEquals\" option=\"#ORBConcurrency\" value=\"reactive\"/>\n"
                + "  </constraints>\n</bgml:OptionCatalog>\n");
        return write(dir, "model.bgml", "<bgml:BenchmarkModel" + NS + " name=\"UsesCatalog\">\n"
                + "  <configurations name=\"Cfg\">\n    <settings option=\"" + optionReference + "\" value=\"" + value + "\"/>\n"
                + "  </configurations>\n</bgml:BenchmarkModel>\n");
    }

    @Test
    void optionsOfAnotherCatalogueFileAreCheckedAgainstTheirDomain(@TempDir Path dir) throws Exception {
        List<ModelDiagnostic> ok = Validation.validate(catalogAndModel(dir, "tao.bgml#ORBConcurrency", "thread-per-connection"));
        assertEquals(List.of(), ok, Validation.describe(ok));
        List<ModelDiagnostic> bad = Validation.validate(catalogAndModel(dir, "tao.bgml#ORBConcurrency", "threaded"));
        assertEquals(List.of("error option.value Cfg/settings[0]"), bad.stream().map(d -> Expectation.of(d).toString()).toList());
    }

    @Test
    void aReferenceToTheWrongKindOfElementIsReportedAndExplained(@TempDir Path dir) throws Exception {
        List<ModelDiagnostic> diagnostics = Validation.validate(catalogAndModel(dir, "tao.bgml#NotAnOption", "reactive"));
        assertTrue(diagnostics.stream().anyMatch(d -> ReferenceRules.UNRESOLVED.equals(d.ruleId())
                && d.elementPath().equals("Cfg/settings[0]") && d.message().contains("which is a constraint, not an option definition")),
                Validation.describe(diagnostics));
        for (ModelDiagnostic d : diagnostics) {
            if (ModelValidator.INTERNAL.equals(d.ruleId())) {
                assertTrue(d.message().contains("wrong kind of element"), d.format());
            }
        }
    }
}
