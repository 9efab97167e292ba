package org.bgml.experiment.plan;

import java.util.List;

import org.bgml.experiment.design.Design;

/**
 * An experiment ready to run: its design, and the runs in their randomised order (each configuration repeated).
 *
 * @param key         identifies this plan: a hash of the experiment's name, its design settings and the runs in
 *                    order. Runs stored under the same key belong to the same plan; resuming needs the same key.
 * @param modelName   the model's name
 * @param designSpec  e.g. {@code coveringArray t=2}, {@code fractionalFactorial p=3}
 */
public record ExperimentPlan(String key, String experiment, String modelName, String designSpec, long seed, int repetitions,
        List<PlannedFactor> factors, Design design, List<PlannedRun> runs) {
    public ExperimentPlan {
        factors = List.copyOf(factors);
        runs = List.copyOf(runs);
    }

    public PlannedRun run(int index) {
        if (index < 0 || index >= runs.size()) {
            throw new IllegalArgumentException("the plan of experiment " + experiment + " has runs 0.." + (runs.size() - 1) + ", not " + index);
        }
        return runs.get(index);
    }

    /** Configurations (design points), before repetitions. */
    public int configurations() {
        return design.size();
    }
}
