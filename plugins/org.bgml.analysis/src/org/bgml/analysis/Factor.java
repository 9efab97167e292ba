package org.bgml.analysis;

import java.util.List;

/** One experimental factor (an option or a workload parameter) and its levels, in the order they are shown. */
public record Factor(String name, List<String> levels) {
    public Factor {
        levels = List.copyOf(levels);
    }
}
