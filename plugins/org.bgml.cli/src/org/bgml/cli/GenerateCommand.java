package org.bgml.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.bgml.targets.GenerationService;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bgml generate FILE --target T --out DIR [--deployment D] [--config C]}. */
@Command(name = "generate", description = "generate every file of the benchmark for one target",
        footer = "  bgml generate examples/roundtrip.bgml --target omniorb --out gen/")
final class GenerateCommand implements Subcommand {
    @Parameters(paramLabel = "FILE", description = "the model")
    List<String> files = new ArrayList<>();

    @Option(names = "--target", paramLabel = "T", completionCandidates = TargetIds.class,
            description = "the middleware to generate for: ${COMPLETION-CANDIDATES}")
    String targetId;

    @Option(names = "--out", paramLabel = "DIR", description = "the folder to write into")
    String outDir;

    @Option(names = "--deployment", paramLabel = "NAME", description = "the deployment to generate (default: the model's first)")
    String deployment;

    @Option(names = "--config", paramLabel = "NAME", description = "the configuration to apply (default: the model's first)")
    String config;

    @Override
    public String synopsis() {
        return "FILE --target " + TargetIds.joined("|") + " --out DIR [--deployment NAME] [--config NAME]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        String file = ArgumentChecks.single(files, "model file");
        String target = TargetIds.resolve(ArgumentChecks.required(targetId, "--target"));
        ArgumentChecks.required(outDir, "--out");
        BenchmarkModel model;
        try {
            model = ModelFiles.loadModel(in.path(file));
        } catch (ModelLoadException e) {
            err.println(e.describe());
            return Bgml.UNUSABLE;
        }
        try {
            GenerationService.Result result = new GenerationService().generate(
                    new GenerationService.Request(model, target, deployment, config), in.path(outDir));
            out.println("generated " + Plural.of(result.files(), "file") + " (" + result.bytes() + " bytes) for target " + target
                    + " into " + outDir);
            return Bgml.OK;
        } catch (InvalidModelException e) {
            for (ModelDiagnostic d : e.diagnostics()) {
                err.println(file + ": " + d.format());
            }
            err.println(file + ": " + e.getMessage());
            return Bgml.MODEL_ERRORS;
        } catch (IllegalArgumentException e) {
            err.println(file + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
    }
}
