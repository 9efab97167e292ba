package org.bgml.diagram.actions;

import org.eclipse.glsp.server.actions.Action;

/** Server → client: the pattern library changed (a pattern file was saved); the palette asks for its items again. */
public class PatternsChangedAction extends Action {
    public static final String KIND = "bgmlPatternsChanged";
    private final String pattern;
    private final String file;

    public PatternsChangedAction() {
        this(null, null);
    }

    public PatternsChangedAction(String pattern, String file) {
        super(KIND);
        this.pattern = pattern;
        this.file = file;
    }

    public String getPattern() {
        return pattern;
    }

    public String getFile() {
        return file;
    }
}
