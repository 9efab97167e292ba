package org.bgml.diagram.properties;

import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.eclipse.emf.ecore.EObject;

/** The two ends of a connection, read-only (a connection is redrawn, not re-pointed). */
final class ConnectionProperties implements PropertyProvider {

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof Connection;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        Connection c = (Connection) element;
        rows.add(Rows.readOnly("source", "From", Rows.path(c.getSource())));
        rows.add(Rows.readOnly("target", "To", Rows.path(c.getTarget())));
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        return null;
    }
}
