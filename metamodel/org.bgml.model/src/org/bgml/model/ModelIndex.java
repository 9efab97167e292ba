package org.bgml.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * One walk of a model tree, shared by everything that reads the tree while it does not change. The validation rules
 * ask it for every element of a kind, and the generators for the kinds they need, instead of each walking the whole
 * tree again (on a model of 1,000 components that walk is 30,000 elements, and validation alone asked for it 43
 * times).
 * <p>
 * An index is a snapshot of the tree's containment: it is right only while no element is added, removed or moved.
 * Whoever runs such a stretch of work opens one with {@link #open} (try-with-resources); code inside asks for it with
 * {@link #openFor}, and walks the tree itself when none is open, as before.
 */
public final class ModelIndex {
    private static final ThreadLocal<ModelIndex> OPEN = new ThreadLocal<>();

    private final EObject root;
    /** The root, then every element below it in document order. */
    private final List<EObject> elements;
    private final Map<Class<?>, List<?>> byType = new HashMap<>();
    private Map<EObject, Integer> order;

    private ModelIndex(EObject root) {
        this.root = root;
        List<EObject> all = new ArrayList<>();
        all.add(root);
        for (Iterator<EObject> it = EcoreUtil.getAllContents(root, false); it.hasNext();) {
            all.add(it.next());
        }
        this.elements = Collections.unmodifiableList(all);
    }

    /** Indexes the tree under {@code root} for this thread until the scope closes; an index open for it already is kept. */
    public static Scope open(EObject root) {
        ModelIndex previous = OPEN.get();
        if (previous != null && previous.root == root) {
            return new Scope(previous, previous);
        }
        ModelIndex index = new ModelIndex(root);
        OPEN.set(index);
        return new Scope(index, previous);
    }

    /** The index open on this thread for the tree under {@code root}, or null when none is. */
    public static ModelIndex openFor(EObject root) {
        ModelIndex open = OPEN.get();
        return open != null && open.root == root ? open : null;
    }

    /** The open index of {@code root}, or a new one (for a single use, walking the tree once). */
    public static ModelIndex of(EObject root) {
        ModelIndex open = openFor(root);
        return open != null ? open : new ModelIndex(root);
    }

    public EObject root() {
        return root;
    }

    /** Every element of {@code type} in the tree, the root included, in document order. Not to be changed. */
    @SuppressWarnings("unchecked")
    public <T> List<T> allOf(Class<T> type) {
        List<?> found = byType.get(type);
        if (found == null) {
            List<T> list = new ArrayList<>();
            for (EObject e : elements) {
                if (type.isInstance(e)) {
                    list.add(type.cast(e));
                }
            }
            found = Collections.unmodifiableList(list);
            byType.put(type, found);
        }
        return (List<T>) found;
    }

    /** Whether the tree holds an element of {@code type}. */
    public boolean has(Class<?> type) {
        List<?> found = byType.get(type);
        if (found != null) {
            return !found.isEmpty();
        }
        for (EObject e : elements) {
            if (type.isInstance(e)) {
                return true;
            }
        }
        return false;
    }

    /** The element's place in document order (the root is 0), or -1 for an element outside the tree. */
    public int orderOf(EObject element) {
        if (order == null) {
            order = new IdentityHashMap<>(elements.size() * 2);
            for (int i = 0; i < elements.size(); i++) {
                order.put(elements.get(i), i);
            }
        }
        Integer i = order.get(element);
        return i == null ? -1 : i;
    }

    /** The stretch of work an index is open for; closing it makes the index that was open before current again. */
    public static final class Scope implements AutoCloseable {
        private final ModelIndex index;
        private final ModelIndex previous;

        private Scope(ModelIndex index, ModelIndex previous) {
            this.index = index;
            this.previous = previous;
        }

        public ModelIndex index() {
            return index;
        }

        @Override
        public void close() {
            if (previous == null) {
                OPEN.remove();
            } else {
                OPEN.set(previous);
            }
        }
    }
}
