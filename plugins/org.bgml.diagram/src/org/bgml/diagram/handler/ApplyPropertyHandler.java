package org.bgml.diagram.handler;

import java.util.Optional;

import org.bgml.diagram.actions.ApplyPropertyOperation;
import org.bgml.model.NamedElement;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.bgml.diagram.properties.PropertySheet;

/** A property sheet edit, as an undoable command; a bad value is refused with the reason. */
public class ApplyPropertyHandler extends BgmlOperationHandler<ApplyPropertyOperation> {
    public ApplyPropertyHandler() {
        super(ApplyPropertyOperation.class);
    }

    @Override
    public Optional<Command> createCommand(ApplyPropertyOperation op) {
        EObject o = ModelElements.resolve(state.getModel(), op.getElementId());
        if (o == null) {
            return refuse("Cannot change '" + op.getProperty() + "': no element '" + op.getElementId() + "'.");
        }
        if ("name".equals(op.getProperty()) && o instanceof NamedElement named) {
            String name = op.getValue() == null ? "" : op.getValue().trim();
            // the model itself has no container: only the identifier rules apply to its name
            String problem = ModelElements.nameProblem(o.eContainer(), o, name);
            if (problem != null) {
                return refuse("Cannot rename: " + problem + ".");
            }
            String oldPath = org.bgml.model.io.ElementPaths.pathOf(named);
            return edit("Rename", () -> {
                named.setName(name);
                if (named instanceof org.bgml.model.Entity) {
                    state.getLayout().rename(oldPath, org.bgml.model.io.ElementPaths.pathOf(named));
                }
            });
        }
        try {
            Runnable change = PropertySheet.apply(state.getModel(), o, op.getProperty(), op.getValue());
            return edit("Set " + op.getProperty(), change);
        } catch (IllegalArgumentException | ClassCastException e) {
            // a Remove button is not a field being set: say what could not be removed
            String what = op.getProperty().startsWith("remove") ? "remove" : "set " + op.getProperty() + " of " + PropertySheet.title(o);
            return refuse("Cannot " + what + ": " + e.getMessage() + ".");
        }
    }
}
