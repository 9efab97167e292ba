package org.bgml.launcher;

import org.bgml.launcher.run.RunListener;

/**
 * Progress of a one-click run, in the phases the user sees: generating, building, starting, measuring,
 * collecting. The CLI draws it as a progress line; the IDE maps it onto its progress monitor.
 */
public interface RunProgress extends RunListener {
    enum Phase {
        GENERATING, BUILDING, STARTING, MEASURING, COLLECTING, STORING, DONE
    }

    /** A new phase begins; {@code detail} says what, e.g. "omniorb into out/roundtrip". */
    default void phase(Phase phase, String detail) {
    }

    /** Something the user should know about how the run is set up, e.g. settings its target ignores (stored with the run). */
    default void warning(String message) {
    }

    /** The measurement plan of the run: how many timed samples all its metrics take together. */
    default void samplesPlanned(long samples) {
    }

    /**
     * Live progress while the benchmark measures: {@code samples} of {@code totalSamples} timed samples taken so
     * far, counted by the running processes themselves (at most {@code totalSamples}). Arrives a few times a second
     * while the count grows, and once more when the last client is done.
     */
    default void measuring(long samples, long totalSamples) {
    }
}
