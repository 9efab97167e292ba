package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.bgml.validation.RuleSet;
import org.bgml.validation.Rules;
import org.junit.jupiter.api.Test;

/** No rule goes untested: every rule id constant is exercised by a broken model, and broken models name only real rules. */
class RuleCoverageTest {
    private static final Pattern RULE_ID = Pattern.compile("[a-z]+\\.[a-z]+(-[a-z]+)*");

    /** Every rule id constant of the registered rule sets, with the class that declares it. */
    static Map<String, String> declaredRuleIds() {
        Map<String, String> ids = new TreeMap<>();
        for (RuleSet rules : Rules.all()) {
            for (Field f : rules.getClass().getFields()) {
                int m = f.getModifiers();
                if (Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == String.class) {
                    try {
                        String id = (String) f.get(null);
                        String earlier = ids.put(id, rules.getClass().getSimpleName() + "." + f.getName());
                        assertTrue(earlier == null, "rule id " + id + " is declared twice: " + earlier + " and " + f.getName());
                    } catch (IllegalAccessException e) {
                        throw new AssertionError(e);
                    }
                }
            }
        }
        return ids;
    }

    static Set<String> exercisedRuleIds() throws Exception {
        Set<String> ids = new TreeSet<>();
        for (Path file : Repo.modelFiles(Repo.broken())) {
            Expectation.readFrom(file).forEach(e -> ids.add(e.ruleId()));
        }
        return ids;
    }

    @Test
    void everyRuleSetDeclaresRuleIds() {
        for (RuleSet rules : Rules.all()) {
            assertTrue(declaredRuleIds().values().stream().anyMatch(v -> v.startsWith(rules.getClass().getSimpleName() + ".")),
                    rules.getClass().getSimpleName() + " declares no rule id constants");
        }
    }

    @Test
    void ruleIdsAreWellFormed() {
        for (String id : declaredRuleIds().keySet()) {
            assertTrue(RULE_ID.matcher(id).matches(), "rule id '" + id + "' is not of the form concern.rule-name");
        }
    }

    @Test
    void everyRuleIdHasABrokenModel() throws Exception {
        Set<String> exercised = exercisedRuleIds();
        List<String> untested = new ArrayList<>();
        declaredRuleIds().forEach((id, field) -> {
            if (!exercised.contains(id)) {
                untested.add(id + " (" + field + ")");
            }
        });
        assertEquals(List.of(), untested, "rule ids without a broken model in " + Repo.broken());
    }

    @Test
    void brokenModelsNameOnlyDeclaredRules() throws Exception {
        Set<String> unknown = new TreeSet<>(exercisedRuleIds());
        unknown.removeAll(declaredRuleIds().keySet());
        assertEquals(Set.of(), unknown, "broken models expect rule ids that no rule set declares");
    }
}
