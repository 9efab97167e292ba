package org.bgml.diagram.handler;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.model.io.ElementPaths;

/**
 * Which connections can be drawn: a receptacle to a facet of the same interface (or one derived from it), an event
 * source to a sink of the same event type (or a base of it). The reason for a refusal names both ends and the rule.
 */
public final class ConnectionRules {
    private ConnectionRules() {
    }

    /** Null when {@code source → target} is legal, else why not. */
    public static String problem(BenchmarkModel model, Port source, Port target) {
        if (source == null || target == null) {
            return "both ends of a connection must be ports";
        }
        String s = describe(source);
        String t = describe(target);
        if (source instanceof Facet && target instanceof Receptacle || source instanceof EventSink && target instanceof EventSource) {
            return "connections run from the user to the provider: draw it from " + t + " to " + s;
        }
        if (source instanceof Receptacle r) {
            if (!(target instanceof Facet f)) {
                return "a receptacle connects only to a facet, and " + t + " is not one";
            }
            if (r.getInterface() == null) {
                return s + " has no interface yet; choose one in its properties";
            }
            if (f.getInterface() == null) {
                return t + " has no interface yet; choose one in its properties";
            }
            if (!derives(f.getInterface(), r.getInterface())) {
                return "interfaces differ: " + s + " uses " + ElementPaths.pathOf(r.getInterface()) + " but " + t + " provides "
                        + ElementPaths.pathOf(f.getInterface());
            }
        } else if (source instanceof EventSource src) {
            if (!(target instanceof EventSink sink)) {
                return "an event source connects only to an event sink, and " + t + " is not one";
            }
            if (src.getEventType() == null || sink.getEventType() == null) {
                return (src.getEventType() == null ? s : t) + " has no event type yet; choose one in its properties";
            }
            if (!derives(src.getEventType(), sink.getEventType())) {
                return "event types differ: " + s + " emits " + ElementPaths.pathOf(src.getEventType()) + " but " + t + " consumes "
                        + ElementPaths.pathOf(sink.getEventType());
            }
        } else {
            return "a connection starts at a receptacle or an event source, and " + s + " is neither";
        }
        for (Connection c : model.getConnections()) {
            if (c.getSource() == source && c.getTarget() == target) {
                return s + " is already connected to " + t + " by '" + c.getName() + "'";
            }
        }
        return null;
    }

    private static String describe(Port p) {
        String kind = switch (p.eClass().getName()) {
            case "Facet" -> "facet";
            case "Receptacle" -> "receptacle";
            case "EventSource" -> "event source";
            default -> "event sink";
        };
        return kind + " '" + ElementPaths.pathOf(p) + "'";
    }

    private static boolean derives(Interface provided, Interface wanted) {
        if (provided == wanted) {
            return true;
        }
        for (Interface base : provided.getBases()) {
            if (derives(base, wanted)) {
                return true;
            }
        }
        return false;
    }

    private static boolean derives(EventType emitted, EventType consumed) {
        for (EventType t = emitted; t != null; t = t.getBase()) {
            if (t == consumed) {
                return true;
            }
        }
        return false;
    }
}
