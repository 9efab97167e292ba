package org.bgml.diagram.glsp;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.bgml.diagram.actions.MoveNodesAction;
import org.bgml.diagram.gmodel.BgmlGModelFactory;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.features.core.model.ModelSubmissionHandler;
import org.eclipse.glsp.server.features.core.model.UpdateModelAction;
import org.eclipse.glsp.server.features.validation.ModelValidator;

import com.google.inject.Inject;
import com.google.inject.Singleton;
import com.google.inject.name.Named;

/**
 * GLSP's model submission, except after a move (or its undo or redo) that only shifted nodes in the diagram the
 * client has: then the client gets what moved ({@code bgmlMoveNodes}) instead of the whole diagram, and live
 * validation is skipped (the diagnostics and the elements they mark are the same, and every set of markers makes the
 * client draw the whole diagram again). On the 1,000-component model the whole diagram is 2.3 MB of JSON for the
 * client to parse, rebuild and redraw. A session's first diagram goes out before it is validated; its markers follow
 * ({@link DeferredValidation}).
 */
@Singleton
public class BgmlModelSubmissionHandler extends ModelSubmissionHandler {
    @Inject
    protected BgmlGModelFactory factory;
    @Inject
    protected BgmlDiagnostics diagnostics;
    /** The action kinds the client handles (initializeClientSession). */
    @Inject
    @Named("ClientActions")
    protected Set<String> clientActionKinds;

    private long validatedBuild = -1;

    @Override
    public List<Action> submitModelDirectly(String reason) {
        List<Action> actions = super.submitModelDirectly(reason);
        MoveNodesAction move = factory.takeMove();
        if (move == null || !clientActionKinds.contains(MoveNodesAction.KIND)) {
            return actions;
        }
        List<Action> patched = new ArrayList<>(actions.size());
        for (Action a : actions) {
            patched.add(a instanceof UpdateModelAction ? move : a);
        }
        return patched;
    }

    /** Live validation of the latest diagram now, for a diagram that was sent before validating ({@link DeferredValidation}). */
    public List<Action> liveValidation() {
        return validator.map(this::validateModel).orElse(List.of());
    }

    @Override
    protected List<Action> validateModel(ModelValidator modelValidator) {
        if (diagnostics.pending()) {
            return List.of(); // the diagram went out before validating; DeferredValidation validates it next
        }
        long build = factory.fullBuilds();
        if (build == validatedBuild) {
            return List.of();
        }
        validatedBuild = build;
        return super.validateModel(modelValidator);
    }
}
