package org.bgml.validation;

import org.eclipse.emf.ecore.EObject;

/**
 * One problem found in a model: its severity, a stable rule id (see {@link Rules}), a message a user
 * understands, and the element it concerns with that element's path.
 */
public record ModelDiagnostic(Severity severity, String ruleId, String message, EObject element, String elementPath) {

    /** {@code element-path: severity: message [rule-id]}; the caller prefixes the file. */
    public String format() {
        return elementPath + ": " + severity.label() + ": " + message + " [" + ruleId + "]";
    }
}
