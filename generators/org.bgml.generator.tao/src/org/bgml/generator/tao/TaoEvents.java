package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.model.EventChannel;
import org.bgml.model.EventServiceKind;
import org.bgml.model.EventType;
import org.bgml.model.io.ElementPaths;

/**
 * Event connections on TAO. Events travel as CORBA::Any through CosEventComm push consumers: directly to the
 * consumer's object when the connection names no channel, or through a CosEvent channel (TAO's
 * TAO_CEC_EventChannel, hosted by a generated channel process started first). Each event is wrapped with its
 * series (metric and payload size), a warm-up flag and its send time, so the consumer measures latency on the
 * shared CLOCK_MONOTONIC of the host. The real-time event service is refused with a clear message.
 */
public class TaoEvents {

    /** One metric at one payload size: what a consumer keeps one history for. */
    public record Series(int index, MetricPlan metric, int payload) {
    }

    private final BenchmarkPlan plan;
    private final TaoNaming naming;

    public TaoEvents(BenchmarkPlan plan, TaoNaming naming) {
        this.plan = plan;
        this.naming = naming;
    }

    public boolean any() {
        return !plan.events().isEmpty();
    }

    /** Refuses what the target cannot generate, naming the element. */
    public void check() {
        for (EventPlan e : plan.events()) {
            EventChannel c = channel(e);
            if (e.channel() != null && c == null) {
                throw new IllegalArgumentException("tao: event connection " + ElementPaths.pathOf(e.connection())
                        + " names channel " + e.channel() + ", which the model does not declare");
            }
            if (c != null && c.getService() == EventServiceKind.REALTIME_EVENT) {
                throw new IllegalArgumentException("tao: event channel " + ElementPaths.pathOf(c)
                        + " asks for TAO's real-time event service, which the tao target does not generate yet;"
                        + " set its service to cosEvent (TAO's CosEvent channel)");
            }
        }
    }

    /** The channel of an event connection, or null for a direct connection. */
    public EventChannel channel(EventPlan e) {
        if (e.channel() == null) {
            return null;
        }
        for (EventChannel c : plan.model().getEventChannels()) {
            if (c.getName().equals(e.channel())) {
                return c;
            }
        }
        return null;
    }

    /** Channels some connection goes through, in model order. */
    public List<EventChannel> channels() {
        Set<EventChannel> used = new LinkedHashSet<>();
        for (EventChannel c : plan.model().getEventChannels()) {
            for (EventPlan e : plan.events()) {
                if (channel(e) == c) {
                    used.add(c);
                }
            }
        }
        return new ArrayList<>(used);
    }

    /** Event types that some process consumes: each gets a push consumer class. */
    public List<EventType> consumedTypes() {
        Set<EventType> types = new LinkedHashSet<>();
        plan.events().forEach(e -> types.add(e.eventType()));
        return new ArrayList<>(types);
    }

    /** Event types that travel at all (each gets a timed wrapper). */
    public List<EventType> eventTypes() {
        return consumedTypes();
    }

    /** The series of a connection: its metrics in order, each at each payload size. */
    public List<Series> series(EventPlan e) {
        List<Series> series = new ArrayList<>();
        for (MetricPlan m : e.metrics()) {
            for (int size : m.payloadSizes()) {
                series.add(new Series(series.size(), m, size));
            }
        }
        return series;
    }

    /** The consumer is reached through its IOR file (another process, or a channel that needs it connected). */
    public boolean consumerPublished(EventPlan e) {
        return !e.collocated() || e.channel() != null;
    }

    /** The IOR file a consumer writes once it is ready to receive. */
    public String consumerIor(EventPlan e) {
        return naming.consumerIorFile(e.consumer(), e.sink());
    }

    /** Processes that consume or supply through a channel. */
    public boolean usesChannel(ProcessPlan p) {
        return p.supplies().stream().anyMatch(e -> e.channel() != null) || p.consumes().stream().anyMatch(e -> e.channel() != null);
    }

    public boolean involves(ProcessPlan p) {
        return !p.supplies().isEmpty() || !p.consumes().isEmpty();
    }
}
