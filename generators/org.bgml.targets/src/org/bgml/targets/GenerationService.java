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
import org.bgml.model.ModelIndex;
import org.bgml.model.params.EffectiveSettings;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;

/**
 * The one way to generate a benchmark, shared by the CLI, the launcher and the IDE: apply the parameter blocks
 * ({@link EffectiveSettings}, into the request's model, which is loaded for generating and never saved), validate,
 * refuse on errors, plan, run the target's templates, add the C++ runtime.
 */
public final class GenerationService {

    /**
     * What to generate. A null deployment means the model's first one; a null configuration means the first one
     * for the target's middleware (see {@link ConfigurationChoice}).
     */
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
        ConfigurationChoice configuration = configuration(request);
        EffectiveSettings.resolveInPlace(request.model());
        BenchmarkPlan plan;
        // from here until the files are written no element is added, removed or moved: one index of the tree
        // serves the validation rules, the planner and the templates
        try (ModelIndex.Scope index = ModelIndex.open(request.model())) {
            List<ModelDiagnostic> diagnostics = new ModelValidator().validate(request.model());
            if (ModelValidator.hasErrors(diagnostics)) {
                throw new InvalidModelException(diagnostics);
            }
            plan = planResolved(request, configuration);
            target.generate(plan, out);
        }
        RuntimeHeaders.copyTo(out);
        return plan;
    }

    /** Plans the request (no validation, nothing written), with the configuration its target applies. */
    public static BenchmarkPlan plan(Request request) {
        return plan(request, configuration(request));
    }

    private static BenchmarkPlan plan(Request request, ConfigurationChoice configuration) {
        EffectiveSettings.resolveInPlace(request.model()); // parameter blocks: every template sees the effective settings
        return planResolved(request, configuration);
    }

    /** Plans a request whose model has its effective settings written in already. */
    private static BenchmarkPlan planResolved(Request request, ConfigurationChoice configuration) {
        Planner planner = new Planner(new Naming());
        return configuration.name() == null ? planner.planWith(request.model(), request.deployment(), null)
                : planner.plan(request.model(), request.deployment(), configuration.name());
    }

    /** The configuration the request's target applies, with what it ignores of it. */
    public static ConfigurationChoice configuration(Request request) {
        return ConfigurationChoice.of(request.model(), Targets.get(request.target()), request.configuration());
    }

    /** The generator of a registered target; an unknown id is refused naming the registered ones. */
    public static TargetGenerator target(String id) {
        return Targets.get(id).generator();
    }
}
