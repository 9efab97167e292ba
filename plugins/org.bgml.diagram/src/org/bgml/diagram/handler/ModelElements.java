package org.bgml.diagram.handler;

import java.util.Locale;
import java.util.function.Predicate;

import org.bgml.diagram.BgmlTypes;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Behaviour;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.Facet;
import org.bgml.model.NamedElement;
import org.bgml.model.io.ElementPaths;
import org.bgml.validation.rules.Identifiers;
import org.eclipse.emf.ecore.EObject;

/** Finding model elements by diagram id, and the naming rules every new or renamed element obeys. */
public final class ModelElements {
    private ModelElements() {
    }

    private static final java.util.regex.Pattern ACTION_PATH = java.util.regex.Pattern.compile("(.+)/behaviour/actions\\[(\\d{1,6})\\]");

    /** The model element a diagram id (element path, maybe with a {@code #suffix} or a kind prefix) names, or null. */
    public static EObject resolve(BenchmarkModel model, String id) {
        if (id == null) {
            return null;
        }
        if (id.equals(BgmlTypes.ROOT_ID)) {
            return model;
        }
        // an option label, ENTITY#option/CONFIGURATION, stands for its configuration
        int option = id.indexOf(BgmlTypes.OPTION_SUFFIX + "/");
        if (option >= 0) {
            return ElementPaths.resolve(model, id.substring(option + BgmlTypes.OPTION_SUFFIX.length() + 1));
        }
        String path = BgmlTypes.ownerId(id);
        // an action has no name: its path (a trigger edge's id) ends in behaviour/actions[N] under its facet or sink
        java.util.regex.Matcher action = ACTION_PATH.matcher(path);
        if (action.matches()) {
            EObject port = ElementPaths.resolve(model, action.group(1));
            Behaviour b = port instanceof Facet f ? f.getBehaviour() : port instanceof EventSink k ? k.getBehaviour() : null;
            int i = Integer.parseInt(action.group(2));
            return b != null && i < b.getActions().size() ? b.getActions().get(i) : null;
        }
        EObject found = ElementPaths.resolve(model, path);
        if (found == null) {
            int colon = path.indexOf(':');
            if (colon > 0 && !path.startsWith("::", colon) && path.substring(0, colon).chars().allMatch(Character::isLowerCase)) {
                found = ElementPaths.resolve(model, path.substring(colon + 1));
            }
        }
        return found;
    }

    /** The entity {@code o} is, or belongs to. */
    public static Entity entityOf(EObject o) {
        for (EObject x = o; x != null; x = x.eContainer()) {
            if (x instanceof Entity e) {
                return e;
            }
        }
        return null;
    }

    /**
     * Why {@code name} cannot name {@code element} in {@code container}, as a sentence, or null when it can:
     * the IDL and C++ identifier rules of the validator, and no sibling with the same name ignoring case.
     */
    public static String nameProblem(EObject container, EObject element, String name) {
        String clause = Identifiers.syntaxProblem(name);
        if (clause == null) {
            clause = Identifiers.keywordProblem(name);
        }
        if (clause == null) {
            clause = Identifiers.reservedProblem(name);
        }
        if (clause != null) {
            return "'" + (name == null ? "" : name) + "' " + clause;
        }
        if (container == null) {
            return null;
        }
        String key = Identifiers.collisionKey(name);
        for (EObject sibling : container.eContents()) {
            if (sibling != element && sibling instanceof NamedElement n && n.getName() != null
                    && key.equals(Identifiers.collisionKey(n.getName()))) {
                return "'" + name + "' is already used by " + n.eClass().getName().toLowerCase(Locale.ROOT) + " '"
                        + ElementPaths.pathOf(n) + "' (IDL compares names without regard to case)";
            }
        }
        return null;
    }

    /** {@code base1}, {@code base2}, … : the first name free in {@code container}. */
    public static String freshName(EObject container, String base) {
        for (int i = 1;; i++) {
            String candidate = base + i;
            if (nameProblem(container, null, candidate) == null) {
                return candidate;
            }
        }
    }

    public static <T> T first(Iterable<? extends EObject> all, Class<T> type, Predicate<T> test) {
        for (EObject o : all) {
            if (type.isInstance(o) && test.test(type.cast(o))) {
                return type.cast(o);
            }
        }
        return null;
    }
}
