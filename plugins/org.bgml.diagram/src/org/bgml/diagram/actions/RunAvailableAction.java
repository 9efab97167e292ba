package org.bgml.diagram.actions;

import org.eclipse.glsp.server.actions.Action;

/** Server → client: whether Generate &amp; Run can be offered (the button stays hidden until true). */
public class RunAvailableAction extends Action {
    public static final String KIND = "bgmlRunAvailable";
    private final boolean available;

    public RunAvailableAction() {
        this(false);
    }

    public RunAvailableAction(boolean available) {
        super(KIND);
        this.available = available;
    }

    public boolean isAvailable() {
        return available;
    }
}
