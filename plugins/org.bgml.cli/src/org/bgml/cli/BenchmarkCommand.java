package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.cli.bench.GenerationBenchmark;
import org.bgml.cli.bench.ModelBenchmark;
import org.bgml.model.synthetic.SyntheticModels;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.emf.ecore.resource.Resource;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml benchmark model|generate [--components N] [--repeat R] [--warmup W]}: how fast BGML loads,
 * validates and saves a large model, or generates every target for it. {@code bgml benchmark model --write FILE}
 * only writes the synthetic model (for other tools' benchmarks, e.g. the diagram's). {@code benchmark generate}
 * takes {@code --target T} (one target, repeatable) and {@code --out DIR} (the folder its rounds write into, e.g. a
 * tmpfs; each target's last generated tree stays there, so that two builds' output can be compared).
 */
@Command(name = "benchmark",
        description = "time load/validate/save (model) or generation per target (generate) of a synthetic model, default 1,000 components",
        footer = "  bgml benchmark model --components 1000")
final class BenchmarkCommand implements Subcommand {
    static final int DEFAULT_COMPONENTS = 1000;
    static final int DEFAULT_REPEAT = 5;
    static final int DEFAULT_WARMUP = 2;
    /** Generation runs each template hundreds of times per model: ten rounds first let the JIT compile them. */
    static final int DEFAULT_GENERATE_WARMUP = 10;

    @Parameters(paramLabel = "WHAT", completionCandidates = Kinds.class,
            description = "model: load, validate and save times and heap; generate: generation time per target")
    List<String> what = new ArrayList<>();

    @Option(names = "--components", paramLabel = "N", description = "components in the synthetic model (default 1000, at least 3)")
    String components;

    @Option(names = "--repeat", paramLabel = "R", description = "measured repetitions (default 5)")
    String repeat;

    @Option(names = "--warmup", paramLabel = "W", description = "unmeasured repetitions first (default 2; 10 for generate)")
    String warmup;

    @Option(names = "--write", paramLabel = "FILE", description = "with model: only write the synthetic model to FILE")
    String writeFile;

    @Option(names = "--target", paramLabel = "T", completionCandidates = TargetIds.class,
            description = "with generate: measure this target only (repeatable; default every one): ${COMPLETION-CANDIDATES}")
    List<String> targets = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "with generate: write the rounds into DIR (default a temporary folder) and keep each target's last tree there")
    String outDir;

    static final class Kinds extends ArrayList<String> {
        private static final long serialVersionUID = 1L;

        Kinds() {
            super(List.of("model", "generate"));
        }
    }

    @Override
    public String synopsis() {
        return "model|generate [--components N] [--repeat R] [--warmup W] [--write FILE] [--target T] [--out DIR]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        String what = ArgumentChecks.single(this.what, "benchmark (model or generate)");
        if (!what.equals("model") && !what.equals("generate")) {
            throw new UsageException("unknown benchmark '" + what + "'; choose model or generate");
        }
        int components = number(this.components, "--components", DEFAULT_COMPONENTS, SyntheticModels.MIN_COMPONENTS);
        int repeat = number(this.repeat, "--repeat", DEFAULT_REPEAT, 1);
        int warmup = number(this.warmup, "--warmup", what.equals("generate") ? DEFAULT_GENERATE_WARMUP : DEFAULT_WARMUP, 0);
        String write = writeFile;
        if (write != null) {
            if (!what.equals("model")) {
                throw new UsageException("--write goes with 'benchmark model'");
            }
            return write(components, in.path(write), out, err);
        }
        if (!what.equals("generate") && (!targets.isEmpty() || outDir != null)) {
            throw new UsageException((targets.isEmpty() ? "--out" : "--target") + " goes with 'benchmark generate'");
        }
        List<String> chosen = new ArrayList<>();
        for (String t : targets) {
            chosen.add(TargetIds.resolve(t));
        }
        Path work = null;
        try {
            work = Files.createTempDirectory("bgml-benchmark-");
            if (what.equals("generate")) {
                Path into = outDir == null ? null : in.path(outDir);
                if (into != null) {
                    Files.createDirectories(into);
                }
                GenerationBenchmark.Options options = new GenerationBenchmark.Options(components, repeat, warmup, chosen, into);
                GenerationBenchmark.print(options, GenerationBenchmark.run(options, work), out);
            } else {
                ModelBenchmark.print(ModelBenchmark.run(new ModelBenchmark.Options(components, repeat, warmup), work), out);
            }
            return Bgml.OK;
        } catch (IOException | ModelLoadException e) {
            err.println("bgml benchmark: " + (e instanceof ModelLoadException m ? m.describe() : e.getMessage()));
            return Bgml.UNUSABLE;
        } finally {
            delete(work);
        }
    }

    /** Writes the synthetic model of {@code components} components to {@code file} (atomically) without measuring. */
    private static int write(int components, Path file, PrintStream out, PrintStream err) {
        BenchmarkModel model = SyntheticModels.components(components);
        Resource resource = ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file.toAbsolutePath()));
        resource.getContents().add(model);
        try {
            ModelFiles.save(resource, file.toAbsolutePath());
        } catch (IOException e) {
            err.println("bgml benchmark: cannot write " + file + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        out.printf(java.util.Locale.ROOT, "bgml benchmark model: wrote %s (%,d components, %,d ports, %,d connections)%n",
                file, components, SyntheticModels.ports(components), SyntheticModels.connections(components));
        return Bgml.OK;
    }

    private static int number(String value, String option, int fallback, int minimum) throws UsageException {
        if (value == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= minimum) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " needs a whole number of at least " + minimum + ", not '" + value + "'");
    }

    private static void delete(Path dir) {
        if (dir == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind is harmless
        }
    }
}
