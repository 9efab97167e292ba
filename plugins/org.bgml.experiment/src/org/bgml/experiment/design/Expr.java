package org.bgml.experiment.design;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A predicate over factor levels, as a design sees a catalogue constraint once the options that are not varied have
 * been replaced by their fixed values: constants, {@code factor=level}, not, and, or.
 */
public sealed interface Expr {
    Expr TRUE = new Const(true);
    Expr FALSE = new Const(false);

    /** The truth under {@code levels}; null when a factor it needs is not in {@code levels}. */
    Boolean eval(Map<String, String> levels);

    /** The factors it mentions. */
    default void factors(java.util.Set<String> into) {
    }

    record Const(boolean value) implements Expr {
        @Override
        public Boolean eval(Map<String, String> levels) {
            return value;
        }

        @Override
        public String toString() {
            return value ? "true" : "false";
        }
    }

    record Eq(String factor, String level) implements Expr {
        @Override
        public Boolean eval(Map<String, String> levels) {
            String v = levels.get(factor);
            return v == null ? null : v.equals(level);
        }

        @Override
        public void factors(java.util.Set<String> into) {
            into.add(factor);
        }

        @Override
        public String toString() {
            return factor + "=" + level;
        }
    }

    record Not(Expr operand) implements Expr {
        @Override
        public Boolean eval(Map<String, String> levels) {
            Boolean b = operand.eval(levels);
            return b == null ? null : !b;
        }

        @Override
        public void factors(java.util.Set<String> into) {
            operand.factors(into);
        }

        @Override
        public String toString() {
            return "not " + nested(operand);
        }
    }

    record And(List<Expr> operands) implements Expr {
        @Override
        public Boolean eval(Map<String, String> levels) {
            boolean unknown = false;
            for (Expr e : operands) {
                Boolean b = e.eval(levels);
                if (b == null) {
                    unknown = true;
                } else if (!b) {
                    return false;
                }
            }
            return unknown ? null : true;
        }

        @Override
        public void factors(java.util.Set<String> into) {
            operands.forEach(o -> o.factors(into));
        }

        @Override
        public String toString() {
            return String.join(" and ", operands.stream().map(Expr::nested).toList());
        }
    }

    record Or(List<Expr> operands) implements Expr {
        @Override
        public Boolean eval(Map<String, String> levels) {
            boolean unknown = false;
            for (Expr e : operands) {
                Boolean b = e.eval(levels);
                if (b == null) {
                    unknown = true;
                } else if (b) {
                    return true;
                }
            }
            return unknown ? null : false;
        }

        @Override
        public void factors(java.util.Set<String> into) {
            operands.forEach(o -> o.factors(into));
        }

        @Override
        public String toString() {
            return String.join(" or ", operands.stream().map(Expr::nested).toList());
        }
    }

    private static String nested(Expr e) {
        return e instanceof And || e instanceof Or ? "(" + e + ")" : e.toString();
    }

    static Expr not(Expr e) {
        if (e instanceof Const c) {
            return c.value() ? FALSE : TRUE;
        }
        if (e instanceof Not n) {
            return n.operand();
        }
        return new Not(e);
    }

    /** And with constants folded. */
    static Expr and(List<Expr> operands) {
        List<Expr> kept = new ArrayList<>();
        for (Expr e : operands) {
            if (e instanceof Const c) {
                if (!c.value()) {
                    return FALSE;
                }
            } else {
                kept.add(e);
            }
        }
        return kept.isEmpty() ? TRUE : kept.size() == 1 ? kept.get(0) : new And(List.copyOf(kept));
    }

    /** Or with constants folded. */
    static Expr or(List<Expr> operands) {
        List<Expr> kept = new ArrayList<>();
        for (Expr e : operands) {
            if (e instanceof Const c) {
                if (c.value()) {
                    return TRUE;
                }
            } else {
                kept.add(e);
            }
        }
        return kept.isEmpty() ? FALSE : kept.size() == 1 ? kept.get(0) : new Or(List.copyOf(kept));
    }

    /** {@code p => q}, i.e. {@code not p or q}. */
    static Expr implies(Expr p, Expr q) {
        return or(List.of(not(p), q));
    }

    /** The same predicate with {@code factor} fixed to {@code level}, constants folded. */
    default Expr assign(String factor, String level) {
        return Exprs.assign(this, factor, level);
    }
}
