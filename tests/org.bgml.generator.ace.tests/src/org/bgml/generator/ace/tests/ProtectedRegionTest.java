package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hand-written code in a servant's operation body survives regeneration; generated code around it does not. */
class ProtectedRegionTest {

    @Test
    void editedServantBodySurvivesRegeneration(@TempDir Path dir) throws IOException {
        Path model = Fixtures.example("roundtrip");
        Fixtures.generateInto(model, dir);
        Path servant = dir.resolve("src/Test_RoundTrip_echo_i.cpp");
        String generated = Files.readString(servant, StandardCharsets.UTF_8);
        String original = "  // BEGIN USER CODE Test::RoundTrip::test_method\n  return send_time;\n";
        assertTrue(generated.contains(original), generated);

        String edited = generated.replace(original,
                "  // BEGIN USER CODE Test::RoundTrip::test_method\n  ++calls_seen; // hand-written\n  return send_time + 0;\n")
                .replace("servant of Test::RoundTrip", "EDITED OUTSIDE A REGION");
        Files.writeString(servant, edited, StandardCharsets.UTF_8);

        Fixtures.generateInto(model, dir);
        String regenerated = Files.readString(servant, StandardCharsets.UTF_8);
        assertTrue(regenerated.contains("  ++calls_seen; // hand-written\n  return send_time + 0;\n"), regenerated);
        assertTrue(!regenerated.contains("EDITED OUTSIDE A REGION"), "text outside regions is regenerated");
        assertEquals(generated.replace("  return send_time;\n", "  ++calls_seen; // hand-written\n  return send_time + 0;\n"),
                regenerated);
    }
}
