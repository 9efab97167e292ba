package org.bgml.diagram.actions;

import org.bgml.targets.Targets;
import org.eclipse.glsp.server.actions.Action;

/** Client → server: Generate &amp; Run the model; progress comes back as {@link RunProgressAction}s. */
public class RunAction extends Action {
    public static final String KIND = "bgmlRun";
    private String target;
    private String configuration;
    private boolean allOnThisHost;

    public RunAction() {
        super(KIND);
    }

    public String getTarget() {
        return target == null || target.isBlank() ? Targets.defaultTarget() : target;
    }

    /** Whether a deployment whose nodes are other hosts runs here on purpose; false (the default) refuses it. */
    public boolean isAllOnThisHost() {
        return allOnThisHost;
    }

    public String getConfiguration() {
        return configuration == null || configuration.isBlank() ? null : configuration;
    }
}
