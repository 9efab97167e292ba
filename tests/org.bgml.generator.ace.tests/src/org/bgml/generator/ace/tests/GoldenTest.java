package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.RuntimeHeaders;
import org.junit.jupiter.api.Test;
import org.bgml.testing.GoldenFiles;

/**
 * The ace output for examples/roundtrip.bgml, byte for byte against golden/roundtrip/ (all files but the copied
 * runtime headers and sources). Refresh with -Dbgml.updateGoldens=true (see README.md).
 */
class GoldenTest {

    @Test
    void roundtripMatchesGoldenFiles() throws IOException {
        MemoryOutput out = Fixtures.generate(Fixtures.example("roundtrip"));
        Map<String, byte[]> generated = new TreeMap<>();
        out.files().forEach((path, bytes) -> {
            boolean runtime = path.startsWith(RuntimeHeaders.INCLUDE_DIR + "/") || path.startsWith(RuntimeHeaders.SOURCE_DIR + "/");
            if (!runtime) {
                generated.put(path, bytes);
            }
        });
        GoldenFiles.assertMatches(generated, Fixtures.goldenDir("roundtrip"));
    }

    /** The build's runtime library (CMakeLists.txt, pinned above) compiles the runtime's sources: they are written. */
    @Test
    void runtimeSourcesAreWrittenForTheRuntimeLibrary() {
        MemoryOutput out = Fixtures.generate(Fixtures.example("roundtrip"));
        List<String> sources = RuntimeHeaders.sourcePaths();
        assertTrue(sources.contains(RuntimeHeaders.SOURCE_DIR + "/report.cpp"), sources.toString());
        for (String source : sources) {
            assertTrue(out.files().containsKey(source), source + " is not written");
            assertTrue(new String(out.files().get(source), StandardCharsets.UTF_8).contains("namespace bgml"), source);
        }
    }
}
