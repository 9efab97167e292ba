package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.bgml.cli.bench.GenerationBenchmark;
import org.bgml.cli.bench.ModelBenchmark;
import org.bgml.model.synthetic.SyntheticModels;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.emf.ecore.resource.Resource;

/**
 * {@code bgml benchmark model|generate [--components N] [--repeat R] [--warmup W]}: how fast BGML loads,
 * validates and saves a large model, or generates every target for it. {@code bgml benchmark model --write FILE}
 * only writes the synthetic model (for other tools' benchmarks, e.g. the diagram's).
 */
final class BenchmarkCommand implements Command {
    static final int DEFAULT_COMPONENTS = 1000;
    static final int DEFAULT_REPEAT = 5;
    static final int DEFAULT_WARMUP = 2;

    @Override
    public String name() {
        return "benchmark";
    }

    @Override
    public String synopsis() {
        return "model|generate [--components N] [--repeat R] [--warmup W] [--write FILE]";
    }

    @Override
    public String summary() {
        return "time load/validate/save (model) or generation per target (generate) of a synthetic model, default 1,000 components";
    }

    @Override
    public int run(String[] args, Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        Arguments a = new Arguments(in, args, "--components", "--repeat", "--warmup", "--write");
        String what = a.single("benchmark (model or generate)");
        if (!what.equals("model") && !what.equals("generate")) {
            throw new UsageException("unknown benchmark '" + what + "'; choose model or generate");
        }
        int components = number(a, "--components", DEFAULT_COMPONENTS, SyntheticModels.MIN_COMPONENTS);
        int repeat = number(a, "--repeat", DEFAULT_REPEAT, 1);
        int warmup = number(a, "--warmup", DEFAULT_WARMUP, 0);
        String write = a.optional("--write");
        if (write != null) {
            if (!what.equals("model")) {
                throw new UsageException("--write goes with 'benchmark model'");
            }
            return write(components, in.path(write), out, err);
        }
        Path work = null;
        try {
            work = Files.createTempDirectory("bgml-benchmark-");
            if (what.equals("generate")) {
                GenerationBenchmark.Options options = new GenerationBenchmark.Options(components, repeat, warmup);
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

    private static int number(Arguments a, String option, int fallback, int minimum) throws UsageException {
        String value = a.optional(option);
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
