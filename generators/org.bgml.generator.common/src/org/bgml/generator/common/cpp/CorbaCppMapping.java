package org.bgml.generator.common.cpp;

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
import org.bgml.generator.common.idl.IdlTypes;

/**
 * The OMG IDL to C++ mapping (the classic one both TAO and omniORB implement): C++ spellings of types and of
 * how each is passed as an in, out or inout parameter or returned. Servant signatures written with these
 * match the skeletons the IDL compilers generate.
 */
public class CorbaCppMapping {

    /** The type a use finally denotes, typedefs followed: a primitive or a struct, event, sequence, enum or interface. */
    public TypeRef resolve(TypeRef t) {
        TypeRef r = t;
        for (int guard = 0; r != null && r.getNamed() instanceof Typedef td && guard < 64; guard++) {
            r = td.getAliasedType();
        }
        return r;
    }

    /** Both uses denote one C++ type (typedefs are aliases in C++). */
    public boolean sameType(TypeRef a, TypeRef b) {
        TypeRef x = resolve(a);
        TypeRef y = resolve(b);
        if (x == null || y == null) {
            return false;
        }
        if (x.getNamed() != null || y.getNamed() != null) {
            return x.getNamed() == y.getNamed();
        }
        return x.getPrimitive() == y.getPrimitive();
    }

    /** The primitive behind a use's typedefs, or null when it denotes a named type. */
    public PrimitiveKind primitiveOf(TypeRef t) {
        TypeRef r = resolve(t);
        return r == null || r.getNamed() != null ? null : r.getPrimitive();
    }

    /** The named type behind a use's typedefs, or null when it denotes a primitive. */
    public NamedType namedOf(TypeRef t) {
        TypeRef r = resolve(t);
        return r == null ? null : r.getNamed();
    }

    /** The first in or inout parameter of {@code op} with the type of {@code wanted} (what an echo gives back), or null. */
    public Parameter matchingInput(Operation op, TypeRef wanted) {
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != ParameterDirection.OUT && sameType(p.getType(), wanted)) {
                return p;
            }
        }
        return null;
    }

    /** The C++ type of a type use, e.g. {@code ::CORBA::ULongLong}, {@code ::Test::Timestamp}. */
    public String type(TypeRef t) {
        if (t.getNamed() != null) {
            return "::" + IdlTypes.scoped(t.getNamed());
        }
        return primitive(t.getPrimitive());
    }

    public String primitive(PrimitiveKind p) {
        return switch (p) {
        case BOOLEAN -> "::CORBA::Boolean";
        case CHAR -> "::CORBA::Char";
        case OCTET -> "::CORBA::Octet";
        case SHORT -> "::CORBA::Short";
        case LONG -> "::CORBA::Long";
        case LONG_LONG -> "::CORBA::LongLong";
        case UNSIGNED_SHORT -> "::CORBA::UShort";
        case UNSIGNED_LONG -> "::CORBA::ULong";
        case UNSIGNED_LONG_LONG -> "::CORBA::ULongLong";
        case FLOAT -> "::CORBA::Float";
        case DOUBLE -> "::CORBA::Double";
        case STRING -> "char*";
        case ANY -> "::CORBA::Any";
        };
    }

    /** How a type is treated by the mapping, after following typedefs. */
    public enum Shape {
        /** numbers, booleans, chars, octets, enums: passed by value */
        BASIC,
        /** string */
        STRING,
        /** struct (or event sent as a struct) with only fixed-size members */
        FIXED_STRUCT,
        /** struct with a string, sequence, any or variable struct inside */
        VARIABLE_STRUCT,
        SEQUENCE,
        ANY,
        OBJECT_REFERENCE
    }

    public Shape shape(TypeRef t) {
        if (t.getNamed() == null) {
            return switch (t.getPrimitive()) {
            case STRING -> Shape.STRING;
            case ANY -> Shape.ANY;
            default -> Shape.BASIC;
            };
        }
        return shape(t.getNamed());
    }

    public Shape shape(NamedType n) {
        if (n instanceof Typedef td) {
            return shape(td.getAliasedType());
        }
        if (n instanceof EnumType) {
            return Shape.BASIC;
        }
        if (n instanceof Sequence) {
            return Shape.SEQUENCE;
        }
        if (n instanceof Interface) {
            return Shape.OBJECT_REFERENCE;
        }
        Iterable<Member> members = n instanceof Struct s ? s.getMembers() : IdlTypes.allMembers((EventType) n);
        for (Member m : members) {
            Shape inner = shape(m.getType());
            if (inner != Shape.BASIC && inner != Shape.FIXED_STRUCT) {
                return Shape.VARIABLE_STRUCT;
            }
        }
        return Shape.FIXED_STRUCT;
    }

    /** The declared type of a parameter as the skeleton spells it. */
    public String parameter(Parameter p) {
        return parameter(p.getType(), p.getDirection());
    }

    public String parameter(TypeRef t, ParameterDirection d) {
        String type = type(t);
        Shape shape = shape(t);
        return switch (d) {
        case IN -> switch (shape) {
            case BASIC -> type;
            case STRING -> "const char*";
            case OBJECT_REFERENCE -> type + "_ptr";
            default -> "const " + type + "&";
            };
        case INOUT -> switch (shape) {
            case STRING -> "char*&";
            case OBJECT_REFERENCE -> type + "_ptr&";
            default -> type + "&";
            };
        case OUT -> switch (shape) {
            // every type, typedefs and primitives included, has a T_out (a reference for fixed-size types)
            case STRING -> "::CORBA::String_out";
            case ANY -> "::CORBA::Any_out";
            default -> type + "_out";
            };
        };
    }

    /** The return type as the skeleton spells it: variable-size types come back on the heap. */
    public String returnType(TypeRef t) {
        if (t == null) {
            return "void";
        }
        String type = type(t);
        return switch (shape(t)) {
        case BASIC, FIXED_STRUCT -> type;
        case STRING -> "char*";
        case OBJECT_REFERENCE -> type + "_ptr";
        default -> type + "*";
        };
    }

    /** The {@code _var} holder to receive a value returned by a call, or the plain type for fixed ones. */
    public String resultHolder(TypeRef t) {
        String type = type(t);
        return switch (shape(t)) {
        case BASIC, FIXED_STRUCT -> type;
        case STRING -> "::CORBA::String_var";
        case ANY -> "::CORBA::Any_var";
        default -> type + "_var";
        };
    }
}
