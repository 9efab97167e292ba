package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.ProtectedRegions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Generated files stay inside the output folder, whatever path a template asks for. */
class OutputConfinementTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"../escape.txt", "a/../../escape.txt", "/etc/escape.txt", "a//b.txt", "./a.txt", "a\\b.txt",
            "a b.txt", "a/$(id).txt", "a/`id`.txt", ""})
    void pathsThatCouldLeaveTheFolderOrReachAShellAreRefused(String path) {
        Path out = dir.resolve("out");
        DirectoryOutput output = new DirectoryOutput(out);
        assertThrows(IllegalArgumentException.class, () -> output.writeText(path, "x"));
        assertFalse(Files.exists(dir.resolve("escape.txt")));
        assertTrue(output.files().isEmpty());
    }

    @Test
    void aSymbolicLinkOutOfTheFolderIsNotFollowed() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.createSymbolicLink(out.resolve("src"), outside);
        DirectoryOutput output = new DirectoryOutput(out);
        assertThrows(IllegalArgumentException.class, () -> output.writeText("src/Servant.cpp", "int x;"));
        assertFalse(Files.exists(outside.resolve("Servant.cpp")));
    }

    @Test
    void legalPathsAreWrittenWithLfAndOneFinalNewline() throws Exception {
        DirectoryOutput output = new DirectoryOutput(dir);
        output.writeText("src/a_b-1.0.cpp", "line\r\nend\n\n\n");
        assertEquals("line\nend\n", Files.readString(dir.resolve("src/a_b-1.0.cpp")));
    }

    @Test
    void userCodeSurvivesRegenerationAndNewRegionsKeepTheirDefaults() throws Exception {
        String template = """
                void f() {
                  // BEGIN USER CODE A::f
                  return;
                  // END USER CODE A::f
                }
                void g() {
                  // BEGIN USER CODE A::g
                  default_g();
                  // END USER CODE A::g
                }
                """;
        new DirectoryOutput(dir).writeText("x.cpp", template);
        Path file = dir.resolve("x.cpp");
        Files.writeString(file, Files.readString(file).replace("  return;\n", "  mine();\n  return;\n"));
        new DirectoryOutput(dir).writeText("x.cpp", template.replace("default_g", "newer_default_g"));
        String regenerated = Files.readString(file);
        assertTrue(regenerated.contains("  mine();\n  return;\n"), regenerated);
        assertTrue(regenerated.contains("  default_g();\n"), "a region keeps the body the file had");
        assertFalse(regenerated.contains("newer_default_g"), "regions are never overwritten by the template's default");
        assertEquals(2, ProtectedRegions.read(regenerated).size());
    }

    @Test
    void aRegionThatAppearsTwiceIsRefused() {
        String twice = "// BEGIN USER CODE x\na\n// END USER CODE x\n// BEGIN USER CODE x\nb\n// END USER CODE x\n";
        assertThrows(IllegalArgumentException.class, () -> ProtectedRegions.read(twice));
    }
}
