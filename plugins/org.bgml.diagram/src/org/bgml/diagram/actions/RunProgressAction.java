package org.bgml.diagram.actions;

import org.eclipse.glsp.server.actions.Action;

/** Server → client: how far a Generate &amp; Run has got. */
public class RunProgressAction extends Action {
    public static final String KIND = "bgmlRunProgress";
    private final String phase;
    private final String message;
    private final long samples;
    private final long totalSamples;
    private final String runId;
    /** On a refusal: only the deployment's hosts stood in the way, and the run may be collapsed onto this host. */
    private boolean canCollapse;

    public RunProgressAction() {
        this("", "", 0, 0, "");
    }

    public RunProgressAction(String phase, String message, long samples, long totalSamples, String runId) {
        super(KIND);
        this.phase = phase;
        this.message = message;
        this.samples = samples;
        this.totalSamples = totalSamples;
        this.runId = runId;
    }

    public String getPhase() {
        return phase;
    }

    public String getMessage() {
        return message;
    }

    /** A refusal because the deployment's nodes are other hosts: the client offers to run it here anyway. */
    public static RunProgressAction refusedForHosts(String message) {
        RunProgressAction a = new RunProgressAction("failed", message, 0, 0, "");
        a.canCollapse = true;
        return a;
    }

    public boolean isCanCollapse() {
        return canCollapse;
    }
}
