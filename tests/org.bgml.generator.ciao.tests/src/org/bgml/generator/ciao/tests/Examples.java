package org.bgml.generator.ciao.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.generator.ciao.CiaoTarget;
import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.Naming;
import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Deployment;
import org.bgml.model.io.ModelFiles;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.testing.RepositoryRoot;

/** The example models and the ciao target run on them, the way the generation service runs a target. */
final class Examples {
    private Examples() {
    }

    /** The repository checkout the tests run from (the build passes it as -Dbgml.repo). */
    static Path repo() {
        return RepositoryRoot.get();
    }

    static Path example(String name) {
        return repo().resolve("examples").resolve(name);
    }

    /** Every example model, by name: the ciao target generates them all, event chains included. */
    static List<Path> all() {
        return everyExample();
    }

    /** The examples that run event chains (action lists, timers, paths). */
    static List<Path> eventChains() {
        return everyExample().stream().filter(f -> runsEventChains(load(f))).toList();
    }

    private static List<Path> everyExample() {
        try (Stream<Path> files = Files.list(repo().resolve("examples"))) {
            return files.filter(f -> f.toString().endsWith(".bgml")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * tests/models/client-call-chain.bgml as CCM sees it: the pilot, a CORBA 2.x client there, becomes a component
     * with the same name, ports and place in each deployment, so that its calls start the path inside a component
     * executor. Everything else (the sensor's actions, the metrics, the deployments) is the shared model's.
     */
    static BenchmarkModel clientCallChainOfComponents() {
        BenchmarkModel model = load(repo().resolve("tests/models/client-call-chain.bgml"));
        org.bgml.model.Entity client = model.getEntities().stream().filter(e -> e.getName().equals("Pilot")).findFirst().orElseThrow();
        org.bgml.model.Component pilot = org.bgml.model.BgmlFactory.eINSTANCE.createComponent();
        pilot.setName(client.getName());
        pilot.setDescription(client.getDescription());
        pilot.getPorts().addAll(new ArrayList<>(client.getPorts()));
        model.getEntities().set(model.getEntities().indexOf(client), pilot);
        for (Deployment d : model.getDeployments()) {
            for (org.bgml.model.Node n : d.getNodes()) {
                for (org.bgml.model.Process p : n.getProcesses()) {
                    int at = p.getEntities().indexOf(client);
                    if (at >= 0) {
                        p.getEntities().set(at, pilot);
                    }
                }
            }
        }
        return model;
    }

    static BenchmarkModel load(Path file) {
        try {
            return ModelFiles.loadModel(file);
        } catch (Exception e) {
            throw new IllegalStateException("cannot load " + file + ": " + e.getMessage(), e);
        }
    }

    /** Deployment names of a model; a list with null when it has none. */
    static List<String> deployments(BenchmarkModel model) {
        List<String> names = new ArrayList<>();
        for (Deployment d : model.getDeployments()) {
            names.add(d.getName());
        }
        if (names.isEmpty()) {
            names.add(null);
        }
        return names;
    }

    static BenchmarkPlan plan(BenchmarkModel model, String deployment, String configuration) {
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(model);
        if (ModelValidator.hasErrors(diagnostics)) {
            throw new IllegalStateException("invalid model " + model.getName() + ": " + diagnostics);
        }
        return new Planner(new Naming()).plan(model, deployment, configuration);
    }

    /** Every file of the ciao benchmark, runtime headers included, as the generation service writes them. */
    static void generate(BenchmarkModel model, String deployment, String configuration, GeneratorOutput out) {
        new CiaoTarget().generate(plan(model, deployment, configuration), out);
        RuntimeHeaders.copyTo(out);
    }

    static MemoryOutput generate(BenchmarkModel model, String deployment) {
        MemoryOutput out = new MemoryOutput();
        generate(model, deployment, null, out);
        return out;
    }

    static DirectoryOutput generate(BenchmarkModel model, String deployment, Path dir) {
        DirectoryOutput out = new DirectoryOutput(dir);
        generate(model, deployment, null, out);
        return out;
    }

    /** Whether the model runs event chains: action lists, timer sources or path metrics. */
    static boolean runsEventChains(BenchmarkModel model) {
        return !org.bgml.generator.common.plan.ChainPlan.of(model).isEmpty();
    }

    static boolean isRuntimeHeader(String path) {
        return path.startsWith(RuntimeHeaders.INCLUDE_DIR + "/");
    }
}
