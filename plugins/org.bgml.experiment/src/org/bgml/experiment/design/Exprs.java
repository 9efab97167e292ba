package org.bgml.experiment.design;

import java.util.List;

/** Partial evaluation of {@link Expr}. */
final class Exprs {
    private Exprs() {
    }

    static Expr assign(Expr e, String factor, String level) {
        if (e instanceof Expr.Eq eq) {
            return eq.factor().equals(factor) ? (eq.level().equals(level) ? Expr.TRUE : Expr.FALSE) : eq;
        }
        if (e instanceof Expr.Not n) {
            return Expr.not(assign(n.operand(), factor, level));
        }
        if (e instanceof Expr.And a) {
            return Expr.and(a.operands().stream().map(o -> assign(o, factor, level)).toList());
        }
        if (e instanceof Expr.Or o) {
            return Expr.or(o.operands().stream().map(x -> assign(x, factor, level)).toList());
        }
        return e;
    }

    static List<Expr> list(Expr... e) {
        return List.of(e);
    }
}
