package org.bgml.validation.tests;

import org.bgml.model.And;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Constraint;
import org.bgml.model.Not;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionEquals;
import org.bgml.model.OptionLanding;
import org.bgml.model.OptionType;
import org.bgml.model.Or;
import org.bgml.model.Predicate;

/** Builds option catalogues and constraints in memory for the unit tests. */
final class CatalogBuilder {
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;
    final OptionCatalog catalog = F.createOptionCatalog();

    CatalogBuilder(String name) {
        catalog.setName(name);
    }

    OptionDefinition enumOption(String name, String defaultValue, String... values) {
        return option(name, OptionType.ENUM, defaultValue, values);
    }

    OptionDefinition option(String name, OptionType type, String defaultValue, String... values) {
        OptionDefinition o = F.createOptionDefinition();
        o.setName(name);
        o.setKey("-" + name);
        o.setType(type);
        o.setLanding(OptionLanding.ORB_ARGUMENT);
        o.setDefault(defaultValue);
        for (String v : values) {
            o.getValues().add(v);
        }
        catalog.getOptions().add(o);
        return o;
    }

    Constraint constraint(String name, Predicate condition, Predicate consequence) {
        Constraint c = F.createConstraint();
        c.setName(name);
        c.setCondition(condition);
        c.setConsequence(consequence);
        catalog.getConstraints().add(c);
        return c;
    }

    static OptionEquals eq(OptionDefinition option, String value) {
        OptionEquals e = F.createOptionEquals();
        e.setOption(option);
        e.setValue(value);
        return e;
    }

    static Not not(Predicate operand) {
        Not n = F.createNot();
        n.setOperand(operand);
        return n;
    }

    static And and(Predicate... operands) {
        And a = F.createAnd();
        for (Predicate p : operands) {
            a.getOperands().add(p);
        }
        return a;
    }

    static Or or(Predicate... operands) {
        Or o = F.createOr();
        for (Predicate p : operands) {
            o.getOperands().add(p);
        }
        return o;
    }
}
