package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.model.Attribute;
import org.bgml.model.Interface;
import org.bgml.model.Operation;
import org.bgml.model.ParameterDirection;
import org.bgml.model.io.ElementPaths;

/**
 * The member functions a servant, executor or glue class declares for an interface, spelled as TAO's skeletons
 * declare them (the classic IDL to C++ mapping), with the element paths that name their user code regions.
 */
public class TaoSignatures {

    /** One member function: what it returns, its name, its parameter list, and the call that forwards it. */
    public record Method(String returns, String name, String parameters, String arguments, String regionId,
            Operation operation, Attribute attribute, boolean setter) {
        public boolean returnsValue() {
            return !returns.equals("void");
        }
    }

    private final TaoTypes types;
    private final TaoBehaviours behaviours;

    public TaoSignatures(TaoTypes types, TaoBehaviours behaviours) {
        this.types = types;
        this.behaviours = behaviours;
    }

    /** Attribute accessors first (bases first), then operations (bases first), as the skeleton has them. */
    public List<Method> methods(Interface iface) {
        List<Method> methods = new ArrayList<>();
        for (Attribute a : IdlTypes.allAttributes(iface)) {
            String path = ElementPaths.pathOf(a);
            methods.add(new Method(types.returnType(a.getType()), a.getName(), "", "", path + "/get", null, a, false));
            if (!a.isReadonly()) {
                String p = behaviours.setterParameter();
                methods.add(new Method("void", a.getName(), types.parameter(a.getType(), ParameterDirection.IN) + " " + p, p,
                        path + "/set", null, a, true));
            }
        }
        for (Operation op : IdlTypes.allOperations(iface)) {
            List<String> params = new ArrayList<>();
            List<String> args = new ArrayList<>();
            op.getParameters().forEach(p -> {
                params.add(types.parameter(p) + " " + p.getName());
                args.add(p.getName());
            });
            methods.add(new Method(types.returnType(op.getReturnType()), op.getName(), String.join(", ", params),
                    String.join(", ", args), ElementPaths.pathOf(op), op, null, false));
        }
        return methods;
    }

    /** The default body of a method under a behaviour. */
    public List<String> body(Method m, org.bgml.model.BehaviourKind kind) {
        if (m.operation() != null) {
            return behaviours.body(m.operation(), kind);
        }
        return m.setter() ? behaviours.setter(m.attribute()) : behaviours.getter(m.attribute());
    }
}
