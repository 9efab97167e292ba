package org.bgml.diagram.actions;

import org.bgml.targets.Targets;
import org.eclipse.glsp.server.actions.Action;

/** Client → server: Generate &amp; Run the model; progress comes back as {@link RunProgressAction}s. */
public class RunAction extends Action {
    public static final String KIND = "bgmlRun";
    private String target;
    private String configuration;

    public RunAction() {
        super(KIND);
    }

    public String getTarget() {
        return target == null || target.isBlank() ? Targets.defaultTarget() : target;
    }

    public String getConfiguration() {
        return configuration == null || configuration.isBlank() ? null : configuration;
    }
}
