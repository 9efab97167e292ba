package org.bgml.model.io;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.model.IdlDefinition;
import org.bgml.model.NamedElement;
import org.bgml.model.Operation;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;

/**
 * Element paths: the one way BGML names a model element, in diagnostics, XMI references and stored results.
 * <p>
 * A path joins names from the root's children down, leaving the root out. Inside IDL (modules, interfaces,
 * operations, types) the separator is {@code ::}, as in IDL scoped names ({@code Test::RoundTrip::test_method});
 * elsewhere it is {@code /} ({@code Client1/rt}). Unnamed elements, which only diagnostics need, are named by
 * their containing feature ({@code latency/requirement}, {@code cfg/settings[2]}).
 */
public final class ElementPaths {
    public static final String IDL_SEPARATOR = "::";
    public static final String SEPARATOR = "/";

    private ElementPaths() {
    }

    /** The path of {@code object}; the empty string for a resource root. */
    public static String pathOf(EObject object) {
        EObject parent = object.eContainer();
        if (parent == null) {
            return "";
        }
        String parentPath = pathOf(parent);
        String segment = segmentOf(object);
        if (parentPath.isEmpty()) {
            return segment;
        }
        return parentPath + (isIdlScope(parent) && object instanceof NamedElement ? IDL_SEPARATOR : SEPARATOR) + segment;
    }

    /**
     * The path of {@code object} if it names it and nothing else in its resource, or null. Used for XMI
     * references, which must resolve back to the same object.
     */
    public static String uniquePathOf(EObject object) {
        return uniquePathOf(object, null);
    }

    /** {@link #uniquePathOf(EObject)}, looking names up in {@code index} when it is not null. */
    public static String uniquePathOf(EObject object, Index index) {
        for (EObject o = object; o.eContainer() != null; o = o.eContainer()) {
            if (!(o instanceof NamedElement named) || !isIdentifierLike(named.getName())
                    || (index != null ? index.countNamed(o.eContainer(), named.getName())
                            : countNamed(o.eContainer(), named.getName())) != 1) {
                return null;
            }
        }
        return pathOf(object);
    }

    /** Finds the element with {@code path} below {@code root}, or null. */
    public static EObject resolve(EObject root, String path) {
        return resolve(root, path, null);
    }

    /** {@link #resolve(EObject, String)}, looking names up in {@code index} when it is not null. */
    public static EObject resolve(EObject root, String path, Index index) {
        if (path.isEmpty()) {
            return root;
        }
        EObject current = root;
        for (String name : path.replace(IDL_SEPARATOR, SEPARATOR).split(SEPARATOR, -1)) {
            current = index != null ? index.namedChild(current, name) : namedChild(current, name);
            if (current == null) {
                return null;
            }
        }
        return current;
    }

    /**
     * The children of each container by name, built on first use. Without it every path lookup scans all
     * siblings, which makes loading and saving a model with thousands of elements quadratic. Valid only while
     * the tree does not change: {@link BgmlResource} keeps one for the duration of a load or a save.
     */
    public static final class Index {
        private static final Object DUPLICATE = new Object();
        private final Map<EObject, Map<String, Object>> byContainer = new IdentityHashMap<>();

        int countNamed(EObject container, String name) {
            Object found = childrenOf(container).get(name);
            return found == null ? 0 : found == DUPLICATE ? 2 : 1;
        }

        EObject namedChild(EObject container, String name) {
            Object found = childrenOf(container).get(name);
            return found instanceof EObject child ? child : null;
        }

        private Map<String, Object> childrenOf(EObject container) {
            return byContainer.computeIfAbsent(container, c -> {
                Map<String, Object> names = new HashMap<>();
                for (EObject child : c.eContents()) {
                    if (child instanceof NamedElement named && named.getName() != null) {
                        names.merge(named.getName(), child, (first, second) -> DUPLICATE);
                    }
                }
                return names;
            });
        }
    }

    /** The path of the nearest named element containing {@code object}, {@code object} included. */
    public static String displayPath(EObject object, String rootName) {
        String path = pathOf(object);
        return path.isEmpty() ? rootName : path;
    }

    private static String segmentOf(EObject object) {
        if (object instanceof NamedElement named && named.getName() != null && !named.getName().isEmpty()) {
            return named.getName();
        }
        EReference feature = object.eContainmentFeature();
        if (feature.isMany()) {
            List<?> siblings = (List<?>) object.eContainer().eGet(feature);
            return feature.getName() + "[" + siblings.indexOf(object) + "]";
        }
        return feature.getName();
    }

    private static boolean isIdlScope(EObject container) {
        return container instanceof IdlDefinition || container instanceof Operation;
    }

    private static boolean isIdentifierLike(String name) {
        if (name == null || name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(c < 128 && (Character.isLetterOrDigit(c) || c == '_'))) {
                return false;
            }
        }
        return true;
    }

    private static int countNamed(EObject container, String name) {
        int count = 0;
        for (EObject child : container.eContents()) {
            if (child instanceof NamedElement named && name.equals(named.getName())) {
                count++;
            }
        }
        return count;
    }

    private static EObject namedChild(EObject container, String name) {
        EObject found = null;
        for (EObject child : container.eContents()) {
            if (child instanceof NamedElement named && name.equals(named.getName())) {
                if (found != null) {
                    return null;
                }
                found = child;
            }
        }
        return found;
    }
}
