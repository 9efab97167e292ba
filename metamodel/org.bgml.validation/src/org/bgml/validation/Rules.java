package org.bgml.validation;

import java.util.List;

import org.bgml.validation.rules.ActionRules;
import org.bgml.validation.rules.ConnectionRules;
import org.bgml.validation.rules.DeploymentRules;
import org.bgml.validation.rules.EventSourceRules;
import org.bgml.validation.rules.ExperimentRules;
import org.bgml.validation.rules.IdentifierRules;
import org.bgml.validation.rules.IdlRules;
import org.bgml.validation.rules.MetricRules;
import org.bgml.validation.rules.OptionRules;
import org.bgml.validation.rules.PathRules;
import org.bgml.validation.rules.ReferenceRules;

/** The rule sets BGML runs, in the order they run. Rule ids are constants of the rule set classes. */
public final class Rules {
    private Rules() {
    }

    public static List<RuleSet> all() {
        return List.of(new ReferenceRules(), new IdentifierRules(), new IdlRules(), new ConnectionRules(),
                new ActionRules(), new EventSourceRules(),
                new MetricRules(), new PathRules(), new OptionRules(), new DeploymentRules(), new ExperimentRules());
    }
}
