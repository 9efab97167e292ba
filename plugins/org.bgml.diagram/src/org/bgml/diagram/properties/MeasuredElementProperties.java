package org.bgml.diagram.properties;

import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Port;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/** What a metric can measure (a connection or a port): its metrics, and a new one of a chosen kind. */
final class MeasuredElementProperties implements PropertyProvider {

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof Connection || element instanceof Port;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        List<String> names = model.getMetrics().stream()
                .filter(m -> element instanceof Connection ? m.getConnection() == element : m.getPort() == element)
                .map(ElementPaths::pathOf).toList();
        rows.add(Rows.links("metrics", "Metrics", names));
        rows.add(Rows.choice("addMetric", "Add metric", "", Rows.with(MetricProperties.KINDS, "")));
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        if (!property.equals("addMetric")) {
            return null;
        }
        var metric = MetricProperties.newMetric(model, element, value);
        return () -> model.getMetrics().add(metric);
    }
}
