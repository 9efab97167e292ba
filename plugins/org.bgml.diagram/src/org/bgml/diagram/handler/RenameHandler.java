package org.bgml.diagram.handler;

import java.util.Optional;

import org.bgml.diagram.BgmlTypes;
import org.bgml.model.Entity;
import org.bgml.model.NamedElement;
import org.bgml.model.io.ElementPaths;
import org.eclipse.emf.common.command.Command;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.server.features.directediting.ApplyLabelEditOperation;

/** In-place rename of a name label; refused with the reason when the name breaks the identifier rules. */
public class RenameHandler extends BgmlOperationHandler<ApplyLabelEditOperation> {
    public RenameHandler() {
        super(ApplyLabelEditOperation.class);
    }

    @Override
    public Optional<Command> createCommand(ApplyLabelEditOperation op) {
        if (!op.getLabelId().endsWith(BgmlTypes.NAME_SUFFIX)) {
            return refuse("Cannot rename: this label is not a name.");
        }
        EObject o = ModelElements.resolve(state.getModel(), op.getLabelId());
        if (!(o instanceof NamedElement named)) {
            return refuse("Cannot rename: no element '" + BgmlTypes.ownerId(op.getLabelId()) + "'.");
        }
        String name = op.getText() == null ? "" : op.getText().trim();
        String problem = ModelElements.nameProblem(o.eContainer(), o, name);
        if (problem != null) {
            return refuse("Cannot rename: " + problem + ".");
        }
        return rename(named, name);
    }

    Optional<Command> rename(NamedElement named, String name) {
        String oldPath = ElementPaths.pathOf(named);
        return edit("Rename", () -> {
            named.setName(name);
            if (named instanceof Entity) {
                state.getLayout().rename(oldPath, ElementPaths.pathOf(named));
            }
        });
    }
}
