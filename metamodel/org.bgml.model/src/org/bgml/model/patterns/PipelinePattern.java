package org.bgml.model.patterns;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Component;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Latency;
import org.bgml.model.ParameterBlock;

/**
 * A feed, N stages and a tail joined by events of one type. Each hop is a connection of its own, measured by its own
 * latency metric: a stage's sink and its source are separate ports, and a chain measured end to end needs the
 * behaviours' publish actions, which the generators do not carry out yet.
 */
final class PipelinePattern extends ShippedPattern {
    PipelinePattern() {
        super("pipeline", "Pipeline", "A feed, N stages and a tail joined by events; the latency of every hop.",
                PatternParameter.integer("stages", 2, 1, 32, "Stages between the feed and the tail."),
                PatternParameter.identifier("eventType", "Sample", "Name of the event type the stages pass on."),
                SAMPLES, RATE);
    }

    @Override
    public void build(PatternBuilder b, PatternArguments a) {
        int stages = a.integer("stages");
        b.module("IDL of the pipeline pattern.");
        EventType type = b.eventType(a.text("eventType"), "What flows through the pipeline.");
        ParameterBlock feed = b.block("FeedParams", "How fast each hop's supplier publishes.", a.number("rate"), 1, null, 0);
        Client head = b.client("Feed", "Publishes into the first stage.");
        EventSource out = b.source(head, "output", type);
        List<Entity> order = new ArrayList<>(List.of(head));
        for (int i = 1; i <= stages + 1; i++) {
            boolean tail = i == stages + 1;
            Component next = b.component(tail ? "Tail" : "Stage" + i, tail ? "The end of the pipeline." : "Stage " + i + ".");
            EventSink in = b.sink(next, "input", type);
            Connection hop = b.connect("Hop" + i, out, in, "Hop " + i + " of the pipeline.");
            Latency l = b.metric(BgmlFactory.eINSTANCE.createLatency(), "Hop" + i + "Latency", "Latency of hop " + i + ".", hop,
                    a.integer("samples"));
            l.setEventType(type);
            l.setParameters(feed);
            if (!tail) {
                out = b.source(next, "output", type);
            }
            order.add(next);
        }
        for (int i = order.size() - 1; i >= 0; i--) { // sinks first: each supplier finds its consumer ready
            Entity e = order.get(i);
            b.process(e.getName().substring(b.prefix().length()) + "Process", PatternBuilder.LOCALHOST, order.size() - 1 - i, List.of(e));
        }
    }
}
