package org.bgml.diagram.properties;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.SetPropertiesAction.Entry;
import org.bgml.diagram.actions.SetPropertiesAction.Property;
import org.bgml.diagram.handler.IdlTypes;
import org.bgml.diagram.handler.ModelElements;
import org.bgml.diagram.handler.OperationSignature;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Metric;
import org.bgml.model.Module;
import org.bgml.model.Operation;
import org.bgml.model.Receptacle;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.ecore.EObject;

/**
 * A facet's or receptacle's interface (typed by scoped name, created when new), a receptacle's multiplex flag, and the
 * interface's operations as IDL signatures: added by signature, removed unless a metric measures them.
 */
final class InvocationPortProperties implements PropertyProvider {

    @Override
    public boolean appliesTo(EObject element) {
        return element instanceof Facet || element instanceof Receptacle;
    }

    @Override
    public void rows(BenchmarkModel model, EObject element, List<Property> rows) {
        Interface i = interfaceOf(element);
        rows.add(Rows.combo("interface", "Interface", Rows.path(i), IdlTypes.paths(model, Interface.class)));
        if (i != null) {
            List<Entry> entries = new ArrayList<>();
            for (Operation op : i.getOperations()) {
                List<String> by = measuredBy(model, op);
                entries.add(new Entry(OperationSignature.format(op), "removeOperation", ElementPaths.pathOf(op),
                        by.isEmpty() ? null : "measured by " + String.join(", ", by)));
            }
            rows.add(new Property("operations", "Operations of " + i.getName(),
                    String.join("\n", entries.stream().map(Entry::text).toList()), "list", null, entries));
            rows.add(Rows.text("addOperation", "Add operation, e.g. ping(in sequence<octet> payload)", ""));
        }
        if (element instanceof Receptacle r) {
            rows.add(new Property("multiplex", "Multiplex", String.valueOf(r.isMultiplex()), "boolean", null));
        }
    }

    @Override
    public Runnable apply(BenchmarkModel model, EObject element, String property, String value) {
        switch (property) {
            case "interface" -> {
                List<Runnable> changes = new ArrayList<>();
                Interface i = IdlTypeChoice.resolveOrCreate(model, value, Interface.class, changes);
                changes.add(() -> {
                    if (element instanceof Facet f) {
                        f.setInterface(i);
                    } else if (element instanceof Receptacle r) {
                        r.setInterface(i);
                    }
                });
                return Rows.all(changes);
            }
            case "multiplex" -> {
                if (!(element instanceof Receptacle r)) {
                    return null;
                }
                boolean b = Boolean.parseBoolean(value);
                return () -> r.setMultiplex(b);
            }
            case "addOperation" -> {
                Interface i = interfaceOf(element);
                if (i == null) {
                    throw new IllegalArgumentException("choose or type an interface first");
                }
                if (!(i.eContainer() instanceof Module)) {
                    throw new IllegalArgumentException("interface " + i.getName() + " is not in a module");
                }
                List<Runnable> changes = new ArrayList<>();
                Operation op = OperationSignature.parse(model, i, value, changes);
                changes.add(() -> i.getOperations().add(op));
                return Rows.all(changes);
            }
            case "removeOperation" -> {
                return removeOperation(model, element, value);
            }
            default -> {
                return null;
            }
        }
    }

    static Interface interfaceOf(EObject port) {
        return port instanceof Facet f ? f.getInterface() : port instanceof Receptacle r ? r.getInterface() : null;
    }

    /**
     * Removes an operation of the port's interface. Refused while a metric measures it (named, or as the interface's
     * first operation when the metric names none): the metric would silently measure another call.
     */
    private static Runnable removeOperation(BenchmarkModel model, EObject port, String path) {
        Interface i = interfaceOf(port);
        if (i == null) {
            throw new IllegalArgumentException("the port has no interface");
        }
        if (!(ModelElements.resolve(model, path) instanceof Operation op) || op.eContainer() != i) {
            throw new IllegalArgumentException("'" + path + "' is not an operation of " + i.getName());
        }
        List<String> by = measuredBy(model, op);
        if (!by.isEmpty()) {
            throw new IllegalArgumentException((by.size() == 1 ? "metric " : "metrics ") + String.join(", ", by) + " measure"
                    + (by.size() == 1 ? "s " : " ") + op.getName() + ": choose another operation in "
                    + (by.size() == 1 ? "its" : "their") + " sheet or delete " + (by.size() == 1 ? "it" : "them") + " first");
        }
        return () -> i.getOperations().remove(op);
    }

    private static List<String> measuredBy(BenchmarkModel model, Operation op) {
        return model.getMetrics().stream().filter(m -> MetricProperties.measures(m, op)).map(Metric::getName).toList();
    }
}
