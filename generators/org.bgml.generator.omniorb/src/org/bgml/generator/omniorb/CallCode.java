package org.bgml.generator.omniorb;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.cpp.CorbaCppMapping.Shape;
import org.bgml.model.EventType;
import org.bgml.model.Member;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.TypeRef;

/**
 * The C++ of one timed call in a client loop: arguments prepared before the loop (payloads sized there, so
 * nothing is built in the timed part that the ORB does not build itself), and the call inside the loop.
 * The loop body sees {@code t} (thread index), {@code start} (the call's start timestamp) and
 * {@code payload} (bytes).
 */
public class CallCode {
    private final OmniOrbTypes types;
    private final OmniOrbNaming naming;

    public CallCode(OmniOrbTypes types, OmniOrbNaming naming) {
        this.types = types;
        this.naming = naming;
    }

    /** Declarations before the loop; {@code payloadParameter} (may be null) is sized to {@code payload} bytes. */
    public List<String> prepare(Operation op, Parameter payloadParameter) {
        List<String> lines = new ArrayList<>();
        for (Parameter p : op.getParameters()) {
            String var = naming.argumentVariable(p.getName());
            TypeRef t = p.getType();
            String type = types.type(t);
            Shape shape = types.shape(t);
            boolean carrier = p == payloadParameter;
            if (p.getDirection() == ParameterDirection.OUT) {
                continue;
            }
            boolean perThread = p.getDirection() == ParameterDirection.INOUT;
            switch (shape) {
            case FIXED_STRUCT -> {
                if (!perThread) {
                    lines.add("const " + type + " " + var + " = " + type + "();");
                }
            }
            case STRING -> {
                String init = carrier ? "::CORBA::string_dup(std::string(static_cast<std::size_t>(payload), 'x').c_str())"
                        : "::CORBA::string_dup(\"bgml\")";
                lines.add(perThread ? "std::vector< ::CORBA::String_var> " + var + "(loop.spec.threads);"
                        : "const ::CORBA::String_var " + var + " = " + init + ";");
                if (perThread) {
                    lines.add("for (std::size_t i = 0; i != " + var + ".size(); ++i)");
                    lines.add("  " + var + "[i] = " + init + ";");
                }
            }
            case SEQUENCE -> {
                String proto = perThread ? var + "_proto" : var;
                lines.add(type + " " + proto + ";");
                if (carrier) {
                    lines.add(proto + ".length(bgml_omniorb::elements(payload, " + types.cdrSize(types.elementType(t)) + "));");
                }
                if (perThread) {
                    lines.add("std::vector<" + type + " > " + var + "(loop.spec.threads, " + proto + ");");
                }
            }
            case VARIABLE_STRUCT -> {
                if (perThread) {
                    lines.add("std::vector<" + type + " > " + var + "(loop.spec.threads);");
                } else {
                    lines.add("const " + type + " " + var + " = " + type + "();");
                }
            }
            case ANY -> {
                String proto = perThread ? var + "_proto" : var;
                lines.add("::CORBA::Any " + proto + ";");
                if (carrier) {
                    lines.add("bgml_omniorb::fill(" + proto + ", payload);");
                } else {
                    lines.add(proto + " <<= ::CORBA::ULong(0);");
                }
                if (perThread) {
                    lines.add("std::vector< ::CORBA::Any> " + var + "(loop.spec.threads, " + proto + ");");
                }
            }
            default -> {
            }
            }
        }
        return lines;
    }

    /** The statements of one call through {@code ref}. */
    public List<String> invoke(Operation op, String ref) {
        List<String> lines = new ArrayList<>();
        List<String> args = new ArrayList<>();
        Parameter stamp = types.timestampParameter(op);
        for (Parameter p : op.getParameters()) {
            String var = naming.argumentVariable(p.getName());
            TypeRef t = p.getType();
            String type = types.type(t);
            Shape shape = types.shape(t);
            switch (p.getDirection()) {
            case IN -> args.add(switch (shape) {
                case BASIC -> p == stamp ? "static_cast<" + type + ">(start)" : types.sampleValue(t);
                case STRING -> var + ".in()";
                case OBJECT_REFERENCE -> type + "::_nil()";
                default -> var;
                });
            case INOUT -> {
                switch (shape) {
                case BASIC -> {
                    lines.add(type + " " + var + " = " + types.sampleValue(t) + ";");
                    args.add(var);
                }
                case FIXED_STRUCT -> {
                    lines.add(type + " " + var + " = " + type + "();");
                    args.add(var);
                }
                case STRING -> args.add(var + "[t].inout()");
                case OBJECT_REFERENCE -> {
                    lines.add(type + "_var " + var + ";");
                    args.add(var + ".inout()");
                }
                default -> args.add(var + "[t]");
                }
            }
            case OUT -> {
                switch (shape) {
                case BASIC, FIXED_STRUCT -> {
                    lines.add(type + " " + var + ";");
                    args.add(var);
                }
                default -> {
                    lines.add(types.resultHolder(t) + " " + var + ";");
                    args.add(var + ".out()");
                }
                }
            }
            }
        }
        String call = ref + "->" + op.getName() + "(" + String.join(", ", args) + ");";
        TypeRef ret = op.getReturnType();
        if (ret != null && types.shape(ret) != Shape.BASIC && types.shape(ret) != Shape.FIXED_STRUCT) {
            call = types.resultHolder(ret) + " result = " + call;
        }
        lines.add(call);
        return lines;
    }

    /** The call uses the start timestamp. */
    public boolean usesStart(Operation op) {
        return types.timestampParameter(op) != null;
    }

    /** The call uses the thread index (per-thread inout arguments). */
    public boolean usesThread(Operation op) {
        for (Parameter p : op.getParameters()) {
            Shape s = types.shape(p.getType());
            if (p.getDirection() == ParameterDirection.INOUT && s != Shape.BASIC && s != Shape.FIXED_STRUCT
                    && s != Shape.OBJECT_REFERENCE) {
                return true;
            }
        }
        return false;
    }

    /** Bytes a call carries when the model sets no payload: the CDR size of its in and inout arguments. */
    public int naturalPayload(Operation op) {
        int bytes = 0;
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() != ParameterDirection.OUT) {
                bytes += types.cdrSize(p.getType());
            }
        }
        return bytes;
    }

    /** Sizes the payload member of an event envelope {@code var} to {@code payload} bytes; empty if none. */
    public List<String> eventPayload(EventType type, String var) {
        Member m = types.payloadMember(type);
        if (m == null) {
            return List.of();
        }
        String member = var + ".body." + m.getName();
        return switch (types.shape(m.getType())) {
        case STRING -> List.of(member + " = ::CORBA::string_dup(std::string(static_cast<std::size_t>(payload), 'x').c_str());");
        case ANY -> List.of("bgml_omniorb::fill(" + member + ", payload);");
        default -> List.of(member + ".length(bgml_omniorb::elements(payload, " + types.cdrSize(types.elementType(m.getType())) + "));");
        };
    }

    /** Bytes an event carries when the model sets no payload. */
    public int naturalPayload(EventType type) {
        int bytes = 0;
        for (Member m : org.bgml.generator.common.idl.IdlTypes.allMembers(type)) {
            bytes += types.cdrSize(m.getType());
        }
        return bytes;
    }
}
