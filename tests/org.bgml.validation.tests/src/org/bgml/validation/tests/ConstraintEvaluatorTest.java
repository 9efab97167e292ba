package org.bgml.validation.tests;

import static org.bgml.validation.tests.CatalogBuilder.and;
import static org.bgml.validation.tests.CatalogBuilder.eq;
import static org.bgml.validation.tests.CatalogBuilder.not;
import static org.bgml.validation.tests.CatalogBuilder.or;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.bgml.model.BgmlFactory;
import org.bgml.model.Constraint;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionEquals;
import org.bgml.model.OptionType;
import org.bgml.validation.rules.ConstraintEvaluator;
import org.bgml.validation.rules.ConstraintEvaluator.Assignment;
import org.bgml.validation.rules.ConstraintEvaluator.Truth;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.InternalEObject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ConstraintEvaluatorTest {
    private CatalogBuilder tao;
    private OptionDefinition concurrency;
    private OptionDefinition handler;
    private OptionDefinition cache;
    private Constraint singleVsMulti;

    @BeforeEach
    void catalog() {
        tao = new CatalogBuilder("Tao");
        concurrency = tao.enumOption("ORBConcurrency", "reactive", "reactive", "thread-per-connection");
        handler = tao.enumOption("ORBClientConnectionHandler", "MT", "MT", "ST", "RW");
        cache = tao.option("ORBConnectionCacheMax", OptionType.INT, "16");
        singleVsMulti = tao.constraint("single_vs_multi", eq(concurrency, "reactive"), not(eq(handler, "MT")));
    }

    /** A complete assignment: the given values, other options unset (equal to nothing). */
    private static Assignment values(Object... pairs) {
        Map<OptionDefinition, String> map = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((OptionDefinition) pairs[i], (String) pairs[i + 1]);
        }
        return map::get;
    }

    /** A partial assignment: only the given options are decided. */
    private static Assignment partial(Object... pairs) {
        Assignment complete = values(pairs);
        Set<Object> decided = new java.util.HashSet<>();
        for (int i = 0; i < pairs.length; i += 2) {
            decided.add(pairs[i]);
        }
        return new Assignment() {
            @Override
            public boolean isDecided(OptionDefinition option) {
                return decided.contains(option);
            }

            @Override
            public String valueOf(OptionDefinition option) {
                return complete.valueOf(option);
            }
        };
    }

    @Test
    void implicationIsViolatedOnlyWhenTheConditionHoldsAndTheConsequenceFails() {
        assertEquals(Truth.FALSE, ConstraintEvaluator.holds(singleVsMulti, values(concurrency, "reactive", handler, "MT")));
        assertEquals(Truth.TRUE, ConstraintEvaluator.holds(singleVsMulti, values(concurrency, "reactive", handler, "ST")));
        assertEquals(Truth.TRUE, ConstraintEvaluator.holds(singleVsMulti, values(concurrency, "thread-per-connection", handler, "MT")));
    }

    @Test
    void anUnsetOptionEqualsNothing() {
        assertEquals(Truth.FALSE, ConstraintEvaluator.evaluate(eq(handler, "MT"), values()));
        assertEquals(Truth.TRUE, ConstraintEvaluator.holds(singleVsMulti, values()));
    }

    @Test
    void partialAssignmentsUseThreeValuedLogic() {
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.evaluate(eq(handler, "MT"), partial()));
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.holds(singleVsMulti, partial(concurrency, "reactive")));
        assertEquals(Truth.TRUE, ConstraintEvaluator.holds(singleVsMulti, partial(concurrency, "thread-per-connection")));
        assertEquals(Truth.TRUE, ConstraintEvaluator.holds(singleVsMulti, partial(handler, "RW")));
        // false and unknown is false; true or unknown is true
        assertEquals(Truth.FALSE, ConstraintEvaluator.evaluate(and(eq(concurrency, "x"), eq(handler, "MT")), partial(concurrency, "reactive")));
        assertEquals(Truth.TRUE, ConstraintEvaluator.evaluate(or(eq(concurrency, "reactive"), eq(handler, "MT")), partial(concurrency, "reactive")));
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.evaluate(and(eq(concurrency, "reactive"), eq(handler, "MT")), partial(concurrency, "reactive")));
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.evaluate(not(eq(handler, "MT")), partial(concurrency, "reactive")));
    }

    @Test
    void andOrNotCombine() {
        Assignment a = values(concurrency, "reactive", handler, "RW");
        assertEquals(Truth.TRUE, ConstraintEvaluator.evaluate(and(eq(concurrency, "reactive"), eq(handler, "RW")), a));
        assertEquals(Truth.FALSE, ConstraintEvaluator.evaluate(and(eq(concurrency, "reactive"), eq(handler, "MT")), a));
        assertEquals(Truth.TRUE, ConstraintEvaluator.evaluate(or(eq(handler, "MT"), eq(handler, "RW")), a));
        assertEquals(Truth.FALSE, ConstraintEvaluator.evaluate(or(eq(handler, "MT"), eq(handler, "ST")), a));
        assertEquals(Truth.TRUE, ConstraintEvaluator.evaluate(not(or(eq(handler, "MT"), eq(handler, "ST"))), a));
    }

    @Test
    void integerOptionsCompareByValue() {
        assertEquals(Truth.TRUE, ConstraintEvaluator.evaluate(eq(cache, "16"), values(cache, "016")));
        assertEquals(Truth.FALSE, ConstraintEvaluator.evaluate(eq(cache, "16"), values(cache, "17")));
        assertEquals(Truth.FALSE, ConstraintEvaluator.evaluate(eq(concurrency, "Reactive"), values(concurrency, "reactive")));
    }

    @Test
    void halfBuiltPredicatesAreUnknownAndNeverViolated() {
        OptionEquals noOption = BgmlFactory.eINSTANCE.createOptionEquals();
        noOption.setValue("x");
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.evaluate(noOption, values()));
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.evaluate(BgmlFactory.eINSTANCE.createNot(), values()));
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.evaluate(BgmlFactory.eINSTANCE.createAnd(), values()));
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.evaluate(null, values()));

        OptionDefinition proxy = BgmlFactory.eINSTANCE.createOptionDefinition();
        ((InternalEObject) proxy).eSetProxyURI(URI.createURI("missing.bgml#ORBConcurrency"));
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.evaluate(eq(proxy, "reactive"), values(proxy, "reactive")));

        Constraint noConsequence = tao.constraint("half", eq(concurrency, "reactive"), null);
        assertEquals(Truth.UNKNOWN, ConstraintEvaluator.holds(noConsequence, values(concurrency, "reactive")));
        assertEquals("ORBConcurrency=reactive => ?", ConstraintEvaluator.format(noConsequence));
    }

    @Test
    void constraintsAreWrittenOutReadably() {
        assertEquals("constraint 'single_vs_multi': ORBConcurrency=reactive => not ORBClientConnectionHandler=MT",
                ConstraintEvaluator.describe(singleVsMulti));
        Constraint nested = tao.constraint("nested",
                and(eq(concurrency, "reactive"), or(eq(handler, "MT"), eq(handler, "ST"))),
                not(and(eq(cache, "1"), eq(handler, "RW"))));
        assertEquals("ORBConcurrency=reactive and (ORBClientConnectionHandler=MT or ORBClientConnectionHandler=ST)"
                + " => not (ORBConnectionCacheMax=1 and ORBClientConnectionHandler=RW)", ConstraintEvaluator.format(nested));
    }

    @Test
    void optionsOfAConstraintAreListedOnce() {
        Constraint c = tao.constraint("c", or(eq(handler, "MT"), eq(handler, "ST")), eq(concurrency, "reactive"));
        assertEquals(java.util.List.of(handler, concurrency), java.util.List.copyOf(ConstraintEvaluator.optionsOf(c)));
    }
}
