package org.bgml.generator.ciao;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.cpp.CorbaCppMapping;
import org.bgml.generator.common.cpp.CorbaCppMapping.Shape;
import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.model.Attribute;
import org.bgml.model.BehaviourKind;
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
import org.bgml.model.Typedef;

/**
 * C++ statements the templates paste in: what a facet operation does for each behaviour (echo, cubit, busy
 * work, forward) and how a client builds the arguments of a measured call. Everything follows the classic
 * IDL to C++ mapping of {@link CorbaCppMapping}, so it compiles against TAO 2.x and current TAO alike, as
 * C++11.
 */
public class CppCode {
    private final CorbaCppMapping mapping = new CorbaCppMapping();

    public CorbaCppMapping mapping() {
        return mapping;
    }

    // ---- types ---------------------------------------------------------------------------------------------

    /** The primitive behind a type use, through typedefs; null for constructed types. */
    public PrimitiveKind primitive(TypeRef t) {
        if (t == null) {
            return null;
        }
        if (t.getNamed() == null) {
            return t.getPrimitive();
        }
        NamedType n = t.getNamed();
        return n instanceof Typedef td ? primitive(td.getAliasedType()) : null;
    }

    /** The named type behind typedefs, or null for primitives. */
    public NamedType resolved(TypeRef t) {
        if (t == null || t.getNamed() == null) {
            return null;
        }
        NamedType n = t.getNamed();
        return n instanceof Typedef td ? resolved(td.getAliasedType()) : n;
    }

    public boolean isNumeric(TypeRef t) {
        PrimitiveKind p = primitive(t);
        return p != null && p != PrimitiveKind.BOOLEAN && p != PrimitiveKind.CHAR && p != PrimitiveKind.STRING
                && p != PrimitiveKind.ANY;
    }

    public boolean is64Bit(TypeRef t) {
        PrimitiveKind p = primitive(t);
        return p == PrimitiveKind.LONG_LONG || p == PrimitiveKind.UNSIGNED_LONG_LONG;
    }

    public boolean sameType(TypeRef a, TypeRef b) {
        if (a == null || b == null) {
            return false;
        }
        if (a.getNamed() != null || b.getNamed() != null) {
            return a.getNamed() == b.getNamed();
        }
        return a.getPrimitive() == b.getPrimitive();
    }

    /** Bytes a value takes in CDR, alignment left out; 0 for variable-size types. */
    public int fixedBytes(TypeRef t) {
        PrimitiveKind p = primitive(t);
        if (p != null) {
            return switch (p) {
            case BOOLEAN, CHAR, OCTET -> 1;
            case SHORT, UNSIGNED_SHORT -> 2;
            case LONG, UNSIGNED_LONG, FLOAT -> 4;
            case LONG_LONG, UNSIGNED_LONG_LONG, DOUBLE -> 8;
            case STRING, ANY -> 0;
            };
        }
        NamedType n = resolved(t);
        if (n instanceof org.bgml.model.EnumType) {
            return 4;
        }
        if (n instanceof Struct s) {
            return membersBytes(s.getMembers());
        }
        if (n instanceof EventType e) {
            return membersBytes(IdlTypes.allMembers(e));
        }
        return 0;
    }

    /** Bytes of an event's members, or 0 when one of them has a variable size. */
    public int eventBytes(EventType e) {
        return membersBytes(IdlTypes.allMembers(e));
    }

    private int membersBytes(List<Member> members) {
        int sum = 0;
        for (Member m : members) {
            int b = fixedBytes(m.getType());
            if (b == 0) {
                return 0;
            }
            sum += b;
        }
        return sum;
    }

    /** The sequence behind a type use, or null. */
    public Sequence sequence(TypeRef t) {
        return resolved(t) instanceof Sequence s ? s : null;
    }

    // ---- facet operations (servant and executor side) ----------------------------------------------------

    /** The first in or inout parameter with the given type: what echo and cubit send back. */
    public Parameter source(Operation op, TypeRef type) {
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != ParameterDirection.OUT && sameType(p.getType(), type)) {
                return p;
            }
        }
        return null;
    }

    /**
     * The statements of a facet operation body. {@code forwardTarget} is the C++ expression of the object the
     * forward behaviour calls (a {@code _var} or a context call), null otherwise.
     */
    public List<String> body(Operation op, BehaviourKind kind, int busyWorkMicros, String forwardTarget) {
        List<String> lines = new ArrayList<>();
        if (kind == BehaviourKind.FORWARD && forwardTarget != null) {
            String call = forwardTarget + "->" + op.getName() + " (" + String.join(", ", parameterNames(op)) + ")";
            lines.add(op.getReturnType() == null ? call + ";" : "return " + call + ";");
            return lines;
        }
        if (kind == BehaviourKind.BUSY_WORK && busyWorkMicros > 0) {
            lines.add("bgml::busy_work (" + busyWorkMicros + ");");
        }
        boolean cube = kind == BehaviourKind.CUBIT;
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() == ParameterDirection.OUT) {
                lines.addAll(assignOut(p, source(op, p.getType()), cube));
            }
        }
        if (op.getReturnType() != null) {
            lines.addAll(returnValue(op.getReturnType(), source(op, op.getReturnType()), cube));
        } else if (lines.isEmpty()) {
            for (Parameter p : op.getParameters()) {
                if (p.getDirection() == ParameterDirection.IN) {
                    lines.add("ACE_UNUSED_ARG (" + p.getName() + ");");
                }
            }
        }
        return lines;
    }

    public List<String> parameterNames(Operation op) {
        return op.getParameters().stream().map(Parameter::getName).toList();
    }

    private List<String> assignOut(Parameter p, Parameter src, boolean cube) {
        TypeRef t = p.getType();
        String type = mapping.type(t);
        String name = p.getName();
        List<String> lines = new ArrayList<>();
        switch (mapping.shape(t)) {
        case BASIC, FIXED_STRUCT -> {
            lines.add(name + " = " + (src == null ? type + " ()" : src.getName()) + ";");
            if (cube && src != null) {
                lines.addAll(cubeInPlace(name, t, 0));
            }
        }
        case STRING -> lines.add(name + " = ::CORBA::string_dup (" + (src == null ? "\"\"" : src.getName()) + ");");
        case OBJECT_REFERENCE -> lines.add(name + " = " + (src == null ? type + "::_nil ()" : type + "::_duplicate (" + src.getName() + ")") + ";");
        default -> {
            String tmp = "tmp_" + name;
            lines.add(type + " * " + tmp + " = new " + type + (src == null ? " ()" : " (" + src.getName() + ")") + ";");
            if (cube && src != null) {
                lines.addAll(cubeInPlace("(*" + tmp + ")", t, 0));
            }
            lines.add(name + " = " + tmp + ";");
        }
        }
        return lines;
    }

    private List<String> returnValue(TypeRef t, Parameter src, boolean cube) {
        String type = mapping.type(t);
        List<String> lines = new ArrayList<>();
        switch (mapping.shape(t)) {
        case BASIC, FIXED_STRUCT -> {
            if (src == null) {
                lines.add("return " + type + " ();");
            } else if (cube) {
                lines.add(type + " result = " + src.getName() + ";");
                lines.addAll(cubeInPlace("result", t, 0));
                lines.add("return result;");
            } else {
                lines.add("return " + src.getName() + ";");
            }
        }
        case STRING -> lines.add("return ::CORBA::string_dup (" + (src == null ? "\"\"" : src.getName()) + ");");
        case OBJECT_REFERENCE -> lines.add("return " + (src == null ? type + "::_nil ()" : type + "::_duplicate (" + src.getName() + ")") + ";");
        default -> {
            lines.add(type + " * result = new " + type + (src == null ? " ()" : " (" + src.getName() + ")") + ";");
            if (cube && src != null) {
                lines.addAll(cubeInPlace("(*result)", t, 0));
            }
            lines.add("return result;");
        }
        }
        return lines;
    }

    /** Statements that cube every number in {@code lvalue} in place: the cubit behaviour. */
    public List<String> cubeInPlace(String lvalue, TypeRef t, int depth) {
        List<String> lines = new ArrayList<>();
        if (isNumeric(t)) {
            lines.add(lvalue + " = static_cast< " + mapping.type(t) + "> (" + lvalue + " * " + lvalue + " * " + lvalue + ");");
            return lines;
        }
        NamedType n = resolved(t);
        if (n instanceof Struct s) {
            for (Member m : s.getMembers()) {
                lines.addAll(cubeInPlace(lvalue + "." + m.getName(), m.getType(), depth));
            }
        } else if (n instanceof Sequence s) {
            List<String> inner = cubeInPlace(lvalue + "[i" + depth + "]", s.getElementType(), depth + 1);
            if (!inner.isEmpty()) {
                lines.add("for (::CORBA::ULong i" + depth + " = 0; i" + depth + " < " + lvalue + ".length (); ++i" + depth + ")");
                lines.add("  {");
                inner.forEach(l -> lines.add("    " + l));
                lines.add("  }");
            }
        }
        return lines;
    }

    // ---- attributes ---------------------------------------------------------------------------------------

    /** The member type that stores an attribute's value in an executor or servant. */
    public String attributeMember(Attribute a) {
        TypeRef t = a.getType();
        return switch (mapping.shape(t)) {
        case BASIC, FIXED_STRUCT -> mapping.type(t);
        case STRING -> "::CORBA::String_var";
        default -> mapping.type(t) + "_var";
        };
    }

    /** The expression a getter returns for member {@code member}. */
    public String attributeGet(Attribute a, String member) {
        TypeRef t = a.getType();
        String type = mapping.type(t);
        return switch (mapping.shape(t)) {
        case BASIC, FIXED_STRUCT -> member;
        case STRING -> "::CORBA::string_dup (" + member + ".in ())";
        case OBJECT_REFERENCE -> type + "::_duplicate (" + member + ".in ())";
        default -> member + ".ptr () == 0 ? new " + type + " () : new " + type + " (" + member + ".in ())";
        };
    }

    /** The statement a setter runs to store {@code value} into member {@code member}. */
    public String attributeSet(Attribute a, String member, String value) {
        TypeRef t = a.getType();
        String type = mapping.type(t);
        return switch (mapping.shape(t)) {
        case BASIC, FIXED_STRUCT -> member + " = " + value + ";";
        case STRING -> member + " = ::CORBA::string_dup (" + value + ");";
        case OBJECT_REFERENCE -> member + " = " + type + "::_duplicate (" + value + ");";
        default -> member + " = new " + type + " (" + value + ");";
        };
    }

    /** Initial value of an attribute member in a constructor's init list, or null. */
    public String attributeInit(Attribute a) {
        return mapping.shape(a.getType()) == Shape.BASIC ? mapping.type(a.getType()) + " ()" : null;
    }

    // ---- measured calls (client side) --------------------------------------------------------------------

    /**
     * One argument of a measured call.
     *
     * @param declaration the holder declared before the loop, or null when the argument is the send time
     * @param sizing      statement that sizes the holder to {@code size} bytes, or null
     * @param expression  what the call passes
     */
    public record Argument(String declaration, String sizing, String expression) {
    }

    /** The arguments of a measured call; the first 64-bit integer in parameter carries the send time. */
    public List<Argument> arguments(Operation op) {
        List<Argument> args = new ArrayList<>();
        boolean timestamp = false;
        for (Parameter p : op.getParameters()) {
            TypeRef t = p.getType();
            String type = mapping.type(t);
            String var = "arg_" + p.getName();
            Shape shape = mapping.shape(t);
            if (p.getDirection() == ParameterDirection.IN && !timestamp && is64Bit(t)) {
                timestamp = true;
                args.add(new Argument(null, null, "static_cast< " + type + "> (start)"));
                continue;
            }
            Sequence seq = sequence(t);
            String sizing = null;
            if (p.getDirection() != ParameterDirection.OUT) {
                if (seq != null) {
                    int element = Math.max(1, fixedBytes(seq.getElementType()));
                    sizing = var + ".length (static_cast< ::CORBA::ULong> (size / " + element + "));";
                } else if (shape == Shape.STRING) {
                    sizing = var + " = ::CORBA::string_dup (std::string (size, 'x').c_str ());";
                }
            }
            switch (p.getDirection()) {
            case IN -> {
                switch (shape) {
                case BASIC, FIXED_STRUCT -> args.add(new Argument(type + " " + var + " = " + type + " ();", null, var));
                case STRING -> args.add(new Argument("::CORBA::String_var " + var + " = ::CORBA::string_dup (\"\");", sizing, var + ".in ()"));
                case OBJECT_REFERENCE -> args.add(new Argument(type + "_var " + var + ";", null, var + ".in ()"));
                default -> args.add(new Argument(type + " " + var + ";", sizing, var));
                }
            }
            case INOUT -> {
                switch (shape) {
                case BASIC, FIXED_STRUCT -> args.add(new Argument(type + " " + var + " = " + type + " ();", null, var));
                case STRING -> args.add(new Argument("::CORBA::String_var " + var + " = ::CORBA::string_dup (\"\");", sizing, var + ".inout ()"));
                case OBJECT_REFERENCE -> args.add(new Argument(type + "_var " + var + ";", null, var + ".inout ()"));
                default -> args.add(new Argument(type + " " + var + ";", sizing, var));
                }
            }
            case OUT -> {
                switch (shape) {
                case BASIC, FIXED_STRUCT -> args.add(new Argument(type + " " + var + " = " + type + " ();", null, var));
                case STRING -> args.add(new Argument("::CORBA::String_var " + var + ";", null, var + ".out ()"));
                default -> args.add(new Argument(type + "_var " + var + ";", null, var + ".out ()"));
                }
            }
            }
        }
        return args;
    }

    /** Whether a payload size changes the call's arguments (a sequence or string is sent). */
    public boolean sized(Operation op) {
        return arguments(op).stream().anyMatch(a -> a.sizing() != null);
    }

    /** The bytes a call carries when no payload size applies: its fixed-size in and inout parameters. */
    public int fixedPayload(Operation op) {
        int sum = 0;
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != ParameterDirection.OUT) {
                sum += fixedBytes(p.getType());
            }
        }
        return sum;
    }

    /** The holder for a measured call's return value declared before the loop, or null. */
    public String resultHolder(Operation op) {
        TypeRef t = op.getReturnType();
        if (t == null) {
            return null;
        }
        return switch (mapping.shape(t)) {
        case BASIC, FIXED_STRUCT -> null;
        default -> mapping.resultHolder(t) + " reply;";
        };
    }

    /** The statement that makes a measured call on {@code target}. */
    public String call(Operation op, String target) {
        String call = target + "->" + op.getName() + " ("
                + String.join(", ", arguments(op).stream().map(Argument::expression).toList()) + ")";
        if (op.getReturnType() == null) {
            return call + ";";
        }
        return resultHolder(op) == null ? "(void) " + call + ";" : "reply = " + call + ";";
    }
}
