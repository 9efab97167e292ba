package org.bgml.diagram.handler;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.bgml.diagram.BgmlTypes;
import org.bgml.model.Action;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.Metric;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.eclipse.glsp.server.operations.DeleteOperation;

/**
 * Delete entities, ports, connections, metric badges and actions (a trigger edge). What depends on them goes too: connections to a deleted
 * port, and metrics of a deleted connection or port (a metric of nothing cannot be measured). Other references
 * (deployment processes, experiments, behaviours forwarding to a deleted receptacle) are cleared. Measurements in
 * stored result sets keep their element path, so old results stay readable.
 */
public class DeleteHandler extends BgmlOperationHandler<DeleteOperation> {
    public DeleteHandler() {
        super(DeleteOperation.class);
    }

    @Override
    public Optional<Command> createCommand(DeleteOperation op) {
        BenchmarkModel model = state.getModel();
        Set<EObject> doomed = new LinkedHashSet<>();
        for (String id : op.getElementIds()) {
            if (id.contains(BgmlTypes.OPTION_SUFFIX) || id.endsWith(BgmlTypes.RESULT_SUFFIX) || id.endsWith(BgmlTypes.HOP_SUFFIX)) {
                continue;
            }
            EObject o = ModelElements.resolve(model, id);
            if (o instanceof Entity || o instanceof Port || o instanceof Connection || o instanceof Metric || o instanceof Action) {
                doomed.add(o);
            }
        }
        if (doomed.isEmpty()) {
            return Optional.empty();
        }
        Set<Port> ports = new LinkedHashSet<>();
        for (EObject o : doomed) {
            if (o instanceof Port p) {
                ports.add(p);
            }
            o.eAllContents().forEachRemaining(c -> {
                if (c instanceof Port p) {
                    ports.add(p);
                }
            });
        }
        for (Connection c : model.getConnections()) {
            if (ports.contains(c.getSource()) || ports.contains(c.getTarget())) {
                doomed.add(c);
            }
        }
        for (Metric m : model.getMetrics()) {
            // a path that ends at a deleted port has no end left to measure
            if (doomed.contains(m.getConnection()) || ports.contains(m.getPort())
                    || m instanceof PathLatency path && ports.contains(path.getEnd())) {
                doomed.add(m);
            }
        }
        List<EObject> roots = new ArrayList<>();
        for (EObject o : doomed) {
            if (!isInside(o, doomed)) {
                roots.add(o);
            }
        }
        List<String> layoutIds = roots.stream().filter(Entity.class::isInstance).map(ElementPaths::pathOf).toList();
        return edit("Delete", () -> {
            for (EObject o : roots) {
                EcoreUtil.delete(o, true);
            }
            layoutIds.forEach(state.getLayout()::remove);
        });
    }

    private static boolean isInside(EObject o, Set<EObject> set) {
        for (EObject c = o.eContainer(); c != null; c = c.eContainer()) {
            if (set.contains(c)) {
                return true;
            }
        }
        return false;
    }
}
