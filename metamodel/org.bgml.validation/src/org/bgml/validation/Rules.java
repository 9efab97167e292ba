package org.bgml.validation;

import java.util.List;

/** The rule sets BGML runs, in the order they run. Rule ids are constants of the rule set classes. */
public final class Rules {
    private Rules() {
    }

    public static List<RuleSet> all() {
        return List.of();
    }
}
