package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.common.util.Enumerator;
import org.eclipse.emf.ecore.EObject;

/** The kinds of property-sheet row (PROTOCOL.md), and small helpers the providers share. */
final class Rows {
    private Rows() {
    }

    static Property readOnly(String name, String label, String value) {
        return new Property(name, label, value == null ? "" : value, "readonly", null);
    }

    static Property text(String name, String label, String value) {
        return new Property(name, label, value == null ? "" : value, "text", null);
    }

    static Property number(String name, String label, String value) {
        return new Property(name, label, value, "number", null);
    }

    static Property choice(String name, String label, String value, List<String> choices) {
        return new Property(name, label, value == null ? "" : value, "choice", choices);
    }

    /** A text field that also offers {@code choices}; a value outside them is allowed (it may create something). */
    static Property combo(String name, String label, String value, List<String> choices) {
        return new Property(name, label, value == null ? "" : value, "combo", choices);
    }

    /** A button: applies {@code name} with {@code value} when pressed. */
    static Property action(String name, String label, String value) {
        return new Property(name, label, value == null ? "" : value, "action", null);
    }

    /** Element paths the user can open in the property panel (elements the diagram does not draw). */
    static Property links(String name, String label, List<String> paths) {
        return new Property(name, label, String.join(", ", paths), "links", paths);
    }

    static String path(EObject o) {
        return o == null ? "" : ElementPaths.pathOf(o);
    }

    static List<String> literals(List<? extends Enumerator> values) {
        return values.stream().map(Enumerator::getLiteral).toList();
    }

    static List<String> with(List<String> values, String extra) {
        List<String> all = new ArrayList<>(values);
        all.add(extra);
        return all;
    }

    static <E extends Enumerator> E enumOf(E found, String v, List<E> values) {
        if (found == null) {
            throw new IllegalArgumentException("'" + v + "' is not one of " + String.join(", ", literals(values)));
        }
        return found;
    }

    static int nonNegative(String v) {
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + v + "' is not a number");
        }
        if (n < 0) {
            throw new IllegalArgumentException("'" + v + "' is negative");
        }
        return n;
    }

    static double number(String v) {
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + v + "' is not a number");
        }
    }

    static Runnable all(List<Runnable> changes) {
        return () -> changes.forEach(Runnable::run);
    }
}
