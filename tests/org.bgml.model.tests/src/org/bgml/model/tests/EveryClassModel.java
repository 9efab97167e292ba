package org.bgml.model.tests;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlPackage;
import org.eclipse.emf.ecore.EAttribute;
import org.eclipse.emf.ecore.EClass;
import org.eclipse.emf.ecore.EClassifier;
import org.eclipse.emf.ecore.EDataType;
import org.eclipse.emf.ecore.EEnum;
import org.eclipse.emf.ecore.EEnumLiteral;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.EReference;
import org.eclipse.emf.ecore.EStructuralFeature;
import org.eclipse.emf.ecore.EcorePackage;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * Builds a model that instantiates every concrete class of the BGML metamodel, sets every attribute to a value
 * other than its default and fills every reference. It walks {@link BgmlPackage} instead of naming classes, so a
 * class or feature added to {@code bgml.ecore} is covered without touching the tests.
 * <p>
 * The first instance of a class gets one child of every concrete type each containment allows; later instances
 * get only their required children, which keeps recursive containments (modules in modules, predicates in
 * predicates) finite. Cross references then point at the earliest compatible element other than the root and
 * the element itself (itself when it is the only one of its kind), so both path references ({@code Test::RoundTrip}) and positional ones occur.
 */
final class EveryClassModel {
    /** Text that XML must escape: markup characters, quotes, a line break, a tab and non-ASCII letters. */
    static final String AWKWARD_TEXT = "a <b> & \"c\" 'd'\nline\ttab \u00e9\u00fc\u00df \u03bc\u00b5s \u2264";

    private final List<EObject> created = new ArrayList<>();
    private final Set<EClass> expanded = new HashSet<>();
    private int counter;

    private EveryClassModel() {
    }

    /** A fresh model; two calls give structurally equal models. */
    static BenchmarkModel build() {
        EveryClassModel builder = new EveryClassModel();
        BenchmarkModel root = (BenchmarkModel) builder.create(BgmlPackage.Literals.BENCHMARK_MODEL);
        for (EObject object : builder.created) {
            builder.fillReferences(object);
        }
        return root;
    }

    /** Every class of the metamodel that can be instantiated. */
    static List<EClass> concreteClasses() {
        List<EClass> classes = new ArrayList<>();
        for (EClassifier classifier : BgmlPackage.eINSTANCE.getEClassifiers()) {
            if (classifier instanceof EClass c && !c.isAbstract() && !c.isInterface()) {
                classes.add(c);
            }
        }
        return classes;
    }

    /** The features this builder sets (and a round trip must keep). */
    static boolean isPersistent(EStructuralFeature feature) {
        return feature.isChangeable() && !feature.isDerived() && !feature.isTransient() && !feature.isVolatile()
                && !(feature instanceof EReference r && r.isContainer());
    }

    private EObject create(EClass eClass) {
        EObject object = EcoreUtil.create(eClass);
        created.add(object);
        int serial = ++counter;
        for (EAttribute attribute : eClass.getEAllAttributes()) {
            if (isPersistent(attribute)) {
                setAttribute(object, attribute, serial);
            }
        }
        boolean first = expanded.add(eClass);
        for (EReference containment : eClass.getEAllContainments()) {
            if (!isPersistent(containment)) {
                continue;
            }
            List<EClass> kinds = concreteSubtypes(containment.getEReferenceType());
            if (kinds.isEmpty()) {
                throw new IllegalStateException("no concrete type for " + eClass.getName() + "." + containment.getName());
            }
            if (first && containment.isMany()) {
                for (EClass kind : kinds) {
                    add(object, containment, create(kind));
                }
            } else if (first) {
                EClass kind = kinds.stream().filter(k -> !expanded.contains(k)).findFirst().orElse(cheapest(kinds));
                object.eSet(containment, create(kind));
            } else if (containment.getLowerBound() > 0) {
                add(object, containment, create(cheapest(kinds)));
            }
        }
        return object;
    }

    private void fillReferences(EObject object) {
        EObject root = created.get(0);
        for (EReference reference : object.eClass().getEAllReferences()) {
            if (reference.isContainment() || !isPersistent(reference)) {
                continue;
            }
            List<EObject> targets = new ArrayList<>();
            for (EObject candidate : created) {
                if (candidate != root && candidate != object && reference.getEReferenceType().isInstance(candidate)) {
                    targets.add(candidate);
                }
            }
            if (targets.isEmpty() && reference.getEReferenceType().isInstance(object)) {
                targets.add(object); // the only one of its kind: a self reference still round-trips
            }
            if (targets.isEmpty()) {
                throw new IllegalStateException("nothing to reference from " + object.eClass().getName() + "." + reference.getName());
            }
            if (reference.isMany()) {
                @SuppressWarnings("unchecked")
                Collection<EObject> values = (Collection<EObject>) object.eGet(reference);
                values.addAll(targets.subList(0, Math.min(2, targets.size())));
            } else {
                object.eSet(reference, targets.get(0));
            }
        }
    }

    private static void add(EObject object, EReference containment, EObject child) {
        if (containment.isMany()) {
            @SuppressWarnings("unchecked")
            Collection<EObject> values = (Collection<EObject>) object.eGet(containment);
            values.add(child);
        } else {
            object.eSet(containment, child);
        }
    }

    /** Concrete subtypes of {@code type} (itself included), in package order. */
    private static List<EClass> concreteSubtypes(EClass type) {
        Set<EClass> result = new LinkedHashSet<>();
        for (EClass c : concreteClasses()) {
            if (type == EcorePackage.Literals.EOBJECT || type.isSuperTypeOf(c)) {
                result.add(c);
            }
        }
        return new ArrayList<>(result);
    }

    /** The type with the fewest required children: keeps recursion through required containments short. */
    private static EClass cheapest(List<EClass> kinds) {
        return kinds.stream().min(Comparator.comparingLong(
                (EClass k) -> k.getEAllContainments().stream().filter(r -> r.getLowerBound() > 0).count())).orElseThrow();
    }

    private void setAttribute(EObject object, EAttribute attribute, int serial) {
        if (attribute.isMany()) {
            @SuppressWarnings("unchecked")
            Collection<Object> values = (Collection<Object>) object.eGet(attribute);
            values.add(valueFor(object, attribute, serial, 0));
            values.add(valueFor(object, attribute, serial, 1));
        } else {
            object.eSet(attribute, valueFor(object, attribute, serial, 0));
        }
    }

    /** A value of the attribute's type that differs from its default. */
    private static Object valueFor(EObject object, EAttribute attribute, int serial, int index) {
        EDataType type = attribute.getEAttributeType();
        Object defaultValue = attribute.getDefaultValue();
        int n = serial * 3 + index;
        if (type instanceof EEnum e) {
            List<EEnumLiteral> literals = e.getELiterals();
            for (int i = 0; i < literals.size(); i++) {
                EEnumLiteral literal = literals.get((n + i) % literals.size());
                if (!literal.getInstance().equals(defaultValue)) {
                    return literal.getInstance();
                }
            }
            throw new IllegalStateException("enum " + e.getName() + " has only its default literal");
        }
        Class<?> java = type.getInstanceClass();
        Object value;
        if (java == String.class) {
            value = attribute == BgmlPackage.Literals.NAMED_ELEMENT__NAME
                    ? "x" + object.eClass().getName() + "_" + n
                    : attribute.getName() + " " + n + ": " + AWKWARD_TEXT;
        } else if (java == int.class || java == Integer.class) {
            value = 7 + n == ((Number) defaultValue(defaultValue, 0)).intValue() ? 8 + n : 7 + n;
        } else if (java == long.class || java == Long.class) {
            value = 5_000_000_000L + n;
        } else if (java == double.class || java == Double.class) {
            value = 0.25 + n;
        } else if (java == float.class || java == Float.class) {
            value = 0.5f + n;
        } else if (java == boolean.class || java == Boolean.class) {
            value = !Boolean.TRUE.equals(defaultValue);
        } else {
            throw new IllegalStateException("EveryClassModel does not know how to fill " + type.getName()
                    + " (attribute " + attribute.getName() + "); extend valueFor()");
        }
        if (value.equals(defaultValue)) {
            throw new IllegalStateException("value for " + attribute.getName() + " equals its default");
        }
        return value;
    }

    private static Object defaultValue(Object value, Object fallback) {
        return value == null ? fallback : value;
    }
}
