package org.bgml.diagram.handler;

import static org.bgml.diagram.BgmlTypes.*;

import java.util.List;
import java.util.Optional;

import org.bgml.model.BgmlFactory;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.Port;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.server.operations.CreateEdgeOperation;
import org.eclipse.glsp.server.operations.CreateOperationHandler;

/** Palette: connect a receptacle to a facet, or an event source to a sink, when {@link ConnectionRules} allow it. */
public class CreateConnectionHandler extends BgmlOperationHandler<CreateEdgeOperation> implements CreateOperationHandler<CreateEdgeOperation> {
    public CreateConnectionHandler() {
        super(CreateEdgeOperation.class);
    }

    @Override
    public List<String> getHandledElementTypeIds() {
        return List.of(INVOCATION, EVENT);
    }

    @Override
    public String getLabel() {
        return "Connection";
    }

    @Override
    public Optional<Command> createCommand(CreateEdgeOperation op) {
        EObject s = ModelElements.resolve(state.getModel(), op.getSourceElementId());
        EObject t = ModelElements.resolve(state.getModel(), op.getTargetElementId());
        String problem = ConnectionRules.problem(state.getModel(), s instanceof Port p ? p : null, t instanceof Port p ? p : null);
        if (problem != null) {
            return refuse("Cannot connect: " + problem + ".");
        }
        Port source = (Port) s;
        Port target = (Port) t;
        Connection c = BgmlFactory.eINSTANCE.createConnection();
        Entity from = ModelElements.entityOf(source);
        Entity to = ModelElements.entityOf(target);
        c.setName(ModelElements.freshName(state.getModel(), from.getName() + "To" + to.getName()));
        c.setSource(source);
        c.setTarget(target);
        return edit("Connect", () -> state.getModel().getConnections().add(c));
    }
}
