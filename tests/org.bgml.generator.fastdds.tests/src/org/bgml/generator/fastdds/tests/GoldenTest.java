package org.bgml.generator.fastdds.tests;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.RuntimeHeaders;
import org.junit.jupiter.api.Test;
import org.bgml.testing.GoldenFiles;

/**
 * The fastdds output for examples/roundtrip.bgml, byte for byte against golden/roundtrip/ (all files but the copied
 * runtime headers), and the cubit test's IDL and mains against golden/cubit/. Refresh with -Dbgml.updateGoldens=true (see README.md).
 */
class GoldenTest {

    @Test
    void roundtripMatchesGoldenFiles() throws IOException {
        MemoryOutput out = Fixtures.generate(Fixtures.example("roundtrip"));
        Map<String, byte[]> generated = new TreeMap<>();
        out.files().forEach((path, bytes) -> {
            if (!path.startsWith(RuntimeHeaders.INCLUDE_DIR + "/")) {
                generated.put(path, bytes);
            }
        });
        GoldenFiles.assertMatches(generated, Fixtures.goldenDir("roundtrip"));
    }

    /**
     * The cubit test's topic types (a struct, sequences of it) and process mains (the cubing replies), against
     * golden/cubit/; the support files are the roundtrip golden's.
     */
    @Test
    void cubitMatchesGoldenFiles() throws IOException {
        MemoryOutput out = Fixtures.generate(Fixtures.example("cubit"));
        Map<String, byte[]> generated = new TreeMap<>();
        out.files().forEach((path, bytes) -> {
            if (path.startsWith("idl/") || (path.startsWith("src/") && path.endsWith("Process.cpp"))) {
                generated.put(path, bytes);
            }
        });
        GoldenFiles.assertMatches(generated, Fixtures.goldenDir("cubit"));
    }
}
