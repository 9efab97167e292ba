package org.bgml.diagram.handler;

import static org.bgml.diagram.BgmlTypes.*;

import java.util.List;
import java.util.Optional;

import org.bgml.diagram.layout.AutoLayout;
import org.bgml.diagram.layout.LayoutStore;
import org.bgml.model.Assembly;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Component;
import org.bgml.model.Entity;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.graph.GPoint;
import org.eclipse.glsp.server.operations.CreateNodeOperation;
import org.eclipse.glsp.server.operations.CreateOperationHandler;

/** Palette: a new Server, Client, Component or Assembly where it was dropped; a component dropped on an assembly joins it. */
public class CreateEntityHandler extends BgmlOperationHandler<CreateNodeOperation> implements CreateOperationHandler<CreateNodeOperation> {
    public CreateEntityHandler() {
        super(CreateNodeOperation.class);
    }

    @Override
    public List<String> getHandledElementTypeIds() {
        return ENTITY_TYPES;
    }

    @Override
    public boolean handles(org.eclipse.glsp.server.operations.Operation operation) {
        return super.handles(operation) && ENTITY_TYPES.contains(((CreateNodeOperation) operation).getElementTypeId());
    }

    @Override
    public String getLabel() {
        return "Entity";
    }

    @Override
    public Optional<Command> createCommand(CreateNodeOperation op) {
        String type = op.getElementTypeId();
        EObject container = ModelElements.resolve(state.getModel(), op.getContainerId());
        Assembly assembly = COMPONENT.equals(type) && ModelElements.entityOf(container) instanceof Assembly a ? a : null;
        Entity entity = switch (type) {
            case SERVER -> BgmlFactory.eINSTANCE.createServer();
            case CLIENT -> BgmlFactory.eINSTANCE.createClient();
            case ASSEMBLY -> BgmlFactory.eINSTANCE.createAssembly();
            default -> BgmlFactory.eINSTANCE.createComponent();
        };
        EObject owner = assembly != null ? assembly : state.getModel();
        String requested = op.getArgs() == null ? null : op.getArgs().get("name");
        if (requested != null) {
            String problem = ModelElements.nameProblem(owner, null, requested);
            if (problem != null) {
                return refuse("Cannot create: " + problem + ".");
            }
        }
        entity.setName(requested != null ? requested : ModelElements.freshName(owner, entity.eClass().getName()));
        GPoint at = op.getLocation().orElse(null);
        return edit("Create " + entity.eClass().getName(), () -> {
            if (assembly != null) {
                assembly.getComponents().add((Component) entity);
            } else {
                state.getModel().getEntities().add(entity);
            }
            if (at != null) {
                double x = at.getX();
                double y = at.getY();
                if (assembly != null) {
                    LayoutStore.Bounds a = state.getLayout().get(ElementPaths.pathOf(assembly));
                    if (a != null) {
                        x = Math.max(AutoLayout.ASSEMBLY_PADDING, x - a.x());
                        y = Math.max(44, y - a.y());
                    }
                }
                double[] size = AutoLayout.size(entity, state.getLayout());
                state.getLayout().put(ElementPaths.pathOf(entity), new LayoutStore.Bounds(x, y, size[0], size[1]));
            }
        });
    }
}
