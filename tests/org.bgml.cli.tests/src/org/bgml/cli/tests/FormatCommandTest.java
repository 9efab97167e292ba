package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bgml format}: rewrites a model in the one form saving produces, atomically. */
class FormatCommandTest {
    @TempDir
    Path temp;

    @Test
    void makesAHandIndentedFileCanonical() throws Exception {
        Path canonical = SmallModels.save(SmallModels.roundTrip(), temp.resolve("canonical.bgml"));
        byte[] expected = Files.readAllBytes(canonical);
        String text = new String(expected, StandardCharsets.UTF_8);
        // What a person editing by hand might leave: tabs, other indentation, CRLF, a trailing blank line.
        String hand = text.replace("\n  <", "\n\t<").replace("\n    <", "\n\t\t<").replace("\n", "\r\n") + "\r\n";
        Path file = Files.writeString(temp.resolve("hand.bgml"), hand, StandardCharsets.UTF_8);
        assertFalse(Arrays.equals(expected, Files.readAllBytes(file)));

        Cli.Result r = Cli.run("format", file.toString());
        assertEquals(0, r.code(), r.toString());
        assertArrayEquals(expected, Files.readAllBytes(file), "formatting gives exactly what saving writes");
        assertNoTemporaryFiles();

        Cli.Result again = Cli.run("format", file.toString());
        assertEquals(0, again.code(), again.toString());
        assertArrayEquals(expected, Files.readAllBytes(file), "formatting is idempotent");
        assertEquals(0, Cli.run("validate", file.toString()).code());
    }

    @Test
    void leavesAnUnusableFileUntouched() throws Exception {
        Path whole = SmallModels.save(SmallModels.roundTrip(), temp.resolve("whole.bgml"));
        byte[] bytes = Files.readAllBytes(whole);
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 40);
        Path file = Files.write(temp.resolve("cut.bgml"), cut);
        Cli.Result r = Cli.run("format", file.toString());
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.errLines().get(0).startsWith(file + ":"), r.toString());
        assertArrayEquals(cut, Files.readAllBytes(file), "a file that cannot be read is not rewritten");
    }

    private void assertNoTemporaryFiles() throws Exception {
        try (Stream<Path> files = Files.list(temp)) {
            assertEquals(0, files.filter(f -> f.getFileName().toString().endsWith(".tmp")).count());
        }
    }
}
