package org.bgml.diagram.actions;

import java.util.List;

import org.bgml.targets.Targets;
import org.eclipse.glsp.server.actions.Action;

/**
 * Server → client: whether Generate &amp; Run can be offered (the button stays hidden until true), and the targets
 * to offer in its chooser, the default first.
 */
public class RunAvailableAction extends Action {
    public static final String KIND = "bgmlRunAvailable";
    private final boolean available;
    private final List<String> targets;

    public RunAvailableAction() {
        this(false);
    }

    public RunAvailableAction(boolean available) {
        super(KIND);
        this.available = available;
        this.targets = available ? Targets.ids() : List.of();
    }

    public boolean isAvailable() {
        return available;
    }

    public List<String> getTargets() {
        return targets;
    }
}
