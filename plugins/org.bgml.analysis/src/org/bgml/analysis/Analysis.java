package org.bgml.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the analysis of one experiment shows: main effects of every factor on each response, the strongest
 * two-factor interaction, the application developer's subset query (one step per fixed option, in the order given),
 * and the middleware developer's classification tree of the worst runs.
 *
 * @param response the response the interaction and the tree are computed for
 * @param steps    the subset query step by step: step i fixes the first i options given; empty without a query
 * @param tree     null when the tree could not be fitted (then {@code treeProblem} says why)
 */
public record Analysis(ConfigurationTable table, Response response, Map<Response, MainEffects> mainEffects, Interaction interaction,
        List<SubsetAnalysis> steps, WorstTree.Result tree, String treeProblem) {

    /** Options of an analysis. */
    /** @param adjusted test each factor on the response less the other factors' main effects (see {@link MainEffects}) */
    public record Options(Response response, Map<String, String> fixed, double worstPercent, long seed, boolean adjusted) {
        public Options {
            fixed = new LinkedHashMap<>(fixed);
        }

        public static Options defaults() {
            return new Options(Response.LATENCY, Map.of(), 10, 1, false);
        }
    }

    public static Analysis of(ConfigurationTable table, Options options) {
        Response response = options.response();
        if (table.measured(response).isEmpty()) {
            throw new IllegalArgumentException("no run of " + table.name() + " measured " + response.label());
        }
        Map<Response, MainEffects> effects = new LinkedHashMap<>();
        for (Response r : Response.values()) {
            if (!table.measured(r).isEmpty()) {
                effects.put(r, MainEffects.of(table, table.factors(), r, options.adjusted()));
            }
        }
        Interaction interaction = Interaction.strongest(table, table.factors(), response);
        List<SubsetAnalysis> steps = new ArrayList<>();
        Map<String, String> fixed = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : options.fixed().entrySet()) {
            fixed.put(e.getKey(), e.getValue());
            steps.add(SubsetAnalysis.of(table, fixed, options.adjusted()));
        }
        WorstTree.Result tree = null;
        String problem = null;
        try {
            tree = WorstTree.fit(table, response, options.worstPercent(), options.seed());
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
        }
        return new Analysis(table, response, effects, interaction, steps, tree, problem);
    }

    /** The last step of the subset query, or null without one. */
    public SubsetAnalysis query() {
        return steps.isEmpty() ? null : steps.get(steps.size() - 1);
    }
}
