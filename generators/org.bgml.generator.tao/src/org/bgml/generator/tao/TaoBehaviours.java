package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.generator.common.cpp.CorbaCppMapping.Shape;
import org.bgml.model.Attribute;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.TypeRef;

/**
 * The default body of each servant or executor operation, by behaviour: echo (give back what came in), cubit
 * (give back its cube, number by number), busyWork (spin for a while, then echo) and forward (make the same call
 * on the next object). The body lands inside a user code region, so it is only a starting point.
 */
public class TaoBehaviours {
    /** The member a busy-work servant keeps its spin time in, in microseconds. */
    public static final String BUSY_MEMBER = "busy_work_us_";
    /** The member a forwarding servant keeps its target in. */
    public static final String TARGET_MEMBER = "target_";

    private final TaoTypes types;

    public TaoBehaviours(TaoTypes types) {
        this.types = types;
    }

    /** The statements of an operation body, without braces. */
    public List<String> body(Operation op, BehaviourKind kind) {
        List<String> lines = new ArrayList<>();
        Set<Parameter> used = new LinkedHashSet<>();
        if (kind == BehaviourKind.FORWARD) {
            String call = "this->" + TARGET_MEMBER + "->" + op.getName() + " ("
                    + String.join(", ", op.getParameters().stream().map(Parameter::getName).toList()) + ")";
            lines.add((op.getReturnType() == null ? "" : "return ") + call + ";");
            return lines;
        }
        if (kind == BehaviourKind.BUSY_WORK) {
            lines.add("bgml::busy_work (this->" + BUSY_MEMBER + ");");
        }
        boolean cube = kind == BehaviourKind.CUBIT;
        for (Parameter p : op.getParameters()) {
            if (p.getDirection() == ParameterDirection.OUT) {
                Parameter source = types.matchingInput(op, p.getType());
                if (source != null) {
                    used.add(source);
                }
                lines.addAll(assignOut(p, source, cube));
                used.add(p);
            }
        }
        List<String> result = new ArrayList<>();
        if (op.getReturnType() != null) {
            Parameter source = types.matchingInput(op, op.getReturnType());
            if (source != null) {
                used.add(source);
            }
            result = returnValue(op.getReturnType(), source, cube);
        }
        List<String> unused = new ArrayList<>();
        for (Parameter p : op.getParameters()) {
            if (!used.contains(p)) {
                unused.add("ACE_UNUSED_ARG (" + p.getName() + ");");
            }
        }
        List<String> body = new ArrayList<>(unused);
        body.addAll(lines);
        body.addAll(result);
        return body;
    }

    /** The getter of an attribute: a value of its type. */
    public List<String> getter(Attribute a) {
        return List.of("return " + types.zeroReturn(a.getType()) + ";");
    }

    /** The setter of an attribute: the value is dropped. */
    public List<String> setter(Attribute a) {
        return List.of("ACE_UNUSED_ARG (" + setterParameter() + ");");
    }

    public String setterParameter() {
        return "value";
    }

    private List<String> assignOut(Parameter out, Parameter source, boolean cube) {
        TypeRef t = out.getType();
        String name = out.getName();
        List<String> lines = new ArrayList<>();
        if (source == null) {
            lines.add(name + " = " + types.zeroReturn(t) + ";");
            return lines;
        }
        Shape shape = types.shape(t);
        if (cube && shape == Shape.BASIC && types.isNumeric(t)) {
            lines.add(name + " = " + types.cubeOf(source.getName()) + ";");
            return lines;
        }
        lines.add(name + " = " + types.copyReturn(t, source.getName()) + ";");
        if (cube) {
            String target = shape == Shape.FIXED_STRUCT ? name : "(*" + name + ".ptr ())";
            lines.addAll(types.cube(target, t));
        }
        return lines;
    }

    private List<String> returnValue(TypeRef t, Parameter source, boolean cube) {
        List<String> lines = new ArrayList<>();
        if (source == null) {
            lines.add("return " + types.zeroReturn(t) + ";");
            return lines;
        }
        String s = source.getName();
        Shape shape = types.shape(t);
        if (!cube || (shape == Shape.BASIC && !types.isNumeric(t)) || shape == Shape.STRING
                || shape == Shape.OBJECT_REFERENCE || shape == Shape.ANY) {
            lines.add("return " + types.copyReturn(t, s) + ";");
        } else if (shape == Shape.BASIC) {
            lines.add("return " + types.cubeOf(s) + ";");
        } else if (shape == Shape.FIXED_STRUCT) {
            lines.add(types.type(t) + " result = " + s + ";");
            lines.addAll(types.cube("result", t));
            lines.add("return result;");
        } else {
            lines.add(types.type(t) + " *result = " + types.copyReturn(t, s) + ";");
            lines.addAll(types.cube("(*result)", t));
            lines.add("return result;");
        }
        return lines;
    }
}
