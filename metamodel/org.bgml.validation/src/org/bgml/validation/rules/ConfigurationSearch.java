package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.model.Constraint;
import org.bgml.model.OptionDefinition;
import org.bgml.validation.rules.ConstraintEvaluator.Assignment;
import org.bgml.validation.rules.ConstraintEvaluator.Truth;

/**
 * Decides whether some choice of values for a set of varied options satisfies every constraint, the other
 * options keeping fixed values. The search splits the varied options into groups that no constraint links
 * (options no constraint mentions drop out at once), then backtracks within each group, ordering the options
 * so that constraints are complete as early as possible and pruning every partial assignment that already
 * violates a constraint. A node budget keeps it bounded: when the budget runs out the answer is
 * {@link Outcome#UNDECIDED}.
 */
public final class ConfigurationSearch {
    /** Default number of search nodes before giving up. */
    public static final long DEFAULT_BUDGET = 2_000_000;

    /** What the search found. */
    public enum Outcome {
        SATISFIABLE, UNSATISFIABLE, UNDECIDED
    }

    /**
     * The answer: the outcome; for a satisfiable search one satisfying choice; for an unsatisfiable one the
     * constraints that ruled out the last candidates; and the number of nodes visited.
     */
    public record Result(Outcome outcome, Map<OptionDefinition, String> witness, Set<Constraint> culprits, long nodes) {
    }

    private final Map<OptionDefinition, List<String>> variables;
    private final Assignment fixed;
    private final List<Constraint> constraints;
    private final long budget;
    private final Map<OptionDefinition, String> current = new IdentityHashMap<>();
    private long nodes;

    private ConfigurationSearch(Map<OptionDefinition, List<String>> variables, Assignment fixed,
            Collection<Constraint> constraints, long budget) {
        this.variables = variables;
        this.fixed = fixed;
        this.constraints = List.copyOf(constraints);
        this.budget = budget;
    }

    /**
     * Searches for values of {@code variables} (each option with the values it may take) that satisfy all
     * {@code constraints}; options that are not varied take their values from {@code fixed}.
     */
    public static Result search(Map<OptionDefinition, List<String>> variables, Assignment fixed,
            Collection<Constraint> constraints, long budget) {
        return new ConfigurationSearch(variables, fixed, constraints, budget).run();
    }

    private Result run() {
        Assignment assignment = new Assignment() {
            @Override
            public boolean isDecided(OptionDefinition option) {
                return !variables.containsKey(option) || current.containsKey(option);
            }

            @Override
            public String valueOf(OptionDefinition option) {
                return variables.containsKey(option) ? current.get(option) : fixed.valueOf(option);
            }
        };
        // Constraints over fixed options only are decided before any search.
        Map<OptionDefinition, List<Constraint>> byOption = new LinkedHashMap<>();
        for (Constraint c : constraints) {
            List<OptionDefinition> varied = ConstraintEvaluator.optionsOf(c).stream().filter(variables::containsKey).toList();
            if (varied.isEmpty()) {
                if (ConstraintEvaluator.holds(c, assignment) == Truth.FALSE) {
                    return new Result(Outcome.UNSATISFIABLE, Map.of(), Set.of(c), 0);
                }
            }
            for (OptionDefinition o : varied) {
                byOption.computeIfAbsent(o, k -> new ArrayList<>()).add(c);
            }
        }
        for (var entry : variables.entrySet()) {
            if (entry.getValue().isEmpty()) {
                return new Result(Outcome.UNSATISFIABLE, Map.of(), Set.of(), 0);
            }
            if (!byOption.containsKey(entry.getKey())) {
                current.put(entry.getKey(), entry.getValue().get(0)); // unconstrained: any value will do
            }
        }
        for (List<OptionDefinition> group : groups(byOption)) {
            Set<Constraint> culprits = new LinkedHashSet<>();
            Outcome outcome = solve(group, 0, byOption, assignment, culprits);
            if (outcome != Outcome.SATISFIABLE) {
                return new Result(outcome, Map.of(), culprits, nodes);
            }
        }
        return new Result(Outcome.SATISFIABLE, new LinkedHashMap<>(current), Set.of(), nodes);
    }

    private Outcome solve(List<OptionDefinition> order, int index, Map<OptionDefinition, List<Constraint>> byOption,
            Assignment assignment, Set<Constraint> culprits) {
        if (index == order.size()) {
            return Outcome.SATISFIABLE;
        }
        OptionDefinition option = order.get(index);
        boolean undecided = false;
        for (String value : variables.get(option)) {
            if (++nodes > budget) {
                current.remove(option);
                return Outcome.UNDECIDED;
            }
            current.put(option, value);
            Constraint violated = firstViolated(byOption.get(option), assignment);
            if (violated != null) {
                culprits.add(violated);
                continue;
            }
            Outcome deeper = solve(order, index + 1, byOption, assignment, culprits);
            if (deeper == Outcome.SATISFIABLE) {
                return deeper;
            }
            if (deeper == Outcome.UNDECIDED) {
                undecided = true;
                break;
            }
        }
        current.remove(option);
        return undecided ? Outcome.UNDECIDED : Outcome.UNSATISFIABLE;
    }

    private static Constraint firstViolated(List<Constraint> candidates, Assignment assignment) {
        for (Constraint c : candidates) {
            if (ConstraintEvaluator.holds(c, assignment) == Truth.FALSE) {
                return c;
            }
        }
        return null;
    }

    /** Connected groups of varied options (linked by a shared constraint), each in search order. */
    private static List<List<OptionDefinition>> groups(Map<OptionDefinition, List<Constraint>> byOption) {
        Map<OptionDefinition, OptionDefinition> parent = new LinkedHashMap<>();
        byOption.keySet().forEach(o -> parent.put(o, o));
        for (List<Constraint> list : byOption.values()) {
            for (Constraint c : list) {
                OptionDefinition first = null;
                for (OptionDefinition o : ConstraintEvaluator.optionsOf(c)) {
                    if (!parent.containsKey(o)) {
                        continue;
                    }
                    if (first == null) {
                        first = o;
                    } else {
                        parent.put(find(parent, o), find(parent, first));
                    }
                }
            }
        }
        Map<OptionDefinition, List<OptionDefinition>> grouped = new LinkedHashMap<>();
        for (OptionDefinition o : byOption.keySet()) {
            grouped.computeIfAbsent(find(parent, o), k -> new ArrayList<>()).add(o);
        }
        List<List<OptionDefinition>> result = new ArrayList<>();
        for (List<OptionDefinition> group : grouped.values()) {
            result.add(searchOrder(group, byOption));
        }
        result.sort(Comparator.comparingInt(List::size));
        return result;
    }

    /**
     * Orders a group so that constraints close early: the most constrained option first, then always the
     * option sharing most constraints with those already ordered (ties: more constraints overall).
     */
    private static List<OptionDefinition> searchOrder(List<OptionDefinition> group, Map<OptionDefinition, List<Constraint>> byOption) {
        List<OptionDefinition> order = new ArrayList<>();
        Set<OptionDefinition> placed = new LinkedHashSet<>();
        Map<OptionDefinition, Integer> links = new LinkedHashMap<>();
        group.forEach(o -> links.put(o, 0));
        while (order.size() < group.size()) {
            OptionDefinition best = null;
            for (OptionDefinition o : group) {
                if (placed.contains(o)) {
                    continue;
                }
                if (best == null || links.get(o) > links.get(best)
                        || (links.get(o).equals(links.get(best)) && byOption.get(o).size() > byOption.get(best).size())) {
                    best = o;
                }
            }
            order.add(best);
            placed.add(best);
            for (Constraint c : byOption.get(best)) {
                for (OptionDefinition o : ConstraintEvaluator.optionsOf(c)) {
                    if (links.containsKey(o) && !placed.contains(o)) {
                        links.put(o, links.get(o) + 1);
                    }
                }
            }
        }
        return order;
    }

    private static OptionDefinition find(Map<OptionDefinition, OptionDefinition> parent, OptionDefinition o) {
        OptionDefinition p = parent.get(o);
        while (p != parent.get(p)) {
            parent.put(p, parent.get(parent.get(p)));
            p = parent.get(p);
        }
        return p;
    }
}
