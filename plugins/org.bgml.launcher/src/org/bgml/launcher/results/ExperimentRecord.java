package org.bgml.launcher.results;

import java.util.List;
import java.util.Map;

/**
 * An experiment plan as the store keeps it.
 *
 * @param planKey     identifies the plan (experiment, design settings, runs in order); the same plan always has the same key
 * @param design      e.g. {@code coveringArray t=2}
 * @param plannedRuns every run of the plan, repetitions included
 * @param factors     one map per factor: name, option, landing, levels
 */
public record ExperimentRecord(String planKey, String name, String modelPath, String modelName, String design, long seed,
        int repetitions, int plannedRuns, List<Map<String, Object>> factors) {
}
