package org.bgml.generator.common;

import java.util.List;

import org.bgml.validation.ModelDiagnostic;

/** Generation refused: the model has validation errors. Carries every diagnostic for the user. */
public class InvalidModelException extends Exception {
    private static final long serialVersionUID = 1L;
    private final transient List<ModelDiagnostic> diagnostics;

    public InvalidModelException(List<ModelDiagnostic> diagnostics) {
        super("the model has " + diagnostics.stream().filter(d -> d.severity() == org.bgml.validation.Severity.ERROR).count()
                + " validation error(s); nothing was generated");
        this.diagnostics = List.copyOf(diagnostics);
    }

    public List<ModelDiagnostic> diagnostics() {
        return diagnostics;
    }
}
