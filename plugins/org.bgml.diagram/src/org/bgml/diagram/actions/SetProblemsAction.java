package org.bgml.diagram.actions;

import java.util.List;

import org.eclipse.glsp.server.actions.Action;

/** Server → client: every diagnostic of the model after the latest change, for the problems list. */
public class SetProblemsAction extends Action {
    public static final String KIND = "bgmlSetProblems";
    private final List<Problem> problems;

    public record Problem(String severity, String ruleId, String elementId, String message) {
    }

    public SetProblemsAction() {
        this(List.of());
    }

    public SetProblemsAction(List<Problem> problems) {
        super(KIND);
        this.problems = problems;
    }

    public List<Problem> getProblems() {
        return problems;
    }
}
