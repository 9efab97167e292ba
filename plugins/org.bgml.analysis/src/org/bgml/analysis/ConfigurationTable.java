package org.bgml.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The input of every analysis: configurations (factor to level) with their responses, however they were produced
 * (read from the results store by {@link StoreTables}, or built in memory). One row per run; repeated configurations
 * are simply several rows.
 */
public final class ConfigurationTable {
    private final String name;
    private final List<Factor> factors;
    private final List<Observation> rows;
    private final List<String> dropped;

    /**
     * @param factors the factors, with their levels in display order
     * @param dropped runs that could not be analysed, each with the reason (failed runs, missing levels)
     */
    public ConfigurationTable(String name, List<Factor> factors, List<Observation> rows, List<String> dropped) {
        this.name = name;
        this.factors = List.copyOf(factors);
        this.rows = List.copyOf(rows);
        this.dropped = List.copyOf(dropped);
        for (Observation o : rows) {
            for (Factor f : factors) {
                String level = o.level(f.name());
                if (level == null || !f.levels().contains(level)) {
                    throw new IllegalArgumentException("run " + o.id() + " has " + f.name() + " = " + level + ", not one of " + f.levels());
                }
            }
        }
    }

    /** A table whose factors and levels are those seen in {@code rows} (levels in order of first appearance). */
    public static ConfigurationTable of(String name, List<Observation> rows) {
        Map<String, Set<String>> seen = new LinkedHashMap<>();
        for (Observation o : rows) {
            o.levels().forEach((f, l) -> seen.computeIfAbsent(f, k -> new LinkedHashSet<>()).add(l));
        }
        List<Factor> factors = new ArrayList<>();
        seen.forEach((f, levels) -> {
            List<String> sorted = new ArrayList<>(levels);
            factors.add(new Factor(f, sorted));
        });
        return new ConfigurationTable(name, factors, rows, List.of());
    }

    public String name() {
        return name;
    }

    public List<Factor> factors() {
        return factors;
    }

    public List<Observation> rows() {
        return rows;
    }

    public List<String> dropped() {
        return dropped;
    }

    public int size() {
        return rows.size();
    }

    public Factor factor(String name) {
        for (Factor f : factors) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException("no factor '" + name + "' in " + this.name + " (factors: " + names() + ")");
    }

    public List<String> names() {
        return factors.stream().map(Factor::name).toList();
    }

    /** The rows whose response is measured. */
    public List<Observation> measured(Response response) {
        return rows.stream().filter(o -> !Double.isNaN(o.value(response))).toList();
    }

    public double[] values(Response response) {
        return measured(response).stream().mapToDouble(o -> o.value(response)).toArray();
    }

    /**
     * The rows matching every fixed level ({@code factor -> level}); the other factors are left as {@code *}. An unknown
     * factor or level is an error naming the choices.
     */
    public ConfigurationTable subset(Map<String, String> fixed) {
        for (Map.Entry<String, String> e : fixed.entrySet()) {
            Factor f = factor(e.getKey());
            if (!f.levels().contains(e.getValue())) {
                throw new IllegalArgumentException(f.name() + " has no level '" + e.getValue() + "' (levels: " + String.join(", ", f.levels()) + ")");
            }
        }
        List<Observation> matching = rows.stream()
                .filter(o -> fixed.entrySet().stream().allMatch(e -> e.getValue().equals(o.level(e.getKey())))).toList();
        return new ConfigurationTable(name, factors, matching, List.of());
    }

    /** The factors not fixed by {@code fixed}. */
    public List<Factor> unset(Map<String, String> fixed) {
        return factors.stream().filter(f -> !fixed.containsKey(f.name())).toList();
    }

    /** Number of distinct configurations among the rows. */
    public int distinctConfigurations() {
        Set<Map<String, String>> seen = new LinkedHashSet<>();
        rows.forEach(o -> seen.add(o.levels()));
        return seen.size();
    }

    /** The full-factorial size of the space. */
    public long spaceSize() {
        long n = 1;
        for (Factor f : factors) {
            n *= f.levels().size();
        }
        return n;
    }

    /** "ORBConcurrency=reactive, ORBClientConnectionHandler=MT" or "all configurations". */
    public static String describe(Map<String, String> fixed) {
        if (fixed.isEmpty()) {
            return "all configurations";
        }
        List<String> parts = new ArrayList<>();
        fixed.forEach((f, l) -> parts.add(f + "=" + l));
        return String.join(", ", parts);
    }

    @Override
    public String toString() {
        return name + ": " + rows.size() + " runs over " + Collections.unmodifiableList(names());
    }
}
