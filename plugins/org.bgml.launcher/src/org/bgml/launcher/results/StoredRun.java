package org.bgml.launcher.results;

/**
 * A run as stored: the store's id and the complete record, measurements included.
 *
 * @param id the store's row id (what {@code bgml results} lists in its first column)
 */
public record StoredRun(long id, RunRecord record) {
    public String runId() {
        return record.runId();
    }

    /** "run 3 (20261121-093000-ab12)". */
    public String label() {
        return "run " + id + " (" + record.runId() + ")";
    }
}
