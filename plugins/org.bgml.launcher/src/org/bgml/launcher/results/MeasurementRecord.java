package org.bgml.launcher.results;

/**
 * One stored measurement: the figures of a result file measurement, the process that wrote it and the cost of a
 * timestamp pair on that process ({@code probeCostNs}, the result file's median).
 *
 * @param id the store's row id; 0 before it is stored
 */
public record MeasurementRecord(long id, String process, Double probeCostNs, ResultMeasurement figures) {
    public MeasurementRecord(String process, Double probeCostNs, ResultMeasurement figures) {
        this(0, process, probeCostNs, figures);
    }
}
