package org.bgml.generator.omniorb.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.Naming;
import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.generator.omniorb.OmniOrbGenerator;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.testing.RepositoryRoot;

/**
 * Models and generation for the tests: the repository's examples, this bundle's own models, and the omniorb
 * target run the way the GenerationService runs it (validate, plan, generate, copy the runtime headers).
 */
final class Fixtures {
    private Fixtures() {
    }

    /** The repository checkout (the build passes it as -Dbgml.repo). */
    static Path repo() {
        return RepositoryRoot.get();
    }

    static Path bundle() {
        return repo().resolve("tests/org.bgml.generator.omniorb.tests");
    }

    static Path example(String name) {
        return repo().resolve("examples/" + name + ".bgml");
    }

    /** This bundle's own model with everything the target handles (events, components, every metric kind). */
    static Path features() {
        return bundle().resolve("models/features.bgml");
    }

    static Path goldenDir(String name) {
        return bundle().resolve("golden/" + name);
    }

    /** Every example, in name order. */
    static List<Path> examples() {
        try (Stream<Path> files = Files.list(repo().resolve("examples"))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".bgml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every example and this bundle's models. */
    static List<Path> allModels() {
        List<Path> all = new ArrayList<>(examples());
        all.add(features());
        return all;
    }

    static String name(Path model) {
        String file = model.getFileName().toString();
        return file.substring(0, file.length() - ".bgml".length());
    }

    static BenchmarkModel load(Path file) {
        try {
            return ModelFiles.loadModel(file);
        } catch (ModelLoadException e) {
            throw new AssertionError(e.describe(), e);
        }
    }

    static MemoryOutput generate(Path model) {
        MemoryOutput out = new MemoryOutput();
        generate(load(model), out);
        return out;
    }

    static void generate(Path model, Path dir) {
        generate(load(model), new DirectoryOutput(dir));
    }

    static BenchmarkPlan generate(BenchmarkModel model, GeneratorOutput out) {
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(model);
        if (ModelValidator.hasErrors(diagnostics)) {
            throw new AssertionError(model.getName() + " has validation errors:\n"
                    + String.join("\n", diagnostics.stream().map(ModelDiagnostic::format).toList()));
        }
        BenchmarkPlan plan = new Planner(new Naming()).plan(model, null, null);
        new OmniOrbGenerator().generate(plan, out);
        RuntimeHeaders.copyTo(out);
        return plan;
    }

    static BenchmarkPlan plan(Path model) {
        return new Planner(new Naming()).plan(load(model), null, null);
    }
}
