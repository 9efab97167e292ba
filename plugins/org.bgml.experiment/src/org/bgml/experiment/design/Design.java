package org.bgml.experiment.design;

import java.util.List;
import java.util.Map;

/**
 * The configurations a design chose, in design order (before repetitions and run-order randomisation).
 *
 * @param kind        fullFactorial, fractionalFactorial, coveringArray or random
 * @param points      one map of factor levels per configuration
 * @param description lines that explain the design: resolution and aliases, strength and coverage, exclusions
 */
public record Design(String kind, List<Map<String, String>> points, List<String> description) {
    public Design {
        points = List.copyOf(points);
        description = List.copyOf(description);
    }

    public int size() {
        return points.size();
    }
}
