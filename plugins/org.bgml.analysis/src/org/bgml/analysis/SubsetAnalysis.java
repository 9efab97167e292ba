package org.bgml.analysis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Skoll's first use case, the application developer: some options are fixed, the rest are left as {@code *}. Gives
 * the matching subset's distribution of each response beside the whole space's, and the main effects of the options
 * still unset within the subset, so that the developer sees which of them still matter.
 */
public record SubsetAnalysis(Map<String, String> fixed, int wholeRuns, int subsetRuns, Map<Response, Distribution> whole,
        Map<Response, Distribution> subset, Map<Response, MainEffects> unsetEffects, ConfigurationTable subsetTable) {

    public static SubsetAnalysis of(ConfigurationTable table, Map<String, String> fixed) {
        return of(table, fixed, false);
    }

    /** {@code adjusted}: test each unset option on the response less the other options' main effects ({@link MainEffects}). */
    public static SubsetAnalysis of(ConfigurationTable table, Map<String, String> fixed, boolean adjusted) {
        ConfigurationTable sub = table.subset(fixed);
        List<Factor> unset = table.unset(fixed);
        Map<Response, Distribution> whole = new LinkedHashMap<>();
        Map<Response, Distribution> part = new LinkedHashMap<>();
        Map<Response, MainEffects> effects = new LinkedHashMap<>();
        for (Response r : Response.values()) {
            if (table.measured(r).isEmpty()) {
                continue;
            }
            whole.put(r, Distribution.of(table.values(r)));
            part.put(r, Distribution.of(sub.values(r)));
            effects.put(r, MainEffects.of(sub, unset, r, adjusted));
        }
        return new SubsetAnalysis(Collections.unmodifiableMap(new LinkedHashMap<>(fixed)), table.size(), sub.size(), whole, part, effects, sub);
    }

    /** "ORBConcurrency=reactive, *" style description of the query. */
    public String query(ConfigurationTable table) {
        StringBuilder b = new StringBuilder();
        for (Factor f : table.factors()) {
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(f.name()).append('=').append(fixed.getOrDefault(f.name(), "*"));
        }
        return b.toString();
    }
}
