package org.bgml.launcher.results;

/**
 * Where a stored run sits in an experiment plan.
 *
 * @param experiment the experiment's store id ({@link ResultsStore#experiment})
 * @param runIndex   the run's position in the plan's run order
 * @param point      the configuration (design point) it ran
 * @param repetition which repetition of that configuration
 */
public record ExperimentLink(long experiment, int runIndex, int point, int repetition) {
}
