package org.bgml.validation.tests;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.eclipse.emf.ecore.EObject;

/** Loads files the way the CLI does and validates them. */
final class Validation {
    private Validation() {
    }

    static List<ModelDiagnostic> validate(Path file) throws ModelLoadException {
        EObject root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), file);
        return new ModelValidator().validate(root);
    }

    /** Compiler-style lines, for assertion messages. */
    static String describe(List<ModelDiagnostic> diagnostics) {
        return diagnostics.isEmpty() ? "(none)" : diagnostics.stream().map(d -> "  " + d.format()).collect(Collectors.joining("\n"));
    }
}
