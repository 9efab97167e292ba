package org.bgml.generator.common.plan;

import java.util.List;

import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;

/** A source-to-sink event connection, direct or through a named channel. */
public record EventPlan(Connection connection, Entity supplier, EventSource source, Entity consumer, EventSink sink,
        String channel, String supplierProcess, String consumerProcess, List<MetricPlan> metrics) {

    public EventType eventType() {
        return source.getEventType();
    }

    public boolean collocated() {
        return supplierProcess.equals(consumerProcess);
    }
}
