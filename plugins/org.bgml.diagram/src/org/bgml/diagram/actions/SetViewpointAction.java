package org.bgml.diagram.actions;

import org.eclipse.glsp.server.actions.Action;

/** Client → server: show another layer, or toggle the deployment view. */
public class SetViewpointAction extends Action {
    public static final String KIND = "bgmlSetViewpoint";
    private String viewpoint;
    private boolean showDeployment;

    public SetViewpointAction() {
        super(KIND);
    }

    public String getViewpoint() {
        return viewpoint;
    }

    public boolean isShowDeployment() {
        return showDeployment;
    }
}
