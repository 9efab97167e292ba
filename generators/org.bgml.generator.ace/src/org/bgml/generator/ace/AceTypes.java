package org.bgml.generator.ace;

import java.util.List;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.model.EnumType;
import org.bgml.model.EventType;
import org.bgml.model.Interface;
import org.bgml.model.Member;
import org.bgml.model.NamedType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Sequence;
import org.bgml.model.Struct;
import org.bgml.model.TypeRef;
import org.bgml.model.Typedef;

/**
 * The hand-style C++ mapping of the ACE baseline: ACE_CDR basic types, plain structs, {@code std::vector}
 * sequences, {@code std::string} strings; and the ACE_CDR calls that marshal each. Basic types (numbers,
 * chars, booleans, enums) go by value; everything else by reference. An operation returning a non-basic type
 * returns it through a last reference parameter {@code _return}, so a caller can reuse its storage.
 */
public class AceTypes {
    private final AceNaming naming;

    public AceTypes(AceNaming naming) {
        this.naming = naming;
    }

    // ---- resolution ----------------------------------------------------------------------------------------

    /** The type a use stands for after typedefs: a primitive (as a TypeRef without named) or a named type. */
    public NamedType resolvedNamed(TypeRef t) {
        NamedType n = t.getNamed();
        while (n instanceof Typedef td) {
            if (td.getAliasedType().getNamed() == null) {
                return null;
            }
            n = td.getAliasedType().getNamed();
        }
        return n;
    }

    /** The primitive a use stands for after typedefs, or null for a struct, sequence, enum or event. */
    public PrimitiveKind resolvedPrimitive(TypeRef t) {
        if (t.getNamed() == null) {
            return t.getPrimitive();
        }
        NamedType n = t.getNamed();
        while (n instanceof Typedef td) {
            if (td.getAliasedType().getNamed() == null) {
                return td.getAliasedType().getPrimitive();
            }
            n = td.getAliasedType().getNamed();
        }
        return null;
    }

    /** Passed by value: numbers, chars, booleans and enums. */
    public boolean isBasic(TypeRef t) {
        PrimitiveKind p = resolvedPrimitive(t);
        if (p != null) {
            return p != PrimitiveKind.STRING && p != PrimitiveKind.ANY;
        }
        return resolvedNamed(t) instanceof EnumType;
    }

    public boolean isEnum(TypeRef t) {
        return resolvedPrimitive(t) == null && resolvedNamed(t) instanceof EnumType;
    }

    public boolean isString(TypeRef t) {
        return resolvedPrimitive(t) == PrimitiveKind.STRING;
    }

    public boolean isSequence(TypeRef t) {
        return resolvedPrimitive(t) == null && resolvedNamed(t) instanceof Sequence;
    }

    /** Numbers: what cubit cubes. */
    public boolean isNumber(TypeRef t) {
        PrimitiveKind p = resolvedPrimitive(t);
        return p != null && switch (p) {
        case OCTET, SHORT, LONG, LONG_LONG, UNSIGNED_SHORT, UNSIGNED_LONG, UNSIGNED_LONG_LONG, FLOAT, DOUBLE -> true;
        default -> false;
        };
    }

    /** Two uses denote the same C++ type (typedefs of the same thing are the same type in C++). */
    public boolean sameType(TypeRef a, TypeRef b) {
        if (a == null || b == null) {
            return false;
        }
        return cpp(a).equals(cpp(b));
    }

    // ---- spellings -----------------------------------------------------------------------------------------

    /** The C++ type of a use: {@code ACE_CDR::ULongLong}, {@code Test::Timestamp}, {@code std::string}. */
    public String cpp(TypeRef t) {
        if (t.getNamed() != null) {
            return naming.cppName(t.getNamed());
        }
        return primitive(t.getPrimitive());
    }

    public String primitive(PrimitiveKind p) {
        return switch (p) {
        case BOOLEAN -> "ACE_CDR::Boolean";
        case CHAR -> "ACE_CDR::Char";
        case OCTET -> "ACE_CDR::Octet";
        case SHORT -> "ACE_CDR::Short";
        case LONG -> "ACE_CDR::Long";
        case LONG_LONG -> "ACE_CDR::LongLong";
        case UNSIGNED_SHORT -> "ACE_CDR::UShort";
        case UNSIGNED_LONG -> "ACE_CDR::ULong";
        case UNSIGNED_LONG_LONG -> "ACE_CDR::ULongLong";
        case FLOAT -> "ACE_CDR::Float";
        case DOUBLE -> "ACE_CDR::Double";
        case STRING -> "std::string";
        case ANY -> throw new UnsupportedModelException("the ace target has no 'any'");
        };
    }

    /** The ACE_CDR read/write suffix of a primitive: {@code ulonglong}. */
    public String cdr(PrimitiveKind p) {
        return switch (p) {
        case BOOLEAN -> "boolean";
        case CHAR -> "char";
        case OCTET -> "octet";
        case SHORT -> "short";
        case LONG -> "long";
        case LONG_LONG -> "longlong";
        case UNSIGNED_SHORT -> "ushort";
        case UNSIGNED_LONG -> "ulong";
        case UNSIGNED_LONG_LONG -> "ulonglong";
        case FLOAT -> "float";
        case DOUBLE -> "double";
        case STRING -> "string";
        case ANY -> throw new UnsupportedModelException("the ace target has no 'any'");
        };
    }

    /** The right-hand side that gives a holder its starting value: {@code  = 0}, or empty (value-initialised). */
    public String initialiser(TypeRef t) {
        PrimitiveKind p = resolvedPrimitive(t);
        if (p != null) {
            return switch (p) {
            case BOOLEAN -> " = false";
            case CHAR -> " = 'x'";
            case STRING -> "";
            case FLOAT, DOUBLE -> " = 1.5";
            default -> " = 3";
            };
        }
        if (resolvedNamed(t) instanceof EnumType e) {
            return " = " + enumLiteral(e, e.getLiterals().get(0));
        }
        return "{}";
    }

    /** The right-hand side that empties a holder before it is read into: {@code  = 0}, or empty. */
    public String zeroInitialiser(TypeRef t) {
        PrimitiveKind p = resolvedPrimitive(t);
        if (p != null) {
            return switch (p) {
            case BOOLEAN -> " = false";
            case CHAR -> " = '\\0'";
            case STRING -> "";
            default -> " = 0";
            };
        }
        return initialiser(t);
    }

    /** A value to send: {@code 3}, {@code 1.5}, {@code 'x'}, the first enum literal. Non-basic types: null. */
    public String sample(TypeRef t) {
        String init = initialiser(t);
        return init.startsWith(" = ") ? init.substring(3) : null;
    }

    /** A statement storing the cube of {@code in} into {@code out} (numbers cubed, the rest copied). */
    public String cube(TypeRef t, String in, String out) {
        if (isNumber(t)) {
            return out + " = static_cast<" + cpp(t) + ">(" + in + " * " + in + " * " + in + ");";
        }
        NamedType n = resolvedNamed(t);
        if (resolvedPrimitive(t) == null && (n instanceof Sequence || n instanceof Struct || n instanceof EventType)) {
            return naming.cube(n) + "(" + in + ", " + out + ");";
        }
        return out + " = " + in + ";";
    }

    public String enumLiteral(EnumType e, String literal) {
        String scope = naming.scopedName(e);
        int cut = scope.lastIndexOf("::");
        return (cut < 0 ? "" : scope.substring(0, cut + 2)) + literal;
    }

    // ---- signatures ----------------------------------------------------------------------------------------

    public boolean returnsByReference(Operation o) {
        return o.getReturnType() != null && !isBasic(o.getReturnType());
    }

    /** The declared C++ return type: void, a basic type, or void with a {@code _return} parameter. */
    public String returnType(Operation o) {
        return o.getReturnType() == null || returnsByReference(o) ? "void" : cpp(o.getReturnType());
    }

    public String parameter(Parameter p) {
        String type = cpp(p.getType());
        if (p.getDirection() == ParameterDirection.IN) {
            return isBasic(p.getType()) ? type + " " + p.getName() : "const " + type + "& " + p.getName();
        }
        return type + "& " + p.getName();
    }

    /** {@code (Test::Timestamp send_time)}, with {@code _return} last where the return is by reference. */
    public String parameters(Operation o) {
        StringBuilder s = new StringBuilder("(");
        for (Parameter p : o.getParameters()) {
            if (s.length() > 1) {
                s.append(", ");
            }
            s.append(parameter(p));
        }
        if (returnsByReference(o)) {
            if (s.length() > 1) {
                s.append(", ");
            }
            s.append(cpp(o.getReturnType())).append("& _return");
        }
        return s.append(")").toString();
    }

    /** {@code (send_time)}: the arguments that pass a call on, {@code _return} included. */
    public String arguments(Operation o) {
        StringBuilder s = new StringBuilder("(");
        for (Parameter p : o.getParameters()) {
            if (s.length() > 1) {
                s.append(", ");
            }
            s.append(p.getName());
        }
        if (returnsByReference(o)) {
            if (s.length() > 1) {
                s.append(", ");
            }
            s.append("_return");
        }
        return s.append(")").toString();
    }

    public List<Parameter> sent(Operation o) {
        return o.getParameters().stream().filter(p -> p.getDirection() != ParameterDirection.OUT).toList();
    }

    public List<Parameter> received(Operation o) {
        return o.getParameters().stream().filter(p -> p.getDirection() != ParameterDirection.IN).toList();
    }

    // ---- CDR -----------------------------------------------------------------------------------------------

    /** An expression marshalling {@code value} into the ACE_OutputCDR {@code out}; true on success. */
    public String write(TypeRef t, String out, String value) {
        PrimitiveKind p = resolvedPrimitive(t);
        if (p != null) {
            return out + ".write_" + cdr(p) + "(" + value + ")";
        }
        return naming.marshal(resolvedNamed(t)) + "(" + out + ", " + value + ")";
    }

    /** An expression demarshalling from the ACE_InputCDR {@code in} into {@code target}; true on success. */
    public String read(TypeRef t, String in, String target) {
        PrimitiveKind p = resolvedPrimitive(t);
        if (p != null) {
            return in + ".read_" + cdr(p) + "(" + target + ")";
        }
        return naming.demarshal(resolvedNamed(t)) + "(" + in + ", " + target + ")";
    }

    /** Bytes a value takes on the wire at least (its fixed size, or 4 for a length-prefixed one). */
    public int minWireSize(TypeRef t) {
        PrimitiveKind p = resolvedPrimitive(t);
        if (p != null) {
            return switch (p) {
            case BOOLEAN, CHAR, OCTET -> 1;
            case SHORT, UNSIGNED_SHORT -> 2;
            case LONG, UNSIGNED_LONG, FLOAT, STRING -> 4;
            case LONG_LONG, UNSIGNED_LONG_LONG, DOUBLE -> 8;
            case ANY -> throw new UnsupportedModelException("the ace target has no 'any'");
            };
        }
        return minWireSize(resolvedNamed(t));
    }

    /** Bytes a value of a named type (after typedefs) takes on the wire at least. */
    public int minWireSize(NamedType n) {
        if (n instanceof EnumType || n instanceof Sequence) {
            return 4;
        }
        int size = 0;
        for (Member m : members(n)) {
            size += minWireSize(m.getType());
        }
        return Math.max(size, 1);
    }

    /** Members of a struct, or of an event type with its bases' members first. */
    public List<Member> members(NamedType n) {
        if (n instanceof Struct s) {
            return s.getMembers();
        }
        if (n instanceof EventType e) {
            return IdlTypes.allMembers(e);
        }
        return List.of();
    }

    /** A sequence of primitives ACE_CDR moves with one {@code write_*_array} call. */
    public boolean bulk(Sequence s) {
        PrimitiveKind p = resolvedPrimitive(s.getElementType());
        return p != null && p != PrimitiveKind.STRING && p != PrimitiveKind.BOOLEAN && p != PrimitiveKind.ANY;
    }

    /** Interfaces used as types are object references, which only an ORB has. */
    public boolean isObjectReference(TypeRef t) {
        return resolvedPrimitive(t) == null && resolvedNamed(t) instanceof Interface;
    }
}
