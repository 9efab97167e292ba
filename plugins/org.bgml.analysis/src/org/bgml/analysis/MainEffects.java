package org.bgml.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Main effects of every factor on one response, each with a significance test chosen by the data: the one-way ANOVA
 * F-test when the one-way model's residuals pass the Jarque-Bera normality test (p ≥ {@value Tests#NORMALITY_ALPHA}),
 * else the Mann-Whitney U test for two levels and the Kruskal-Wallis H test for more. p-values are Holm-adjusted over
 * the factors tested, and stars follow the adjusted p.
 * <p>
 * With {@code adjusted}, each factor is tested on the response less the main effects of all other factors and the
 * strongest two-factor interaction when it is significant (partial residuals of a least-squares model, Commons Math
 * OLS): the same tests, but the other factors' variation no longer hides a small effect, and in designs that are not
 * orthogonal (covering arrays, random samples) another factor's effect no longer leaks into this one's. The F-test's
 * error degrees of freedom then count the model's parameters. Without it (the default, as Skoll's analysis did) each factor is tested on the raw response.
 */
public final class MainEffects {
    private final Response response;
    private final int runs;
    private final List<FactorEffect> effects;
    private final boolean adjusted;

    private MainEffects(Response response, int runs, List<FactorEffect> effects, boolean adjusted) {
        this.response = response;
        this.runs = runs;
        this.effects = effects;
        this.adjusted = adjusted;
    }

    /** Main effects of {@code factors} (normally all, or the unset ones of a subset) in {@code table}, on the raw response. */
    public static MainEffects of(ConfigurationTable table, List<Factor> factors, Response response) {
        return of(table, factors, response, false);
    }

    /** As {@link #of(ConfigurationTable, List, Response)}; {@code adjusted} tests each factor on partial residuals. */
    public static MainEffects of(ConfigurationTable table, List<Factor> factors, Response response, boolean adjusted) {
        List<Observation> rows = table.measured(response);
        PartialResiduals partial = null;
        if (adjusted) {
            Interaction strongest = Interaction.strongest(table, table.factors(), response);
            boolean pair = strongest != null && strongest.pValue() < Significance.ALPHA;
            partial = PartialResiduals.fit(table.factors(), rows, response, pair ? strongest : null);
        }
        List<FactorEffect> raw = new ArrayList<>();
        for (Factor f : factors) {
            raw.add(partial == null ? effect(f, rows, response, null, 0) : effect(f, rows, response, partial.without(f.name()), partial.parameters()));
        }
        double[] p = raw.stream().mapToDouble(FactorEffect::pValue).toArray();
        double[] holm = Significance.holm(p);
        List<FactorEffect> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            out.add(raw.get(i).withAdjusted(holm[i]));
        }
        return new MainEffects(response, rows.size(), List.copyOf(out), partial != null);
    }

    public static MainEffects of(ConfigurationTable table, Response response) {
        return of(table, table.factors(), response);
    }

    /**
     * @param values     the values to test (partial residuals), aligned with {@code rows}; null for the raw response
     * @param parameters the adjusting model's parameter count (0 without adjustment)
     */
    private static FactorEffect effect(Factor f, List<Observation> rows, Response response, double[] values, int parameters) {
        List<String> levels = new ArrayList<>();
        List<double[]> groups = new ArrayList<>();
        List<double[]> raw = new ArrayList<>();
        for (String level : f.levels()) {
            List<Integer> at = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                if (level.equals(rows.get(i).level(f.name()))) {
                    at.add(i);
                }
            }
            if (!at.isEmpty()) {
                levels.add(level);
                groups.add(at.stream().mapToDouble(i -> values == null ? rows.get(i).value(response) : values[i]).toArray());
                raw.add(at.stream().mapToDouble(i -> rows.get(i).value(response)).toArray());
            }
        }
        double[] means = raw.stream().mapToDouble(Tests::mean).toArray();
        int[] counts = groups.stream().mapToInt(g -> g.length).toArray();
        double spread = means.length == 0 ? 0 : java.util.Arrays.stream(means).max().getAsDouble() - java.util.Arrays.stream(means).min().getAsDouble();
        if (groups.size() < 2) {
            return new FactorEffect(f.name(), levels, means, counts, "none", groups.isEmpty() ? "no runs" : "only " + levels.get(0) + " occurs",
                    Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "", spread);
        }
        if (groups.stream().anyMatch(g -> g.length < 2) && groups.stream().mapToInt(g -> g.length).sum() <= groups.size()) {
            return new FactorEffect(f.name(), levels, means, counts, "none", "one run per level: no variance to test against",
                    Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "", spread);
        }
        int n = java.util.Arrays.stream(counts).sum();
        double normality = n >= Tests.NORMALITY_MIN_N ? Tests.residualNormality(groups) : Double.NaN;
        Tests.Result r;
        String why;
        if (Double.isNaN(normality) || normality >= Tests.NORMALITY_ALPHA) {
            r = values == null ? Tests.anova(groups) : Tests.anova(groups, n - parameters);
            why = (values == null ? "" : "adjusted for the other factors; ") + (Double.isNaN(normality) ? "fewer than " + Tests.NORMALITY_MIN_N + " runs: normality not checked"
                    : "residuals normal (Jarque-Bera p = " + Significance.format(normality) + ")");
        } else {
            r = groups.size() == 2 ? Tests.mannWhitney(groups.get(0), groups.get(1)) : Tests.kruskalWallis(groups);
            why = (values == null ? "" : "adjusted for the other factors; ") + "residuals not normal (Jarque-Bera p = " + Significance.format(normality) + ")";
        }
        return new FactorEffect(f.name(), levels, means, counts, r.test(), why, normality, r.statistic(), r.pValue(), Double.NaN,
                r.effect(), r.effectName(), spread);
    }

    public Response response() {
        return response;
    }

    /** Whether each factor was tested on the response less the other factors' main effects. */
    public boolean adjusted() {
        return adjusted;
    }

    /** Runs the effects were computed from. */
    public int runs() {
        return runs;
    }

    /** In the order of the factors given. */
    public List<FactorEffect> effects() {
        return effects;
    }

    /** Strongest first: by adjusted p, then by spread. */
    public List<FactorEffect> ranked() {
        return effects.stream().sorted(Comparator.comparingDouble((FactorEffect e) -> Double.isNaN(e.adjustedP()) ? 2 : e.adjustedP())
                .thenComparing(Comparator.comparingDouble(FactorEffect::spread).reversed())).toList();
    }

    public List<String> significant() {
        return effects.stream().filter(FactorEffect::significant).map(FactorEffect::factor).toList();
    }

    public FactorEffect effect(String factor) {
        return effects.stream().filter(e -> e.factor().equals(factor)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no factor " + factor));
    }
}
