package org.bgml.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.math3.linear.SingularMatrixException;
import org.apache.commons.math3.stat.regression.OLSMultipleLinearRegression;

/**
 * A least-squares model of a response: the main effects of every varying factor, plus the interaction of one pair when
 * given, used to take everything but a factor's own main effect out of that factor's test. Factors are effect-coded
 * (sum to zero: +1 at a level, -1 at the first level that occurs), so a main effect is the average over the other
 * factors' levels, as in a balanced design, even with an interaction in the model. Fitted with Commons Math's OLS
 * (QR decomposition).
 */
final class PartialResiduals {
    /** One model column: a factor's level against its baseline, or the product of two such columns. */
    private record Column(String factor, String level, String baseline, Column times) {
        double value(Observation o) {
            String at = o.level(factor);
            double v = level.equals(at) ? 1 : baseline.equals(at) ? -1 : 0;
            return times == null ? v : v * times.value(o);
        }

        boolean involves(String f) {
            return factor.equals(f) || (times != null && times.involves(f));
        }
    }

    private final List<Observation> rows;
    private final Response response;
    private final List<Column> columns;
    private final double[] beta; // without the intercept

    private PartialResiduals(List<Observation> rows, Response response, List<Column> columns, double[] beta) {
        this.rows = rows;
        this.response = response;
        this.columns = columns;
        this.beta = beta;
    }

    /** The fitted model, or null when it cannot be fitted (too few runs, or factors confounded in these runs). */
    static PartialResiduals fit(List<Factor> factors, List<Observation> rows, Response response, Interaction pair) {
        List<Column> columns = new ArrayList<>();
        Map<String, List<Column>> byFactor = new LinkedHashMap<>();
        for (Factor f : factors) {
            List<String> present = f.levels().stream().filter(l -> rows.stream().anyMatch(o -> l.equals(o.level(f.name())))).toList();
            if (present.size() < 2) {
                continue;
            }
            List<Column> own = new ArrayList<>();
            for (String l : present.subList(1, present.size())) {
                own.add(new Column(f.name(), l, present.get(0), null));
            }
            columns.addAll(own);
            byFactor.put(f.name(), own);
        }
        if (pair != null && byFactor.containsKey(pair.first()) && byFactor.containsKey(pair.second())) {
            for (Column a : byFactor.get(pair.first())) {
                for (Column b : byFactor.get(pair.second())) {
                    columns.add(new Column(a.factor(), a.level(), a.baseline(), b));
                }
            }
        }
        if (rows.size() <= columns.size() + 1 || columns.isEmpty()) {
            return null;
        }
        double[] y = new double[rows.size()];
        double[][] x = new double[rows.size()][columns.size()];
        for (int i = 0; i < rows.size(); i++) {
            y[i] = rows.get(i).value(response);
            for (int j = 0; j < columns.size(); j++) {
                x[i][j] = columns.get(j).value(rows.get(i));
            }
        }
        OLSMultipleLinearRegression ols = new OLSMultipleLinearRegression();
        ols.newSampleData(y, x);
        double[] all;
        try {
            all = ols.estimateRegressionParameters();
        } catch (SingularMatrixException e) {
            return null;
        }
        return new PartialResiduals(rows, response, columns, java.util.Arrays.copyOfRange(all, 1, all.length));
    }

    /** Parameters of the model, the intercept included. */
    int parameters() {
        return columns.size() + 1;
    }

    /** The response less every fitted term but {@code factor}'s own main effect, aligned with the rows. */
    double[] without(String factor) {
        double[] out = new double[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            Observation o = rows.get(i);
            double v = o.value(response);
            for (int j = 0; j < columns.size(); j++) {
                Column c = columns.get(j);
                if (c.times() != null || !c.involves(factor)) {
                    v -= beta[j] * c.value(o);
                }
            }
            out[i] = v;
        }
        return out;
    }
}
