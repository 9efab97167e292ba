package org.bgml.diagram.handler;

import java.util.Optional;

import org.bgml.diagram.layout.LayoutStore;
import org.bgml.model.Entity;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.server.operations.ChangeBoundsOperation;
import org.eclipse.glsp.server.types.ElementAndBounds;

/** Move and resize: new bounds of entities go to the layout (written beside the model on save). */
public class ChangeBoundsHandler extends BgmlOperationHandler<ChangeBoundsOperation> {
    public ChangeBoundsHandler() {
        super(ChangeBoundsOperation.class);
    }

    @Override
    public Optional<Command> createCommand(ChangeBoundsOperation op) {
        return editLayout("Move", () -> {
            for (ElementAndBounds b : op.getNewBounds()) {
                EObject o = ModelElements.resolve(state.getModel(), b.getElementId());
                if (!(o instanceof Entity e)) {
                    continue; // processes are drawn around their entities; ports sit where the node puts them
                }
                String id = ElementPaths.pathOf(e);
                LayoutStore.Bounds old = state.getLayout().get(id);
                double x = b.getNewPosition() != null ? b.getNewPosition().getX() : old == null ? 0 : old.x();
                double y = b.getNewPosition() != null ? b.getNewPosition().getY() : old == null ? 0 : old.y();
                double w = b.getNewSize() != null ? b.getNewSize().getWidth() : old == null ? 0 : old.width();
                double h = b.getNewSize() != null ? b.getNewSize().getHeight() : old == null ? 0 : old.height();
                state.getLayout().put(id, new LayoutStore.Bounds(x, y, w, h));
            }
        });
    }
}
