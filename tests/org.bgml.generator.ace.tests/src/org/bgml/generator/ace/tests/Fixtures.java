package org.bgml.generator.ace.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.generator.ace.AceGenerator;
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
    static final String TARGET = "ace";

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

    /**
     * Models of this test bundle (models/): what the examples do not use, e.g. events and every metric kind
     * (kitchen-sink), and an event chain with end-to-end paths (chain).
     */
    static Path testModel(String name) {
        return root().resolve("tests/org.bgml.generator.ace.tests/models").resolve(name + ".bgml");
    }

    /** The examples and the test models. */
    static List<Path> allModels() {
        return Stream.concat(examples().stream(), Stream.of(testModel("kitchen-sink"), testModel("chain"))).toList();
    }

    static Path goldenDir(String name) {
        return root().resolve("tests/org.bgml.generator.ace.tests/golden").resolve(name);
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
     * called directly so that these tests need only the ace and common bundles.
     */
    static void generate(BenchmarkModel model, String deployment, GeneratorOutput out) {
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(model);
        if (ModelValidator.hasErrors(diagnostics)) {
            throw new AssertionError("the model has validation errors: " + diagnostics);
        }
        new AceGenerator().generate(new Planner(new Naming()).plan(model, deployment, null), out);
        RuntimeHeaders.copyTo(out);
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
