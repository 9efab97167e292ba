package org.bgml.experiment.design;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * What a design chooses from: the factors with their levels, and the rules every configuration must satisfy (the
 * catalogue's constraints {@code P => Q}, with the options the experiment does not vary already replaced by their
 * fixed values).
 */
public record DesignSpace(List<Factor> factors, List<Rule> rules) {

    /** A factor and its levels, in the model's order. */
    public record Factor(String name, List<String> levels) {
        public Factor {
            levels = List.copyOf(levels);
        }
    }

    /**
     * A constraint as a predicate over factor levels that a configuration must make true.
     *
     * @param name the constraint, as the catalogue names it
     * @param text the constraint written out, for messages
     */
    public record Rule(String name, String text, Expr allowed) {
    }

    public DesignSpace {
        factors = List.copyOf(factors);
        rules = List.copyOf(rules);
    }

    public DesignSpace(List<Factor> factors) {
        this(factors, List.of());
    }

    public List<String> names() {
        return factors.stream().map(Factor::name).toList();
    }

    public Factor factor(String name) {
        return factors.stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no factor " + name));
    }

    /** Every combination of levels, valid or not. */
    public BigInteger fullSize() {
        BigInteger n = BigInteger.ONE;
        for (Factor f : factors) {
            n = n.multiply(BigInteger.valueOf(f.levels().size()));
        }
        return n;
    }

    /** The first rule a complete configuration breaks, or null when it breaks none. */
    public Rule violated(Map<String, String> levels) {
        for (Rule r : rules) {
            if (Boolean.FALSE.equals(r.allowed().eval(levels))) {
                return r;
            }
        }
        return null;
    }

    public boolean valid(Map<String, String> levels) {
        for (Rule r : rules) {
            if (!Boolean.TRUE.equals(r.allowed().eval(levels))) {
                return false;
            }
        }
        return true;
    }

    /** Every valid configuration in level order (the last factor changes fastest); refuses spaces above {@code limit}. */
    public List<Map<String, String>> enumerateValid(long limit) {
        if (fullSize().compareTo(BigInteger.valueOf(limit)) > 0) {
            throw new IllegalArgumentException("the space has " + fullSize() + " combinations, more than " + limit + " to enumerate");
        }
        List<Map<String, String>> out = new ArrayList<>();
        enumerate(0, new LinkedHashMap<>(), out);
        return out;
    }

    private void enumerate(int i, LinkedHashMap<String, String> current, List<Map<String, String>> out) {
        if (!consistent(current)) {
            return;
        }
        if (i == factors.size()) {
            out.add(Collections.unmodifiableMap(new LinkedHashMap<>(current)));
            return;
        }
        Factor f = factors.get(i);
        for (String level : f.levels()) {
            current.put(f.name(), level);
            enumerate(i + 1, current, out);
        }
        current.remove(f.name());
    }

    /** False when some rule is already certainly broken by a partial configuration. */
    public boolean consistent(Map<String, String> partial) {
        for (Rule r : rules) {
            if (Boolean.FALSE.equals(r.allowed().eval(partial))) {
                return false;
            }
        }
        return true;
    }

    /** Whether some valid configuration agrees with {@code partial}. */
    public boolean completable(Map<String, String> partial) {
        return complete(partial, null) != null;
    }

    /**
     * A valid configuration that agrees with {@code partial}, or null when none exists. With a random source the
     * free factors try their levels in random order; without one, in model order.
     */
    public Map<String, String> complete(Map<String, String> partial, Random random) {
        LinkedHashMap<String, String> current = new LinkedHashMap<>();
        for (Factor f : factors) {
            if (partial.containsKey(f.name())) {
                current.put(f.name(), partial.get(f.name()));
            }
        }
        List<Factor> free = factors.stream().filter(f -> !partial.containsKey(f.name())).toList();
        if (!search(free, 0, current, random)) {
            return null;
        }
        LinkedHashMap<String, String> ordered = new LinkedHashMap<>();
        for (Factor f : factors) {
            ordered.put(f.name(), current.get(f.name()));
        }
        return Collections.unmodifiableMap(ordered);
    }

    private boolean search(List<Factor> free, int i, LinkedHashMap<String, String> current, Random random) {
        if (!consistent(current)) {
            return false;
        }
        if (i == free.size()) {
            return valid(current);
        }
        Factor f = free.get(i);
        List<String> order = new ArrayList<>(f.levels());
        if (random != null) {
            Collections.shuffle(order, random);
        }
        for (String level : order) {
            current.put(f.name(), level);
            if (search(free, i + 1, current, random)) {
                return true;
            }
        }
        current.remove(f.name());
        return false;
    }

    /** The factors some rule links, for messages. */
    public Set<String> constrainedFactors() {
        Set<String> out = new LinkedHashSet<>();
        rules.forEach(r -> r.allowed().factors(out));
        return out;
    }
}
