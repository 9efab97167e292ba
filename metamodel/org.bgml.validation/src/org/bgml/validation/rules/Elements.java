package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.bgml.model.ModelIndex;
import org.bgml.model.NamedElement;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * The traversal and naming helpers every rule set shares: walking a tree, treating unresolved proxies as
 * absent (the reference rules report them once), and naming elements in messages.
 */
public final class Elements {
    private Elements() {
    }

    /**
     * Every element of {@code type} in the tree under {@code root}, the root included, in document order: from the
     * model index open for the tree (the validator opens one), else from a walk of the tree. Not to be changed.
     */
    public static <T> List<T> allOf(EObject root, Class<T> type) {
        ModelIndex index = ModelIndex.openFor(root);
        if (index != null) {
            return index.allOf(type);
        }
        List<T> found = new ArrayList<>();
        if (type.isInstance(root)) {
            found.add(type.cast(root));
        }
        for (Iterator<EObject> it = EcoreUtil.getAllContents(root, false); it.hasNext();) {
            EObject next = it.next();
            if (type.isInstance(next)) {
                found.add(type.cast(next));
            }
        }
        return found;
    }

    /** {@code reference} if it is set and resolved; null when it is missing or an unresolved proxy. */
    public static <T extends EObject> T resolved(T reference) {
        return reference == null || reference.eIsProxy() ? null : reference;
    }

    /** The element's path as diagnostics show it; the root's own name for a root. */
    public static String path(EObject element) {
        if (element == null) {
            return "?";
        }
        String path = ElementPaths.pathOf(element);
        if (!path.isEmpty()) {
            return path;
        }
        return element instanceof NamedElement named && named.getName() != null ? named.getName() : "(root)";
    }

    /** "receptacle 'Client1/rt'": the element's kind in words and its path. */
    public static String label(EObject element) {
        if (element == null) {
            return "(nothing)";
        }
        return kind(element) + " " + quote(path(element));
    }

    /** The element's metaclass in lower-case words: EventSource becomes "event source". */
    public static String kind(EObject element) {
        return KINDS.computeIfAbsent(element.eClass(), Elements::words);
    }

    /** The words of each metaclass, made once: messages name kinds of thousands of elements. */
    private static final Map<EClass, String> KINDS = new ConcurrentHashMap<>();

    private static String words(EClass eClass) {
        String name = eClass.getName();
        if ("BenchmarkModel".equals(name)) {
            return "model";
        }
        StringBuilder words = new StringBuilder();
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (Character.isUpperCase(c) && i > 0) {
                words.append(' ');
            }
            words.append(Character.toLowerCase(c));
        }
        return words.toString();
    }

    /** The element's name, or a placeholder that reads well in messages. */
    public static String name(NamedElement element) {
        if (element == null) {
            return "(nothing)";
        }
        return element.getName() == null || element.getName().isEmpty() ? "(unnamed)" : element.getName();
    }

    /** Single-quoted, with control characters escaped and long text shortened, for messages. */
    public static String quote(String text) {
        if (text == null) {
            return "(none)";
        }
        StringBuilder s = new StringBuilder("'");
        int shown = Math.min(text.length(), 80);
        for (int i = 0; i < shown; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> s.append("\\n");
                case '\r' -> s.append("\\r");
                case '\t' -> s.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        s.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        s.append(c);
                    }
                }
            }
        }
        if (shown < text.length()) {
            s.append("...");
        }
        return s.append('\'').toString();
    }

    /** A number as people write it: 150 rather than 150.0. */
    public static String number(double value) {
        if (Double.isFinite(value) && value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return Double.toString(value);
    }
}
