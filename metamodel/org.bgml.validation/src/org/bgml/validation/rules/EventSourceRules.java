package org.bgml.validation.rules;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.Connection;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Metric;
import org.bgml.model.RateKind;
import org.bgml.model.Workload;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/** Event sources: what makes each one publish, and the timer of a periodic source. */
public final class EventSourceRules implements RuleSet {
    /**
     * A timer source publishes at a fixed, positive rate (rateHz) for a count (iterations) or a duration
     * (durationMillis), none of them negative; settings a timer ignores are flagged (warning).
     */
    public static final String TIMER = "event.timer";
    /**
     * A connected event source is triggered by something: its timer, a publish action on it, or a metric on it,
     * its connections or their sinks, which makes the generated supplier publish (warning).
     */
    public static final String UNTRIGGERED = "event.untriggered";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        ActionGraph graph = new ActionGraph(root);
        Set<EObject> published = new HashSet<>();
        for (Action a : Elements.allOf(root, Action.class)) {
            if (a.getKind() == ActionKind.PUBLISH && Elements.resolved(a.getSource()) != null) {
                published.add(a.getSource());
            }
        }
        Set<EObject> measured = new HashSet<>();
        for (Metric m : Elements.allOf(root, Metric.class)) {
            if (Elements.resolved(m.getConnection()) != null) {
                measured.add(m.getConnection());
            }
            if (Elements.resolved(m.getPort()) != null) {
                measured.add(m.getPort());
            }
        }
        for (EventSource s : Elements.allOf(root, EventSource.class)) {
            if (s.getTimer() != null) {
                checkTimer(s, s.getTimer(), sink);
            }
            // only event connections count: one to a facet is miswired, which the connection rules report
            List<Connection> out = graph.connectionsFrom(s).stream()
                    .filter(c -> Elements.resolved(c.getTarget()) instanceof EventSink).toList();
            if (out.isEmpty() || s.getTimer() != null || published.contains(s) || measured.contains(s)) {
                continue;
            }
            boolean driven = out.stream().anyMatch(c -> measured.contains(c) || measured.contains(Elements.resolved(c.getTarget())));
            if (!driven) {
                sink.warning(UNTRIGGERED, s, Elements.label(s) + " is connected (" + String.join(", ",
                        out.stream().map(c -> Elements.quote(Elements.path(c))).toList()) + ") but nothing makes it publish: "
                        + "it has no timer, no action publishes on it and no metric drives it, so its connections stay silent");
            }
        }
    }

    private static void checkTimer(EventSource s, Workload w, DiagnosticSink sink) {
        String t = "the timer of " + Elements.label(s);
        double hz = w.getRateHz();
        if (w.getRate() != RateKind.FIXED) {
            sink.error(TIMER, w, t + " has no fixed rate; a periodic source publishes at rate 'fixed' and rateHz events per second");
        } else if (Double.isNaN(hz) || Double.isInfinite(hz) || hz <= 0) {
            sink.error(TIMER, w, t + " has the rate " + Elements.number(hz) + " Hz; set rateHz to a positive number of events per second");
        }
        if (w.getIterations() < 0 || w.getDurationMillis() < 0) {
            sink.error(TIMER, w, t + " has a negative count or duration (iterations " + w.getIterations() + ", durationMillis "
                    + w.getDurationMillis() + ")");
        } else if (w.getIterations() == 0 && w.getDurationMillis() == 0) {
            sink.error(TIMER, w, t + " never stops: set a count (iterations) or a duration (durationMillis)");
        } else if (w.getIterations() > 0 && w.getDurationMillis() > 0) {
            sink.warning(TIMER, w, t + " sets both a duration (" + w.getDurationMillis() + " ms) and " + w.getIterations()
                    + " iterations; the duration wins and the count is ignored");
        }
        if (w.getThreads() != 1) {
            sink.warning(TIMER, w, t + " sets " + w.getThreads() + " threads; a timer publishes from one thread, so this is ignored");
        }
        if (w.getPreDelayMillis() < 0 || w.getPostDelayMillis() < 0 || w.getPayloadBytes() < 0) {
            sink.error(TIMER, w, t + " has a negative delay or payload; they must not be negative");
        }
    }
}
