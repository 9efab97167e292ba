package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.EventSource;
import org.bgml.model.Metric;
import org.bgml.model.ModelIndex;
import org.bgml.model.NamedElement;
import org.bgml.model.synthetic.SyntheticModels;
import org.bgml.model.synthetic.SyntheticModels.Variant;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.RuleSet;
import org.bgml.validation.Rules;
import org.bgml.validation.Severity;
import org.bgml.validation.rules.Elements;
import org.eclipse.emf.ecore.EObject;
import org.junit.jupiter.api.Test;

/**
 * The model index that validation and generation share: it answers what a walk of the tree answers, in the same
 * order, only inside its scope, and validation gives the same diagnostics with or without it. Also the synthetic
 * models' variants, which the generation benchmark measures targets on: each is valid and differs as it says.
 */
class ModelIndexTest {

    @Test
    void answersWhatAWalkOfTheTreeAnswersInDocumentOrder() {
        BenchmarkModel model = SyntheticModels.components(20);
        try (ModelIndex.Scope scope = ModelIndex.open(model)) {
            ModelIndex index = scope.index();
            assertEquals(walk(model, NamedElement.class), index.allOf(NamedElement.class));
            assertEquals(walk(model, Connection.class), index.allOf(Connection.class));
            assertSame(index.allOf(Connection.class), Elements.allOf(model, Connection.class), "the rules read the open index");
            assertEquals(0, index.orderOf(model));
            List<EObject> all = walk(model, EObject.class);
            for (int i = 0; i < all.size(); i += 37) {
                assertEquals(i, index.orderOf(all.get(i)));
            }
            assertEquals(-1, index.orderOf(SyntheticModels.components(3)));
            assertTrue(index.has(EventSource.class));
        }
    }

    @Test
    void isOpenOnlyForItsTreeAndOnlyInsideItsScope() {
        BenchmarkModel model = SyntheticModels.components(5);
        BenchmarkModel other = SyntheticModels.components(5);
        assertNull(ModelIndex.openFor(model));
        try (ModelIndex.Scope outer = ModelIndex.open(model)) {
            assertSame(outer.index(), ModelIndex.openFor(model));
            assertNull(ModelIndex.openFor(other));
            try (ModelIndex.Scope same = ModelIndex.open(model)) {
                assertSame(outer.index(), same.index(), "a second scope for the same tree keeps the index");
            }
            assertSame(outer.index(), ModelIndex.openFor(model));
            try (ModelIndex.Scope inner = ModelIndex.open(other)) {
                assertSame(inner.index(), ModelIndex.openFor(other));
                assertNull(ModelIndex.openFor(model));
            }
            assertSame(outer.index(), ModelIndex.openFor(model), "closing the inner scope makes the outer index current again");
        }
        assertNull(ModelIndex.openFor(model));
        assertNotSame(Elements.allOf(model, Connection.class), Elements.allOf(model, Connection.class),
                "without an open index every call walks the tree");
    }

    @Test
    void validationFindsTheSameWithOrWithoutAnOpenIndex() {
        BenchmarkModel model = SyntheticModels.components(12);
        // break it in a few places so that there is something to find and to sort
        model.getConnections().get(3).setName("call0");
        model.getEntities().get(5).setName("not an identifier");
        model.getMetrics().get(2).setName("latency_call0");
        // each rule set on its own, with no index open, walks the tree as it always did
        List<String> walked = new ArrayList<>();
        for (RuleSet rules : Rules.all()) {
            rules.check(model, (severity, ruleId, element, message) -> walked.add(severity + " " + ruleId + " "
                    + Elements.path(element) + " " + message));
        }
        List<String> indexed = new ArrayList<>(new ModelValidator().validate(model).stream()
                .map(d -> d.severity() + " " + d.ruleId() + " " + Elements.path(d.element()) + " " + d.message()).toList());
        assertTrue(walked.size() >= 3, walked.toString());
        walked.sort(null);
        indexed.sort(null);
        assertEquals(walked, indexed);
    }

    @Test
    void everySyntheticVariantIsValidAndDiffersAsItSays() {
        for (Variant v : Variant.values()) {
            BenchmarkModel model = SyntheticModels.components(40, v);
            List<ModelDiagnostic> errors = new ModelValidator().validate(model).stream()
                    .filter(d -> d.severity() == Severity.ERROR).toList();
            assertTrue(errors.isEmpty(), v + ": " + errors);
            assertEquals(SyntheticModels.ports(40, v), walk(model, org.bgml.model.Port.class).size(), v.toString());
            assertEquals(SyntheticModels.connections(40, v), model.getConnections().size(), v.toString());
            for (Metric m : model.getMetrics()) {
                int threads = m.getWorkload() == null ? 1 : m.getWorkload().getThreads();
                boolean event = m.getOperation() == null;
                int expected = switch (v) {
                    case FULL -> m.getWorkload() == null ? 1 : 2;
                    case EVENTS_FROM_ONE_THREAD -> event || m.getWorkload() == null ? 1 : 2;
                    case CALLS_ON_ONE_HOST -> 1;
                };
                assertEquals(expected, threads, v + " " + m.getName());
            }
            long hosts = model.getDeployments().get(0).getNodes().stream().map(n -> n.getHost()).distinct().count();
            // 40 components fill the first 40 processes, 10 to a node: 4 hosts, or 1 for the calls-only variant
            assertEquals(v == Variant.CALLS_ON_ONE_HOST ? 1 : 4, hosts, v.toString());
            assertEquals(v != Variant.CALLS_ON_ONE_HOST, !walk(model, EventSource.class).isEmpty(), v.toString());
            assertTrue(model.getMetrics().stream().anyMatch(m -> m.getOperation() == null) == (v != Variant.CALLS_ON_ONE_HOST));
        }
        assertEquals(describe(new ModelValidator().validate(SyntheticModels.components(40))),
                describe(new ModelValidator().validate(SyntheticModels.components(40, Variant.FULL))));
    }

    private static <T> List<T> walk(EObject root, Class<T> type) {
        List<T> found = new ArrayList<>();
        if (type.isInstance(root)) {
            found.add(type.cast(root));
        }
        root.eAllContents().forEachRemaining(o -> {
            if (type.isInstance(o)) {
                found.add(type.cast(o));
            }
        });
        return found;
    }

    private static List<String> describe(List<ModelDiagnostic> diagnostics) {
        return diagnostics.stream().map(d -> d.severity() + " " + d.ruleId() + " " + d.elementPath() + " " + d.message()).toList();
    }
}
