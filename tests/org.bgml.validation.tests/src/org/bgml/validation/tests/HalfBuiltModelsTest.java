package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.BgmlPackage;
import org.bgml.model.OptionCatalog;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.rules.ReferenceRules;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.InternalEObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;

/**
 * Validation never throws, whatever state an editor leaves a model in: every element kind present with its
 * defaults and no names, references missing, pointing at the wrong kind of neighbour, or unresolved.
 */
class HalfBuiltModelsTest {
    private static final int DEPTH = 4;

    /** Every concrete class that can stand where {@code type} is expected. */
    private static List<EClass> concreteSubtypes(EClass type) {
        List<EClass> found = new ArrayList<>();
        for (EClassifier c : BgmlPackage.eINSTANCE.getEClassifiers()) {
            if (c instanceof EClass e && !e.isAbstract() && !e.isInterface() && type.isSuperTypeOf(e)) {
                found.add(e);
            }
        }
        if (type == org.eclipse.emf.ecore.EcorePackage.Literals.EOBJECT) {
            found.add(BgmlPackage.Literals.CONNECTION);
        }
        return found;
    }

    /** Fills every containment of {@code object} with one empty element of each concrete kind, {@code depth} levels down. */
    private static void fill(EObject object, int depth) {
        if (depth == 0) {
            return;
        }
        for (EReference ref : object.eClass().getEAllContainments()) {
            for (EClass kind : concreteSubtypes(ref.getEReferenceType())) {
                EObject child = EcoreUtil.create(kind);
                if (ref.isMany()) {
                    @SuppressWarnings("unchecked")
                    List<EObject> list = (List<EObject>) object.eGet(ref);
                    list.add(child);
                } else if (object.eGet(ref) == null) {
                    object.eSet(ref, child);
                } else {
                    continue;
                }
                fill(child, depth - 1);
            }
        }
    }

    /** Points every non-containment reference in the tree at whatever {@code choose} picks. */
    private static void link(EObject root, BiFunction<EObject, EReference, EObject> choose) {
        List<EObject> all = new ArrayList<>();
        root.eAllContents().forEachRemaining(all::add);
        for (EObject object : all) {
            for (EReference ref : object.eClass().getEAllReferences()) {
                if (ref.isContainment() || ref.isContainer() || ref.isDerived() || !ref.isChangeable()) {
                    continue;
                }
                EObject target = choose.apply(object, ref);
                if (target == null) {
                    continue;
                }
                if (ref.isMany()) {
                    @SuppressWarnings("unchecked")
                    List<EObject> list = (List<EObject>) object.eGet(ref);
                    list.add(target);
                } else {
                    object.eSet(ref, target);
                }
            }
        }
    }

    private static List<ModelDiagnostic> validateWithoutInternalErrors(EObject root) {
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(root);
        List<ModelDiagnostic> internal = diagnostics.stream().filter(d -> ModelValidator.INTERNAL.equals(d.ruleId())).toList();
        assertEquals(List.of(), internal, "a rule set failed on a half-built model");
        for (ModelDiagnostic d : diagnostics) {
            assertFalse(d.message() == null || d.message().isBlank(), "empty message for " + d.ruleId());
            assertFalse(d.elementPath() == null || d.elementPath().isBlank(), "no element path for " + d.format());
        }
        return diagnostics;
    }

    private static BenchmarkModel everyKindOfElement() {
        BenchmarkModel model = BgmlFactory.eINSTANCE.createBenchmarkModel();
        fill(model, DEPTH);
        return model;
    }

    @Test
    void emptyRootsValidate() {
        validateWithoutInternalErrors(BgmlFactory.eINSTANCE.createBenchmarkModel());
        validateWithoutInternalErrors(BgmlFactory.eINSTANCE.createOptionCatalog());
    }

    @Test
    void everyElementKindWithDefaultsAndNoReferences() {
        List<ModelDiagnostic> diagnostics = validateWithoutInternalErrors(everyKindOfElement());
        assertTrue(diagnostics.stream().anyMatch(d -> ReferenceRules.REQUIRED.equals(d.ruleId())));
    }

    @Test
    void referencesToTheFirstElementOfTheRightKind() {
        BenchmarkModel model = everyKindOfElement();
        List<EObject> all = new ArrayList<>();
        model.eAllContents().forEachRemaining(all::add);
        link(model, (owner, ref) -> all.stream().filter(ref.getEReferenceType()::isInstance).findFirst().orElse(null));
        validateWithoutInternalErrors(model);
    }

    @Test
    void referencesToTheLastElementOfTheRightKindIncludingSelfLinks() {
        BenchmarkModel model = everyKindOfElement();
        List<EObject> all = new ArrayList<>();
        model.eAllContents().forEachRemaining(all::add);
        link(model, (owner, ref) -> ref.getEReferenceType().isInstance(owner) ? owner
                : all.reversed().stream().filter(ref.getEReferenceType()::isInstance).findFirst().orElse(null));
        validateWithoutInternalErrors(model);
    }

    @Test
    void unresolvedReferencesAreReportedNotThrown() {
        BenchmarkModel model = everyKindOfElement();
        link(model, (owner, ref) -> {
            List<EClass> kinds = concreteSubtypes(ref.getEReferenceType());
            if (kinds.isEmpty()) {
                return null;
            }
            EObject proxy = EcoreUtil.create(kinds.get(0));
            ((InternalEObject) proxy).eSetProxyURI(URI.createURI("missing.bgml#Nothing"));
            return proxy;
        });
        List<ModelDiagnostic> diagnostics = validateWithoutInternalErrors(model);
        assertTrue(diagnostics.stream().anyMatch(d -> ReferenceRules.UNRESOLVED.equals(d.ruleId())));
    }

    @Test
    void aHalfBuiltCatalogueRootValidates() {
        OptionCatalog catalog = BgmlFactory.eINSTANCE.createOptionCatalog();
        fill(catalog, DEPTH);
        List<EObject> all = new ArrayList<>();
        catalog.eAllContents().forEachRemaining(all::add);
        link(catalog, (owner, ref) -> all.stream().filter(ref.getEReferenceType()::isInstance).findFirst().orElse(null));
        validateWithoutInternalErrors(catalog);
    }
}
