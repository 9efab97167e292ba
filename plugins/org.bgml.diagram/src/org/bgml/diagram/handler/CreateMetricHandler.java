package org.bgml.diagram.handler;

import static org.bgml.diagram.BgmlTypes.*;

import java.util.List;
import java.util.Optional;

import org.bgml.model.Connection;
import org.bgml.model.Metric;
import org.bgml.model.Port;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.server.operations.CreateNodeOperation;
import org.eclipse.glsp.server.operations.CreateOperationHandler;
import org.eclipse.glsp.server.operations.Operation;
import org.bgml.diagram.properties.PropertySheet;

/**
 * Palette: a latency, throughput, jitter or path latency metric dropped on the connection or port it measures (a path
 * latency: where its path starts, ending at the farthest facet or sink reached) ({@code containerId}:
 * the edge, the port, or any of their labels). The metric starts with 1,000 warm-up iterations and 10,000 samples;
 * its badge in the metric viewpoint opens its property sheet.
 */
public class CreateMetricHandler extends BgmlOperationHandler<CreateNodeOperation> implements CreateOperationHandler<CreateNodeOperation> {
    public CreateMetricHandler() {
        super(CreateNodeOperation.class);
    }

    @Override
    public List<String> getHandledElementTypeIds() {
        return METRIC_TYPES;
    }

    @Override
    public boolean handles(Operation operation) {
        return super.handles(operation) && METRIC_TYPES.contains(((CreateNodeOperation) operation).getElementTypeId());
    }

    @Override
    public String getLabel() {
        return "Metric";
    }

    @Override
    public Optional<Command> createCommand(CreateNodeOperation op) {
        EObject target = op.getContainerId() == null ? null : ModelElements.resolve(state.getModel(), op.getContainerId());
        if (!(target instanceof Connection) && !(target instanceof Port)) {
            return refuse("Cannot add a metric here: drop it on the connection or the port it measures.");
        }
        String kind = switch (op.getElementTypeId()) {
            case METRIC_THROUGHPUT -> "Throughput";
            case METRIC_JITTER -> "Jitter";
            case METRIC_PATH_LATENCY -> "PathLatency";
            default -> "Latency";
        };
        Metric m;
        try {
            m = PropertySheet.newMetric(state.getModel(), target, kind);
        } catch (IllegalArgumentException e) {
            return refuse("Cannot add a " + kind + " metric here: " + e.getMessage() + ".");
        }
        return edit("Add " + kind + " metric", () -> state.getModel().getMetrics().add(m));
    }
}
