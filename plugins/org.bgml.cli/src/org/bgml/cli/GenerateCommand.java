package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Path;

import org.bgml.targets.GenerationService;
import org.bgml.targets.Targets;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;

/** {@code bgml generate FILE --target T --out DIR [--deployment D] [--config C]}. */
final class GenerateCommand implements Command {
    @Override
    public String name() {
        return "generate";
    }

    @Override
    public String synopsis() {
        return "FILE --target " + Targets.choices() + " --out DIR [--deployment NAME] [--config NAME]";
    }

    @Override
    public String summary() {
        return "generate every file of the benchmark for one target";
    }

    @Override
    public int run(String[] args, Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        Arguments a = new Arguments(in, args, "--target", "--out", "--deployment", "--config");
        String file = a.single("model file");
        String target = a.required("--target");
        String outDir = a.required("--out");
        if (!Targets.isKnown(target)) {
            throw new UsageException(Targets.unknownTargetMessage(target));
        }
        BenchmarkModel model;
        try {
            model = ModelFiles.loadModel(in.path(file));
        } catch (ModelLoadException e) {
            err.println(e.describe());
            return Bgml.UNUSABLE;
        }
        try {
            GenerationService.Result result = new GenerationService().generate(
                    new GenerationService.Request(model, target, a.optional("--deployment"), a.optional("--config")), in.path(outDir));
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
