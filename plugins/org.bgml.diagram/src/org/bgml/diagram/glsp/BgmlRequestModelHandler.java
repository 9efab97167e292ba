package org.bgml.diagram.glsp;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.RunAvailableAction;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.features.core.model.RequestModelAction;
import org.eclipse.glsp.server.features.core.model.RequestModelActionHandler;

import com.google.inject.Inject;

/**
 * Sends the initial model before validating it, then tells the client which runs exist and that Generate &amp; Run is
 * available; the validation runs last ({@link DeferredValidation}).
 */
public class BgmlRequestModelHandler extends RequestModelActionHandler {
    @Inject
    protected BgmlDiagnostics diagnostics;

    @Override
    public List<Action> executeAction(RequestModelAction action) {
        diagnostics.deferNextValidation(true);
        List<Action> result;
        try {
            result = new ArrayList<>(super.executeAction(action));
        } finally {
            diagnostics.deferNextValidation(false);
        }
        BgmlModelState state = (BgmlModelState) modelState;
        result.add(BgmlActionHandlers.runs(state));
        result.add(new RunAvailableAction(true));
        result.add(new DeferredValidation.ValidateAction());
        System.err.println("bgml diagram: " + state.getFile() + ": " + state.getTimings());
        return result;
    }
}
