package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hand-written code in a user code region survives regeneration, in servants, executors and push consumers;
 * code outside the regions does not.
 */
class ProtectedRegionTest {

    @Test
    void servantAndExecutorBodiesSurvive(@TempDir Path dir) throws IOException {
        Fixtures.generate(Fixtures.example("roundtrip"), dir);
        Path servant = dir.resolve("src/RoundTrip_i.cpp");
        Path executor = dir.resolve("src/RoundTrip_exec.cpp");
        String mine = "  // hand-written: count the calls\n  ++calls_seen;\n  return send_time + 1;\n";
        edit(servant, "  return send_time;\n", mine);
        edit(executor, "  return send_time;\n", mine);
        edit(servant, "RoundTrip_i::RoundTrip_i()", "RoundTrip_i::RoundTrip_i() /* outside a region */");

        Fixtures.generate(Fixtures.example("roundtrip"), dir);

        String s = read(servant);
        assertTrue(s.contains("// BEGIN USER CODE Test::RoundTrip::test_method\n" + mine + "  // END USER CODE Test::RoundTrip::test_method"), s);
        assertFalse(s.contains("outside a region"), "code outside the regions is regenerated");
        assertTrue(read(executor).contains(mine));
    }

    @Test
    void consumerBodiesSurvive(@TempDir Path dir) throws IOException {
        Fixtures.generate(Fixtures.features(), dir);
        Path consumer = dir.resolve("src/Reading_consumer_i.cpp");
        edit(consumer, "  (void) event;\n", "  last_id = event.id;\n");
        Fixtures.generate(Fixtures.features(), dir);
        assertTrue(read(consumer).contains("// BEGIN USER CODE Kit::Reading\n  last_id = event.id;\n  // END USER CODE Kit::Reading"));
    }

    private static void edit(Path file, String from, String to) throws IOException {
        String text = read(file);
        assertTrue(text.contains(from), file + " has no '" + from.strip() + "'");
        Files.writeString(file, text.replaceFirst(java.util.regex.Pattern.quote(from), java.util.regex.Matcher.quoteReplacement(to)),
                StandardCharsets.UTF_8);
    }

    private static String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.UTF_8);
    }
}
