package org.bgml.validation.rules;

import java.util.List;

import org.bgml.model.Connection;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Facet;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/** End-to-end path metrics: where a path starts and whether its end can be reached from there. */
public final class PathRules implements RuleSet {
    /**
     * A path starts where calls or events are made: at a port that is a timer event source or a receptacle
     * whose calls a client drives, or at a connection.
     */
    public static final String ORIGIN = "path.origin";
    /** A path ends at a facet or event sink that its origin reaches through connections and actions. */
    public static final String END = "path.end";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        ActionGraph graph = new ActionGraph(root);
        for (PathLatency path : Elements.allOf(root, PathLatency.class)) {
            check(path, graph, sink);
        }
    }

    private static void check(PathLatency path, ActionGraph graph, DiagnosticSink sink) {
        if ((path.getConnection() == null) == (path.getPort() == null)) {
            return; // no origin, or two: reported by the metric rules
        }
        String m = Elements.label(path);
        List<Port> first;
        EObject origin;
        Connection c = Elements.resolved(path.getConnection());
        Port port = Elements.resolved(path.getPort());
        if (c != null) {
            origin = c;
            Port target = Elements.resolved(c.getTarget());
            first = target == null ? null : List.of(target);
        } else if (port instanceof Receptacle || port instanceof EventSource s && s.getTimer() != null) {
            origin = port;
            first = graph.receiversOf(port);
        } else if (port instanceof EventSource) {
            sink.error(ORIGIN, path, m + " starts at " + Elements.label(port) + ", which has no timer and so publishes on no "
                    + "schedule of its own; give it a timer, or start the path at one of its connections");
            return;
        } else if (port != null) {
            sink.error(ORIGIN, path, m + " starts at " + Elements.label(port) + ", which receives calls or events rather than "
                    + "making them; a path starts at a timer event source, a client's receptacle or a connection");
            return;
        } else {
            return; // unresolved: reported by the reference rules
        }
        Port end = Elements.resolved(path.getEnd());
        if (first == null || end == null) {
            return;
        }
        if (!(end instanceof Facet || end instanceof EventSink)) {
            sink.error(END, path, m + " ends at " + Elements.label(end) + "; a path ends where a call or event arrives, "
                    + "at a facet or an event sink");
            return;
        }
        if (!graph.reachableFrom(first).contains(end)) {
            sink.error(END, path, m + " runs from " + Elements.label(origin) + " to " + Elements.label(end)
                    + ", but no chain of connections and actions leads from the one to the other; add the publish, "
                    + "call or forward actions that carry it on, or choose an end the origin reaches");
        }
    }
}
