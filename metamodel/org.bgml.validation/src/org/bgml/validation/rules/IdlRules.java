package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.model.Attribute;
import org.bgml.model.EnumType;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Interface;
import org.bgml.model.Member;
import org.bgml.model.Module;
import org.bgml.model.NamedElement;
import org.bgml.model.NamedType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.Port;
import org.bgml.model.ParameterDirection;
import org.bgml.model.Sequence;
import org.bgml.model.Struct;
import org.bgml.model.TypeRef;
import org.bgml.model.Typedef;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/** The IDL the entities exchange must be IDL an IDL compiler accepts. */
public final class IdlRules implements RuleSet {
    /** A type reference names exactly one of a basic type and a declared type. */
    public static final String TYPE_REF = "idl.type-ref";
    /** A oneway operation returns void and has only 'in' parameters. */
    public static final String ONEWAY = "idl.oneway";
    /** No interface inherits from itself, directly or through other interfaces; the same holds for event types. */
    public static final String INHERITANCE_CYCLE = "idl.inheritance-cycle";
    /** An interface neither redefines an operation or attribute it inherits nor inherits one name from two unrelated bases. */
    public static final String INHERITED_NAME = "idl.inherited-name";
    /** No typedef or sequence is defined in terms of itself through a chain of typedefs and sequences. */
    public static final String TYPE_CYCLE = "idl.type-cycle";
    /** No struct contains itself by value (recursion must go through a sequence). */
    public static final String RECURSIVE_STRUCT = "idl.recursive-struct";
    /** A sequence bound is 0 (unbounded) or positive. */
    public static final String SEQUENCE_BOUND = "idl.sequence-bound";
    /** Structs have members and enums have literals (errors); a module without definitions is a warning. */
    public static final String EMPTY = "idl.empty";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        for (TypeRef ref : Elements.allOf(root, TypeRef.class)) {
            checkTypeRef(ref, sink);
        }
        for (Operation op : Elements.allOf(root, Operation.class)) {
            checkOneway(op, sink);
        }
        for (Interface type : Elements.allOf(root, Interface.class)) {
            List<Interface> cycle = Cycles.through(type, t -> resolvedBases(t));
            if (cycle != null) {
                sink.error(INHERITANCE_CYCLE, type, Elements.label(type) + " inherits from itself ("
                        + Cycles.describe(cycle, Elements::path) + ")");
            } else {
                checkInheritedNames(type, sink);
            }
        }
        for (EventType type : Elements.allOf(root, EventType.class)) {
            List<EventType> cycle = Cycles.through(type, t -> single(Elements.resolved(t.getBase())));
            if (cycle != null) {
                sink.error(INHERITANCE_CYCLE, type, Elements.label(type) + " derives from itself ("
                        + Cycles.describe(cycle, Elements::path) + ")");
            }
        }
        for (NamedType type : Elements.allOf(root, NamedType.class)) {
            if (type instanceof Typedef || type instanceof Sequence) {
                List<NamedType> cycle = Cycles.through(type, IdlRules::aliasSuccessors);
                if (cycle != null) {
                    sink.error(TYPE_CYCLE, type, Elements.label(type) + " is defined in terms of itself ("
                            + Cycles.describe(cycle, Elements::path) + "); IDL needs a struct between the steps of a recursive type");
                }
            }
        }
        for (Struct struct : Elements.allOf(root, Struct.class)) {
            List<Struct> cycle = Cycles.through(struct, IdlRules::byValueStructs);
            if (cycle != null) {
                sink.error(RECURSIVE_STRUCT, struct, Elements.label(struct) + " contains itself by value ("
                        + Cycles.describe(cycle, Elements::path) + "), which would make it infinitely large; hold the recursion in a sequence");
            }
            if (struct.getMembers().isEmpty()) {
                sink.error(EMPTY, struct, Elements.label(struct) + " has no members; IDL structs need at least one");
            }
        }
        checkCarriedEventTypes(root, sink);
        for (Sequence seq : Elements.allOf(root, Sequence.class)) {
            if (seq.getBound() < 0) {
                sink.error(SEQUENCE_BOUND, seq, Elements.label(seq) + " has the bound " + seq.getBound()
                        + "; use 0 for an unbounded sequence or a positive maximum length");
            }
        }
        for (EnumType e : Elements.allOf(root, EnumType.class)) {
            if (e.getLiterals().isEmpty()) {
                sink.error(EMPTY, e, Elements.label(e) + " has no literals; IDL enums need at least one");
            }
        }
        for (Module m : Elements.allOf(root, Module.class)) {
            if (m.getDefinitions().isEmpty()) {
                sink.warning(EMPTY, m, Elements.label(m) + " declares nothing; some IDL compilers refuse empty modules");
            }
        }
    }

    /**
     * An event type that a port carries must have a member of its own or of a base: omniORB, TAO and ACE send an
     * event as an IDL struct (CCM's eventtype is a valuetype, and only CIAO could send an empty one). Reported once
     * per type, at the type, naming the first port that carries it.
     */
    private static void checkCarriedEventTypes(EObject root, DiagnosticSink sink) {
        Map<EventType, Port> carriers = new LinkedHashMap<>();
        for (Port port : Elements.allOf(root, Port.class)) {
            EventType type = port instanceof EventSource source ? source.getEventType()
                    : port instanceof EventSink eventSink ? eventSink.getEventType() : null;
            type = type == null ? null : Elements.resolved(type);
            if (type != null) {
                carriers.putIfAbsent(type, port);
            }
        }
        carriers.forEach((type, port) -> {
            if (!hasMembers(type)) {
                sink.error(EMPTY, type, Elements.label(type) + " has no members, own or inherited, and " + Elements.label(port)
                        + " carries it; omniORB, TAO and ACE send an event as an IDL struct, which needs at least one member");
            }
        });
    }

    private static boolean hasMembers(EventType type) {
        java.util.Set<EventType> seen = new java.util.HashSet<>();
        for (EventType t = type; t != null && seen.add(t); t = Elements.resolved(t.getBase())) {
            if (!t.getMembers().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static void checkTypeRef(TypeRef ref, DiagnosticSink sink) {
        boolean primitive = ref.isSetPrimitive();
        boolean named = ref.getNamed() != null;
        String owner = ref.eContainer() == null ? "a type reference" : "the type of " + Elements.label(ref.eContainer());
        if (primitive && named) {
            sink.error(TYPE_REF, ref, owner + " names both the basic type " + ref.getPrimitive().getLiteral()
                    + " and the declared type " + Elements.path(ref.getNamed()) + "; a type reference names exactly one");
        } else if (!primitive && !named) {
            sink.error(TYPE_REF, ref, owner + " names no type; set a basic type (primitive) or a declared type (named)");
        }
    }

    private static void checkOneway(Operation op, DiagnosticSink sink) {
        if (!op.isOneway()) {
            return;
        }
        if (op.getReturnType() != null) {
            sink.error(ONEWAY, op, "oneway " + Elements.label(op) + " has a return type; a oneway call returns nothing, so it must return void");
        }
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != null && p.getDirection() != ParameterDirection.IN) {
                sink.error(ONEWAY, p, Elements.label(p) + " of oneway operation " + Elements.quote(Elements.path(op))
                        + " is '" + p.getDirection().getLiteral() + "'; a oneway call returns nothing, so every parameter must be 'in'");
            }
        }
    }

    private static void checkInheritedNames(Interface type, DiagnosticSink sink) {
        Map<String, NamedElement> inherited = new LinkedHashMap<>();
        Map<String, List<Interface>> declaredBy = new HashMap<>();
        for (Interface base : IdlTypes.allBases(type)) {
            for (NamedElement member : members(base)) {
                String key = Identifiers.collisionKey(member.getName());
                if (key == null) {
                    continue;
                }
                inherited.putIfAbsent(key, member);
                declaredBy.computeIfAbsent(key, k -> new ArrayList<>()).add(base);
            }
        }
        for (NamedElement member : members(type)) {
            NamedElement clash = inherited.get(Identifiers.collisionKey(member.getName()));
            if (clash != null) {
                sink.error(INHERITED_NAME, member, Elements.label(member) + " redefines " + Elements.label(clash)
                        + "; IDL forbids redefining inherited operations and attributes");
            }
        }
        for (Map.Entry<String, List<Interface>> entry : declaredBy.entrySet()) {
            List<Interface> owners = entry.getValue();
            if (owners.size() < 2 || members(type).stream().anyMatch(m -> entry.getKey().equals(Identifiers.collisionKey(m.getName())))) {
                continue;
            }
            for (int i = 0; i < owners.size(); i++) {
                for (int j = i + 1; j < owners.size(); j++) {
                    Interface a = owners.get(i);
                    Interface b = owners.get(j);
                    if (!IdlTypes.isOrInherits(a, b) && !IdlTypes.isOrInherits(b, a)) {
                        sink.error(INHERITED_NAME, type, Elements.label(type) + " inherits "
                                + Elements.quote(inherited.get(entry.getKey()).getName()) + " from both "
                                + Elements.quote(Elements.path(a)) + " and " + Elements.quote(Elements.path(b))
                                + "; IDL forbids inheriting one name from two bases");
                        i = owners.size();
                        break;
                    }
                }
            }
        }
    }

    private static List<NamedElement> members(Interface type) {
        List<NamedElement> members = new ArrayList<>();
        for (Operation op : type.getOperations()) {
            if (op.getName() != null && !op.getName().isEmpty()) {
                members.add(op);
            }
        }
        for (Attribute a : type.getAttributes()) {
            if (a.getName() != null && !a.getName().isEmpty()) {
                members.add(a);
            }
        }
        return members;
    }

    private static List<Interface> resolvedBases(Interface type) {
        List<Interface> bases = new ArrayList<>();
        for (Interface base : type.getBases()) {
            if (Elements.resolved(base) != null) {
                bases.add(base);
            }
        }
        return bases;
    }

    private static List<NamedType> aliasSuccessors(NamedType type) {
        TypeRef next = type instanceof Typedef t ? t.getAliasedType() : type instanceof Sequence s ? s.getElementType() : null;
        NamedType named = next == null ? null : Elements.resolved(next.getNamed());
        return named instanceof Typedef || named instanceof Sequence ? List.of(named) : List.of();
    }

    private static List<Struct> byValueStructs(Struct struct) {
        List<Struct> found = new ArrayList<>();
        for (Member m : struct.getMembers()) {
            TypeRef t = m.getType() == null ? null : IdlTypes.unalias(m.getType());
            if (t != null && Elements.resolved(t.getNamed()) instanceof Struct s) {
                found.add(s);
            }
        }
        return found;
    }

    private static <T> List<T> single(T value) {
        return value == null ? List.of() : List.of(value);
    }
}
