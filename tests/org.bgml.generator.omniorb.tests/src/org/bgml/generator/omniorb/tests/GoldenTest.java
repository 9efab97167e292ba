package org.bgml.generator.omniorb.tests;


import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

import org.bgml.generator.common.RuntimeHeaders;
import org.junit.jupiter.api.Test;
import org.bgml.testing.GoldenFiles;

/**
 * The omniorb output of examples/roundtrip.bgml against golden/roundtrip/, byte for byte: every generated
 * file but the copied runtime headers and sources (tested with the runtime itself). -Dbgml.updateGoldens=true rewrites
 * the golden files instead (README.md).
 */
class GoldenTest {

    @Test
    void roundtripIsTheGoldenOutput() throws IOException {
        Map<String, byte[]> generated = new TreeMap<>();
        Fixtures.generate(Fixtures.example("roundtrip")).files().forEach((path, bytes) -> {
            boolean runtime = path.startsWith(RuntimeHeaders.INCLUDE_DIR + "/") || path.startsWith(RuntimeHeaders.SOURCE_DIR + "/");
            if (!runtime) { // the runtime's own files, copied as they are, are tested in runtime/cpp
                generated.put(path, bytes);
            }
        });
        GoldenFiles.assertMatches(generated, Fixtures.goldenDir("roundtrip"));
    }
}
