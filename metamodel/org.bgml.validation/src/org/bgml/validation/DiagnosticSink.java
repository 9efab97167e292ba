package org.bgml.validation;

import org.eclipse.emf.ecore.EObject;

/** Where rules report what they find. */
public interface DiagnosticSink {
    void report(Severity severity, String ruleId, EObject element, String message);

    default void error(String ruleId, EObject element, String message) {
        report(Severity.ERROR, ruleId, element, message);
    }

    default void warning(String ruleId, EObject element, String message) {
        report(Severity.WARNING, ruleId, element, message);
    }
}
