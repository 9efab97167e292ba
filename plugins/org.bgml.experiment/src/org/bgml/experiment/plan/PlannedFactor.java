package org.bgml.experiment.plan;

import java.util.List;

/**
 * A factor as the runner needs it.
 *
 * @param option    the option's name in its catalogue, or null for a workload parameter
 * @param landing   where the option lands (svcConf, orbArgument, configFile, environment, compileMacro) or
 *                  {@code workload:<parameter>} for a workload parameter
 * @param rebuilds  true when changing it changes what is compiled (compile-time macros, workload parameters)
 */
public record PlannedFactor(String name, String option, String landing, boolean rebuilds, List<String> levels) {
    public PlannedFactor {
        levels = List.copyOf(levels);
    }
}
