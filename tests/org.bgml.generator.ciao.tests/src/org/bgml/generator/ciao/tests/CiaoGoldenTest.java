package org.bgml.generator.ciao.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.model.BenchmarkModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.bgml.testing.GoldenFiles;
import java.util.TreeMap;

/**
 * Golden files of examples/roundtrip.bgml in both its deployments (all four CCMPerf scenarios: the CIAO sides
 * as components, the TAO sides as CORBA 2.x processes), determinism, and user code regions across regeneration.
 * {@code -Dbgml.updateGoldens=true} rewrites the goldens instead of comparing (see README.md).
 */
class CiaoGoldenTest {
    private static final String GOLDEN = "tests/org.bgml.generator.ciao.tests/golden/";

    @TempDir
    Path temp;

    @TestFactory
    Stream<DynamicTest> roundtripMatchesItsGoldens() {
        return Stream.of("remote", "collocated").map(d -> DynamicTest.dynamicTest(d, () -> compareWithGolden(d)));
    }

    private void compareWithGolden(String deployment) throws IOException {
        BenchmarkModel model = Examples.load(Examples.example("roundtrip.bgml"));
        MemoryOutput out = Examples.generate(model, deployment);
        Path golden = Examples.repo().resolve(GOLDEN + "roundtrip-" + deployment);
        Map<String, byte[]> generated = new TreeMap<>();
        out.files().forEach((path, bytes) -> {
            if (!Examples.isRuntimeHeader(path)) {
                generated.put(path, bytes);
            }
        });
        GoldenFiles.assertMatches(generated, golden);
    }

    /** The same model gives the same bytes, for every example and deployment. */
    @TestFactory
    Stream<DynamicTest> generationIsDeterministic() {
        return Examples.all().stream().flatMap(file -> {
            BenchmarkModel model = Examples.load(file);
            return Examples.deployments(model).stream().map(d -> DynamicTest.dynamicTest(file.getFileName() + " " + d, () -> {
                MemoryOutput first = Examples.generate(Examples.load(file), d);
                MemoryOutput second = Examples.generate(Examples.load(file), d);
                assertEquals(first.files().keySet(), second.files().keySet());
                for (String path : first.files().keySet()) {
                    assertArrayEquals(first.files().get(path), second.files().get(path), path);
                }
            }));
        });
    }

    /** Hand-written code in an executor, a CORBA 2.x servant and a session operation survives regeneration. */
    @Test
    void userCodeSurvivesRegeneration() throws IOException {
        BenchmarkModel model = Examples.load(Examples.example("roundtrip.bgml"));
        Examples.generate(model, "remote", temp);
        Map<String, String> edits = Map.of(
                "src/RoundTrip_CiaoCiaoServer_exec.cpp", "CiaoCiaoServer/rt/Test::RoundTrip::test_method",
                "src/RoundTrip_CiaoCiaoClient_exec.cpp", "CiaoCiaoClient/ccm_activate",
                "src/RoundTrip_i.cpp", "Test::RoundTrip::test_method");
        for (Map.Entry<String, String> e : edits.entrySet()) {
            Path file = temp.resolve(e.getKey());
            String text = Files.readString(file);
            String begin = "// BEGIN USER CODE " + e.getValue() + "\n";
            int at = text.indexOf(begin);
            assertTrue(at >= 0, "no region " + e.getValue() + " in " + e.getKey());
            int bodyStart = at + begin.length();
            int end = text.indexOf("// END USER CODE " + e.getValue(), bodyStart);
            int lineStart = text.lastIndexOf('\n', end) + 1;
            text = text.substring(0, bodyStart) + "      // hand-written: keep me\n      return send_time + 1;\n" + text.substring(lineStart);
            Files.writeString(file, text);
        }
        Examples.generate(Examples.load(Examples.example("roundtrip.bgml")), "remote", temp);
        for (String path : edits.keySet()) {
            String text = Files.readString(temp.resolve(path));
            assertTrue(text.contains("// hand-written: keep me\n      return send_time + 1;\n"), "edit lost in " + path);
        }
    }
}
