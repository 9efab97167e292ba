package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bgml validate}: compiler-style lines, a summary on stderr, exit 0 clean, 1 errors, 2 unusable. */
class ValidateCommandTest {
    /** {@code file: element-path: severity: message [rule-id]}. */
    private static final String DIAGNOSTIC = ": (.+): (error|warning|info): (.+) \\[([a-z][a-z0-9-]*(\\.[a-z0-9-]+)+)\\]";
    private static final Pattern SUMMARY = Pattern.compile("(\\d+) errors?, (\\d+) warnings? in (\\d+) files?");

    @TempDir
    Path temp;

    @Test
    void aCleanModelExits0AndSaysSo() throws Exception {
        Path file = SmallModels.save(SmallModels.roundTrip(), temp.resolve("small.bgml"));
        Cli.Result r = Cli.run("validate", file.toString());
        assertEquals(0, r.code(), r.toString());
        assertEquals("", r.out());
        assertEquals(List.of("0 errors, 0 warnings in 1 file"), r.errLines());
    }

    @Test
    void aModelWithErrorsExits1WithCompilerStyleLines() throws Exception {
        Path file = SmallModels.save(SmallModels.sourceToFacet(), temp.resolve("broken.bgml"));
        Cli.Result r = Cli.run("validate", file.toString());
        assertEquals(1, r.code(), r.toString());

        Pattern line = Pattern.compile(Pattern.quote(file.toString()) + DIAGNOSTIC);
        int errors = 0;
        for (String l : r.outLines()) {
            Matcher m = line.matcher(l);
            assertTrue(m.matches(), "not a compiler-style line: " + l);
            if (m.group(2).equals("error")) {
                errors++;
            }
        }
        String kind = r.outLines().stream().filter(l -> l.endsWith(" [connection.kind]")).findFirst().orElse(null);
        assertTrue(kind != null, "no connection.kind diagnostic\n" + r);
        assertTrue(kind.startsWith(file + ": bad: error: "), "the diagnostic names the connection by its path: " + kind);
        assertTrue(kind.contains("C/ticks") && kind.contains("S/rt"), "the message names both ports: " + kind);

        Matcher summary = SUMMARY.matcher(r.errLines().get(r.errLines().size() - 1));
        assertTrue(summary.matches(), r.toString());
        assertEquals(errors, Integer.parseInt(summary.group(1)), "the summary counts the error lines");
        assertEquals("1", summary.group(3));
    }

    @Test
    void aMissingFileIsUnusable() {
        Path file = temp.resolve("nowhere.bgml");
        Cli.Result r = Cli.run("validate", file.toString());
        assertEquals(2, r.code(), r.toString());
        assertEquals(file + ": no such file", r.errLines().get(0));
        assertEquals("", r.out());
    }

    @Test
    void aTruncatedFileIsUnusableAndNamesFileAndLine() throws Exception {
        Path whole = SmallModels.save(SmallModels.roundTrip(), temp.resolve("whole.bgml"));
        byte[] bytes = Files.readAllBytes(whole);
        Path file = Files.write(temp.resolve("truncated.bgml"), Arrays.copyOf(bytes, bytes.length / 2));
        Cli.Result r = Cli.run("validate", file.toString());
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.errLines().get(0).matches(Pattern.quote(file.toString())
                + ":\\d+(:\\d+)?: the file ends before the model does \\(truncated\\?\\); expected .*"), r.toString());
        assertEquals("", r.out());
    }

    @Test
    void garbageIsUnusableAndNamesFileAndLine() throws Exception {
        byte[] garbage = new byte[2048];
        new Random(1).nextBytes(garbage);
        garbage[0] = (byte) 0xff;
        Path file = Files.write(temp.resolve("garbage.bgml"), garbage);
        Cli.Result r = Cli.run("validate", file.toString());
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.errLines().get(0).matches(Pattern.quote(file.toString()) + ":1(:\\d+)?: not a BGML model: .*; expected .*"),
                r.toString());
    }

    @Test
    void aForeignXmlFileIsUnusable() throws Exception {
        Path file = Files.writeString(temp.resolve("page.bgml"), "<html>\n  <body/>\n</html>\n", StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("validate", file.toString());
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.errLines().get(0).startsWith(file + ":1: not a BGML model: the root element is <html>; expected "), r.toString());
    }

    @Test
    void everyFileIsCheckedAndUnusableInputWins() throws Exception {
        Path broken = SmallModels.save(SmallModels.sourceToFacet(), temp.resolve("broken.bgml"));
        Path empty = Files.write(temp.resolve("empty.bgml"), new byte[0]);
        Path clean = SmallModels.save(SmallModels.roundTrip(), temp.resolve("clean.bgml"));
        Cli.Result r = Cli.run("validate", broken.toString(), empty.toString(), clean.toString());
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.outLines().stream().anyMatch(l -> l.startsWith(broken + ": bad: error: ")), r.toString());
        assertTrue(r.errLines().contains(empty + ": the file is empty; expected a BGML model (XMI)"), r.toString());
        assertEquals("1 error, 0 warnings in 2 files; 1 file could not be loaded", r.errLines().get(r.errLines().size() - 1), r.toString());
    }

    @Test
    void aFileThatCannotBeLoadedIsCountedApartFromProblems() throws Exception {
        Path truncated = temp.resolve("truncated.bgml");
        byte[] whole = Files.readAllBytes(SmallModels.save(SmallModels.roundTrip(), temp.resolve("whole.bgml")));
        Files.write(truncated, Arrays.copyOf(whole, whole.length / 2));
        Cli.Result r = Cli.run("validate", truncated.toString());
        assertEquals(2, r.code(), r.toString());
        assertEquals(2, r.errLines().size(), r.toString());
        assertTrue(r.errLines().get(0).startsWith(truncated + ":"), "the load error first: " + r);
        assertEquals("1 file could not be loaded", r.errLines().get(1), "no '0 errors, 0 warnings in 1 file' for a file never checked");

        Path missing = temp.resolve("missing.bgml");
        Cli.Result two = Cli.run("validate", truncated.toString(), missing.toString());
        assertEquals("2 files could not be loaded", two.errLines().get(two.errLines().size() - 1), two.toString());
    }

    @Test
    void errorsWithoutUnusableInputExit1() throws Exception {
        Path broken = SmallModels.save(SmallModels.sourceToFacet(), temp.resolve("broken.bgml"));
        Path clean = SmallModels.save(SmallModels.roundTrip(), temp.resolve("clean.bgml"));
        Cli.Result r = Cli.run("validate", clean.toString(), broken.toString());
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.outLines().stream().noneMatch(l -> l.startsWith(clean + ":")), "the clean file has no lines\n" + r);
    }
}
