package org.bgml.diagram.actions;

import org.eclipse.glsp.server.actions.Action;

/** Client → server: choose the run (empty: newest) and the metric (empty: all) the overlay shows. */
public class SelectResultAction extends Action {
    public static final String KIND = "bgmlSelectResult";
    private String runId;
    private String metric;

    public SelectResultAction() {
        super(KIND);
    }

    public String getRunId() {
        return runId;
    }

    public String getMetric() {
        return metric;
    }
}
