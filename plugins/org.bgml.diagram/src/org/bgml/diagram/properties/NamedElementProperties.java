package org.bgml.diagram.properties;

import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.NamedElement;
import org.eclipse.emf.ecore.EObject;

/** Name (renamed in place or through the rename operation, never here) and description of any named element. */
final class NamedElementProperties implements PropertyProvider {

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof NamedElement;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        NamedElement n = (NamedElement) element;
        rows.add(Rows.text("name", "Name", n.getName()));
        rows.add(Rows.text("description", "Description", n.getDescription()));
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        NamedElement n = (NamedElement) element;
        return switch (property) {
            case "name" -> throw new IllegalArgumentException("rename in place or through the rename operation");
            case "description" -> () -> n.setDescription(value.isEmpty() ? null : value);
            default -> null;
        };
    }
}
