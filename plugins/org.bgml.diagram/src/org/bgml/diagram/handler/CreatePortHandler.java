package org.bgml.diagram.handler;

import static org.bgml.diagram.BgmlTypes.*;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.bgml.model.BgmlFactory;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.server.operations.CreateNodeOperation;
import org.eclipse.glsp.server.operations.CreateOperationHandler;
import org.eclipse.glsp.server.operations.Operation;

/**
 * Palette: a facet, receptacle, event source or sink on the entity it was dropped on. Its interface or event type
 * is the one named in the operation's args ({@code interface}/{@code eventType}), else the model's first, so that a
 * new port is usable at once; the property sheet changes it.
 */
public class CreatePortHandler extends BgmlOperationHandler<CreateNodeOperation> implements CreateOperationHandler<CreateNodeOperation> {
    public CreatePortHandler() {
        super(CreateNodeOperation.class);
    }

    @Override
    public List<String> getHandledElementTypeIds() {
        return PORT_TYPES;
    }

    @Override
    public boolean handles(Operation operation) {
        return super.handles(operation) && PORT_TYPES.contains(((CreateNodeOperation) operation).getElementTypeId());
    }

    @Override
    public String getLabel() {
        return "Port";
    }

    @Override
    public Optional<Command> createCommand(CreateNodeOperation op) {
        EObject target = ModelElements.resolve(state.getModel(), op.getContainerId());
        Entity entity = ModelElements.entityOf(target);
        if (entity == null) {
            return refuse("Cannot create a port here: drop it on a server, client, component or assembly.");
        }
        Map<String, String> args = op.getArgs() == null ? Map.of() : op.getArgs();
        Port port;
        String base;
        switch (op.getElementTypeId()) {
            case FACET -> {
                Facet f = BgmlFactory.eINSTANCE.createFacet();
                f.setInterface(findInterface(args.get("interface")));
                port = f;
                base = "facet";
            }
            case RECEPTACLE -> {
                Receptacle r = BgmlFactory.eINSTANCE.createReceptacle();
                r.setInterface(findInterface(args.get("interface")));
                port = r;
                base = "receptacle";
            }
            case SOURCE -> {
                EventSource s = BgmlFactory.eINSTANCE.createEventSource();
                s.setEventType(findEventType(args.get("eventType")));
                port = s;
                base = "source";
            }
            default -> {
                EventSink s = BgmlFactory.eINSTANCE.createEventSink();
                s.setEventType(findEventType(args.get("eventType")));
                port = s;
                base = "sink";
            }
        }
        String requested = args.get("name");
        if (requested != null) {
            String problem = ModelElements.nameProblem(entity, null, requested);
            if (problem != null) {
                return refuse("Cannot create: " + problem + ".");
            }
        }
        port.setName(requested != null ? requested : ModelElements.freshName(entity, base));
        return edit("Create " + port.eClass().getName(), () -> entity.getPorts().add(port));
    }

    private Interface findInterface(String path) {
        if (path != null && ModelElements.resolve(state.getModel(), path) instanceof Interface i) {
            return i;
        }
        return IdlTypes.all(state.getModel(), Interface.class).stream().findFirst().orElse(null);
    }

    private EventType findEventType(String path) {
        if (path != null && ModelElements.resolve(state.getModel(), path) instanceof EventType t) {
            return t;
        }
        return IdlTypes.all(state.getModel(), EventType.class).stream().findFirst().orElse(null);
    }
}
