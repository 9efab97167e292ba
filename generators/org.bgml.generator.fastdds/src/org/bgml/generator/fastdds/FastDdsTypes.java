package org.bgml.generator.fastdds;

import java.util.List;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.model.IdlDefinition;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Sequence;
import org.bgml.model.TypeRef;
import org.bgml.model.Typedef;

/**
 * What the fastdds target carries in a request or a reply: primitives (no {@code any}), strings, typedefs of them
 * and sequences of them, spelled as fastddsgen 2.3 parses IDL (scoped names without a leading {@code ::}) and as
 * its C++ declares them.
 */
public final class FastDdsTypes {
    private FastDdsTypes() {
    }

    /** The primitive or sequence a type stands for, through typedefs: a TypeRef with a primitive, or a Sequence. */
    public static Object underlying(TypeRef t) {
        TypeRef r = t;
        for (int hops = 0; hops < 32 && r != null; hops++) {
            if (r.getNamed() == null) {
                return r;
            }
            if (r.getNamed() instanceof Typedef td) {
                r = td.getAliasedType();
            } else {
                return r.getNamed();
            }
        }
        return r;
    }

    /** Whether a parameter or return of this type can travel: see the class comment. */
    public static boolean carried(TypeRef t) {
        Object u = underlying(t);
        if (u instanceof TypeRef p) {
            return p.getPrimitive() != PrimitiveKind.ANY;
        }
        if (u instanceof Sequence s) {
            Object e = underlying(s.getElementType());
            return e instanceof TypeRef p && p.getPrimitive() != PrimitiveKind.ANY && p.getPrimitive() != PrimitiveKind.STRING;
        }
        return false;
    }

    /** IDL spelling: {@code unsigned long long}, {@code Test::Timestamp}. */
    public static String idl(TypeRef t) {
        if (t.getNamed() != null) {
            return IdlTypes.scoped((IdlDefinition) t.getNamed());
        }
        return t.getPrimitive().getLiteral();
    }

    /** C++ spelling as fastddsgen declares it: {@code uint64_t}, {@code Test::Timestamp}. */
    public static String cpp(TypeRef t) {
        if (t.getNamed() != null) {
            return IdlTypes.scoped((IdlDefinition) t.getNamed());
        }
        return switch (t.getPrimitive()) {
        case BOOLEAN -> "bool";
        case CHAR -> "char";
        case OCTET -> "uint8_t";
        case SHORT -> "int16_t";
        case LONG -> "int32_t";
        case LONG_LONG -> "int64_t";
        case UNSIGNED_SHORT -> "uint16_t";
        case UNSIGNED_LONG -> "uint32_t";
        case UNSIGNED_LONG_LONG -> "uint64_t";
        case FLOAT -> "float";
        case DOUBLE -> "double";
        case STRING -> "std::string";
        default -> throw new IllegalArgumentException("no Fast DDS type for " + t.getPrimitive());
        };
    }

    /** Whether a 64-bit integer: an argument that carries the call's start time, as on the other targets. */
    public static boolean isTime(TypeRef t) {
        return underlying(t) instanceof TypeRef p
                && (p.getPrimitive() == PrimitiveKind.UNSIGNED_LONG_LONG || p.getPrimitive() == PrimitiveKind.LONG_LONG);
    }

    /** Whether a sequence: the argument a payload size fills. */
    public static boolean isSequence(TypeRef t) {
        return underlying(t) instanceof Sequence;
    }

    /** Bytes of one element of a sequence type (1 for octets). */
    public static int elementSize(TypeRef t) {
        if (underlying(t) instanceof Sequence s && underlying(s.getElementType()) instanceof TypeRef p) {
            return size(p.getPrimitive());
        }
        return 1;
    }

    /** Wire bytes of a primitive (0 for a string). */
    public static int size(PrimitiveKind k) {
        return switch (k) {
        case BOOLEAN, CHAR, OCTET -> 1;
        case SHORT, UNSIGNED_SHORT -> 2;
        case LONG, UNSIGNED_LONG, FLOAT -> 4;
        case LONG_LONG, UNSIGNED_LONG_LONG, DOUBLE -> 8;
        default -> 0;
        };
    }

    /** The bytes a call's fixed-size arguments take, for measurements of a metric without a payload size. */
    public static long fixedBytes(Operation op) {
        long bytes = 0;
        for (Parameter p : sent(op)) {
            if (underlying(p.getType()) instanceof TypeRef prim && prim.getPrimitive() != null) {
                bytes += size(prim.getPrimitive());
            }
        }
        return bytes;
    }

    /** The parameters a request carries: in and inout. */
    public static List<Parameter> sent(Operation op) {
        return op.getParameters().stream().filter(p -> p.getDirection() != ParameterDirection.OUT).toList();
    }

    /** The parameters a reply carries: out and inout. */
    public static List<Parameter> returned(Operation op) {
        return op.getParameters().stream().filter(p -> p.getDirection() != ParameterDirection.IN).toList();
    }

    /** Whether two type references name the same type. */
    public static boolean same(TypeRef a, TypeRef b) {
        if (a == null || b == null) {
            return false;
        }
        return a.getNamed() != null ? a.getNamed() == b.getNamed() : b.getNamed() == null && a.getPrimitive() == b.getPrimitive();
    }
}
