package org.bgml.validation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.bgml.model.ModelIndex;
import org.bgml.model.NamedElement;
import org.bgml.model.io.ElementPaths;
import org.bgml.validation.rules.ReferenceRules;
import org.eclipse.emf.ecore.EObject;

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

    /**
     * Every problem of the tree under {@code root}. The rule sets share one {@link ModelIndex} of the tree (the one
     * open already for it, else one opened here), so the tree is walked once, not once per rule.
     */
    public List<ModelDiagnostic> validate(EObject root) {
        try (ModelIndex.Scope scope = ModelIndex.open(root)) {
            return validate(root, scope.index());
        }
    }

    private List<ModelDiagnostic> validate(EObject root, ModelIndex index) {
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
        found.sort(Comparator.comparingInt((ModelDiagnostic d) -> d.element() == null ? -1 : orderOf(index, d.element()))
                .thenComparing(ModelDiagnostic::ruleId).thenComparing(ModelDiagnostic::message));
        return found;
    }

    public static boolean hasErrors(List<ModelDiagnostic> diagnostics) {
        return diagnostics.stream().anyMatch(d -> d.severity() == Severity.ERROR);
    }

    /** Where the element stands in the document; an element outside the tree (another file's) sorts last. */
    private static int orderOf(ModelIndex index, EObject element) {
        int i = index.orderOf(element);
        return i < 0 ? Integer.MAX_VALUE : i;
    }
}
