package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.bgml.targets.Targets;
import org.bgml.testing.RepositoryRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a new user tries first: {@code --help} on every command (its options and an example, exit 0), {@code --version},
 * wrong arguments reported in one style with exit 2, and the shipped shell completion matching the commands.
 */
class ConventionsTest {
    private static final List<String> COMMANDS = List.of("validate", "info", "format", "generate", "run", "benchmark", "results", "annotate",
            "report", "compare", "experiment", "analyze", "studio", "daemon", "completion");

    /** The commands the top-level help lists, in its order. */
    static List<String> listedCommands() {
        Cli.Result r = Cli.run("--help");
        List<String> names = new ArrayList<>();
        boolean inList = false;
        for (String line : r.outLines()) {
            if (line.equals("commands:")) {
                inList = true;
            } else if (inList) {
                Matcher m = Pattern.compile("  ([a-z]+)(  .*)?").matcher(line);
                if (m.matches()) {
                    names.add(m.group(1));
                } else if (!line.startsWith("     ")) {
                    break; // past the list (continuation lines of a description are indented further)
                }
            }
        }
        return names;
    }

    @Test
    void theTopLevelHelpListsEveryCommand() {
        List<String> listed = listedCommands();
        assertTrue(listed.containsAll(COMMANDS), "listed: " + listed);
        assertTrue(listed.contains("help"), "listed: " + listed);
    }

    @ParameterizedTest
    @MethodSource("listedCommands")
    void helpOnEveryCommandShowsItsOptionsAndAnExample(String command) {
        for (String flag : new String[] { "--help", "-h" }) {
            Cli.Result r = Cli.run(command, flag);
            assertEquals(0, r.code(), r.toString());
            assertEquals("", r.err(), r.toString());
            assertTrue(r.outLines().get(0).startsWith("usage: bgml " + command + " "), r.toString());
            assertTrue(r.out().contains("\noptions:\n"), r.toString());
            assertTrue(r.outLines().stream().anyMatch(l -> l.matches("  -h, --help +show this help and exit")), r.toString());
            List<String> lines = r.outLines();
            int example = lines.indexOf("example:");
            assertTrue(example > 0 && example + 1 < lines.size(), "no example section:\n" + r);
            assertTrue(lines.get(example + 1).matches("  (bin/)?bgml " + command + "( .*)?"), "the example runs the command:\n" + r);
        }
    }

    @Test
    void helpNamesEveryOptionTheCommandTakes() {
        Cli.Result r = Cli.run("run", "--help");
        for (String option : new String[] { "--target", "--deployment", "--config", "--out", "--store", "--report", "--keep", "--timings" }) {
            assertTrue(r.outLines().stream().anyMatch(l -> l.matches("      " + option + "(=\\S+)? +\\S.*")), option + " with its description:\n" + r);
        }
        assertTrue(r.out().contains(String.join(", ", org.bgml.targets.Targets.ids())), "the targets come from the registry:\n" + r);
    }

    @Test
    void theHelpCommandShowsACommandsHelp() {
        Cli.Result viaHelp = Cli.run("help", "analyze");
        assertEquals(0, viaHelp.code(), viaHelp.toString());
        assertEquals(Cli.run("analyze", "--help").out(), viaHelp.out());
        assertEquals(Cli.run("--help").out(), Cli.run("help").out());
        Cli.Result unknown = Cli.run("help", "frobnicate");
        assertEquals(2, unknown.code(), unknown.toString());
        assertEquals("bgml help: unknown command 'frobnicate'", unknown.errLines().get(0));
    }

    @Test
    void aMisspeltOptionIsReportedBeforeAMissingRequiredOne() {
        Cli.Result r = Cli.run("annotate", "x.bgml", "--rnu", "1");
        assertEquals(2, r.code(), r.toString());
        assertEquals("bgml annotate: unknown option --rnu", r.errLines().get(0));
    }

    @Test
    void versionNamesTheToolAndTheModelFormat() {
        for (String flag : new String[] { "--version", "-V" }) {
            Cli.Result r = Cli.run(flag);
            assertEquals(0, r.code(), r.toString());
            assertEquals("", r.err());
            assertTrue(r.outLines().get(0).matches("bgml \\d+\\.\\d+\\.\\d+(\\.\\S+)?"), r.toString());
            assertEquals("model format 1.0 (http://bgml.org/bgml/1.0)", r.outLines().get(1), r.toString());
        }
    }

    @ParameterizedTest
    @MethodSource("listedCommands")
    void anUnknownOptionExits2InTheOneErrorStyle(String command) {
        Cli.Result r = Cli.run(command, "--no-such-option", "x.bgml");
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out(), r.toString());
        assertEquals(List.of("bgml " + command + ": unknown option --no-such-option", r.errLines().get(1)), r.errLines(), r.toString());
        assertTrue(r.errLines().get(1).startsWith("usage: bgml " + command + " "), r.toString());
    }

    /** picocli's parse errors and the commands' own checks read alike: "bgml CMD: what", then the usage line. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "run x.bgml --target|bgml run: --target needs a value",
        "run x.bgml --target tao --target ace|bgml run: --target given twice",
        "run x.bgml --target orbix|bgml run: unknown target 'orbix'; choose one of {targets}",
        "run x.bgml --target=orbix|bgml run: unknown target 'orbix'; choose one of {targets}",
        "run a.bgml b.bgml|bgml run: expected one model file, got 2",
        "annotate x.bgml|bgml annotate: --run is required",
        "generate x.bgml --out gen|bgml generate: --target is required",
        "results extra|bgml results: unexpected argument extra",
        "compare 1 2 --targets omniorb|bgml compare: --targets, --deployment and --out go with a model file (.bgml), not with stored runs",
        "compare 1 --by-target|bgml compare: --by-target needs at least two runs, got 1",
        "compare x.bgml --targets orbix|bgml compare: unknown target 'orbix'; choose one of {targets}",
        "experiment|bgml experiment: say plan, run, task or cache",
        "frobnicate|bgml: unknown command 'frobnicate'",
        "valdate x.bgml|bgml: unknown command 'valdate'; did you mean validate?"})
    void wrongArgumentsExit2InTheOneErrorStyle(String args, String message) {
        Cli.Result r = Cli.run(args.split(" "));
        assertEquals(2, r.code(), r.toString());
        assertEquals("", r.out(), r.toString());
        // the registered targets, as the registry lists them: a new target changes no test outside its own bundles
        String expected = message.replace("{targets}", String.join(", ", Targets.ids()));
        assertEquals(expected, r.errLines().get(0), r.toString());
        assertTrue(r.errLines().get(1).startsWith("usage: bgml "), r.toString());
        assertEquals(2, r.errLines().size(), "two lines, no trace:\n" + r);
    }

    @Test
    void optionsTakeTheirValueAfterASpaceOrAnEqualsSign() {
        Cli.Result spaced = Cli.run("benchmark", "model", "--components", "2");
        Cli.Result joined = Cli.run("benchmark", "model", "--components=2");
        assertEquals(2, joined.code(), joined.toString());
        assertEquals(spaced.err(), joined.err());
    }

    @ParameterizedTest
    @CsvSource({ "bash,bgml.bash", "zsh,_bgml" })
    void theShippedCompletionScriptIsTheGeneratedOne(String shell, String file) throws Exception {
        Cli.Result r = Cli.run("completion", shell);
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.out().contains("_complete_bgml"), r.toString());
        for (String command : COMMANDS) {
            assertTrue(r.out().contains(command), "the script completes " + command);
        }
        assertTrue(r.out().contains("omniorb ace tao ciao") || r.out().contains("omniorb\" \"ace"), "it completes --target's values");
        Path shipped = RepositoryRoot.get().resolve("plugins/org.bgml.cli/completion").resolve(file);
        assertEquals(r.out(), Files.readString(shipped, StandardCharsets.UTF_8),
                shipped + " is stale: write it again with `bin/bgml completion " + shell + " > " + RepositoryRoot.get().relativize(shipped) + "`");
        if (shell.equals("zsh")) {
            assertTrue(r.out().startsWith("#compdef bgml\n"), "zsh autoloads it from fpath");
        } else {
            assertFalse(r.out().startsWith("#compdef"), r.out().lines().findFirst().orElse(""));
        }
    }
}
