package org.bgml.diagram.handler;

import org.bgml.diagram.glsp.BgmlModelState;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.glsp.graph.GModelElement;
import org.eclipse.glsp.server.features.directediting.LabelEditValidator;
import org.eclipse.glsp.server.features.directediting.ValidationStatus;

import com.google.inject.Inject;

/** Live feedback while the user types a new name: the same rules {@link RenameHandler} enforces. */
public class NameValidator implements LabelEditValidator {
    @Inject
    protected BgmlModelState state;

    @Override
    public ValidationStatus validate(String label, GModelElement element) {
        EObject o = ModelElements.resolve(state.getModel(), element.getId());
        if (o == null || o.eContainer() == null) {
            return ValidationStatus.ok();
        }
        String problem = ModelElements.nameProblem(o.eContainer(), o, label == null ? "" : label.trim());
        return problem == null ? ValidationStatus.ok() : ValidationStatus.error(problem);
    }
}
