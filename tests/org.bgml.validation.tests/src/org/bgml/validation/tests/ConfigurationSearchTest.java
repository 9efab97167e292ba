package org.bgml.validation.tests;

import static org.bgml.validation.tests.CatalogBuilder.and;
import static org.bgml.validation.tests.CatalogBuilder.eq;
import static org.bgml.validation.tests.CatalogBuilder.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.model.Constraint;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionType;
import org.bgml.validation.rules.ConfigurationSearch;
import org.bgml.validation.rules.ConfigurationSearch.Outcome;
import org.bgml.validation.rules.ConfigurationSearch.Result;
import org.bgml.validation.rules.ConstraintEvaluator;
import org.bgml.validation.rules.ConstraintEvaluator.Truth;
import org.bgml.validation.rules.OptionRules;
import org.junit.jupiter.api.Test;

class ConfigurationSearchTest {
    private static final Duration FAST = Duration.ofSeconds(5);

    private final CatalogBuilder catalog = new CatalogBuilder("Opts");

    private List<OptionDefinition> binaryOptions(int n) {
        List<OptionDefinition> options = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            options.add(catalog.option("opt" + i, OptionType.BOOL, "0", "0", "1"));
        }
        return options;
    }

    private static Map<OptionDefinition, List<String>> bothLevels(List<OptionDefinition> options) {
        Map<OptionDefinition, List<String>> variables = new LinkedHashMap<>();
        options.forEach(o -> variables.put(o, List.of("0", "1")));
        return variables;
    }

    private Result search(Map<OptionDefinition, List<String>> variables) {
        return ConfigurationSearch.search(variables, OptionRules.withDefaults(Map.of()), catalog.catalog.getConstraints(),
                ConfigurationSearch.DEFAULT_BUDGET);
    }

    /** opt[i] = opt[i+1] for every i, written as two implications each. */
    private void chainEqual(List<OptionDefinition> o) {
        for (int i = 0; i + 1 < o.size(); i++) {
            catalog.constraint("up" + i, eq(o.get(i), "1"), eq(o.get(i + 1), "1"));
            catalog.constraint("down" + i, eq(o.get(i), "0"), eq(o.get(i + 1), "0"));
        }
    }

    @Test
    void fourteenBinaryFactorsWithSkollStyleConstraintsAreSatisfiable() {
        List<OptionDefinition> o = binaryOptions(14);
        catalog.constraint("single_vs_multi", eq(o.get(9), "1"), not(eq(o.get(1), "1")));
        catalog.constraint("active_hints", and(eq(o.get(12), "1"), eq(o.get(13), "0")), not(eq(o.get(11), "1")));
        Result r = assertTimeoutPreemptively(FAST, () -> search(bothLevels(o)));
        assertEquals(Outcome.SATISFIABLE, r.outcome());
        for (Constraint c : catalog.catalog.getConstraints()) {
            assertEquals(Truth.TRUE, ConstraintEvaluator.holds(c, r.witness()::get), "witness violates " + c.getName());
        }
    }

    @Test
    void aContradictionAtTheEndOfALongChainIsFoundQuickly() {
        List<OptionDefinition> o = binaryOptions(60);
        chainEqual(o);
        catalog.constraint("ends_differ_1", eq(o.get(0), "1"), eq(o.get(59), "0"));
        catalog.constraint("ends_differ_0", eq(o.get(0), "0"), eq(o.get(59), "1"));
        Result r = assertTimeoutPreemptively(FAST, () -> search(bothLevels(o)));
        assertEquals(Outcome.UNSATISFIABLE, r.outcome());
        assertFalse(r.culprits().isEmpty());
    }

    @Test
    void unconstrainedFactorsDoNotMultiplyTheSearch() {
        List<OptionDefinition> o = binaryOptions(64);
        catalog.constraint("a", eq(o.get(62), "1"), eq(o.get(63), "1"));
        catalog.constraint("b", eq(o.get(62), "0"), eq(o.get(63), "1"));
        catalog.constraint("c", eq(o.get(63), "1"), eq(o.get(62), "2"));
        Result r = assertTimeoutPreemptively(FAST, () -> search(bothLevels(o)));
        assertEquals(Outcome.UNSATISFIABLE, r.outcome());
        assertTrue(r.nodes() < 100, "visited " + r.nodes() + " nodes");
    }

    @Test
    void fixedOptionsTakeTheirConfiguredValueOrDefault() {
        List<OptionDefinition> o = binaryOptions(3);
        catalog.constraint("needs_fixed", eq(o.get(0), "1"), eq(o.get(2), "1"));
        Map<OptionDefinition, List<String>> onlyOne = new LinkedHashMap<>();
        onlyOne.put(o.get(0), List.of("1"));
        assertEquals(Outcome.UNSATISFIABLE, search(onlyOne).outcome(), "opt2 defaults to 0");
        Result r = ConfigurationSearch.search(onlyOne, OptionRules.withDefaults(Map.of(o.get(2), "1")),
                catalog.catalog.getConstraints(), ConfigurationSearch.DEFAULT_BUDGET);
        assertEquals(Outcome.SATISFIABLE, r.outcome());
    }

    @Test
    void aConstraintOverFixedOptionsAloneDecidesAtOnce() {
        List<OptionDefinition> o = binaryOptions(3);
        catalog.constraint("fixed_only", eq(o.get(1), "0"), eq(o.get(2), "1"));
        Result r = search(bothLevels(List.of(o.get(0))));
        assertEquals(Outcome.UNSATISFIABLE, r.outcome());
        assertEquals(0, r.nodes());
    }

    @Test
    void theBudgetBoundsTheSearch() {
        List<OptionDefinition> o = binaryOptions(30);
        chainEqual(o);
        catalog.constraint("ends_differ_1", eq(o.get(0), "1"), eq(o.get(29), "0"));
        catalog.constraint("ends_differ_0", eq(o.get(0), "0"), eq(o.get(29), "1"));
        Result r = ConfigurationSearch.search(bothLevels(o), OptionRules.withDefaults(Map.of()), catalog.catalog.getConstraints(), 10);
        assertEquals(Outcome.UNDECIDED, r.outcome());
    }

    @Test
    void noVariablesIsTriviallySatisfiable() {
        assertEquals(Outcome.SATISFIABLE, search(Map.of()).outcome());
    }
}
