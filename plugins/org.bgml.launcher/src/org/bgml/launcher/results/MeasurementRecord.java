package org.bgml.launcher.results;

/**
 * One stored measurement: the figures of a result file measurement, the process that wrote it and the cost of a
 * timestamp pair on that process ({@code probeCostNs}, the result file's median).
 *
 * @param id           the store's row id; 0 before it is stored
 * @param substitution how the benchmark ran this part of the model otherwise than modelled (manifest.json's
 *                     {@code substitutions}), in plain words, e.g. "split (not collocated): ..."; null when it ran
 *                     as modelled
 */
public record MeasurementRecord(long id, String process, Double probeCostNs, ResultMeasurement figures, String substitution) {
    public MeasurementRecord(long id, String process, Double probeCostNs, ResultMeasurement figures) {
        this(id, process, probeCostNs, figures, null);
    }

    public MeasurementRecord(String process, Double probeCostNs, ResultMeasurement figures) {
        this(0, process, probeCostNs, figures, null);
    }

    /** The substitution's short form (up to its first colon), or null when the measurement ran as modelled. */
    public String substitutionLabel() {
        return shortForm(substitution);
    }

    /** The short form of a substitution text: up to its first colon. */
    public static String shortForm(String substitution) {
        if (substitution == null) {
            return null;
        }
        int colon = substitution.indexOf(':');
        return colon < 0 ? substitution : substitution.substring(0, colon);
    }

    public MeasurementRecord withSubstitution(String text) {
        return new MeasurementRecord(id, process, probeCostNs, figures, text);
    }
}
