package org.bgml.validation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.model.NamedElement;
import org.bgml.model.io.ElementPaths;
import org.bgml.validation.rules.ReferenceRules;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * Runs every rule set over a model and returns all diagnostics at once, in document order.
 * The CLI, the generators and the diagram call this same entry point.
 */
public final class ModelValidator {
    /**
     * A rule set stopped on an exception. Rules are written never to throw, whatever the model holds; the one
     * known cause is a reference into another file that names the wrong kind of element, which EMF's typed
     * getters cannot return. This id keeps one stopped rule set from hiding what the others found.
     */
    public static final String INTERNAL = "validation.internal";
    private final List<RuleSet> ruleSets;

    public ModelValidator() {
        this(Rules.all());
    }

    public ModelValidator(List<RuleSet> ruleSets) {
        this.ruleSets = List.copyOf(ruleSets);
    }

    public List<ModelDiagnostic> validate(EObject root) {
        List<ModelDiagnostic> found = new ArrayList<>();
        String rootName = root instanceof NamedElement named && named.getName() != null ? named.getName() : "/";
        DiagnosticSink sink = (severity, ruleId, element, message) -> found.add(new ModelDiagnostic(
                severity, ruleId, message, element, element == null ? rootName : ElementPaths.displayPath(element, rootName)));
        for (RuleSet rules : ruleSets) {
            try {
                rules.check(root, sink);
            } catch (RuntimeException e) {
                // EMF casts a resolved cross-file reference to its declared type, so a reference into another file
                // that names the wrong kind of element fails there; the reference rules report that reference.
                boolean wrongKind = e instanceof ClassCastException
                        && found.stream().anyMatch(d -> ReferenceRules.UNRESOLVED.equals(d.ruleId()));
                sink.error(INTERNAL, root, "the " + rules.getClass().getSimpleName() + " checks stopped early "
                        + (wrongKind ? "at a reference into another file that names the wrong kind of element (see "
                                + ReferenceRules.UNRESOLVED + "); fix it and validate again to see everything"
                                : "on " + e + "; the model may hold more problems than shown (please report this)"));
            }
        }
        Map<EObject, Integer> order = documentOrder(root);
        found.sort(Comparator.comparingInt((ModelDiagnostic d) -> d.element() == null ? -1 : order.getOrDefault(d.element(), Integer.MAX_VALUE))
                .thenComparing(ModelDiagnostic::ruleId).thenComparing(ModelDiagnostic::message));
        return found;
    }

    public static boolean hasErrors(List<ModelDiagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }

    private static Map<EObject, Integer> documentOrder(EObject root) {
        Map<EObject, Integer> order = new IdentityHashMap<>();
        order.put(root, 0);
        int i = 1;
        for (var it = EcoreUtil.<EObject>getAllContents(root, false); it.hasNext();) {
            order.put(it.next(), i++);
        }
        return order;
    }
}
