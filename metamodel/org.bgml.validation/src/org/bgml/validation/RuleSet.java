package org.bgml.validation;

import org.eclipse.emf.ecore.EObject;

/** A group of validation rules about one concern (connections, metrics, identifiers, ...). */
public interface RuleSet {
    /** Checks the whole tree under {@code root} (a BenchmarkModel or an OptionCatalog) and reports every problem. */
    void check(EObject root, DiagnosticSink sink);
}
