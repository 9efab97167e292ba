package org.bgml.validation.rules;

import java.util.List;

import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * References that do not hold: links to elements that cannot be found, and required parts that are missing.
 * The other rule sets treat such references as absent and stay silent about them, so each gap is reported
 * once, here.
 */
public final class ReferenceRules implements RuleSet {
    /**
     * A reference names an element that cannot be loaded: a missing catalogue file, or an element path that
     * no longer exists in it.
     */
    public static final String UNRESOLVED = "reference.unresolved";
    /**
     * A required reference or part is missing: a facet without interface, a connection without target, a
     * parameter without type, a constraint without condition.
     */
    public static final String REQUIRED = "reference.required";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        for (EObject object : Elements.allOf(root, EObject.class)) {
            for (EReference ref : object.eClass().getEAllReferences()) {
                if (ref.isDerived() || ref.isTransient() || ref.isContainer()) {
                    continue;
                }
                if (ref.isMany()) {
                    List<?> values = (List<?>) object.eGet(ref, false);
                    for (Object value : values) {
                        checkResolved(object, ref, (EObject) value, sink);
                    }
                    if (values.isEmpty() && ref.getLowerBound() > 0) {
                        missing(object, ref, sink);
                    }
                } else {
                    EObject value = (EObject) object.eGet(ref, false);
                    if (value == null) {
                        if (ref.getLowerBound() > 0) {
                            missing(object, ref, sink);
                        }
                    } else {
                        checkResolved(object, ref, value, sink);
                    }
                }
            }
        }
    }

    private static void checkResolved(EObject owner, EReference ref, EObject value, DiagnosticSink sink) {
        if (ref.isContainment() || !value.eIsProxy()) {
            return;
        }
        EObject resolved = EcoreUtil.resolve(value, owner);
        if (resolved.eIsProxy()) {
            sink.error(UNRESOLVED, owner, "unresolved reference: " + Elements.label(owner) + " refers through '"
                    + ref.getName() + "' to " + Elements.quote(String.valueOf(EcoreUtil.getURI(value)))
                    + ", which cannot be found (is the file there and does it still hold that element?)");
        } else if (!ref.getEReferenceType().isInstance(resolved)) {
            sink.error(UNRESOLVED, owner, "unresolved reference: " + Elements.label(owner) + " refers through '"
                    + ref.getName() + "' to " + Elements.quote(String.valueOf(EcoreUtil.getURI(value))) + ", which is a "
                    + Elements.kind(resolved) + ", not " + article(ref.getEReferenceType().getName()));
        }
    }

    private static void missing(EObject owner, EReference ref, DiagnosticSink sink) {
        String what = ref.isContainment() ? "part" : "reference";
        sink.error(REQUIRED, owner, Elements.label(owner) + " has no " + words(ref.getName())
                + "; this " + what + " is required");
    }

    private static String article(String className) {
        String words = words(Character.toLowerCase(className.charAt(0)) + className.substring(1));
        return ("aeiou".indexOf(words.charAt(0)) >= 0 ? "an " : "a ") + words;
    }

    private static String words(String feature) {
        StringBuilder s = new StringBuilder();
        for (char c : feature.toCharArray()) {
            if (Character.isUpperCase(c)) {
                s.append(' ').append(Character.toLowerCase(c));
            } else {
                s.append(c);
            }
        }
        return s.toString();
    }
}
