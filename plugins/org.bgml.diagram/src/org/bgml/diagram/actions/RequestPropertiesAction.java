package org.bgml.diagram.actions;

import org.eclipse.glsp.server.actions.Action;

/** Client → server: the property sheet wants the properties of an element; answered by {@link SetPropertiesAction}. */
public class RequestPropertiesAction extends Action {
    public static final String KIND = "bgmlRequestProperties";
    private String elementId;

    public RequestPropertiesAction() {
        super(KIND);
    }

    public RequestPropertiesAction(String elementId) {
        super(KIND);
        this.elementId = elementId;
    }

    public String getElementId() {
        return elementId;
    }
}
