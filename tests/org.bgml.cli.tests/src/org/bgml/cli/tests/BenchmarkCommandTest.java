package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.bgml.targets.Targets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code bgml benchmark model}: prints its table (the figures themselves are not checked: this is no timed test). */
class BenchmarkCommandTest {
    private static final String MS = " +\\d+\\.\\d +\\d+\\.\\d +\\d+\\.\\d";

    @Test
    void printsEveryRowForASmallModel() {
        Cli.Result r = Cli.run("benchmark", "model", "--components", "20", "--repeat", "1", "--warmup", "0");
        assertEquals(0, r.code(), r.toString());
        assertEquals("", r.err());
        assertLine(r, "bgml benchmark model: 20 components, 100 ports, 50 connections, \\d+ metrics");
        assertLine(r, "model file +[\\d,]+ bytes \\(\\d+\\.\\d MB\\), built in \\d+ ms");
        assertLine(r, "validation +0 errors, \\d+ warnings?");
        assertLine(r, "timing +1 repetition after 0 warm-ups; .*");
        assertLine(r, "phase \\(ms\\) +median +min +max");
        assertLine(r, "load" + MS);
        assertLine(r, "validate" + MS);
        assertLine(r, "save" + MS);
        assertLine(r, "heap +\\d+\\.\\d MB live after load \\(the model itself \\d+\\.\\d MB\\); peak \\d+\\.\\d MB .*");
        assertLine(r, "java +\\S+ .*, \\d+ CPUs");
    }

    @Test
    void theDefaultSizeIsAThousandComponents() {
        // Checked through the usage text only: running the default takes seconds.
        Cli.Result r = Cli.run("--help");
        assertTrue(r.out().contains("default 1,000 components"), r.toString());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "benchmark|bgml benchmark: no benchmark (model or generate) given",
        "benchmark graph|bgml benchmark: unknown benchmark 'graph'; choose model or generate",
        "benchmark model --components abc|bgml benchmark: --components needs a whole number of at least 3, not 'abc'",
        "benchmark model --components 2|bgml benchmark: --components needs a whole number of at least 3, not '2'",
        "benchmark model --repeat 0|bgml benchmark: --repeat needs a whole number of at least 1, not '0'",
        "benchmark model --warmup -1|bgml benchmark: --warmup needs a whole number of at least 0, not '-1'",
        "benchmark model --size 5|bgml benchmark: unknown option --size",
        "benchmark model --repeat|bgml benchmark: --repeat needs a value"})
    void wrongArgumentsExit2WithUsage(String args, String message) {
        Cli.Result r = Cli.run(args.split(" "));
        assertEquals(2, r.code(), r.toString());
        assertEquals(message, r.errLines().get(0));
        assertEquals("usage: bgml benchmark model|generate [--components N] [--repeat R] [--warmup W] [--write FILE]", r.errLines().get(1));
        assertEquals("", r.out());
    }

    @Test
    void writeSavesTheSyntheticModelWhichThenValidates(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("synthetic.bgml");
        Cli.Result r = Cli.run("benchmark", "model", "--components", "12", "--write", file.toString());
        assertEquals(0, r.code(), r.toString());
        assertLine(r, "bgml benchmark model: wrote .*synthetic\\.bgml \\(12 components, 60 ports, 30 connections\\)");
        Cli.Result info = Cli.run("info", file.toString());
        assertEquals(0, info.code(), info.toString());
        assertTrue(info.out().contains("12"), info.toString());
        assertEquals(0, Cli.run("validate", file.toString()).code());
    }

    @Test
    void writeGoesOnlyWithTheModelBenchmark(@TempDir Path dir) {
        Cli.Result r = Cli.run("benchmark", "generate", "--write", dir.resolve("x.bgml").toString());
        assertEquals(2, r.code(), r.toString());
        assertEquals("bgml benchmark: --write goes with 'benchmark model'", r.errLines().get(0));
    }

    /**
     * Every registered target gets figures, none is left at "refused": a target that cannot generate the synthetic
     * model as described is measured on the variant it generates, and a line says which. Wall time and CPU time both
     * come with their ratio to the raw write of the same bytes.
     */
    @Test
    void generationBenchmarkMeasuresEveryTarget() {
        Cli.Result r = Cli.run("benchmark", "generate", "--components", "6", "--repeat", "1", "--warmup", "0");
        assertEquals(0, r.code(), r.toString());
        assertLine(r, "generation of a synthetic model with 6 components .*");
        assertTrue(Targets.ids().size() >= 4, Targets.ids().toString());
        for (String target : Targets.ids()) {
            assertLine(r, target + " +\\d+ +\\d+ +\\d+\\.\\d .* ms +\\d+\\.\\d\\dx +\\d+\\.\\d ms +\\d+\\.\\d ms +\\d+\\.\\d\\dx");
        }
        for (String line : r.outLines()) {
            if (line.contains("refuses the model as described")) {
                assertTrue(line.matches("\\w+ refuses the model as described: its row is of the variant with .+ \\(\\d+ ports, \\d+ connections\\)"),
                        line);
            }
        }
    }

    private static void assertLine(Cli.Result r, String regex) {
        assertTrue(r.outLines().stream().anyMatch(l -> l.matches(regex)), "no line matching '" + regex + "'\n" + r);
    }
}
