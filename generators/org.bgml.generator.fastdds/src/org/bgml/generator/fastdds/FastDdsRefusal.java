package org.bgml.generator.fastdds;

import java.util.List;
import java.util.stream.Collectors;

import org.bgml.validation.ModelDiagnostic;

/**
 * The model uses what the fastdds target does not generate (see {@link FastDdsRules}). An IllegalArgumentException,
 * so the command line prints the message, one line per refusal with its rule id, and exits with "unusable input".
 */
public class FastDdsRefusal extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final transient List<ModelDiagnostic> diagnostics;

    public FastDdsRefusal(List<ModelDiagnostic> diagnostics) {
        super("the fastdds target cannot generate this model:\n"
                + diagnostics.stream().map(ModelDiagnostic::format).collect(Collectors.joining("\n")));
        this.diagnostics = List.copyOf(diagnostics);
    }

    public List<ModelDiagnostic> diagnostics() {
        return diagnostics;
    }
}
