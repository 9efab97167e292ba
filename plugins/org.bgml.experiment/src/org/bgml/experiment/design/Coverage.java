package org.bgml.experiment.design;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * t-tuples of factor levels: which ones some valid configuration contains (the allowed ones), and which of those a
 * set of configurations leaves uncovered. The proof a covering array is right, and the repair step when it is not.
 */
public final class Coverage {
    private Coverage() {
    }

    /** Every t-tuple (t factors, one level each) that some valid configuration contains, in factor order. */
    public static List<Map<String, String>> allowedTuples(DesignSpace space, int t) {
        List<Map<String, String>> out = new ArrayList<>();
        for (List<DesignSpace.Factor> combo : combinations(space.factors(), t)) {
            levelTuples(combo, 0, new LinkedHashMap<>(), tuple -> {
                if (space.completable(tuple)) {
                    out.add(Map.copyOf(tuple));
                }
            });
        }
        return out;
    }

    /** The allowed t-tuples no configuration of {@code points} contains. */
    public static List<Map<String, String>> uncovered(DesignSpace space, int t, Collection<Map<String, String>> points) {
        List<Map<String, String>> out = new ArrayList<>();
        for (Map<String, String> tuple : allowedTuples(space, t)) {
            boolean covered = false;
            for (Map<String, String> p : points) {
                if (contains(p, tuple)) {
                    covered = true;
                    break;
                }
            }
            if (!covered) {
                out.add(tuple);
            }
        }
        return out;
    }

    public static boolean contains(Map<String, String> point, Map<String, String> tuple) {
        for (Map.Entry<String, String> e : tuple.entrySet()) {
            if (!e.getValue().equals(point.get(e.getKey()))) {
                return false;
            }
        }
        return true;
    }

    static <T> List<List<T>> combinations(List<T> items, int t) {
        List<List<T>> out = new ArrayList<>();
        combine(items, t, 0, new ArrayList<>(), out);
        return out;
    }

    private static <T> void combine(List<T> items, int t, int start, List<T> current, List<List<T>> out) {
        if (current.size() == t) {
            out.add(List.copyOf(current));
            return;
        }
        for (int i = start; i < items.size(); i++) {
            current.add(items.get(i));
            combine(items, t, i + 1, current, out);
            current.remove(current.size() - 1);
        }
    }

    private static void levelTuples(List<DesignSpace.Factor> combo, int i, LinkedHashMap<String, String> current,
            java.util.function.Consumer<Map<String, String>> sink) {
        if (i == combo.size()) {
            sink.accept(current);
            return;
        }
        DesignSpace.Factor f = combo.get(i);
        for (String level : f.levels()) {
            current.put(f.name(), level);
            levelTuples(combo, i + 1, current, sink);
        }
        current.remove(f.name());
    }
}
