package org.bgml.diagram.actions;

import java.util.List;

import org.eclipse.glsp.server.actions.Action;

/** Server → client: the properties of one element for the property sheet. */
public class SetPropertiesAction extends Action {
    public static final String KIND = "bgmlSetProperties";
    private final String elementId;
    private final String title;
    private final List<Property> properties;
    /** Set on a form: edits stay in the panel, and its action button sends this kind with every value at once. */
    private final String form;

    /**
     * One row; kind is text, number, boolean, choice, combo, multichoice, readonly, action, links or list (PROTOCOL.md).
     * Only a list has {@code entries}. A number may have bounds {@code min} and {@code max}; {@code hint} says what the
     * field means (both may be null).
     */
    public record Property(String name, String label, String value, String kind, List<String> choices, List<Entry> entries,
            String min, String max, String hint) {
        public Property(String name, String label, String value, String kind, List<String> choices) {
            this(name, label, value, kind, choices, null);
        }

        public Property(String name, String label, String value, String kind, List<String> choices, List<Entry> entries) {
            this(name, label, value, kind, choices, entries, null, null, null);
        }
    }

    /**
     * One line of a list row: {@code text} shown, with a button that applies property {@code action} with {@code value}
     * (no button when {@code action} is null); {@code note} says something about the entry (may be null).
     */
    public record Entry(String text, String action, String value, String note) {
    }

    public SetPropertiesAction() {
        this(null, null, List.of());
    }

    public SetPropertiesAction(String elementId, String title, List<Property> properties) {
        this(elementId, title, properties, null);
    }

    public SetPropertiesAction(String elementId, String title, List<Property> properties, String form) {
        super(KIND);
        this.elementId = elementId;
        this.title = title;
        this.properties = properties;
        this.form = form;
    }

    public String getElementId() {
        return elementId;
    }

    public String getForm() {
        return form;
    }

    public List<Property> getProperties() {
        return properties;
    }
}
