package org.bgml.experiment.plan;

import java.util.Map;

/**
 * One run of an experiment.
 *
 * @param index      position in the randomised run order, 0-based; the run's identity within its plan
 * @param point      the configuration (design point) it runs, 0-based in design order
 * @param repetition 0-based repetition of that configuration
 * @param levels     factor name to level
 */
public record PlannedRun(int index, int point, int repetition, Map<String, String> levels) {
    public PlannedRun {
        levels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(levels));
    }
}
