package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.diagram.handler.IdlTypes;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventSourceKind;
import org.bgml.model.EventType;
import org.eclipse.emf.ecore.EObject;

/** An event source's or sink's event type (typed by scoped name, created when new), and a source's kind. */
final class EventPortProperties implements PropertyProvider {

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof EventSource || element instanceof EventSink;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        EventType type = element instanceof EventSource s ? s.getEventType() : ((EventSink) element).getEventType();
        rows.add(Rows.combo("eventType", "Event type", Rows.path(type), IdlTypes.paths(model, EventType.class)));
        if (element instanceof EventSource s) {
            rows.add(Rows.choice("sourceKind", "Source kind", s.getKind().getLiteral(), Rows.literals(EventSourceKind.VALUES)));
        }
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        switch (property) {
            case "eventType" -> {
                List<Runnable> changes = new ArrayList<>();
                EventType t = IdlTypeChoice.resolveOrCreate(model, value, EventType.class, changes);
                changes.add(() -> {
                    if (element instanceof EventSource s) {
                        s.setEventType(t);
                    } else if (element instanceof EventSink s) {
                        s.setEventType(t);
                    }
                });
                return Rows.all(changes);
            }
            case "sourceKind" -> {
                if (!(element instanceof EventSource s)) {
                    return null;
                }
                EventSourceKind k = EventSourceKind.get(value);
                if (k == null) {
                    throw new IllegalArgumentException("source kind is publishes or emits");
                }
                return () -> s.setKind(k);
            }
            default -> {
                return null;
            }
        }
    }
}
