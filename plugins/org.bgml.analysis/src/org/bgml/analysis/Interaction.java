package org.bgml.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A two-factor interaction: the two-way cell means of a response and the interaction's F-test (interaction sum of
 * squares = cells − A − B, against the within-cell residual). The sums of squares are exact for balanced designs
 * (full and regular fractional factorials) and an approximation otherwise.
 *
 * @param means       {@code means[i][j]}: mean at level i of {@code first} and level j of {@code second}; NaN for an empty cell
 * @param share       interaction sum of squares as a share of the total
 * @param aliases     other pairs with the same interaction sum of squares (aliased in this design)
 */
public record Interaction(String first, String second, List<String> firstLevels, List<String> secondLevels, double[][] means,
        int[][] counts, double f, double pValue, double share, List<String> aliases) {

    public String stars() {
        return Significance.stars(pValue);
    }

    /** Every pair of factors with at least two levels each, strongest interaction first. */
    public static List<Interaction> all(ConfigurationTable table, List<Factor> factors, Response response) {
        List<Observation> rows = table.measured(response);
        List<Interaction> out = new ArrayList<>();
        for (int a = 0; a < factors.size(); a++) {
            for (int b = a + 1; b < factors.size(); b++) {
                Interaction i = of(rows, factors.get(a), factors.get(b), response);
                if (i != null) {
                    out.add(i);
                }
            }
        }
        out.sort(Comparator.comparingDouble(Interaction::share).reversed());
        List<Interaction> withAliases = new ArrayList<>();
        for (Interaction i : out) {
            List<String> same = new ArrayList<>();
            for (Interaction j : out) {
                if (j != i && i.share > 1e-9 && Math.abs(j.share - i.share) <= 1e-9 * Math.max(1, i.share)) {
                    same.add(j.first + "×" + j.second);
                }
            }
            withAliases.add(new Interaction(i.first, i.second, i.firstLevels, i.secondLevels, i.means, i.counts, i.f, i.pValue, i.share, same));
        }
        return withAliases;
    }

    /** The strongest pair, or null with fewer than two varying factors. */
    public static Interaction strongest(ConfigurationTable table, List<Factor> factors, Response response) {
        List<Interaction> all = all(table, factors, response);
        return all.isEmpty() ? null : all.get(0);
    }

    private static Interaction of(List<Observation> rows, Factor fa, Factor fb, Response response) {
        List<String> la = fa.levels();
        List<String> lb = fb.levels();
        double[][] sum = new double[la.size()][lb.size()];
        int[][] n = new int[la.size()][lb.size()];
        double grand = 0;
        for (Observation o : rows) {
            int i = la.indexOf(o.level(fa.name()));
            int j = lb.indexOf(o.level(fb.name()));
            sum[i][j] += o.value(response);
            n[i][j]++;
            grand += o.value(response);
        }
        int total = rows.size();
        if (total == 0) {
            return null;
        }
        grand /= total;
        double[][] means = new double[la.size()][lb.size()];
        double[] rowSum = new double[la.size()];
        int[] rowN = new int[la.size()];
        double[] colSum = new double[lb.size()];
        int[] colN = new int[lb.size()];
        int cells = 0;
        for (int i = 0; i < la.size(); i++) {
            for (int j = 0; j < lb.size(); j++) {
                means[i][j] = n[i][j] == 0 ? Double.NaN : sum[i][j] / n[i][j];
                rowSum[i] += sum[i][j];
                rowN[i] += n[i][j];
                colSum[j] += sum[i][j];
                colN[j] += n[i][j];
                if (n[i][j] > 0) {
                    cells++;
                }
            }
        }
        int levelsA = (int) java.util.Arrays.stream(rowN).filter(v -> v > 0).count();
        int levelsB = (int) java.util.Arrays.stream(colN).filter(v -> v > 0).count();
        if (levelsA < 2 || levelsB < 2) {
            return null;
        }
        double ssCells = 0;
        double ssA = 0;
        double ssB = 0;
        for (int i = 0; i < la.size(); i++) {
            if (rowN[i] > 0) {
                double m = rowSum[i] / rowN[i];
                ssA += rowN[i] * (m - grand) * (m - grand);
            }
            for (int j = 0; j < lb.size(); j++) {
                if (n[i][j] > 0) {
                    ssCells += n[i][j] * (means[i][j] - grand) * (means[i][j] - grand);
                }
            }
        }
        for (int j = 0; j < lb.size(); j++) {
            if (colN[j] > 0) {
                double m = colSum[j] / colN[j];
                ssB += colN[j] * (m - grand) * (m - grand);
            }
        }
        double ssTotal = 0;
        double ssWithin = 0;
        for (Observation o : rows) {
            double v = o.value(response);
            ssTotal += (v - grand) * (v - grand);
            double cell = means[la.indexOf(o.level(fa.name()))][lb.indexOf(o.level(fb.name()))];
            ssWithin += (v - cell) * (v - cell);
        }
        double ssAB = Math.max(0, ssCells - ssA - ssB);
        int dfAB = cells - levelsA - levelsB + 1;
        int dfWithin = total - cells;
        double f = Double.NaN;
        if (dfAB > 0 && dfWithin > 0) {
            f = ssWithin <= 1e-12 * Math.max(ssTotal, 1e-300) ? (ssAB > 1e-12 * ssTotal ? Double.POSITIVE_INFINITY : 0)
                    : (ssAB / dfAB) / (ssWithin / dfWithin);
        }
        return new Interaction(fa.name(), fb.name(), la, lb, means, n, f, Tests.fPValue(f, dfAB, dfWithin), ssTotal == 0 ? 0 : ssAB / ssTotal,
                List.of());
    }
}
