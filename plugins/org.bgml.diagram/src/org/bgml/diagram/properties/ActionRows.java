package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.diagram.handler.ModelElements;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Entity;
import org.bgml.model.EventSource;
import org.bgml.model.Interface;
import org.bgml.model.Operation;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.model.io.ElementPaths;
import org.bgml.validation.rules.ActionGraph;
import org.bgml.validation.rules.IdlTypes;

/**
 * The rows of one action ({@code PREFIX.kind}, {@code .micros}, {@code .receptacle}, {@code .operation},
 * {@code .source}, {@code .hopLimit}) and their edits. The pickers offer only the ports of the entity whose facet or
 * sink holds the action, and the operations of the chosen receptacle's interface.
 */
final class ActionRows {
    private ActionRows() {
    }

    /** "publish on ready", "call gps.read", "busy work 20 us": one line for an action. */
    static String describe(Action a) {
        ActionKind kind = a.getKind() == null ? ActionKind.BUSY_WORK : a.getKind();
        String hops = a.getHopLimit() > 0 ? " (hops < " + a.getHopLimit() + ")" : "";
        return switch (kind) {
            case BUSY_WORK -> "busy work " + a.getMicros() + " us";
            case CALL -> "call " + name(a.getReceptacle()) + "." + (a.getOperation() == null ? "?" : a.getOperation().getName());
            case PUBLISH -> "publish on " + name(a.getSource());
            case FORWARD -> "forward through " + name(a.getReceptacle());
        } + hops;
    }

    private static String name(Port p) {
        return p == null || p.getName() == null ? "?" : p.getName();
    }

    static void rows(Action a, String prefix, String label, List<Property> rows) {
        ActionKind kind = a.getKind() == null ? ActionKind.BUSY_WORK : a.getKind();
        Entity owner = owner(a);
        rows.add(Rows.choice(prefix + ".kind", label + ": kind", kind.getLiteral(), Rows.literals(ActionKind.VALUES)));
        switch (kind) {
            case BUSY_WORK -> rows.add(Rows.number(prefix + ".micros", label + ": busy work (us)", String.valueOf(a.getMicros())));
            case CALL, FORWARD -> {
                rows.add(Rows.choice(prefix + ".receptacle", label + ": receptacle", Rows.path(a.getReceptacle()),
                        Rows.with(ownPorts(owner, Receptacle.class), "")));
                if (kind == ActionKind.CALL) {
                    Interface i = a.getReceptacle() == null ? null : a.getReceptacle().getInterface();
                    List<String> ops = i == null ? List.of() : IdlTypes.allOperations(i).stream().map(ElementPaths::pathOf).toList();
                    rows.add(Rows.choice(prefix + ".operation", label + ": operation", Rows.path(a.getOperation()), Rows.with(ops, "")));
                }
            }
            case PUBLISH -> rows.add(Rows.choice(prefix + ".source", label + ": event source", Rows.path(a.getSource()),
                    Rows.with(ownPorts(owner, EventSource.class), "")));
        }
        rows.add(Rows.number(prefix + ".hopLimit", label + ": hop limit (0: none)", String.valueOf(a.getHopLimit())));
    }

    /** The change {@code field} (after the prefix) makes to {@code a}, or null when it is no field of an action. */
    static Runnable apply(BenchmarkModel model, Action a, String field, String value) {
        Entity owner = owner(a);
        switch (field) {
            case "kind" -> {
                ActionKind k = Rows.enumOf(ActionKind.get(value), value, ActionKind.VALUES);
                Action defaults = create(k, owner);
                // a new kind starts from its own defaults, so nothing the old kind needed lingers as an ignored setting
                return () -> {
                    a.setKind(k);
                    a.setMicros(defaults.getMicros());
                    a.setReceptacle(defaults.getReceptacle());
                    a.setOperation(defaults.getOperation());
                    a.setSource(defaults.getSource());
                };
            }
            case "micros" -> {
                int n = Rows.nonNegative(value);
                return () -> a.setMicros(n);
            }
            case "hopLimit" -> {
                int n = Rows.nonNegative(value);
                return () -> a.setHopLimit(n);
            }
            case "receptacle" -> {
                if (value.isEmpty()) {
                    return () -> a.setReceptacle(null);
                }
                if (!(ModelElements.resolve(model, value) instanceof Receptacle r) || r.eContainer() != owner) {
                    throw new IllegalArgumentException("'" + value + "' is not a receptacle of " + Rows.path(owner));
                }
                Operation keep = a.getOperation() != null && r.getInterface() != null
                        && IdlTypes.allOperations(r.getInterface()).contains(a.getOperation()) ? a.getOperation() : firstOperation(r);
                return () -> {
                    a.setReceptacle(r);
                    if (a.getKind() == ActionKind.CALL) {
                        a.setOperation(keep);
                    }
                };
            }
            case "operation" -> {
                if (value.isEmpty()) {
                    return () -> a.setOperation(null);
                }
                Interface i = a.getReceptacle() == null ? null : a.getReceptacle().getInterface();
                if (!(ModelElements.resolve(model, value) instanceof Operation op) || i == null
                        || !IdlTypes.allOperations(i).contains(op)) {
                    throw new IllegalArgumentException("'" + value + "' is not an operation of the receptacle's interface");
                }
                return () -> a.setOperation(op);
            }
            case "source" -> {
                if (value.isEmpty()) {
                    return () -> a.setSource(null);
                }
                if (!(ModelElements.resolve(model, value) instanceof EventSource s) || s.eContainer() != owner) {
                    throw new IllegalArgumentException("'" + value + "' is not an event source of " + Rows.path(owner));
                }
                return () -> a.setSource(s);
            }
            default -> {
                return null;
            }
        }
    }

    /** A new action of {@code kind} filled with the owner's first fitting port (and operation), or 10 us of busy work. */
    static Action create(ActionKind kind, Entity owner) {
        Action a = org.bgml.model.BgmlFactory.eINSTANCE.createAction();
        a.setKind(kind);
        switch (kind) {
            case BUSY_WORK -> a.setMicros(10);
            case CALL, FORWARD -> {
                Receptacle r = first(owner, Receptacle.class);
                a.setReceptacle(r);
                if (kind == ActionKind.CALL) {
                    a.setOperation(firstOperation(r));
                }
            }
            case PUBLISH -> a.setSource(first(owner, EventSource.class));
        }
        return a;
    }

    private static Operation firstOperation(Receptacle r) {
        if (r == null || r.getInterface() == null) {
            return null;
        }
        List<Operation> ops = IdlTypes.allOperations(r.getInterface());
        return ops.isEmpty() ? null : ops.get(0);
    }

    private static <T extends Port> T first(Entity owner, Class<T> type) {
        if (owner == null) {
            return null;
        }
        return owner.getPorts().stream().filter(type::isInstance).map(type::cast).findFirst().orElse(null);
    }

    private static List<String> ownPorts(Entity owner, Class<? extends Port> type) {
        List<String> paths = new ArrayList<>();
        if (owner != null) {
            owner.getPorts().stream().filter(type::isInstance).forEach(p -> paths.add(ElementPaths.pathOf(p)));
        }
        return paths;
    }

    /** The entity whose facet or sink holds the action. */
    static Entity owner(Action a) {
        Port receiver = ActionGraph.receiver(a);
        return receiver != null && receiver.eContainer() instanceof Entity e ? e : null;
    }
}
