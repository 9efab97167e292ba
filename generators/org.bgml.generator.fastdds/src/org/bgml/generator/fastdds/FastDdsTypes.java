package org.bgml.generator.fastdds;

import java.util.List;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.model.IdlDefinition;
import org.bgml.model.ModelIndex;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Member;
import org.bgml.model.NamedType;
import org.bgml.model.Sequence;
import org.bgml.model.Struct;
import org.bgml.model.TypeRef;
import org.bgml.model.Typedef;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * What the fastdds target carries in a request or a reply: primitives (no {@code any}), strings, structs of carried
 * members, typedefs of them and sequences of primitives (not strings) or of such structs, spelled as fastddsgen 2.3 parses IDL (scoped names without a leading {@code ::}) and as
 * its C++ declares them.
 */
public final class FastDdsTypes {
    private FastDdsTypes() {
    }

    /** The primitive, sequence or struct a type stands for, through typedefs: a TypeRef with a primitive, a Sequence or a Struct. */
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
        return carried(t, 0);
    }

    private static boolean carried(TypeRef t, int depth) {
        Object u = underlying(t);
        if (depth > 16) {
            return false;
        }
        if (u instanceof TypeRef p) {
            return p.getPrimitive() != null && p.getPrimitive() != PrimitiveKind.ANY;
        }
        if (u instanceof Struct s) {
            return !s.getMembers().isEmpty() && s.getMembers().stream().allMatch(m -> carried(m.getType(), depth + 1));
        }
        if (u instanceof Sequence s) {
            Object e = underlying(s.getElementType());
            if (e instanceof Struct) {
                return carried(s.getElementType(), depth + 1);
            }
            return e instanceof TypeRef p && p.getPrimitive() != null && p.getPrimitive() != PrimitiveKind.ANY
                    && p.getPrimitive() != PrimitiveKind.STRING;
        }
        return false;
    }

    /** Whether a number: what cubit cubes (booleans, chars and strings it copies). */
    public static boolean isNumber(TypeRef t) {
        return underlying(t) instanceof TypeRef p && p.getPrimitive() != null && size(p.getPrimitive()) > 0
                && p.getPrimitive() != PrimitiveKind.BOOLEAN && p.getPrimitive() != PrimitiveKind.CHAR;
    }

    /**
     * C++ statements that set {@code out} to the cube of {@code in} (both lvalues of type {@code t}, as fastddsgen
     * declares it): numbers cubed, sequences element by element, structs member by member, anything else copied.
     */
    public static String cube(TypeRef t, String in, String out, int depth) {
        Object u = underlying(t);
        if (u instanceof Sequence s) {
            String i = "i" + depth;
            return out + ".resize(" + in + ".size());\n"
                    + "for (std::size_t " + i + " = 0; " + i + " != " + in + ".size(); ++" + i + ") {\n"
                    + indent(cube(s.getElementType(), in + "[" + i + "]", out + "[" + i + "]", depth + 1)) + "}";
        }
        if (u instanceof Struct s) {
            StringBuilder b = new StringBuilder();
            for (Member m : s.getMembers()) {
                if (b.length() > 0) {
                    b.append("\n");
                }
                b.append(cube(m.getType(), in + "." + m.getName() + "()", out + "." + m.getName() + "()", depth + 1));
            }
            return b.toString();
        }
        if (isNumber(t)) {
            return out + " = static_cast<" + cpp(t) + ">(" + in + " * " + in + " * " + in + ");";
        }
        return out + " = " + in + ";";
    }

    private static String indent(String lines) {
        StringBuilder b = new StringBuilder();
        for (String line : lines.split("\n")) {
            b.append("  ").append(line).append("\n");
        }
        return b.toString();
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

    /** Bytes of one element of a sequence type (1 for octets; a struct: its members' bytes, without padding). */
    public static int elementSize(TypeRef t) {
        if (underlying(t) instanceof Sequence s) {
            return Math.max(1, (int) bytes(s.getElementType(), 0));
        }
        return 1;
    }

    /** Wire bytes of a fixed-size type: a primitive, or a struct's members summed (0 for strings and sequences). */
    public static long bytes(TypeRef t, int depth) {
        Object u = underlying(t);
        if (u instanceof TypeRef p && p.getPrimitive() != null) {
            return size(p.getPrimitive());
        }
        if (u instanceof Struct s && depth < 16) {
            long sum = 0;
            for (Member m : s.getMembers()) {
                sum += bytes(m.getType(), depth + 1);
            }
            return sum;
        }
        return 0;
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
            bytes += bytes(p.getType(), 0);
        }
        return bytes;
    }

    /**
     * The name of a parameter's field in a request or reply: its own, or with {@code _value} appended when it equals a
     * type name of the model but for case ({@code Many many}), which fastddsgen refuses even when the type is written
     * scoped.
     */
    public static String field(Parameter p) {
        String name = p.getName();
        // the open model index, when generation holds one: a walk of the whole tree per parameter was quadratic
        var root = EcoreUtil.getRootContainer(p);
        for (NamedType t : ModelIndex.of(root).allOf(NamedType.class)) {
            if (t != root && t.getName() != null && t.getName().equalsIgnoreCase(name)) {
                return name + "_value";
            }
        }
        return name;
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
