package org.bgml.generator.omniorb;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.generator.common.cpp.CorbaCppMapping;
import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.model.EnumType;
import org.bgml.model.EventType;
import org.bgml.model.Member;
import org.bgml.model.NamedType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Sequence;
import org.bgml.model.Struct;
import org.bgml.model.TypeRef;

/**
 * The C++ expressions omniORB code needs for IDL types, on top of the classic mapping: copies and defaults
 * for results, what the cubit behaviour can cube, payload sizes and sample arguments for the client.
 */
public class OmniOrbTypes extends CorbaCppMapping {

    /** A new value, owned by the caller as the mapping wants for results and outs, equal to {@code src}. */
    public String copy(TypeRef t, String src) {
        return switch (shape(t)) {
        case BASIC, FIXED_STRUCT -> src;
        case STRING -> "::CORBA::string_dup(" + src + ")";
        case OBJECT_REFERENCE -> type(t) + "::_duplicate(" + src + ")";
        default -> "new " + type(t) + "(" + src + ")";
        };
    }

    /** A default value in the same ownership terms as {@link #copy}. */
    public String defaultValue(TypeRef t) {
        return switch (shape(t)) {
        case BASIC, FIXED_STRUCT -> type(t) + "()";
        case STRING -> "::CORBA::string_dup(\"\")";
        case OBJECT_REFERENCE -> type(t) + "::_nil()";
        default -> "new " + type(t) + "()";
        };
    }

    // ---- cubit -----------------------------------------------------------------------------------------------

    /** Numbers the cubit behaviour cubes; chars, booleans, strings and anys pass unchanged. */
    public boolean isCubablePrimitive(PrimitiveKind p) {
        return switch (p) {
        case OCTET, SHORT, UNSIGNED_SHORT, LONG, UNSIGNED_LONG, LONG_LONG, UNSIGNED_LONG_LONG, FLOAT, DOUBLE -> true;
        default -> false;
        };
    }

    /** There is something to cube in a value of this type. */
    public boolean isCubable(TypeRef t) {
        TypeRef r = resolve(t);
        if (r == null) {
            return false;
        }
        if (r.getNamed() == null) {
            return isCubablePrimitive(r.getPrimitive());
        }
        return isCubable(r.getNamed(), new LinkedHashSet<>());
    }

    private boolean isCubable(NamedType n, Set<NamedType> seen) {
        if (!seen.add(n)) {
            return false;
        }
        if (n instanceof Sequence s) {
            TypeRef e = resolve(s.getElementType());
            return e.getNamed() == null ? isCubablePrimitive(e.getPrimitive()) : isCubable(e.getNamed(), seen);
        }
        for (Member m : members(n)) {
            TypeRef e = resolve(m.getType());
            if (e.getNamed() == null ? isCubablePrimitive(e.getPrimitive()) : isCubable(e.getNamed(), seen)) {
                return true;
            }
        }
        return false;
    }

    /** Members of a struct, or of an event type sent as a struct; none for other types. */
    public List<Member> members(NamedType n) {
        if (n instanceof Struct s) {
            return s.getMembers();
        }
        if (n instanceof EventType e) {
            return IdlTypes.allMembers(e);
        }
        return List.of();
    }

    /** The members of a struct that have something to cube. */
    public List<Member> cubableMembers(NamedType n) {
        return members(n).stream().filter(m -> isCubable(m.getType())).toList();
    }

    /**
     * The structs, event types and sequences whose values may be cubed, each after the types it contains,
     * starting from the types {@code roots} use.
     */
    public List<NamedType> cubitTypes(Iterable<TypeRef> roots) {
        Set<NamedType> ordered = new LinkedHashSet<>();
        for (TypeRef root : roots) {
            collectCubit(resolve(root), ordered);
        }
        return new ArrayList<>(ordered);
    }

    private void collectCubit(TypeRef t, Set<NamedType> ordered) {
        if (t == null || t.getNamed() == null || ordered.contains(t.getNamed()) || !isCubable(t)) {
            return;
        }
        NamedType n = t.getNamed();
        if (n instanceof Sequence s) {
            collectCubit(resolve(s.getElementType()), ordered);
        } else {
            for (Member m : members(n)) {
                collectCubit(resolve(m.getType()), ordered);
            }
        }
        ordered.add(n);
    }

    /** Whether values of this named type are returned by pointer (variable size). */
    public boolean isVariable(NamedType n) {
        Shape s = shape(n);
        return s != Shape.BASIC && s != Shape.FIXED_STRUCT;
    }

    // ---- payloads and client arguments ----------------------------------------------------------------------

    /** Approximate CDR size of one value, for turning payload bytes into sequence lengths. */
    public int cdrSize(TypeRef t) {
        TypeRef r = resolve(t);
        if (r.getNamed() == null) {
            return switch (r.getPrimitive()) {
            case BOOLEAN, CHAR, OCTET -> 1;
            case SHORT, UNSIGNED_SHORT -> 2;
            case LONG, UNSIGNED_LONG, FLOAT -> 4;
            case LONG_LONG, UNSIGNED_LONG_LONG, DOUBLE -> 8;
            case STRING -> 8;
            case ANY -> 8;
            };
        }
        NamedType n = r.getNamed();
        if (n instanceof EnumType) {
            return 4;
        }
        if (n instanceof Sequence) {
            return 4;
        }
        int size = 0;
        for (Member m : members(n)) {
            size += cdrSize(m.getType());
        }
        return Math.max(1, size);
    }

    /** The parameter a payload rides in: the first in or inout sequence, string or any; or null. */
    public Parameter payloadParameter(Operation op) {
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != ParameterDirection.OUT && isPayloadShape(p.getType())) {
                return p;
            }
        }
        return null;
    }

    /** The member of an event type a payload rides in: the first sequence, string or any; or null. */
    public Member payloadMember(EventType type) {
        for (Member m : IdlTypes.allMembers(type)) {
            if (isPayloadShape(m.getType())) {
                return m;
            }
        }
        return null;
    }

    public boolean isPayloadShape(TypeRef t) {
        Shape s = shape(t);
        return s == Shape.SEQUENCE || s == Shape.STRING || s == Shape.ANY;
    }

    /** The element type of a sequence type use (typedefs followed). */
    public TypeRef elementType(TypeRef t) {
        return ((Sequence) resolve(t).getNamed()).getElementType();
    }

    /**
     * The first in parameter that can carry the call's start timestamp (an unsigned long long or long long,
     * as in the RoundTrip interface), or null.
     */
    public Parameter timestampParameter(Operation op) {
        for (Parameter p : op.getParameters()) {
            TypeRef r = resolve(p.getType());
            if (p.getDirection() == ParameterDirection.IN && r.getNamed() == null
                    && (r.getPrimitive() == PrimitiveKind.UNSIGNED_LONG_LONG || r.getPrimitive() == PrimitiveKind.LONG_LONG)) {
                return p;
            }
        }
        return null;
    }

    /** A small constant of a basic type, for in arguments: 3 for numbers. */
    public String sampleValue(TypeRef t) {
        TypeRef r = resolve(t);
        if (r.getNamed() instanceof EnumType e) {
            return e.getLiterals().isEmpty() ? type(t) + "()" : "::" + enumScope(e) + e.getLiterals().get(0);
        }
        if (r.getNamed() != null) {
            return type(t) + "()";
        }
        return switch (r.getPrimitive()) {
        case BOOLEAN -> "true";
        case CHAR -> "'b'";
        default -> "static_cast<" + type(t) + ">(3)";
        };
    }

    /** Enumerators live in the scope enclosing the enum: {@code Test::}. */
    private static String enumScope(EnumType e) {
        String scoped = IdlTypes.scoped(e);
        return scoped.substring(0, scoped.length() - e.getName().length());
    }
}
