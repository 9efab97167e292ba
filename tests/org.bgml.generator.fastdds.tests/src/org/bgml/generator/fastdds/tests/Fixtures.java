package org.bgml.generator.fastdds.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.generator.fastdds.FastDdsGenerator;
import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.Naming;
import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.generator.common.plan.Planner;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.testing.RepositoryRoot;

/** The repository checkout (-Dbgml.repo), its examples, and generation through the one shared service. */
final class Fixtures {
    static final String TARGET = "fastdds";

    private Fixtures() {
    }

    static Path root() {
        return RepositoryRoot.get();
    }

    static Path example(String name) {
        return root().resolve("examples").resolve(name + ".bgml");
    }

    /** Every example model, in name order. */
    static List<Path> examples() {
        try (Stream<Path> files = Files.list(root().resolve("examples"))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".bgml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A model of this bundle's models/ folder: {@code events}. */
    static Path model(String name) {
        return root().resolve("tests/org.bgml.generator.fastdds.tests/models").resolve(name + ".bgml");
    }

    /** Deliberately broken models of this bundle, one refusal rule each (see broken/README.md). */
    static Path broken() {
        return root().resolve("tests/org.bgml.generator.fastdds.tests/broken");
    }

    static Path goldenDir(String name) {
        return root().resolve("tests/org.bgml.generator.fastdds.tests/golden").resolve(name);
    }

    static BenchmarkModel load(Path file) {
        try {
            return ModelFiles.loadModel(file);
        } catch (ModelLoadException e) {
            throw new AssertionError(e.describe(), e);
        }
    }

    static void generate(BenchmarkModel model, GeneratorOutput out) {
        generate(model, null, out);
    }

    /**
     * What the GenerationService does for a target (validate, refuse errors, plan, generate, add the runtime),
     * called directly so that these tests need only the fastdds and common bundles.
     */
    static void generate(BenchmarkModel model, String deployment, GeneratorOutput out) {
        new FastDdsGenerator().generate(plan(model, deployment), out);
        RuntimeHeaders.copyTo(out);
    }

    /** The plan the generator gets, after validation, as the generation service makes it for a target whose middleware no configuration of the model sets. */
    static org.bgml.generator.common.plan.BenchmarkPlan plan(BenchmarkModel model, String deployment) {
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(model);
        if (ModelValidator.hasErrors(diagnostics)) {
            throw new AssertionError("the model has validation errors: " + diagnostics);
        }
        return new Planner(new Naming()).planWith(model, deployment, null); // no configuration: the models hold none for Fast DDS
    }

    static MemoryOutput generate(Path file) {
        MemoryOutput out = new MemoryOutput();
        generate(load(file), out);
        return out;
    }

    static void generateInto(Path file, Path dir) {
        generate(load(file), new DirectoryOutput(dir));
    }

    static String baseName(Path file) {
        String name = file.getFileName().toString();
        return name.substring(0, name.length() - ".bgml".length());
    }
}
