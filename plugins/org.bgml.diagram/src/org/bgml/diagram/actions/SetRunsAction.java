package org.bgml.diagram.actions;

import java.util.List;

import org.eclipse.glsp.server.actions.Action;

/** Server → client: the result sets the model holds and the one the overlay shows. */
public class SetRunsAction extends Action {
    public static final String KIND = "bgmlSetRuns";
    private final List<Run> runs;
    private final String selected;
    private final List<String> metrics;
    private final String selectedMetric;

    public record Run(String runId, String time, String target, String status) {
    }

    public SetRunsAction() {
        this(List.of(), "", List.of(), "");
    }

    public SetRunsAction(List<Run> runs, String selected, List<String> metrics, String selectedMetric) {
        super(KIND);
        this.runs = runs;
        this.selected = selected;
        this.metrics = metrics;
        this.selectedMetric = selectedMetric;
    }

    public List<Run> getRuns() {
        return runs;
    }

    public String getSelected() {
        return selected;
    }
}
