package org.bgml.model.patterns;

import java.util.List;

import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Component;
import org.bgml.model.Connection;
import org.bgml.model.EventChannel;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Latency;
import org.bgml.model.ParameterBlock;

/** One publisher, N subscribers: events delivered directly or through one event channel; latency at every subscriber. */
final class FanOutPattern extends ShippedPattern {
    FanOutPattern() {
        super("fanOut", "FanOut", "One publisher, N subscribers, directly or through an event channel; latency to each subscriber.",
                PatternParameter.integer("subscribers", 3, 1, 64, "Subscribers of the one publisher."),
                PatternParameter.choice("channel", "none", List.of("none", "cosEvent"),
                        "none: direct delivery; cosEvent: through one CORBA event channel."),
                SAMPLES, RATE);
    }

    @Override
    public void build(PatternBuilder b, PatternArguments a) {
        int n = a.integer("subscribers");
        b.module("IDL of the fan-out pattern.");
        EventType type = b.eventType("Notice", "What the publisher sends every subscriber.");
        ParameterBlock pub = b.block("PublisherParams", "How fast the publisher publishes.", a.number("rate"), 1, null, 0);
        EventChannel channel = a.text("channel").equals("cosEvent") ? b.channel("Channel", type) : null;
        Client publisher = b.client("Publisher", "Publishes every event to all subscribers.");
        EventSource out = b.source(publisher, "output", type);
        for (int i = 1; i <= n; i++) {
            Component s = b.component("Subscriber" + i, "Subscriber " + i + ".");
            Connection c = b.connect("ToSubscriber" + i, out, b.sink(s, "input", type), "Events to subscriber " + i + ".");
            c.setChannel(channel);
            Latency l = b.metric(BgmlFactory.eINSTANCE.createLatency(), "Latency" + i, "Event latency to subscriber " + i + ".", c,
                    a.integer("samples"));
            l.setEventType(type);
            l.setParameters(pub);
            b.process("Subscriber" + i + "Process", PatternBuilder.LOCALHOST, 0, List.of(s));
        }
        b.process("PublisherProcess", PatternBuilder.LOCALHOST, 1, List.of(publisher));
    }
}
