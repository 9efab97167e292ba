package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.cpp.CorbaCppMapping;
import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.model.EnumType;
import org.bgml.model.EventType;
import org.bgml.model.Member;
import org.bgml.model.NamedType;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Sequence;
import org.bgml.model.Struct;
import org.bgml.model.TypeRef;

/**
 * C++ facts about IDL types beyond the parameter mapping: what a type is after its typedefs, how many CDR
 * bytes one element takes, and the statements that fill, copy or cube a value. The behaviours of servants and
 * the argument set-up of clients are written with these.
 */
public class TaoTypes extends CorbaCppMapping {

    /** Numbers that can be cubed. */
    public boolean isNumeric(TypeRef t) {
        PrimitiveKind p = primitiveOf(t);
        if (p == null) {
            return false;
        }
        return switch (p) {
        case OCTET, SHORT, UNSIGNED_SHORT, LONG, UNSIGNED_LONG, LONG_LONG, UNSIGNED_LONG_LONG, FLOAT, DOUBLE -> true;
        default -> false;
        };
    }

    /** Integers that can carry a timestamp. */
    public boolean isIntegral(TypeRef t) {
        PrimitiveKind p = primitiveOf(t);
        if (p == null) {
            return false;
        }
        return switch (p) {
        case SHORT, UNSIGNED_SHORT, LONG, UNSIGNED_LONG, LONG_LONG, UNSIGNED_LONG_LONG -> true;
        default -> false;
        };
    }

    /** A type whose value contains a sequence or string, so a payload size applies to it. */
    public boolean carriesPayload(TypeRef t) {
        TypeRef r = resolve(t);
        if (r == null) {
            return false;
        }
        if (r.getNamed() == null) {
            return r.getPrimitive() == PrimitiveKind.STRING;
        }
        if (r.getNamed() instanceof Sequence) {
            return true;
        }
        for (Member m : members(r.getNamed())) {
            if (carriesPayload(m.getType())) {
                return true;
            }
        }
        return false;
    }

    /** The model uses the IDL type any somewhere in the given types (then tao_idl must generate Any support). */
    public boolean usesAny(TypeRef t) {
        TypeRef r = resolve(t);
        if (r == null) {
            return false;
        }
        if (r.getNamed() == null) {
            return r.getPrimitive() == PrimitiveKind.ANY;
        }
        if (r.getNamed() instanceof Sequence s) {
            return usesAny(s.getElementType());
        }
        for (Member m : members(r.getNamed())) {
            if (usesAny(m.getType())) {
                return true;
            }
        }
        return false;
    }

    /** CDR bytes of one value, without alignment; strings count one byte, nested sequences one element. */
    public int cdrSize(TypeRef t) {
        TypeRef r = resolve(t);
        if (r == null) {
            return 1;
        }
        if (r.getNamed() == null) {
            return switch (r.getPrimitive()) {
            case BOOLEAN, CHAR, OCTET, STRING -> 1;
            case SHORT, UNSIGNED_SHORT -> 2;
            case LONG, UNSIGNED_LONG, FLOAT -> 4;
            case LONG_LONG, UNSIGNED_LONG_LONG, DOUBLE -> 8;
            case ANY -> 8;
            };
        }
        NamedType n = r.getNamed();
        if (n instanceof EnumType) {
            return 4;
        }
        if (n instanceof Sequence s) {
            return 4 + cdrSize(s.getElementType());
        }
        int size = 0;
        for (Member m : members(n)) {
            size += cdrSize(m.getType());
        }
        return Math.max(1, size);
    }

    public List<Member> members(NamedType n) {
        if (n instanceof Struct s) {
            return s.getMembers();
        }
        if (n instanceof EventType e) {
            return IdlTypes.allMembers(e);
        }
        return List.of();
    }

    // ---- values --------------------------------------------------------------------------------------------

    /** The {@code static_cast} of an expression to a basic type, spelled for both C++11 and C++17. */
    public String cast(TypeRef t, String expr) {
        return "static_cast< " + type(t) + "> (" + expr + ")";
    }

    /** A first enumerator: {@code ::Mod::RED}. */
    public String firstLiteral(EnumType e) {
        String scope = scopedName(e);
        int cut = scope.lastIndexOf("::");
        String prefix = cut < 0 ? "" : scope.substring(0, cut) + "::";
        return "::" + prefix + e.getLiterals().get(0);
    }

    /** The C++ name of a declared type: {@code ::Test::RoundTrip}. */
    public String cpp(NamedType n) {
        return "::" + IdlTypes.scoped(n);
    }

    /** {@code Test::RoundTrip} without leading colons. */
    public String scopedName(NamedType n) {
        return IdlTypes.scoped(n);
    }

    /**
     * Statements giving {@code lvalue} a representative value: integers get {@code seed}, sequences and strings
     * {@code count} elements (nested ones a single element).
     */
    public List<String> fill(String lvalue, TypeRef t, String count, String seed) {
        List<String> out = new ArrayList<>();
        fill(out, lvalue, t, count, seed, 0);
        return out;
    }

    /** Statements filling every member of a struct or event value. */
    public List<String> fillMembers(String lvalue, NamedType n, String count, String seed) {
        List<String> out = new ArrayList<>();
        for (Member m : members(n)) {
            fill(out, lvalue + "." + m.getName(), m.getType(), count, seed, 0);
        }
        return out;
    }

    /** The CDR bytes of one payload element of a struct or event: its first sequence's element, else 1. */
    public int payloadElementSize(NamedType n) {
        for (Member m : members(n)) {
            TypeRef r = resolve(m.getType());
            if (r.getNamed() instanceof Sequence s) {
                return cdrSize(s.getElementType());
            }
        }
        return 1;
    }

    private void fill(List<String> out, String lv, TypeRef t, String count, String seed, int depth) {
        TypeRef r = resolve(t);
        if (r.getNamed() == null) {
            switch (r.getPrimitive()) {
            case BOOLEAN -> out.add(lv + " = true;");
            case CHAR -> out.add(lv + " = 'x';");
            case OCTET -> out.add(lv + " = " + cast(t, "3") + ";");
            case FLOAT, DOUBLE -> out.add(lv + " = " + cast(t, "1.5") + ";");
            case STRING -> out.add(lv + " = bgml_tao::payload_string (" + (depth == 0 ? count : "1") + ");");
            case ANY -> out.add(lv + " <<= static_cast< ::CORBA::ULongLong> (" + seed + ");");
            default -> out.add(lv + " = " + cast(t, seed) + ";");
            }
            return;
        }
        NamedType n = r.getNamed();
        if (n instanceof EnumType e) {
            out.add(lv + " = " + firstLiteral(e) + ";");
        } else if (n instanceof Sequence s) {
            String length = depth == 0 ? count : "1";
            if (s.getBound() > 0) {
                length = "std::min< ::CORBA::ULong> (" + length + ", " + s.getBound() + ")";
            }
            String i = "i" + depth;
            out.add(lv + ".length (" + length + ");");
            out.add("for (::CORBA::ULong " + i + " = 0; " + i + " != " + lv + ".length (); ++" + i + ")");
            out.add("  {");
            List<String> inner = new ArrayList<>();
            fill(inner, lv + "[" + i + "]", s.getElementType(), count, seed, depth + 1);
            inner.forEach(line -> out.add("    " + line));
            out.add("  }");
        } else if (shape(n) == Shape.OBJECT_REFERENCE) {
            out.add(lv + " = " + type(t) + "::_nil ();");
        } else {
            for (Member m : members(n)) {
                fill(out, lv + "." + m.getName(), m.getType(), count, seed, depth);
            }
        }
    }

    /** Statements cubing every number inside {@code lvalue} in place. */
    public List<String> cube(String lvalue, TypeRef t) {
        List<String> out = new ArrayList<>();
        cube(out, lvalue, t, 0);
        return out;
    }

    private void cube(List<String> out, String lv, TypeRef t, int depth) {
        TypeRef r = resolve(t);
        if (r.getNamed() == null) {
            if (isNumeric(r)) {
                out.add(lv + " = " + cubeOf(lv) + ";");
            }
            return;
        }
        NamedType n = r.getNamed();
        if (n instanceof Sequence s) {
            List<String> inner = new ArrayList<>();
            String i = "i" + depth;
            cube(inner, lv + "[" + i + "]", s.getElementType(), depth + 1);
            if (!inner.isEmpty()) {
                out.add("for (::CORBA::ULong " + i + " = 0; " + i + " != " + lv + ".length (); ++" + i + ")");
                out.add("  {");
                inner.forEach(line -> out.add("    " + line));
                out.add("  }");
            }
        } else if (n instanceof Struct || n instanceof EventType) {
            for (Member m : members(n)) {
                cube(out, lv + "." + m.getName(), m.getType(), depth);
            }
        }
    }

    /** The cube of a number, wrapping like unsigned arithmetic for integers (bgml_tao::cube). */
    public String cubeOf(String expr) {
        return "bgml_tao::cube (" + expr + ")";
    }

    /** The value a function of return type {@code t} returns when it has nothing better: owned by the caller. */
    public String zeroReturn(TypeRef t) {
        String type = type(t);
        return switch (shape(t)) {
        case BASIC -> basicZero(t);
        case FIXED_STRUCT -> type + " ()";
        case STRING -> "::CORBA::string_dup (\"\")";
        case OBJECT_REFERENCE -> type + "::_nil ()";
        default -> "new " + type;
        };
    }

    private String basicZero(TypeRef t) {
        NamedType n = namedOf(t);
        if (n instanceof EnumType e) {
            return firstLiteral(e);
        }
        return type(t) + " ()";
    }

    /** A copy of {@code source} (an in or inout parameter of the same type) as the caller would own it. */
    public String copyReturn(TypeRef t, String source) {
        String type = type(t);
        return switch (shape(t)) {
        case BASIC, FIXED_STRUCT -> source;
        case STRING -> "::CORBA::string_dup (" + source + ")";
        case OBJECT_REFERENCE -> type + "::_duplicate (" + source + ")";
        default -> "new " + type + " (" + source + ")";
        };
    }

    /** The C++ type of a local that owns a value returned by a call. */
    public String holder(TypeRef t) {
        return resultHolder(t);
    }
}
