package org.bgml.analysis;

import static org.bgml.analysis.AnalysisReport.num;
import static org.bgml.analysis.AnalysisReport.pct;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The analysis as plain text for the terminal: what {@code bgml analyze} prints. */
public final class AnalysisText {
    private AnalysisText() {
    }

    public static void print(Analysis a, PrintStream out) {
        ConfigurationTable t = a.table();
        out.println("experiment " + t.name() + ": " + t.size() + " runs, " + t.distinctConfigurations() + " distinct configurations of "
                + t.spaceSize() + ", " + t.factors().size() + " factors" + (t.dropped().isEmpty() ? "" : "; runs left out: " + t.dropped().size()));
        t.dropped().stream().limit(5).forEach(d -> out.println("  left out: " + d));
        if (t.dropped().size() > 5) {
            out.println("  ... and " + (t.dropped().size() - 5) + " more (listed in the report)");
        }
        for (Map.Entry<Response, MainEffects> e : a.mainEffects().entrySet()) {
            out.println();
            out.println("main effects on " + e.getKey().axis() + ", all configurations" + (e.getValue().adjusted() ? ", each adjusted for the other factors" : "") + ":");
            effects(e.getValue(), out);
        }
        Interaction i = a.interaction();
        if (i != null) {
            out.println();
            out.println("strongest interaction on " + a.response().label() + ": " + i.first() + " × " + i.second() + "  F = " + num(i.f()) + "  p = "
                    + Significance.format(i.pValue()) + " " + i.stars() + "  (" + pct(i.share()) + " of the variation)"
                    + (i.aliases().isEmpty() ? "" : "; aliased with " + String.join(", ", i.aliases())));
            out.print("  two-way means (" + i.first() + " down, " + i.second() + " across: " + String.join(", ", i.secondLevels()) + "):");
            out.println();
            for (int r = 0; r < i.firstLevels().size(); r++) {
                List<String> cells = new ArrayList<>();
                for (int c = 0; c < i.secondLevels().size(); c++) {
                    cells.add(num(i.means()[r][c]));
                }
                out.println("    " + i.firstLevels().get(r) + ": " + String.join("  ", cells));
            }
        }
        int step = 1;
        for (SubsetAnalysis s : a.steps()) {
            out.println();
            out.println("step " + step++ + ": " + s.query(t) + "  (" + s.subsetRuns() + " of " + s.wholeRuns() + " runs match)");
            for (Response r : s.whole().keySet()) {
                Distribution w = s.whole().get(r);
                Distribution p = s.subset().get(r);
                out.println("  " + r.axis() + ": subset median " + num(p.median()) + " [p10 " + num(p.p10()) + ", p90 " + num(p.p90()) + "]"
                        + "  vs all median " + num(w.median()) + " [p10 " + num(w.p10()) + ", p90 " + num(w.p90()) + "]");
            }
            MainEffects unset = s.unsetEffects().get(a.response());
            if (unset != null && !unset.effects().isEmpty()) {
                List<String> matter = unset.significant();
                out.println("  unset options that still matter for " + a.response().label() + ": " + (matter.isEmpty() ? "none" : String.join(", ", matter)));
                effects(unset, out);
                if (!matter.isEmpty()) {
                    FactorEffect best = unset.ranked().get(0);
                    out.println("  next: add --fix " + best.factor() + "=" + best.bestLevel(a.response()) + " (the best level of the strongest unset option)");
                }
            }
        }
        out.println();
        WorstTree.Result tree = a.tree();
        if (tree == null) {
            out.println("no classification tree: " + a.treeProblem());
        } else {
            out.println("worst " + num(tree.percent()) + "% by " + tree.response().label() + ": " + tree.worstRuns() + " of " + tree.runs() + " runs, "
                    + (tree.response().higherIsBetter() ? "<= " : ">= ") + num(tree.cutoff()) + " " + tree.response().unit()
                    + "; classification tree (Tribuo CART, depth " + tree.depth() + ") catches " + pct(tree.recall()) + " of them, "
                    + pct(tree.accuracy()) + " of runs classified right");
            List<WorstTree.Leaf> leaves = tree.worstLeaves();
            if (leaves.isEmpty()) {
                out.println("  the tree found no group of options where the worst runs gather");
            }
            for (WorstTree.Leaf l : leaves) {
                out.println("  IF " + l.rule() + " THEN worst  (" + l.support() + " runs, " + l.worst() + " worst, purity " + pct(l.purity())
                        + ", " + pct(tree.worstRuns() == 0 ? 0 : l.worst() / (double) tree.worstRuns()) + " of all worst)");
            }
        }
        out.println();
        out.println("significance: " + Significance.legend());
    }

    private static void effects(MainEffects m, PrintStream out) {
        int width = m.effects().stream().mapToInt(e -> e.factor().length()).max().orElse(6);
        for (FactorEffect e : m.ranked()) {
            StringBuilder means = new StringBuilder();
            for (int k = 0; k < e.levels().size(); k++) {
                means.append(k == 0 ? "" : ", ").append(e.levels().get(k)).append(' ').append(num(e.means()[k]));
            }
            out.println(String.format(java.util.Locale.ROOT, "  %-" + width + "s %-3s p=%-9s %-16s %s%s", e.factor(), e.stars(),
                    Significance.format(e.adjustedP()), e.test(), means, e.effectName().isEmpty() ? "  (" + e.why() + ")"
                            : "  " + e.effectName() + "=" + num(e.effect())));
        }
    }
}
