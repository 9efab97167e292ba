package org.bgml.diagram.glsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.bgml.diagram.actions.SetProblemClassesAction;
import org.bgml.diagram.gmodel.BgmlGModelFactory;
import org.bgml.validation.ModelDiagnostic;
import org.eclipse.glsp.server.actions.AbstractActionHandler;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.features.core.model.ModelSubmissionHandler;

import com.google.inject.Inject;
import com.google.inject.name.Named;

/**
 * The validation of a session's first diagram, run after that diagram went to the client: the client draws the model
 * while the server validates it. The validation's error and warning classes then follow as
 * {@code bgmlSetProblemClasses} (the elements they mark, not the whole diagram again), and its markers and problems
 * list as after any edit.
 */
public final class DeferredValidation {
    private DeferredValidation() {
    }

    /** Server-internal, queued right after the first {@code setModel}: validate the diagram just sent. */
    public static class ValidateAction extends Action {
        public static final String KIND = "bgmlValidateDeferred";

        public ValidateAction() {
            super(KIND);
        }
    }

    /** Handles {@link ValidateAction}. */
    public static class Handler extends AbstractActionHandler<ValidateAction> {
        @Inject
        protected BgmlModelState state;
        @Inject
        protected BgmlDiagnostics diagnostics;
        @Inject
        protected BgmlGModelFactory factory;
        @Inject
        protected ModelSubmissionHandler submission;
        /** The action kinds the client handles (initializeClientSession). */
        @Inject
        @Named("ClientActions")
        protected Set<String> clientActionKinds;

        @Override
        protected List<Action> executeAction(ValidateAction action) {
            List<ModelDiagnostic> found = diagnostics.validateDeferred();
            if (found == null) {
                return none();
            }
            System.err.println("bgml diagram: " + state.getFile() + ": validated after the first diagram went out, "
                    + String.format(java.util.Locale.ROOT, "%.1f ms", state.getTimings().validateNanos / 1e6));
            List<SetProblemClassesAction.Marked> marked = factory.applyDiagnostics(found);
            if (!marked.isEmpty() && !clientActionKinds.contains(SetProblemClassesAction.KIND)) {
                return submission.submitModelDirectly(null); // a client without the action gets the whole diagram again
            }
            List<Action> result = new ArrayList<>();
            if (!marked.isEmpty()) {
                result.add(new SetProblemClassesAction(marked));
            }
            if (submission instanceof BgmlModelSubmissionHandler bgml) {
                result.addAll(bgml.liveValidation());
            }
            return result;
        }
    }
}
