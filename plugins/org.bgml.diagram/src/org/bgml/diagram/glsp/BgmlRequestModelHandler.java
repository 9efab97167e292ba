package org.bgml.diagram.glsp;

import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.actions.RunAvailableAction;
import org.eclipse.glsp.server.actions.Action;
import org.eclipse.glsp.server.features.core.model.RequestModelAction;
import org.eclipse.glsp.server.features.core.model.RequestModelActionHandler;

/** After the initial model, tells the client which runs exist and that Generate &amp; Run is available. */
public class BgmlRequestModelHandler extends RequestModelActionHandler {
    @Override
    public List<Action> executeAction(RequestModelAction action) {
        List<Action> result = new ArrayList<>(super.executeAction(action));
        BgmlModelState state = (BgmlModelState) modelState;
        result.add(BgmlActionHandlers.runs(state));
        result.add(new RunAvailableAction(true));
        System.err.println("bgml diagram: " + state.getFile() + ": " + state.getTimings());
        return result;
    }
}
