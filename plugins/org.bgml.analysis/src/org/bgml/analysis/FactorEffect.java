package org.bgml.analysis;

import java.util.List;

/**
 * The main effect of one factor on one response.
 *
 * @param levels     the levels that occur, in the factor's order
 * @param means      the response's mean at each level
 * @param counts     runs at each level
 * @param test       which test was used ("one-way ANOVA F", "Mann-Whitney U", "Kruskal-Wallis H"; "none" when fewer than
 *                   two levels occur)
 * @param why        why that test: the Jarque-Bera p-value of the residuals, or what prevented a test
 * @param normalityP Jarque-Bera p-value of the one-way model's residuals (NaN when not checked)
 * @param pValue     the test's p-value
 * @param adjustedP  Holm-adjusted over the factors tested together
 * @param effect     the test family's effect size ({@code effectName})
 * @param spread     largest minus smallest level mean, in the response's unit
 */
public record FactorEffect(String factor, List<String> levels, double[] means, int[] counts, String test, String why,
        double normalityP, double statistic, double pValue, double adjustedP, double effect, String effectName, double spread) {

    public boolean tested() {
        return !Double.isNaN(pValue);
    }

    public boolean significant() {
        return !Double.isNaN(adjustedP) && adjustedP < Significance.ALPHA;
    }

    public String stars() {
        return Significance.stars(adjustedP);
    }

    /** The level with the best mean for {@code response}. */
    public String bestLevel(Response response) {
        int best = -1;
        for (int i = 0; i < means.length; i++) {
            if (best < 0 || (response.higherIsBetter() ? means[i] > means[best] : means[i] < means[best])) {
                best = i;
            }
        }
        return best < 0 ? null : levels.get(best);
    }

    FactorEffect withAdjusted(double adjusted) {
        return new FactorEffect(factor, levels, means, counts, test, why, normalityP, statistic, pValue, adjusted, effect, effectName, spread);
    }
}
