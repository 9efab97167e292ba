package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.bgml.model.Behaviour;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Connection;
import org.bgml.model.EventChannel;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventSourceKind;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/** The interconnection viewpoint: which ports may be wired together, and how often. */
public final class ConnectionRules implements RuleSet {
    /** A connection goes from a receptacle to a facet (invocation) or from an event source to an event sink (event). */
    public static final String KIND = "connection.kind";
    /** A receptacle's interface equals the facet's interface or is one of its bases, directly or not. */
    public static final String INTERFACE = "connection.interface";
    /** An event sink consumes the source's event type or one of its bases. */
    public static final String EVENT_TYPE = "connection.event-type";
    /** A simplex receptacle (not multiplex) and an 'emits' event source have at most one connection. */
    public static final String SIMPLEX = "connection.simplex";
    /** Only event connections pass through an event channel, and the channel's event type (if set) matches the source's. */
    public static final String CHANNEL = "connection.channel";
    /** A connection between two ports of one entity measures no middleware path (warning). */
    public static final String SELF = "connection.self";
    /** Two connections join the same ports through the same channel (warning). */
    public static final String DUPLICATE = "connection.duplicate";
    /** A receptacle without connections leaves the generated client nothing to call (warning). */
    public static final String UNCONNECTED = "connection.unconnected";
    /**
     * A facet or sink behaviour is complete and consistent: forwarding names a receptacle of the same entity
     * whose interface offers the facet's operations and never leads back to the same facet; busy-work has a
     * positive duration; settings the kind ignores are flagged (warning).
     */
    public static final String BEHAVIOUR = "connection.behaviour";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        Map<Port, List<Connection>> bySource = new LinkedHashMap<>();
        Map<List<Object>, Connection> seen = new HashMap<>();
        for (Connection c : Elements.allOf(root, Connection.class)) {
            Port source = Elements.resolved(c.getSource());
            Port target = Elements.resolved(c.getTarget());
            if (source != null) {
                bySource.computeIfAbsent(source, k -> new ArrayList<>()).add(c);
            }
            if (source == null || target == null) {
                continue;
            }
            checkConnection(c, source, target, sink);
            Connection earlier = seen.putIfAbsent(Arrays.asList(source, target, c.getChannel()), c);
            if (earlier != null) {
                sink.warning(DUPLICATE, c, Elements.label(c) + " joins the same ports as " + Elements.label(earlier)
                        + "; the second connection adds nothing");
            }
        }
        for (Receptacle r : Elements.allOf(root, Receptacle.class)) {
            List<Connection> out = bySource.getOrDefault(r, List.of());
            if (out.isEmpty()) {
                sink.warning(UNCONNECTED, r, Elements.label(r) + " has no connection; the generated client would have no object to call");
            } else if (!r.isMultiplex() && out.size() > 1) {
                sink.error(SIMPLEX, r, "simplex " + Elements.label(r) + " has " + out.size() + " connections ("
                        + names(out) + "); mark it multiplex (uses multiple) or keep one connection");
            }
        }
        for (EventSource s : Elements.allOf(root, EventSource.class)) {
            List<Connection> out = bySource.getOrDefault(s, List.of());
            if (s.getKind() == EventSourceKind.EMITS && out.size() > 1) {
                sink.error(SIMPLEX, s, Elements.label(s) + " emits (one consumer only) but has " + out.size()
                        + " connections (" + names(out) + "); make it 'publishes' or keep one connection");
            }
        }
        for (Behaviour b : Elements.allOf(root, Behaviour.class)) {
            checkBehaviour(b, bySource, sink);
        }
    }

    private static void checkConnection(Connection c, Port source, Port target, DiagnosticSink sink) {
        if (source instanceof Receptacle r && target instanceof Facet f) {
            Interface uses = Elements.resolved(r.getInterface());
            Interface provides = Elements.resolved(f.getInterface());
            if (uses != null && provides != null && !IdlTypes.isOrInherits(provides, uses)) {
                sink.error(INTERFACE, c, Elements.label(c) + ": " + Elements.label(r) + " uses interface "
                        + Elements.quote(Elements.path(uses)) + " but " + Elements.label(f) + " provides "
                        + Elements.quote(Elements.path(provides)) + ", which neither is nor inherits from it");
            }
            if (c.getChannel() != null) {
                sink.error(CHANNEL, c, Elements.label(c) + " is an invocation connection but passes through event channel "
                        + Elements.quote(Elements.path(c.getChannel())) + "; only event connections use channels");
            }
        } else if (source instanceof EventSource s && target instanceof EventSink k) {
            EventType sent = Elements.resolved(s.getEventType());
            EventType consumed = Elements.resolved(k.getEventType());
            if (sent != null && consumed != null && !IdlTypes.isOrDerivesFrom(sent, consumed)) {
                sink.error(EVENT_TYPE, c, Elements.label(c) + ": " + Elements.label(s) + " sends "
                        + Elements.quote(Elements.path(sent)) + " but " + Elements.label(k) + " consumes "
                        + Elements.quote(Elements.path(consumed)) + ", which is neither that event type nor one of its bases");
            }
            EventChannel channel = Elements.resolved(c.getChannel());
            EventType carried = channel == null ? null : Elements.resolved(channel.getEventType());
            if (carried != null && sent != null && !IdlTypes.isOrDerivesFrom(sent, carried)) {
                sink.error(CHANNEL, c, Elements.label(c) + " passes " + Elements.quote(Elements.path(sent))
                        + " events through " + Elements.label(channel) + ", which carries " + Elements.quote(Elements.path(carried)));
            }
        } else {
            sink.error(KIND, c, kindMessage(c, source, target));
            return;
        }
        if (source.eContainer() != null && source.eContainer() == target.eContainer()) {
            sink.warning(SELF, c, Elements.label(c) + " joins two ports of " + Elements.label(source.eContainer())
                    + "; a call to oneself measures no middleware path");
        }
    }

    private static String kindMessage(Connection c, Port source, Port target) {
        String both = Elements.label(c) + " goes from " + Elements.label(source) + " to " + Elements.label(target);
        if (source instanceof Facet && target instanceof Receptacle || source instanceof EventSink && target instanceof EventSource) {
            return both + "; connections go from the receptacle or event source to the facet or event sink: swap source and target";
        }
        return both + "; only receptacle -> facet and event source -> event sink connections are allowed";
    }

    private static void checkBehaviour(Behaviour b, Map<Port, List<Connection>> bySource, DiagnosticSink sink) {
        EObject port = b.eContainer();
        BehaviourKind kind = b.getKind() == null ? BehaviourKind.ECHO : b.getKind();
        String owner = "the behaviour of " + Elements.label(port);
        if (b.getBusyWorkMicros() < 0) {
            sink.error(BEHAVIOUR, b, owner + " has negative busy-work (" + b.getBusyWorkMicros() + " us)");
        } else if (kind == BehaviourKind.BUSY_WORK && b.getBusyWorkMicros() == 0) {
            sink.warning(BEHAVIOUR, b, owner + " is busy-work of 0 us, which is an echo; set busyWorkMicros");
        } else if (kind != BehaviourKind.BUSY_WORK && b.getBusyWorkMicros() > 0) {
            sink.warning(BEHAVIOUR, b, owner + " is " + kind.getLiteral() + ", so its busy-work of "
                    + b.getBusyWorkMicros() + " us is ignored");
        }
        Receptacle forward = Elements.resolved(b.getForwardTo());
        if (kind != BehaviourKind.FORWARD) {
            if (forward != null) {
                sink.warning(BEHAVIOUR, b, owner + " is " + kind.getLiteral() + ", so forwarding to "
                        + Elements.label(forward) + " is ignored");
            }
            return;
        }
        if (b.getForwardTo() == null) {
            sink.error(BEHAVIOUR, b, owner + " forwards, but names no receptacle to forward through (forwardTo)");
            return;
        }
        if (forward == null) {
            return; // unresolved: reported by the reference rules
        }
        if (port == null || forward.eContainer() != port.eContainer()) {
            sink.error(BEHAVIOUR, b, owner + " forwards through " + Elements.label(forward)
                    + ", which belongs to another entity; a proxy forwards through a receptacle of its own");
            return;
        }
        if (port instanceof Facet facet) {
            Interface provided = Elements.resolved(facet.getInterface());
            Interface used = Elements.resolved(forward.getInterface());
            if (provided != null && used != null && !IdlTypes.isOrInherits(used, provided)) {
                sink.error(BEHAVIOUR, b, owner + " forwards calls on " + Elements.quote(Elements.path(provided))
                        + " through " + Elements.label(forward) + ", whose interface " + Elements.quote(Elements.path(used))
                        + " does not offer them");
            }
            List<Facet> loop = Cycles.through(facet, f -> forwardedTo(f, bySource));
            if (loop != null) {
                sink.error(BEHAVIOUR, b, owner + " forwards calls in a circle ("
                        + Cycles.describe(loop, Elements::path) + "); every call would circulate forever");
            }
        }
    }

    /** The facets a forwarding facet passes its calls to. */
    private static List<Facet> forwardedTo(Facet facet, Map<Port, List<Connection>> bySource) {
        Behaviour b = facet.getBehaviour();
        if (b == null || b.getKind() != BehaviourKind.FORWARD || Elements.resolved(b.getForwardTo()) == null) {
            return List.of();
        }
        List<Facet> next = new ArrayList<>();
        for (Connection c : bySource.getOrDefault(b.getForwardTo(), List.of())) {
            if (Elements.resolved(c.getTarget()) instanceof Facet f) {
                next.add(f);
            }
        }
        return next;
    }

    private static String names(List<Connection> connections) {
        return String.join(", ", connections.stream().map(c -> Objects.requireNonNullElse(Elements.path(c), "?")).toList());
    }
}
