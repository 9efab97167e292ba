package org.bgml.diagram.actions;

import java.util.Map;

import org.eclipse.glsp.server.actions.Action;

/**
 * Client → server, from the form of a save sheet ({@code savePattern:ID,ID,...}): write the selected elements as a
 * pattern file next to the model. Values: {@code patternName}, {@code description}, and per value that becomes a
 * parameter ({@code use:KEY} = {@code true}) its {@code name:KEY}, {@code default:KEY}, {@code min:KEY}, {@code max:KEY}.
 */
public class SavePatternAction extends Action {
    public static final String KIND = "bgmlSavePattern";
    private String elementId;
    private Map<String, String> values;

    public SavePatternAction() {
        super(KIND);
    }

    public SavePatternAction(String elementId, Map<String, String> values) {
        super(KIND);
        this.elementId = elementId;
        this.values = values;
    }

    public String getElementId() {
        return elementId;
    }

    public Map<String, String> getValues() {
        return values == null ? Map.of() : values;
    }
}
