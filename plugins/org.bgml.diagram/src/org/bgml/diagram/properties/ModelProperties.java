package org.bgml.diagram.properties;

import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.diagram.handler.ModelElements;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Configuration;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/** The model itself (the sheet with nothing selected): its configurations, a new one, and what it holds. */
final class ModelProperties implements PropertyProvider {

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof BenchmarkModel;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        rows.add(Rows.links("configurations", "Configurations", model.getConfigurations().stream().map(ElementPaths::pathOf).toList()));
        rows.add(Rows.text("addConfiguration", "Add configuration (name)", ""));
        rows.add(Rows.readOnly("entities", "Entities", String.valueOf(model.getEntities().size())));
        rows.add(Rows.readOnly("connections", "Connections", String.valueOf(model.getConnections().size())));
        rows.add(Rows.links("metricList", "Metrics", model.getMetrics().stream().map(ElementPaths::pathOf).toList()));
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        if (!property.equals("addConfiguration")) {
            return null;
        }
        String problem = ModelElements.nameProblem(model, null, value);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        Configuration c = BgmlFactory.eINSTANCE.createConfiguration();
        c.setName(value);
        return () -> model.getConfigurations().add(c);
    }
}
