package org.bgml.diagram.properties;

import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.Action;
import org.bgml.model.BenchmarkModel;
import org.eclipse.emf.ecore.EObject;

/** One action on its own (a trigger edge selected in the diagram): the same rows as in its facet's or sink's sheet. */
final class ActionProperties implements PropertyProvider {
    private static final String PREFIX = "action";

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof Action;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        Action a = (Action) element;
        rows.add(Rows.readOnly("summary", "Does", ActionRows.describe(a)));
        ActionRows.rows(a, PREFIX, "Action", rows);
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        if (!property.startsWith(PREFIX + ".")) {
            return null;
        }
        return ActionRows.apply(model, (Action) element, property.substring(PREFIX.length() + 1), value);
    }
}
