package org.bgml.generator.tao.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.bgml.targets.GenerationService;
import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.model.BenchmarkModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.bgml.testing.GoldenFiles;

/**
 * Golden files for examples/roundtrip.bgml (its first deployment, its TAO configuration), determinism and user
 * code regions. Refresh the goldens with -Dbgml.updateGoldens=true (see README.md).
 */
class TaoGoldenTest {
    @TempDir
    Path temp;

    static Path goldenDir() {
        return TaoFixtures.repo().resolve("tests/org.bgml.generator.tao.tests/golden/roundtrip");
    }

    @Test
    void roundtripMatchesTheGoldenFiles() throws Exception {
        Map<String, byte[]> files = TaoFixtures.ownFiles(TaoFixtures.generate(TaoFixtures.load(TaoFixtures.example("roundtrip")), null));
        GoldenFiles.assertMatches(files, goldenDir());
    }

    @Test
    void theSameModelGivesTheSameBytes() throws Exception {
        BenchmarkModel first = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        BenchmarkModel second = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        for (String deployment : new String[] { null, "collocated" }) {
            if (deployment != null && first.getDeployments().stream().noneMatch(d -> d.getName().equals(deployment))) {
                continue;
            }
            MemoryOutput a = TaoFixtures.generate(first, deployment);
            MemoryOutput b = TaoFixtures.generate(first, deployment);
            MemoryOutput c = TaoFixtures.generate(second, deployment);
            assertEquals(a.files().keySet(), b.files().keySet());
            assertEquals(a.files().keySet().stream().toList(), c.files().keySet().stream().toList(), "file order");
            for (String path : a.files().keySet()) {
                assertArrayEquals(a.files().get(path), b.files().get(path), path);
                assertArrayEquals(a.files().get(path), c.files().get(path), path + " (model loaded again)");
            }
        }
    }

    @Test
    void userCodeSurvivesRegeneration() throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        GenerationService.Request request = TaoFixtures.request(model, null);
        new GenerationService().generate(request, new DirectoryOutput(temp));

        Path servant = temp.resolve("src/RoundTrip_i.cpp");
        String text = Files.readString(servant, StandardCharsets.UTF_8);
        String region = "  // BEGIN USER CODE Test::RoundTrip::test_method\n";
        assertTrue(text.contains(region), "the servant has a user code region per operation");
        String generatedBody = "  return send_time;\n";
        assertTrue(text.contains(region + generatedBody), text);
        String userBody = "  // measured: hand-written body\n  return send_time + 1;\n";
        Files.writeString(servant, text.replace(region + generatedBody, region + userBody), StandardCharsets.UTF_8);

        Path executor = temp.resolve("src/RoundTrip_exec_i.h");
        String members = "  // BEGIN USER CODE RoundTrip_exec_i/members\n";
        String header = Files.readString(executor, StandardCharsets.UTF_8);
        assertTrue(header.contains(members), header);
        Files.writeString(executor, header.replace(members, members + "  int calls_;\n"), StandardCharsets.UTF_8);

        new GenerationService().generate(request, new DirectoryOutput(temp));
        String again = Files.readString(servant, StandardCharsets.UTF_8);
        assertTrue(again.contains(region + userBody), again);
        assertFalse(again.contains(region + generatedBody), "the generated body must not come back");
        assertTrue(Files.readString(executor, StandardCharsets.UTF_8).contains(members + "  int calls_;\n"));
        assertTrue(Files.readString(temp.resolve("src/RoundTrip_i.h"), StandardCharsets.UTF_8)
                .contains("  // BEGIN USER CODE RoundTrip_i/members\n"));
    }
}
