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
 * runtime headers). Refresh with -Dbgml.updateGoldens=true (see README.md).
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
}
