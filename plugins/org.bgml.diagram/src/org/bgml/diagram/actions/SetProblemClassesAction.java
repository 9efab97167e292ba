package org.bgml.diagram.actions;

import java.util.List;

import org.eclipse.glsp.server.actions.Action;

/**
 * Server → client, after a model that was sent before it was validated: the elements of the diagram the client has
 * that the validation marks, each with its worst severity ({@code args.problem} and the {@code bgml-error} or
 * {@code bgml-warning} class of a full build). The diagram itself is unchanged, so it need not travel again
 * (PROTOCOL.md).
 */
public class SetProblemClassesAction extends Action {
    public static final String KIND = "bgmlSetProblemClasses";
    private final List<Marked> elements;

    /** An element of the diagram and its worst severity, {@code error} or {@code warning}. */
    public record Marked(String elementId, String problem) {
    }

    public SetProblemClassesAction() {
        this(List.of());
    }

    public SetProblemClassesAction(List<Marked> elements) {
        super(KIND);
        this.elements = elements;
    }

    public List<Marked> getElements() {
        return elements;
    }
}
