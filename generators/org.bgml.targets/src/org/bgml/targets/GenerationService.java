package org.bgml.targets;

import java.nio.file.Path;
import java.util.List;

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.generator.common.Naming;
import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.model.BenchmarkModel;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;

/**
 * The one way to generate a benchmark, shared by the CLI, the launcher and the IDE: validate, refuse on
 * errors, plan, run the target's templates, add the C++ runtime.
 */
public final class GenerationService {

    /** What to generate. Null deployment or configuration means the model's first one. */
    public record Request(BenchmarkModel model, String target, String deployment, String configuration) {
    }

    /** What was written. */
    public record Result(BenchmarkPlan plan, int files, long bytes) {
    }

    public Result generate(Request request, Path outDir) throws InvalidModelException {
        DirectoryOutput out = new DirectoryOutput(outDir);
        BenchmarkPlan plan = generate(request, out);
        long bytes = out.files().values().stream().mapToLong(b -> b.length).sum();
        return new Result(plan, out.files().size(), bytes);
    }

    /** Generates into any output (a folder, or memory for tests and hashing). */
    public BenchmarkPlan generate(Request request, GeneratorOutput out) throws InvalidModelException {
        TargetGenerator target = target(request.target());
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(request.model());
        if (ModelValidator.hasErrors(diagnostics)) {
            throw new InvalidModelException(diagnostics);
        }
        BenchmarkPlan plan = new Planner(new Naming()).plan(request.model(), request.deployment(), request.configuration());
        target.generate(plan, out);
        RuntimeHeaders.copyTo(out);
        return plan;
    }

    public static TargetGenerator target(String id) {
        TargetGenerator target = Targets.byId().get(id);
        if (target == null) {
            throw new IllegalArgumentException("unknown target '" + id + "'; known targets: " + String.join(", ", Targets.byId().keySet()));
        }
        return target;
    }
}
