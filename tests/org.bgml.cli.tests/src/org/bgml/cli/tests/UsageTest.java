package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Exit code 2 and a usage text for every way of calling bgml wrongly. */
class UsageTest {

    @Test
    void noArgumentsPrintsUsageToStderrAndExits2() {
        Cli.Result r = Cli.run();
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out());
        assertEquals("usage: bgml <command> [arguments]", r.errLines().get(0));
        assertTrue(r.err().contains("exit codes: 0 success, 1 model errors, 2 unusable input or usage, 3 internal error"), r.toString());
        for (String command : new String[] {"validate", "info", "format", "benchmark"}) {
            assertTrue(r.errLines().stream().anyMatch(l -> l.matches("  " + command + " +\\S.*")), "usage lists " + command + "\n" + r);
        }
    }

    @Test
    void helpPrintsUsageToStdoutAndExits0() {
        Cli.Result r = Cli.run("--help");
        assertEquals(0, r.code(), r.toString());
        assertEquals("usage: bgml <command> [arguments]", r.outLines().get(0));
        assertEquals("", r.err());
    }

    @Test
    void unknownCommandExits2() {
        Cli.Result r = Cli.run("frobnicate", "x.bgml");
        assertEquals(2, r.code(), r.toString());
        assertEquals("bgml: unknown command 'frobnicate'", r.errLines().get(0));
        assertEquals("usage: bgml <command> [arguments]", r.errLines().get(1));
        assertEquals("", r.out());
    }

    @Test
    void validateWithoutAFileExits2WithItsUsageLine() {
        Cli.Result r = Cli.run("validate");
        assertEquals(2, r.code(), r.toString());
        assertEquals("bgml validate: no model file given\nusage: bgml validate FILE...\n", r.err().replace("\r\n", "\n"));
        assertEquals("", r.out());
    }

    @Test
    void validateWithAnUnknownOptionExits2() {
        Cli.Result r = Cli.run("validate", "--strict", "x.bgml");
        assertEquals(2, r.code(), r.toString());
        assertEquals("bgml validate: unknown option --strict", r.errLines().get(0));
        assertEquals("usage: bgml validate FILE...", r.errLines().get(1));
    }

    @Test
    void infoAndFormatWithoutAFileExit2() {
        for (String command : new String[] {"info", "format"}) {
            Cli.Result r = Cli.run(command);
            assertEquals(2, r.code(), r.toString());
            assertEquals("bgml " + command + ": no model file given", r.errLines().get(0));
            assertEquals("usage: bgml " + command + " FILE...", r.errLines().get(1));
        }
    }
}
