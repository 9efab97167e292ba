package org.bgml.launcher.results;

/** One line of a run listing. */
public record RunSummary(long id, String runId, String startedAt, String endedAt, String modelPath, String modelName, String target,
        String deployment, String configuration, String status, String failure, int measurements) {
}
