package org.bgml.diagram.actions;

import org.eclipse.glsp.server.operations.Operation;

/** Client → server: set one property of an element; an undoable edit. */
public class ApplyPropertyOperation extends Operation {
    public static final String KIND = "bgmlApplyProperty";
    private String elementId;
    private String property;
    private String value;

    public ApplyPropertyOperation() {
        super(KIND);
    }

    public ApplyPropertyOperation(String elementId, String property, String value) {
        super(KIND);
        this.elementId = elementId;
        this.property = property;
        this.value = value;
    }

    public String getElementId() {
        return elementId;
    }

    public String getProperty() {
        return property;
    }

    public String getValue() {
        return value;
    }
}
