package org.bgml.diagram.properties;

import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.model.BenchmarkModel;
import org.eclipse.emf.ecore.EObject;

/**
 * The rows one kind of element adds to the property sheet (PROTOCOL.md), and how a typed-in value of one of them
 * changes the model. An element is served by every provider that {@link #appliesTo applies to} it, in the sheet's order.
 */
public interface PropertyProvider {

    boolean appliesTo(EObject element);

    /** Appends this provider's rows for {@code element}. */
    void rows(BenchmarkModel model, EObject element, List<Property> rows);

    /**
     * The change that sets {@code property} of {@code element} to {@code value} (already trimmed), to run inside an
     * undoable command; null when {@code property} is not one of this provider's. Throws
     * {@link IllegalArgumentException} with the reason when the value is refused.
     */
    Runnable apply(BenchmarkModel model, EObject element, String property, String value);
}
