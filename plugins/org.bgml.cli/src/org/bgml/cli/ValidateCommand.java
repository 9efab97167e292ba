package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.eclipse.emf.ecore.EObject;

import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml validate FILE...}: compiler-style diagnostics for every file on standard output, and a summary line on
 * standard error that counts the files that could not be loaded apart from the problems of those that could.
 */
@Command(name = "validate", description = "check models and option catalogues; print every problem",
        footer = { "  bgml validate examples/*.bgml", "  (prints file: element-path: severity: message [rule-id])" })
final class ValidateCommand implements Subcommand {
    @Parameters(paramLabel = "FILE", description = "model or option catalogue files (.bgml)")
    List<String> files = new ArrayList<>();

    @Override
    public String synopsis() {
        return "FILE...";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (files.isEmpty()) {
            throw new UsageException("no model file given");
        }
        ModelValidator validator = new ModelValidator();
        int unloadable = 0;
        int errors = 0;
        int warnings = 0;
        for (String arg : files) {
            Path file = in.path(arg);
            EObject root;
            try {
                root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), file);
            } catch (ModelLoadException e) {
                err.println(e.describe());
                unloadable++;
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
        err.println(summary(files.size() - unloadable, unloadable, errors, warnings));
        return unloadable > 0 ? Bgml.UNUSABLE : errors > 0 ? Bgml.MODEL_ERRORS : Bgml.OK;
    }

    /** "1 error, 0 warnings in 2 files; 1 file could not be loaded", or only the one half that applies. */
    static String summary(int loaded, int unloadable, int errors, int warnings) {
        String problems = Plural.of(errors, "error") + ", " + Plural.of(warnings, "warning") + " in " + Plural.of(loaded, "file");
        if (unloadable == 0) {
            return problems;
        }
        String failed = Plural.of(unloadable, "file") + " could not be loaded";
        return loaded == 0 ? failed : problems + "; " + failed;
    }
}
