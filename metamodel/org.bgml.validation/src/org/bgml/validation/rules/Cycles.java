package org.bgml.validation.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Finds a shortest way from an element back to itself in a graph given by a successor function. */
public final class Cycles {
    private Cycles() {
    }

    /**
     * The shortest cycle through {@code start} as the list of its elements, starting and ending with
     * {@code start}; null when {@code start} lies on no cycle.
     */
    public static <T> List<T> through(T start, Function<T, ? extends Iterable<? extends T>> successors) {
        Map<T, T> parent = new IdentityHashMap<>();
        Deque<T> todo = new ArrayDeque<>();
        todo.add(start);
        while (!todo.isEmpty()) {
            T current = todo.poll();
            for (T next : successors.apply(current)) {
                if (next == null) {
                    continue;
                }
                if (next == start) {
                    List<T> cycle = new ArrayList<>();
                    cycle.add(start);
                    for (T t = current; t != start; t = parent.get(t)) {
                        cycle.add(t);
                    }
                    cycle.add(start);
                    Collections.reverse(cycle);
                    return cycle;
                }
                if (!parent.containsKey(next)) {
                    parent.put(next, current);
                    todo.add(next);
                }
            }
        }
        return null;
    }

    /** The cycle written out with {@code name}: {@code A -> B -> A}. */
    public static <T> String describe(List<T> cycle, Function<T, String> name) {
        return String.join(" -> ", cycle.stream().map(name).toList());
    }
}
