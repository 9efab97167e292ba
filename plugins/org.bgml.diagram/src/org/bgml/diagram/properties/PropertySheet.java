package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Metric;
import org.bgml.model.NamedElement;
import org.eclipse.emf.ecore.EObject;

/**
 * The property sheet of PROTOCOL.md: the rows an element shows, gathered from the {@link PropertyProvider}s that
 * apply to its kind, and the change a typed-in value makes. {@link #apply} checks the value and returns the change to
 * run inside an undoable command, or throws {@link IllegalArgumentException} with the reason.
 */
public final class PropertySheet {
    /** In the sheet's order: what every named element has first, then what its kind adds, then what measures it. */
    private static final List<PropertyProvider> PROVIDERS = List.of(
            new NamedElementProperties(),
            new InvocationPortProperties(),
            new EventPortProperties(),
            new TimerProperties(),
            new BehaviourProperties(),
            new ActionProperties(),
            new ConnectionProperties(),
            new MeasuredElementProperties(),
            new MetricProperties(),
            new ConfigurationProperties(),
            new ModelProperties());

    private PropertySheet() {
    }

    public static String title(EObject o) {
        String kind = o instanceof BenchmarkModel ? "Model" : o.eClass().getName();
        return o instanceof NamedElement n && n.getName() != null ? kind + " " + n.getName() : kind;
    }

    public static List<Property> of(BenchmarkModel model, EObject o) {
        List<Property> rows = new ArrayList<>();
        rows.add(Rows.readOnly("kind", "Kind", o.eClass().getName()));
        for (PropertyProvider provider : PROVIDERS) {
            if (provider.appliesTo(o)) {
                provider.rows(model, o, rows);
            }
        }
        return rows;
    }

    /** The change that sets {@code property} of {@code o} to {@code value}; throws with the reason when it cannot. */
    public static Runnable apply(BenchmarkModel model, EObject o, String property, String value) {
        String v = value == null ? "" : value.trim();
        for (PropertyProvider provider : PROVIDERS) {
            if (provider.appliesTo(o)) {
                Runnable change = provider.apply(model, o, property, v);
                if (change != null) {
                    return change;
                }
            }
        }
        throw new IllegalArgumentException(title(o) + " has no property '" + property + "'");
    }

    /** A new metric of {@code kind} measuring connection or port {@code o}; see {@link MetricProperties#newMetric}. */
    public static Metric newMetric(BenchmarkModel model, EObject o, String kind) {
        return MetricProperties.newMetric(model, o, kind);
    }
}
