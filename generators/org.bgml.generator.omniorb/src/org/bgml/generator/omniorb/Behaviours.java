package org.bgml.generator.omniorb;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.bgml.model.BehaviourKind;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.TypeRef;

/**
 * The C++ bodies of servant and executor operations, one per behaviour of the model: echo (results and outs
 * copied from the matching in parameters), cubit (the same, cubed, element by element), busy-work (spin,
 * then echo) and forward (the same call through the forwarding receptacle).
 */
public class Behaviours {
    private final OmniOrbTypes types;
    private final OmniOrbNaming naming;

    public Behaviours(OmniOrbTypes types, OmniOrbNaming naming) {
        this.types = types;
        this.naming = naming;
    }

    /** The statements of an operation body for a class that has the behaviours {@code cls.kinds()}. */
    public String body(ServantClass cls, Operation op) {
        if (cls.kinds().size() == 1) {
            return String.join("\n", statements(cls.kinds().iterator().next(), op));
        }
        List<String> lines = new ArrayList<>();
        lines.add("switch (behaviour_) {");
        List<BehaviourKind> kinds = new ArrayList<>(cls.kinds());
        BehaviourKind fallback = kinds.contains(BehaviourKind.ECHO) ? BehaviourKind.ECHO : kinds.get(kinds.size() - 1);
        for (BehaviourKind kind : kinds) {
            if (kind != fallback) {
                lines.add("case " + enumerator(kind) + ": {");
                statements(kind, op).forEach(s -> lines.add("  " + s));
                if (op.getReturnType() == null) {
                    lines.add("  return;");
                }
                lines.add("}");
            }
        }
        lines.add("default: {");
        statements(fallback, op).forEach(s -> lines.add("  " + s));
        lines.add("}");
        lines.add("}");
        return String.join("\n", lines);
    }

    /** The C++ enumerator of a behaviour in bgml_omniorb.h. */
    public String enumerator(BehaviourKind kind) {
        return "bgml_omniorb::" + switch (kind) {
        case ECHO -> "echo";
        case CUBIT -> "cubit";
        case BUSY_WORK -> "busy_work";
        case FORWARD -> "forward";
        };
    }

    private List<String> statements(BehaviourKind kind, Operation op) {
        return switch (kind) {
        case FORWARD -> forward(op);
        case BUSY_WORK -> {
            List<String> s = new ArrayList<>();
            s.add("bgml::busy_work(busy_work_us_);");
            s.addAll(reply(op, false));
            yield s;
        }
        case CUBIT -> reply(op, true);
        case ECHO -> reply(op, false);
        };
    }

    private List<String> forward(Operation op) {
        String args = op.getParameters().stream().map(Parameter::getName).collect(Collectors.joining(", "));
        String call = "forward_->" + op.getName() + "(" + args + ");";
        return List.of(op.getReturnType() == null ? call : "return " + call);
    }

    /** Results and outs from the matching ins (cubed for cubit); inouts cubed in place for cubit. */
    private List<String> reply(Operation op, boolean cube) {
        List<String> lines = new ArrayList<>();
        List<Parameter> inouts = op.getParameters().stream()
                .filter(p -> p.getDirection() == ParameterDirection.INOUT && cube && types.isCubable(p.getType())).toList();
        boolean outs = op.getParameters().stream().anyMatch(p -> p.getDirection() == ParameterDirection.OUT);
        TypeRef ret = op.getReturnType();
        String result = ret == null ? null : value(op, ret, cube);
        if (ret != null && !outs && inouts.isEmpty()) {
            lines.add("return " + result + ";");
            return lines;
        }
        if (ret != null) {
            lines.add(types.returnType(ret) + " result = " + result + ";");
        }
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() == ParameterDirection.OUT) {
                lines.add(p.getName() + " = " + value(op, p.getType(), cube) + ";");
            }
        }
        for (Parameter p : inouts) {
            lines.add(naming.cubitNamespace() + "::cube(" + p.getName() + ");");
        }
        if (ret != null) {
            lines.add("return result;");
        }
        return lines;
    }

    /** A value of type {@code t} for a result or out: from the matching input, cubed if asked, else a default. */
    private String value(Operation op, TypeRef t, boolean cube) {
        Parameter src = types.matchingInput(op, t);
        if (src == null) {
            return types.defaultValue(t);
        }
        if (cube && types.isCubable(t)) {
            boolean variable = types.shape(t) != OmniOrbTypes.Shape.BASIC && types.shape(t) != OmniOrbTypes.Shape.FIXED_STRUCT;
            return naming.cubitNamespace() + (variable ? "::cubed_copy(" : "::cubed(") + src.getName() + ")";
        }
        return types.copy(t, src.getName());
    }
}
