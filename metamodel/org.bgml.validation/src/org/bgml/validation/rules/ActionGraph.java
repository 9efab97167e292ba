package org.bgml.validation.rules;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.Behaviour;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Connection;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Facet;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.eclipse.emf.ecore.EObject;

/**
 * What triggers what: from a facet or sink that receives a call or event, through the actions of its behaviour
 * (a call or forward through a receptacle, a publication on a source) and the connections from that port, to the
 * facets and sinks that receive next. A behaviour's old-style forward ({@code kind="forward"}) is an edge too.
 */
public final class ActionGraph {
    private final Map<Port, List<Connection>> bySource = new LinkedHashMap<>();

    /** The graph of the model under {@code root}. */
    public ActionGraph(EObject root) {
        for (Connection c : Elements.allOf(root, Connection.class)) {
            Port source = Elements.resolved(c.getSource());
            if (source != null) {
                bySource.computeIfAbsent(source, k -> new ArrayList<>()).add(c);
            }
        }
    }

    /** The connections that leave {@code port}, in model order. */
    public List<Connection> connectionsFrom(Port port) {
        return bySource.getOrDefault(port, List.of());
    }

    /** The facets and sinks that the calls through a receptacle, or the events of a source, reach directly. */
    public List<Port> receiversOf(Port sender) {
        List<Port> found = new ArrayList<>();
        for (Connection c : connectionsFrom(sender)) {
            Port target = Elements.resolved(c.getTarget());
            if (target instanceof Facet && sender instanceof Receptacle || target instanceof EventSink && sender instanceof EventSource) {
                found.add(target);
            }
        }
        return found;
    }

    /** The port an action sends through: its receptacle for a call or forward, its source for a publication. */
    public static Port sender(Action action) {
        if (action.getKind() == null) {
            return null;
        }
        return switch (action.getKind()) {
            case CALL, FORWARD -> Elements.resolved(action.getReceptacle());
            case PUBLISH -> Elements.resolved(action.getSource());
            default -> null;
        };
    }

    /** The facet or sink whose behaviour holds {@code action}, or null when it sits elsewhere. */
    public static Port receiver(Action action) {
        return action.eContainer() instanceof Behaviour b && b.eContainer() instanceof Port p ? p : null;
    }

    /** The behaviour of a facet or sink, or null. */
    public static Behaviour behaviour(Port port) {
        if (port instanceof Facet f) {
            return f.getBehaviour();
        }
        return port instanceof EventSink k ? k.getBehaviour() : null;
    }

    /** The facets and sinks that one action of a behaviour reaches. */
    public List<Port> next(Action action) {
        Port sender = sender(action);
        return sender == null ? List.of() : receiversOf(sender);
    }

    /**
     * The facets and sinks a receiving port triggers, through the actions {@code follow} accepts and through an
     * old-style forward.
     */
    public Set<Port> next(Port receiving, Predicate<Action> follow) {
        Set<Port> found = new LinkedHashSet<>();
        Behaviour b = behaviour(receiving);
        if (b == null) {
            return found;
        }
        for (Action a : b.getActions()) {
            if (follow.test(a)) {
                found.addAll(next(a));
            }
        }
        if (b.getKind() == BehaviourKind.FORWARD && Elements.resolved(b.getForwardTo()) != null) {
            found.addAll(receiversOf(b.getForwardTo()));
        }
        return found;
    }

    /**
     * A shortest chain from {@code from} to {@code to} (both included) through the actions {@code follow} accepts,
     * or null when there is none.
     */
    public List<Port> chain(Port from, Port to, Predicate<Action> follow) {
        Map<Port, Port> parent = new IdentityHashMap<>();
        Deque<Port> todo = new ArrayDeque<>();
        parent.put(from, from);
        todo.add(from);
        while (!todo.isEmpty()) {
            Port current = todo.poll();
            if (current == to) {
                List<Port> chain = new ArrayList<>();
                for (Port p = to; p != from; p = parent.get(p)) {
                    chain.add(p);
                }
                chain.add(from);
                Collections.reverse(chain);
                return chain;
            }
            for (Port n : next(current, follow)) {
                if (!parent.containsKey(n)) {
                    parent.put(n, current);
                    todo.add(n);
                }
            }
        }
        return null;
    }

    /** Every facet and sink reachable from the given first receivers through all actions, them included. */
    public Set<Port> reachableFrom(List<Port> first) {
        Set<Port> seen = new LinkedHashSet<>(first);
        Deque<Port> todo = new ArrayDeque<>(first);
        while (!todo.isEmpty()) {
            for (Port n : next(todo.poll(), a -> true)) {
                if (seen.add(n)) {
                    todo.add(n);
                }
            }
        }
        return seen;
    }

    /** True for an action that sends on (call, forward, publish). */
    public static boolean sends(Action action) {
        return action.getKind() == ActionKind.CALL || action.getKind() == ActionKind.FORWARD
                || action.getKind() == ActionKind.PUBLISH;
    }
}
