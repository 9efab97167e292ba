package org.bgml.generator.common.idl;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.model.Attribute;
import org.bgml.model.EventType;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Interface;
import org.bgml.model.Member;
import org.bgml.model.Module;
import org.bgml.model.NamedType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.Sequence;
import org.bgml.model.Struct;
import org.bgml.model.TypeRef;
import org.bgml.model.Typedef;
import org.eclipse.emf.ecore.EObject;

/** IDL spellings of types and the declaration order IDL needs (everything declared before it is used). */
public final class IdlTypes {
    private IdlTypes() {
    }

    /** The IDL spelling of a type use, as seen from inside {@code scope}. */
    public static String idl(TypeRef type, EObject scope) {
        if (type == null) {
            return "void";
        }
        if (type.getNamed() == null) {
            return type.getPrimitive().getLiteral();
        }
        NamedType named = type.getNamed();
        boolean local = enclosingModule(named) == enclosingModule(scope) && !clashes(named.getName(), scope);
        return local ? named.getName() : "::" + scoped(named);
    }

    /**
     * IDL identifiers collide without regard to case, and a name used in a scope cannot be declared there
     * again: {@code Many cube_struct(in Many many)} is refused by IDL compilers. A type whose simple name
     * matches a name declared in the scope of its use is therefore written fully scoped.
     */
    private static boolean clashes(String typeName, EObject scope) {
        List<String> declared = new ArrayList<>();
        EObject owner = scope;
        if (scope instanceof Operation o) {
            o.getParameters().forEach(p -> declared.add(p.getName()));
            owner = o.eContainer();
        } else if (scope instanceof Attribute a) {
            owner = a.eContainer();
        } else if (scope instanceof Struct s) {
            s.getMembers().forEach(m -> declared.add(m.getName()));
        } else if (scope instanceof EventType e) {
            allMembers(e).forEach(m -> declared.add(m.getName()));
        }
        if (owner instanceof Interface i && owner != scope) {
            i.getOperations().forEach(o -> declared.add(o.getName()));
            i.getAttributes().forEach(a -> declared.add(a.getName()));
        }
        return declared.stream().anyMatch(n -> n != null && n.equalsIgnoreCase(typeName));
    }

    /** {@code Test::RoundTrip}. */
    public static String scoped(IdlDefinition d) {
        StringBuilder s = new StringBuilder(d.getName());
        for (EObject o = d.eContainer(); o instanceof Module m; o = o.eContainer()) {
            s.insert(0, m.getName() + "::");
        }
        return s.toString();
    }

    public static Module enclosingModule(EObject o) {
        for (EObject c = o; c != null; c = c.eContainer()) {
            if (c instanceof Module m && c != o) {
                return m;
            }
        }
        return null;
    }

    /** The definitions of a module, reordered so that each comes after the types it uses; otherwise model order. */
    public static List<IdlDefinition> declarationOrder(Module module) {
        Set<IdlDefinition> ordered = new LinkedHashSet<>();
        for (IdlDefinition d : module.getDefinitions()) {
            visit(d, module, ordered, new LinkedHashSet<>());
        }
        return new ArrayList<>(ordered);
    }

    private static void visit(IdlDefinition d, Module module, Set<IdlDefinition> done, Set<IdlDefinition> onPath) {
        if (done.contains(d) || !onPath.add(d)) {
            return;
        }
        for (NamedType used : uses(d)) {
            if (used.eContainer() == module && used != d) {
                visit(used, module, done, onPath);
            }
        }
        onPath.remove(d);
        done.add(d);
    }

    /** The named types a definition needs declared before it. */
    public static List<NamedType> uses(IdlDefinition d) {
        List<TypeRef> refs = new ArrayList<>();
        List<NamedType> uses = new ArrayList<>();
        if (d instanceof Typedef t) {
            refs.add(t.getAliasedType());
        } else if (d instanceof Sequence s) {
            refs.add(s.getElementType());
        } else if (d instanceof Struct s) {
            s.getMembers().forEach(m -> refs.add(m.getType()));
        } else if (d instanceof EventType e) {
            for (EventType t = e; t != null; t = t.getBase()) {
                t.getMembers().forEach(m -> refs.add(m.getType()));
            }
            if (e.getBase() != null) {
                uses.add(e.getBase());
            }
        } else if (d instanceof Interface i) {
            uses.addAll(i.getBases());
            for (Operation o : i.getOperations()) {
                refs.add(o.getReturnType());
                o.getParameters().forEach(p -> refs.add(p.getType()));
            }
            i.getAttributes().forEach(a -> refs.add(a.getType()));
        }
        for (TypeRef r : refs) {
            if (r != null && r.getNamed() != null) {
                uses.add(r.getNamed());
            }
        }
        return uses;
    }

    /** Members of an event type with its bases' members first (CORBA 2.x targets send events as structs). */
    public static List<Member> allMembers(EventType e) {
        List<Member> members = new ArrayList<>();
        if (e.getBase() != null) {
            members.addAll(allMembers(e.getBase()));
        }
        members.addAll(e.getMembers());
        return members;
    }

    /** Operations of an interface and all its bases, bases first, each once. */
    public static List<Operation> allOperations(Interface i) {
        Set<Operation> ops = new LinkedHashSet<>();
        collect(i, ops, new LinkedHashSet<>());
        return new ArrayList<>(ops);
    }

    private static void collect(Interface i, Set<Operation> ops, Set<Interface> seen) {
        if (!seen.add(i)) {
            return;
        }
        i.getBases().forEach(b -> collect(b, ops, seen));
        ops.addAll(i.getOperations());
    }

    /** Attributes of an interface and all its bases. */
    public static List<Attribute> allAttributes(Interface i) {
        List<Attribute> attrs = new ArrayList<>();
        i.getBases().forEach(b -> attrs.addAll(allAttributes(b)));
        attrs.addAll(i.getAttributes());
        return attrs;
    }

    public static String direction(Parameter p) {
        return p.getDirection().getLiteral();
    }
}
