package org.bgml.validation.rules;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.model.And;
import org.bgml.model.Constraint;
import org.bgml.model.Not;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionEquals;
import org.bgml.model.Or;
import org.bgml.model.Predicate;

/**
 * Evaluates option constraints {@code P => Q} over predicates built from {@code option=value}, not, and, or.
 * <p>
 * Evaluation is three-valued (Kleene logic) so that a search can evaluate a constraint on a partial
 * assignment: an option that the assignment has not decided makes {@code option=value} {@link Truth#UNKNOWN},
 * and a constraint is {@link Truth#FALSE} (violated) only when P is certainly true and Q certainly false.
 * An option that is decided but has no value equals nothing. A half-built predicate (a missing operand, an
 * unresolved option) is UNKNOWN, so it never reports a violation it cannot show.
 */
public final class ConstraintEvaluator {

    /** A three-valued truth. */
    public enum Truth {
        TRUE, FALSE, UNKNOWN;

        static Truth of(boolean b) {
            return b ? TRUE : FALSE;
        }

        Truth not() {
            return this == TRUE ? FALSE : this == FALSE ? TRUE : UNKNOWN;
        }
    }

    /** The option values a predicate is evaluated against. */
    public interface Assignment {
        /** False while a search has not fixed the option yet; its predicates are then UNKNOWN. */
        default boolean isDecided(OptionDefinition option) {
            return true;
        }

        /** The option's value; null when it has none (then it equals no value). */
        String valueOf(OptionDefinition option);
    }

    private ConstraintEvaluator() {
    }

    /** The truth of {@code predicate} under {@code assignment}. */
    public static Truth evaluate(Predicate predicate, Assignment assignment) {
        if (predicate instanceof OptionEquals eq) {
            OptionDefinition option = Elements.resolved(eq.getOption());
            if (option == null || eq.getValue() == null) {
                return Truth.UNKNOWN;
            }
            if (!assignment.isDecided(option)) {
                return Truth.UNKNOWN;
            }
            return Truth.of(OptionDomain.same(option, assignment.valueOf(option), eq.getValue()));
        }
        if (predicate instanceof Not not) {
            return not.getOperand() == null ? Truth.UNKNOWN : evaluate(not.getOperand(), assignment).not();
        }
        if (predicate instanceof And and) {
            return combine(and.getOperands(), assignment, Truth.FALSE);
        }
        if (predicate instanceof Or or) {
            return combine(or.getOperands(), assignment, Truth.TRUE);
        }
        return Truth.UNKNOWN;
    }

    /**
     * Whether {@code constraint} holds: TRUE when P is false or Q is true, FALSE (violated) when P is true and
     * Q is false, UNKNOWN otherwise (including half-built constraints).
     */
    public static Truth holds(Constraint constraint, Assignment assignment) {
        if (constraint.getCondition() == null || constraint.getConsequence() == null) {
            return Truth.UNKNOWN;
        }
        Truth p = evaluate(constraint.getCondition(), assignment);
        if (p == Truth.FALSE) {
            return Truth.TRUE;
        }
        Truth q = evaluate(constraint.getConsequence(), assignment);
        if (q == Truth.TRUE) {
            return Truth.TRUE;
        }
        return p == Truth.TRUE && q == Truth.FALSE ? Truth.FALSE : Truth.UNKNOWN;
    }

    /** The options a constraint mentions, in the order they appear. */
    public static Set<OptionDefinition> optionsOf(Constraint constraint) {
        Set<OptionDefinition> options = new LinkedHashSet<>();
        collect(constraint.getCondition(), options);
        collect(constraint.getConsequence(), options);
        return options;
    }

    /** {@code constraint 'name': P => Q}, as messages show a constraint. */
    public static String describe(Constraint constraint) {
        return "constraint " + Elements.quote(Elements.name(constraint)) + ": " + format(constraint);
    }

    /** {@code P => Q} written out. */
    public static String format(Constraint constraint) {
        return format(constraint.getCondition()) + " => " + format(constraint.getConsequence());
    }

    /**
     * A predicate written out: {@code ORBConcurrency=reactive}, {@code not A=x}, {@code A=x and B=y},
     * with parentheses around nested and/or terms.
     */
    public static String format(Predicate predicate) {
        if (predicate == null) {
            return "?";
        }
        if (predicate instanceof OptionEquals eq) {
            OptionDefinition option = eq.getOption();
            String name = option == null ? "?" : option.eIsProxy() ? "<unresolved option>" : Elements.name(option);
            return name + "=" + (eq.getValue() == null ? "?" : eq.getValue());
        }
        if (predicate instanceof Not not) {
            return "not " + nested(not.getOperand());
        }
        if (predicate instanceof And and) {
            return join(and.getOperands(), " and ");
        }
        if (predicate instanceof Or or) {
            return join(or.getOperands(), " or ");
        }
        return "?";
    }

    private static Truth combine(List<Predicate> operands, Assignment assignment, Truth dominant) {
        if (operands.isEmpty()) {
            return Truth.UNKNOWN;
        }
        boolean unknown = false;
        for (Predicate operand : operands) {
            Truth t = evaluate(operand, assignment);
            if (t == dominant) {
                return dominant;
            }
            unknown |= t == Truth.UNKNOWN;
        }
        return unknown ? Truth.UNKNOWN : dominant.not();
    }

    private static void collect(Predicate predicate, Set<OptionDefinition> options) {
        if (predicate instanceof OptionEquals eq) {
            OptionDefinition option = Elements.resolved(eq.getOption());
            if (option != null) {
                options.add(option);
            }
        } else if (predicate instanceof Not not) {
            collect(not.getOperand(), options);
        } else if (predicate instanceof And and) {
            and.getOperands().forEach(p -> collect(p, options));
        } else if (predicate instanceof Or or) {
            or.getOperands().forEach(p -> collect(p, options));
        }
    }

    private static String join(List<Predicate> operands, String operator) {
        if (operands.isEmpty()) {
            return "?";
        }
        StringBuilder s = new StringBuilder();
        for (Predicate operand : operands) {
            if (s.length() > 0) {
                s.append(operator);
            }
            s.append(nested(operand));
        }
        return s.toString();
    }

    private static String nested(Predicate predicate) {
        String text = format(predicate);
        boolean compound = (predicate instanceof And a && a.getOperands().size() > 1)
                || (predicate instanceof Or o && o.getOperands().size() > 1);
        return compound ? "(" + text + ")" : text;
    }
}
