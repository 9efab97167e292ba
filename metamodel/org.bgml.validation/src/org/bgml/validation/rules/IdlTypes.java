package org.bgml.validation.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.model.EventType;
import org.bgml.model.Interface;
import org.bgml.model.Member;
import org.bgml.model.NamedType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Sequence;
import org.bgml.model.Struct;
import org.bgml.model.TypeRef;
import org.bgml.model.Typedef;

/** Questions about IDL types that several rule sets ask; all of them terminate on cyclic models. */
public final class IdlTypes {
    private IdlTypes() {
    }

    /** Every interface {@code type} inherits from, directly or not, without {@code type} itself unless on a cycle. */
    public static Set<Interface> allBases(Interface type) {
        Set<Interface> seen = new LinkedHashSet<>();
        Deque<Interface> todo = new ArrayDeque<>();
        todo.push(type);
        while (!todo.isEmpty()) {
            for (Interface base : todo.pop().getBases()) {
                Interface b = Elements.resolved(base);
                if (b != null && seen.add(b)) {
                    todo.push(b);
                }
            }
        }
        return seen;
    }

    /** True when {@code wanted} is {@code type} or one of its bases. */
    public static boolean isOrInherits(Interface type, Interface wanted) {
        return type == wanted || allBases(type).contains(wanted);
    }

    /** The operations of {@code type} and of all its bases. */
    public static List<Operation> allOperations(Interface type) {
        List<Operation> all = new ArrayList<>(type.getOperations());
        for (Interface base : allBases(type)) {
            if (base != type) {
                all.addAll(base.getOperations());
            }
        }
        return all;
    }

    /** True when {@code wanted} is {@code type} or an event type it derives from. */
    public static boolean isOrDerivesFrom(EventType type, EventType wanted) {
        Set<EventType> seen = new LinkedHashSet<>();
        for (EventType t = type; t != null && seen.add(t); t = Elements.resolved(t.getBase())) {
            if (t == wanted) {
                return true;
            }
        }
        return false;
    }

    /** The type a typedef chain ends at: {@code named} itself unless it is a typedef; null on a cycle or a gap. */
    public static TypeRef unalias(TypeRef ref) {
        Set<Typedef> seen = new LinkedHashSet<>();
        TypeRef current = ref;
        while (current != null && Elements.resolved(current.getNamed()) instanceof Typedef t) {
            if (!seen.add(t)) {
                return null;
            }
            current = t.getAliasedType();
        }
        return current;
    }

    /**
     * True when values of the type have a size chosen at run time (string, sequence, any, or a struct or
     * event type holding one), which is what a payload sweep varies.
     */
    public static boolean isVariableSize(TypeRef ref) {
        return isVariableSize(ref, new LinkedHashSet<>());
    }

    /** True when an operation carries variable-size data in a parameter or its result. */
    public static boolean carriesVariableSize(Operation operation) {
        if (operation.getReturnType() != null && isVariableSize(operation.getReturnType())) {
            return true;
        }
        for (Parameter p : operation.getParameters()) {
            if (p.getType() != null && isVariableSize(p.getType())) {
                return true;
            }
        }
        return false;
    }

    /** True when an event type (or a base) has a variable-size member. */
    public static boolean carriesVariableSize(EventType event) {
        return membersVariable(event, new LinkedHashSet<>());
    }

    private static boolean isVariableSize(TypeRef ref, Set<NamedType> seen) {
        TypeRef t = unalias(ref);
        if (t == null) {
            return false;
        }
        if (t.getNamed() == null) {
            return t.isSetPrimitive() && (t.getPrimitive() == PrimitiveKind.STRING || t.getPrimitive() == PrimitiveKind.ANY);
        }
        NamedType named = Elements.resolved(t.getNamed());
        if (named == null || !seen.add(named)) {
            return false;
        }
        if (named instanceof Sequence) {
            return true;
        }
        if (named instanceof Struct s) {
            for (Member m : s.getMembers()) {
                if (m.getType() != null && isVariableSize(m.getType(), seen)) {
                    return true;
                }
            }
            return false;
        }
        if (named instanceof EventType e) {
            return membersVariable(e, seen);
        }
        return false;
    }

    private static boolean membersVariable(EventType event, Set<NamedType> seen) {
        Set<EventType> chain = new LinkedHashSet<>();
        for (EventType e = event; e != null && chain.add(e); e = Elements.resolved(e.getBase())) {
            for (Member m : e.getMembers()) {
                if (m.getType() != null && isVariableSize(m.getType(), seen)) {
                    return true;
                }
            }
        }
        return false;
    }
}
