package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.cpp.CorbaCppMapping.Shape;
import org.bgml.model.EnumType;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.TypeRef;

/**
 * How a client makes one call of an operation: the arguments it prepares once (outside the timed loop), the
 * locals it needs per call, and the call itself. Integer arguments carry the send time, as in the CCMPerf
 * RoundTrip test; sequences and strings carry the payload.
 */
public class TaoCalls {
    private final TaoTypes types;

    public TaoCalls(TaoTypes types) {
        this.types = types;
    }

    /** A data member of the call struct. */
    public record Member(String type, String name) {
    }

    /** Members holding the prepared in and inout arguments. */
    public List<Member> members(Operation op) {
        List<Member> members = new ArrayList<>();
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() == ParameterDirection.OUT || isPerCall(p)) {
                continue;
            }
            members.add(new Member(memberType(p.getType()), member(p)));
        }
        return members;
    }

    /** Constructor statements that fill the prepared arguments; {@code payload} holds the element count. */
    public List<String> prepare(Operation op, String count) {
        List<String> lines = new ArrayList<>();
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != ParameterDirection.OUT && !isPerCall(p)) {
                lines.addAll(types.fill("this->" + member(p), p.getType(), count, "1"));
            }
        }
        return lines;
    }

    /** Whether any argument depends on the payload size. */
    public boolean usesPayload(Operation op) {
        return op.getParameters().stream()
                .anyMatch(p -> p.getDirection() != ParameterDirection.OUT && types.carriesPayload(p.getType()));
    }

    /** The bytes one element of the payload takes, for the element count of sequences. */
    public int payloadElementSize(Operation op) {
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != ParameterDirection.OUT && types.carriesPayload(p.getType())) {
                TypeRef r = types.resolve(p.getType());
                if (r.getNamed() instanceof org.bgml.model.Sequence s) {
                    return types.cdrSize(s.getElementType());
                }
                return 1;
            }
        }
        return 1;
    }

    /** Locals a call needs (out holders, inout copies), then the call statement; {@code now} is the send time. */
    public List<String> call(Operation op, String target, String now) {
        List<String> lines = new ArrayList<>();
        List<String> args = new ArrayList<>();
        for (Parameter p : op.getParameters()) {
            String local = p.getName();
            TypeRef t = p.getType();
            switch (p.getDirection()) {
            case IN -> args.add(isPerCall(p) ? perCallValue(t, now) : inArgument(p));
            case INOUT -> {
                if (isPerCall(p)) {
                    lines.add(types.type(t) + " " + local + " = " + perCallValue(t, now) + ";");
                    args.add(local);
                } else if (types.shape(t) == Shape.STRING) {
                    lines.add("::CORBA::String_var " + local + " = ::CORBA::string_dup (this->" + member(p) + ".in ());");
                    args.add(local + ".inout ()");
                } else if (types.shape(t) == Shape.OBJECT_REFERENCE) {
                    args.add("this->" + member(p) + ".inout ()");
                } else {
                    args.add("this->" + member(p));
                }
            }
            case OUT -> {
                Shape shape = types.shape(t);
                if (shape == Shape.BASIC || shape == Shape.FIXED_STRUCT) {
                    lines.add(types.type(t) + " " + local + ";");
                    args.add(local);
                } else {
                    lines.add(types.holder(t) + " " + local + ";");
                    args.add(local + ".out ()");
                }
            }
            }
        }
        String call = target + "->" + op.getName() + " (" + String.join(", ", args) + ")";
        TypeRef ret = op.getReturnType();
        if (ret == null) {
            lines.add(call + ";");
        } else {
            Shape shape = types.shape(ret);
            if (shape == Shape.BASIC || shape == Shape.FIXED_STRUCT) {
                lines.add("(void) " + call + ";");
            } else {
                lines.add(types.holder(ret) + " result = " + call + ";");
            }
        }
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() == ParameterDirection.OUT) {
                Shape shape = types.shape(p.getType());
                if (shape == Shape.BASIC || shape == Shape.FIXED_STRUCT) {
                    lines.add("ACE_UNUSED_ARG (" + p.getName() + ");");
                }
            }
        }
        return lines;
    }

    /** Basic arguments are computed per call (the send time for numbers); everything else is prepared once. */
    private boolean isPerCall(Parameter p) {
        return types.shape(p.getType()) == Shape.BASIC;
    }

    private String perCallValue(TypeRef t, String now) {
        PrimitiveKind k = types.primitiveOf(t);
        if (k == null) {
            if (types.namedOf(t) instanceof EnumType e) {
                return types.firstLiteral(e);
            }
            return types.type(t) + " ()";
        }
        return switch (k) {
        case BOOLEAN -> "true";
        case CHAR -> "'x'";
        default -> types.cast(t, now);
        };
    }

    private String inArgument(Parameter p) {
        return switch (types.shape(p.getType())) {
        case STRING, OBJECT_REFERENCE -> "this->" + member(p) + ".in ()";
        default -> "this->" + member(p);
        };
    }

    private String memberType(TypeRef t) {
        return switch (types.shape(t)) {
        case STRING -> "::CORBA::String_var";
        case OBJECT_REFERENCE -> types.type(t) + "_var";
        default -> types.type(t);
        };
    }

    private static String member(Parameter p) {
        return p.getName() + "_";
    }
}
