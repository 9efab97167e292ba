package org.bgml.launcher.results;

/** One stored run of an experiment plan: its place in the plan and how it ended. */
public record ExperimentRunSummary(int runIndex, int point, int repetition, long id, String runId, String status, String failure,
        String startedAt, String endedAt) {
    public boolean ok() {
        return RunRecord.OK.equals(status);
    }
}
