package org.bgml.validation.rules;

import java.util.List;

import org.bgml.model.Connection;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Facet;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.model.Workload;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/** End-to-end path metrics: where a path starts and whether its end can be reached from there. */
public final class PathRules implements RuleSet {
    /**
     * A path starts where calls or events are made: at a port that is a timer event source or a receptacle
     * whose calls a client drives (connected to a facet), or at a connection from either.
     */
    public static final String ORIGIN = "path.origin";
    /** A path ends at a facet or event sink that its origin reaches through connections and actions. */
    public static final String END = "path.end";
    /**
     * A path from a client's calls is driven by the metric's own loop of calls: one calling thread, counted calls
     * (warm-up, then the workload's iterations or the samples), so that the end records exactly those calls.
     */
    public static final String CALLS = "path.calls";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        ActionGraph graph = new ActionGraph(root);
        for (PathLatency path : Elements.allOf(root, PathLatency.class)) {
            check(path, graph, sink);
        }
    }

    /** The workload of a path from calls: one thread, a count of calls. */
    private static void checkCalls(PathLatency path, String m, DiagnosticSink sink) {
        Workload w = path.getWorkload();
        if (w == null) {
            return;
        }
        if (w.getThreads() > 1) {
            sink.error(CALLS, path, m + " starts at a client's calls and asks for " + w.getThreads() + " calling threads; "
                    + "the calls that start a path run in one thread, so that each arrives in order; set threads to 1");
        }
        if (w.getIterations() <= 0 && w.getDurationMillis() > 0) {
            sink.error(CALLS, path, m + " starts at a client's calls and runs for " + w.getDurationMillis() + " ms; the "
                    + "end records a count of calls (the workload's iterations, else the samples); give a count, not a duration");
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
            Port source = Elements.resolved(c.getSource());
            if (source instanceof EventSource s && s.getTimer() == null) {
                sink.error(ORIGIN, path, m + " starts at " + Elements.label(c) + ", whose source "
                        + Elements.label(source) + " has no timer: nothing publishes on it for the path; give the source "
                        + "a timer, or start the path at a client's receptacle");
                return;
            }
            Port target = Elements.resolved(c.getTarget());
            first = target == null ? null : List.of(target);
            if (source instanceof Receptacle) {
                checkCalls(path, m, sink);
            }
        } else if (port instanceof Receptacle || port instanceof EventSource s && s.getTimer() != null) {
            origin = port;
            first = graph.receiversOf(port);
            if (port instanceof Receptacle) {
                if (first.isEmpty()) {
                    sink.error(ORIGIN, path, m + " starts at the calls of " + Elements.label(port) + ", which is connected "
                            + "to no facet, so its calls reach no end; connect it, or start the path elsewhere");
                    return;
                }
                checkCalls(path, m, sink);
            }
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
