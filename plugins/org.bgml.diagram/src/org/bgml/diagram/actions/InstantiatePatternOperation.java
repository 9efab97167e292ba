package org.bgml.diagram.actions;

import java.util.Map;

import org.eclipse.glsp.server.operations.Operation;

/**
 * Client → server, from the form of a pattern sheet ({@code pattern:NAME}): add the pattern to the model with these
 * values (parameter name to text; {@code prefix} empty or missing: the first free one). One undoable edit.
 */
public class InstantiatePatternOperation extends Operation {
    public static final String KIND = "bgmlInstantiatePattern";
    private String elementId;
    private Map<String, String> values;

    public InstantiatePatternOperation() {
        super(KIND);
    }

    public InstantiatePatternOperation(String elementId, Map<String, String> values) {
        super(KIND);
        this.elementId = elementId;
        this.values = values;
    }

    /** The sheet's id, {@code pattern:NAME}. */
    public String getElementId() {
        return elementId;
    }

    public Map<String, String> getValues() {
        return values == null ? Map.of() : values;
    }
}
