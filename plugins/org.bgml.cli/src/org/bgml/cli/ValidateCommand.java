package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.eclipse.emf.ecore.EObject;

/** {@code bgml validate FILE...}: compiler-style diagnostics for every file. */
final class ValidateCommand implements Command {
    @Override
    public String name() {
        return "validate";
    }

    @Override
    public String synopsis() {
        return "FILE...";
    }

    @Override
    public String summary() {
        return "check models and option catalogues; print every problem";
    }

    @Override
    public int run(String[] args, Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (args.length == 0) {
            throw new UsageException("no model file given");
        }
        ModelValidator validator = new ModelValidator();
        boolean unusable = false;
        int errors = 0;
        int warnings = 0;
        for (String arg : args) {
            if (arg.startsWith("-")) {
                throw new UsageException("unknown option " + arg);
            }
            Path file = in.path(arg);
            EObject root;
            try {
                root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), file);
            } catch (ModelLoadException e) {
                err.println(e.describe());
                unusable = true;
                continue;
            }
            List<ModelDiagnostic> diagnostics = validator.validate(root);
            for (ModelDiagnostic d : diagnostics) {
                out.println(arg + ": " + d.format());
                if (d.severity() == Severity.ERROR) {
                    errors++;
                } else if (d.severity() == Severity.WARNING) {
                    warnings++;
                }
            }
        }
        err.println(Plural.of(errors, "error") + ", " + Plural.of(warnings, "warning") + " in " + Plural.of(args.length, "file"));
        return unusable ? Bgml.UNUSABLE : errors > 0 ? Bgml.MODEL_ERRORS : Bgml.OK;
    }
}
