package org.bgml.validation.rules;

import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Metric;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.eclipse.emf.ecore.EObject;

/**
 * What a metric measures, worked out from its connection or port: an invocation path typed by an interface,
 * or an event path typed by an event type, and the entity serving it when known.
 *
 * @param element the connection or port measured
 * @param invocation true for receptacle/facet paths, false for event paths
 * @param type the interface called through (the receptacle's, for a connection), or null when unknown
 * @param event the event type sent (the source's, for a connection), or null when unknown
 * @param server the entity that serves the calls or consumes the events, or null when the metric names a client-side port
 */
record MetricTarget(EObject element, boolean invocation, Interface type, EventType event, Entity server) {

    /** The metric's target, or null when it has none, two, or one that is half-built or miswired. */
    static MetricTarget of(Metric metric) {
        if ((metric.getConnection() == null) == (metric.getPort() == null)) {
            return null;
        }
        Connection c = Elements.resolved(metric.getConnection());
        if (c != null) {
            Port source = Elements.resolved(c.getSource());
            Port target = Elements.resolved(c.getTarget());
            if (source instanceof Receptacle r && target instanceof Facet f) {
                return new MetricTarget(c, true, Elements.resolved(r.getInterface()), null, entity(f));
            }
            if (source instanceof EventSource s && target instanceof EventSink k) {
                return new MetricTarget(c, false, null, Elements.resolved(s.getEventType()), entity(k));
            }
            return null;
        }
        Port port = Elements.resolved(metric.getPort());
        if (port instanceof Facet f) {
            return new MetricTarget(f, true, Elements.resolved(f.getInterface()), null, entity(f));
        }
        if (port instanceof Receptacle r) {
            return new MetricTarget(r, true, Elements.resolved(r.getInterface()), null, null);
        }
        if (port instanceof EventSink k) {
            return new MetricTarget(k, false, null, Elements.resolved(k.getEventType()), entity(k));
        }
        if (port instanceof EventSource s) {
            return new MetricTarget(s, false, null, Elements.resolved(s.getEventType()), null);
        }
        return null;
    }

    private static Entity entity(Port port) {
        return port.eContainer() instanceof Entity e ? e : null;
    }
}
