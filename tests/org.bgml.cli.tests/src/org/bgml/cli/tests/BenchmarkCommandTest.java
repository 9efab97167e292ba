package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

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
        "benchmark model --repeat|bgml benchmark: --repeat needs a value",
        "benchmark model --out x|bgml benchmark: --out goes with 'benchmark generate'",
        "benchmark model --target ace|bgml benchmark: --target goes with 'benchmark generate'"})
    void wrongArgumentsExit2WithUsage(String args, String message) {
        Cli.Result r = Cli.run(args.split(" "));
        assertEquals(2, r.code(), r.toString());
        assertEquals(message, r.errLines().get(0));
        assertEquals("usage: bgml benchmark model|generate [--components N] [--repeat R] [--warmup W] [--write FILE] [--target T] [--out DIR]",
                r.errLines().get(1));
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
     * come with their ratio to the raw write of the same bytes, and the CPU time of generating into memory with
     * its cost per MB.
     */
    @Test
    void generationBenchmarkMeasuresEveryTarget() {
        Cli.Result r = Cli.run("benchmark", "generate", "--components", "6", "--repeat", "1", "--warmup", "0");
        assertEquals(0, r.code(), r.toString());
        assertLine(r, "generation of a synthetic model with 6 components .*");
        assertTrue(Targets.ids().size() >= 4, Targets.ids().toString());
        for (String target : Targets.ids()) {
            assertLine(r, target + " +\\d+ +\\d+ +\\d+\\.\\d .* ms +\\d+\\.\\d\\dx +\\d+\\.\\d ms +\\d+\\.\\d ms +\\d+\\.\\d\\dx +\\d+\\.\\d ms +\\d+\\.\\d ms");
        }
        for (String line : r.outLines()) {
            if (line.contains("refuses the model as described")) {
                assertTrue(line.matches("\\w+ refuses the model as described: its row is of the variant with .+ \\(\\d+ ports, \\d+ connections\\)"),
                        line);
            }
        }
    }

    /**
     * {@code --target} measures the chosen target only, and {@code --out} keeps its last generated tree: the same
     * files, byte for byte, as {@code bgml generate} writes for the same model.
     */
    @Test
    void generationBenchmarkOfOneTargetKeepsWhatItGenerated(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("rounds");
        Cli.Result r = Cli.run("benchmark", "generate", "--components", "6", "--repeat", "2", "--warmup", "1",
                "--target", "omniorb", "--out", out.toString());
        assertEquals(0, r.code(), r.toString());
        assertLine(r, "omniorb +\\d+ +\\d+ .*");
        for (String target : Targets.ids()) {
            if (!target.equals("omniorb")) {
                assertTrue(r.outLines().stream().noneMatch(l -> l.startsWith(target + " ")), r.toString());
            }
        }
        try (Stream<Path> left = Files.list(out)) {
            assertEquals(List.of(out.resolve("omniorb")), left.toList(), "only the kept tree stays");
        }
        Path model = dir.resolve("synthetic.bgml");
        assertEquals(0, Cli.run("benchmark", "model", "--components", "6", "--write", model.toString()).code());
        Path generated = dir.resolve("generated");
        Cli.Result g = Cli.run("generate", model.toString(), "--target", "omniorb", "--out", generated.toString());
        assertEquals(0, g.code(), g.toString());
        assertEquals(tree(generated), tree(out.resolve("omniorb")));
    }

    @Test
    void generationBenchmarkRefusesAnUnknownTarget() {
        Cli.Result r = Cli.run("benchmark", "generate", "--target", "orbix");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.errLines().get(0).startsWith("bgml benchmark: unknown target 'orbix'"), r.toString());
    }

    /** Every file below {@code root} by relative path, with its bytes as text. */
    private static Map<String, String> tree(Path root) throws IOException {
        Map<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(root)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(p).toString(), new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
            }
        }
        return files;
    }

    private static void assertLine(Cli.Result r, String regex) {
        assertTrue(r.outLines().stream().anyMatch(l -> l.matches(regex)), "no line matching '" + regex + "'\n" + r);
    }
}
