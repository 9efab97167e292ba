package org.bgml.generator.ace;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.BehaviourKind;
import org.bgml.model.EventType;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Interface;
import org.bgml.model.Member;
import org.bgml.model.Module;
import org.bgml.model.NamedType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Sequence;
import org.bgml.model.TypeRef;
import org.bgml.model.Typedef;
import org.bgml.model.io.ElementPaths;

/**
 * What of the model the ACE baseline needs, in model order: the interfaces used by facets and receptacles
 * (with their bases), the event types of event connections, the named types they reach, and one servant class
 * per interface and behaviour. Refuses what hand-written ACE CDR code cannot carry.
 */
public final class AceScope {
    /** A servant class: one per interface and behaviour. */
    public record ServantClass(Interface iface, BehaviourKind behaviour) {
    }

    private final List<Interface> interfaces;
    private final List<EventType> eventTypes;
    private final List<NamedType> types;
    private final List<ServantClass> servantClasses;

    public AceScope(BenchmarkPlan plan, AceTypes types) {
        Set<Interface> usedInterfaces = new LinkedHashSet<>();
        for (ServantPlan s : plan.servants()) {
            addWithBases(s.iface(), usedInterfaces);
        }
        for (InvocationPlan i : plan.invocations()) {
            addWithBases(i.iface(), usedInterfaces);
        }
        Set<EventType> usedEvents = new LinkedHashSet<>();
        for (EventPlan e : plan.events()) {
            usedEvents.add(e.eventType());
        }
        Set<NamedType> reached = new LinkedHashSet<>();
        for (Interface i : usedInterfaces) {
            for (Operation o : i.getOperations()) {
                check(o.getReturnType(), ElementPaths.pathOf(o) + " (return type)", types);
                reach(o.getReturnType(), reached);
                for (Parameter p : o.getParameters()) {
                    check(p.getType(), ElementPaths.pathOf(o) + " parameter '" + p.getName() + "'", types);
                    reach(p.getType(), reached);
                }
            }
        }
        for (EventType e : usedEvents) {
            reached.add(e);
            for (EventType t = e; t != null; t = t.getBase()) {
                for (Member m : t.getMembers()) {
                    check(m.getType(), ElementPaths.pathOf(m), types);
                    reach(m.getType(), reached);
                }
            }
        }
        List<NamedType> ordered = new ArrayList<>();
        List<Interface> orderedInterfaces = new ArrayList<>();
        List<EventType> orderedEvents = new ArrayList<>();
        for (Module m : plan.model().getModules()) {
            collect(m, reached, usedInterfaces, usedEvents, ordered, orderedInterfaces, orderedEvents);
        }
        this.types = List.copyOf(ordered);
        this.interfaces = List.copyOf(orderedInterfaces);
        this.eventTypes = List.copyOf(orderedEvents);
        Set<ServantClass> classes = new LinkedHashSet<>();
        for (Interface i : interfaces) {
            for (BehaviourKind b : BehaviourKind.VALUES) {
                for (ServantPlan s : plan.servants()) {
                    if (s.iface() == i && s.behaviour() == b) {
                        classes.add(new ServantClass(i, b));
                    }
                }
            }
        }
        this.servantClasses = List.copyOf(classes);
    }

    /** Interfaces to generate, bases before the interfaces deriving from them. */
    public List<Interface> interfaces() {
        return interfaces;
    }

    public List<EventType> eventTypes() {
        return eventTypes;
    }

    /** Named types (typedefs, enums, structs, sequences, event types) in declaration order. */
    public List<NamedType> types() {
        return types;
    }

    public List<ServantClass> servantClasses() {
        return servantClasses;
    }

    private static void addWithBases(Interface i, Set<Interface> into) {
        if (i == null) {
            return;
        }
        for (Interface b : i.getBases()) {
            addWithBases(b, into);
        }
        into.add(i);
    }

    private static void reach(TypeRef t, Set<NamedType> reached) {
        if (t == null || t.getNamed() == null || !reached.add(t.getNamed())) {
            return;
        }
        NamedType n = t.getNamed();
        if (n instanceof Typedef td) {
            reach(td.getAliasedType(), reached);
        } else if (n instanceof Sequence s) {
            reach(s.getElementType(), reached);
        } else if (n instanceof org.bgml.model.Struct s) {
            s.getMembers().forEach(m -> reach(m.getType(), reached));
        } else if (n instanceof EventType e) {
            IdlTypes.allMembers(e).forEach(m -> reach(m.getType(), reached));
        }
    }

    private static void check(TypeRef t, String where, AceTypes types) {
        check(t, where, types, new LinkedHashSet<>());
    }

    private static void check(TypeRef t, String where, AceTypes types, Set<NamedType> seen) {
        if (t == null) {
            return;
        }
        if (t.getNamed() == null) {
            if (t.getPrimitive() == PrimitiveKind.ANY) {
                throw new UnsupportedModelException("target ace: " + where + " has type any. The ACE baseline marshals "
                        + "with hand-written ACE CDR code and has no TypeCodes to carry an any; change the type to a "
                        + "struct or sequence, or generate for an ORB target (omniorb, tao, ciao)");
            }
            return;
        }
        NamedType n = t.getNamed();
        if (!seen.add(n)) {
            return;
        }
        if (n instanceof Interface) {
            throw new UnsupportedModelException("target ace: " + where + " is an object reference ("
                    + ElementPaths.pathOf(n) + "). The ACE baseline has no ORB and no object references; "
                    + "generate for an ORB target (omniorb, tao, ciao)");
        }
        String inner = where + " (through " + ElementPaths.pathOf(n) + ")";
        if (n instanceof Typedef td) {
            check(td.getAliasedType(), inner, types, seen);
        } else if (n instanceof Sequence s) {
            check(s.getElementType(), inner, types, seen);
        } else {
            for (Member m : types.members(n)) {
                check(m.getType(), inner, types, seen);
            }
        }
    }

    private static void collect(Module m, Set<NamedType> reached, Set<Interface> usedInterfaces, Set<EventType> usedEvents,
            List<NamedType> types, List<Interface> interfaces, List<EventType> events) {
        for (IdlDefinition d : IdlTypes.declarationOrder(m)) {
            if (d instanceof Module inner) {
                collect(inner, reached, usedInterfaces, usedEvents, types, interfaces, events);
            } else if (d instanceof Interface i) {
                if (usedInterfaces.contains(i)) {
                    interfaces.add(i);
                }
            } else if (d instanceof NamedType n && reached.contains(n)) {
                types.add(n);
                if (n instanceof EventType e && usedEvents.contains(e)) {
                    events.add(e);
                }
            }
        }
    }
}
