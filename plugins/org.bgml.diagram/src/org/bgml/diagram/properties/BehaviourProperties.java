package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Entry;
import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Behaviour;
import org.bgml.model.BgmlFactory;
import org.bgml.model.EventSink;
import org.bgml.model.Facet;
import org.bgml.model.Port;
import org.eclipse.emf.common.util.EList;
import org.eclipse.emf.ecore.EObject;

/**
 * A facet's or sink's actions, run in order on each call or event it receives: the list (each removable), the rows of
 * each action ({@code action.N.kind} and the fields its kind uses; see {@link ActionRows}), a button moving an action up,
 * and {@code addAction} (a kind). The behaviour is created by the first action added.
 */
final class BehaviourProperties implements PropertyProvider {
    static final String PREFIX = "action.";

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof Facet || element instanceof EventSink;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        Behaviour b = behaviour(element);
        List<Action> actions = b == null ? List.of() : b.getActions();
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < actions.size(); i++) {
            entries.add(new Entry((i + 1) + ". " + ActionRows.describe(actions.get(i)), "removeAction", String.valueOf(i), null));
        }
        rows.add(new Property("actions", "Actions on each " + (element instanceof Facet ? "call" : "event"),
                String.join("\n", entries.stream().map(Entry::text).toList()), "list", null, entries));
        for (int i = 0; i < actions.size(); i++) {
            ActionRows.rows(actions.get(i), PREFIX + i, "Action " + (i + 1), rows);
            if (i > 0) {
                rows.add(Rows.action("moveActionUp", "Move action " + (i + 1) + " up", String.valueOf(i)));
            }
        }
        rows.add(Rows.choice("addAction", "Add action", "", Rows.with(Rows.literals(ActionKind.VALUES), "")));
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        Port port = (Port) element;
        switch (property) {
            case "addAction" -> {
                if (value.isEmpty()) {
                    return () -> {
                    };
                }
                ActionKind k = Rows.enumOf(ActionKind.get(value), value, ActionKind.VALUES);
                Action a = ActionRows.create(k, port.eContainer() instanceof org.bgml.model.Entity e ? e : null);
                Behaviour existing = behaviour(port);
                Behaviour b = existing != null ? existing : BgmlFactory.eINSTANCE.createBehaviour();
                return () -> {
                    if (existing == null) {
                        setBehaviour(port, b);
                    }
                    b.getActions().add(a);
                };
            }
            case "removeAction" -> {
                EList<Action> actions = actions(port);
                int i = index(value, actions);
                Action a = actions.get(i);
                return () -> actions.remove(a);
            }
            case "moveActionUp" -> {
                EList<Action> actions = actions(port);
                int i = index(value, actions);
                if (i == 0) {
                    throw new IllegalArgumentException("the first action cannot move up");
                }
                return () -> actions.move(i - 1, i);
            }
            default -> {
            }
        }
        if (!property.startsWith(PREFIX)) {
            return null;
        }
        String rest = property.substring(PREFIX.length());
        int dot = rest.indexOf('.');
        if (dot < 0) {
            return null;
        }
        EList<Action> actions = actions(port);
        Action a = actions.get(index(rest.substring(0, dot), actions));
        Runnable change = ActionRows.apply(model, a, rest.substring(dot + 1), value);
        if (change == null) {
            throw new IllegalArgumentException("an action has no property '" + rest.substring(dot + 1) + "'");
        }
        return change;
    }

    private static int index(String value, List<Action> actions) {
        int i;
        try {
            i = Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' is not an action number");
        }
        if (i < 0 || i >= actions.size()) {
            throw new IllegalArgumentException("there is no action " + (i + 1));
        }
        return i;
    }

    private static EList<Action> actions(Port port) {
        Behaviour b = behaviour(port);
        if (b == null) {
            throw new IllegalArgumentException(port.getName() + " has no actions");
        }
        return b.getActions();
    }

    static Behaviour behaviour(EObject port) {
        return port instanceof Facet f ? f.getBehaviour() : port instanceof EventSink k ? k.getBehaviour() : null;
    }

    private static void setBehaviour(Port port, Behaviour b) {
        if (port instanceof Facet f) {
            f.setBehaviour(b);
        } else if (port instanceof EventSink k) {
            k.setBehaviour(b);
        }
    }
}
