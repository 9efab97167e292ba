package org.bgml.generator.fastdds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hand-written code in a served operation's body survives regeneration; generated code around it does not. */
class ProtectedRegionTest {

    @Test
    void editedServedBodySurvivesRegeneration(@TempDir Path dir) throws IOException {
        Path model = Fixtures.example("roundtrip");
        Fixtures.generateInto(model, dir);
        Path server = dir.resolve("src/TaoTaoServerProcess.cpp");
        String generated = Files.readString(server, StandardCharsets.UTF_8);
        String original = "// BEGIN USER CODE TaoTaoServer/rt/TaoTao::test_method\n      out.bgml_return(in.send_time());\n";
        assertTrue(generated.contains(original), generated);

        String body = "// BEGIN USER CODE TaoTaoServer/rt/TaoTao::test_method\n      out.bgml_return(in.send_time() + 0); // hand-written\n";
        String edited = generated.replace(original, body).replace("on eProsima Fast DDS.", "EDITED OUTSIDE A REGION");
        Files.writeString(server, edited, StandardCharsets.UTF_8);

        Fixtures.generateInto(model, dir);
        String regenerated = Files.readString(server, StandardCharsets.UTF_8);
        assertTrue(regenerated.contains(body), regenerated);
        assertTrue(!regenerated.contains("EDITED OUTSIDE A REGION"), "text outside regions is regenerated");
        assertEquals(generated.replace(original, body), regenerated);
    }
}
