package org.bgml.analysis;

import static org.bgml.launcher.report.ChartOptions.arr;
import static org.bgml.launcher.report.ChartOptions.obj;
import static org.bgml.launcher.report.ChartOptions.round;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.bgml.launcher.report.Html;
import org.bgml.launcher.report.Page;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.ToolVersion;
import org.bgml.model.io.ModelFiles;

import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;

/**
 * The analysis as one self-contained HTML page, built with the run reports' page and chart helpers (Apache ECharts,
 * inlined): main effects with stars, the interaction plot of the strongest pair, the subset query's distributions
 * beside the whole space and the options still unset that matter, the classification tree's rules, and a treemap of
 * the space split by the tree's top options, coloured by class.
 */
public final class AnalysisReport {
    private static final int BINS = 24;
    private static final String WORST_COLOUR = "#7a1c1c";
    private static final String REST_COLOUR = "#cfe3f3";

    private AnalysisReport() {
    }

    public static Path write(Analysis a, Path out) throws IOException {
        Path target = out.toAbsolutePath().normalize();
        ModelFiles.writeAtomically(target, html(a).getBytes(StandardCharsets.UTF_8));
        return target;
    }

    public static String html(Analysis a) throws IOException {
        return page(a).render(ReportWriter.echarts(), ToolVersion.current());
    }

    static Page page(Analysis a) {
        ConfigurationTable t = a.table();
        Page page = new Page("Analysis of experiment " + t.name());
        List<String[]> kv = new ArrayList<>();
        kv.add(new String[] { "runs analysed", t.size() + " (" + t.distinctConfigurations() + " distinct configurations of " + t.spaceSize()
                + " in the full space)" });
        kv.add(new String[] { "factors", t.factors().size() + ": " + String.join(", ", t.names()) });
        kv.add(new String[] { "runs left out", t.dropped().isEmpty() ? "none" : t.dropped().size() + " (listed at the end)" });
        kv.add(new String[] { "response for interaction and tree", a.response().axis() });
        kv.add(new String[] { "tests", "one-way ANOVA F when the one-way model's residuals pass the Jarque-Bera normality test (p ≥ "
                + Tests.NORMALITY_ALPHA + "), else Mann-Whitney U (two levels) or Kruskal-Wallis H (more); Apache Commons Math 3.6.1" });
        kv.add(new String[] { "significance", Significance.legend() });
        boolean adjusted = a.mainEffects().values().stream().anyMatch(MainEffects::adjusted);
        kv.add(new String[] { "adjustment", adjusted ? "each factor tested on the response less the other factors' main effects (least squares)"
                : "none: each factor tested on the raw response" });
        page.html(Html.keyValues(kv));

        page.section("main-effects", "Main effects");
        for (Map.Entry<Response, MainEffects> e : a.mainEffects().entrySet()) {
            page.html("<h3>" + Html.esc(e.getKey().axis()) + " over all runs</h3>\n");
            effects(page, e.getValue(), "Main effects on " + e.getKey().label() + " (all configurations)");
        }

        page.section("interaction", "Interaction of the strongest pair");
        Interaction i = a.interaction();
        if (i == null) {
            page.paragraph("Fewer than two factors vary: no interaction to show.");
        } else {
            page.paragraph(i.first() + " × " + i.second() + ": interaction F = " + num(i.f()) + ", p = " + Significance.format(i.pValue()) + " "
                    + i.stars() + "; it accounts for " + pct(i.share()) + " of the variation of " + a.response().label() + ".");
            if (!i.aliases().isEmpty()) {
                page.note("Aliased in this design (the data cannot tell them apart): " + String.join(", ", i.aliases()) + ".");
            }
            page.chart("interaction", interactionChart(i, a.response()));
        }

        page.section("subset", "Application developer: fixed options and the rest (*)");
        if (a.steps().isEmpty()) {
            page.paragraph("No options fixed. Fix some with bgml analyze ... --fix OPTION=LEVEL (repeat it to fix more); each fix is one step here.");
        }
        int step = 1;
        for (SubsetAnalysis s : a.steps()) {
            page.html("<h3>Step " + step++ + ": " + Html.esc(s.query(t)) + "</h3>\n");
            page.paragraph(s.subsetRuns() + " of " + s.wholeRuns() + " runs match.");
            List<List<String>> rows = new ArrayList<>();
            for (Response r : s.whole().keySet()) {
                rows.add(distRow(r.label() + ", all", s.whole().get(r)));
                rows.add(distRow(r.label() + ", subset", s.subset().get(r)));
            }
            page.html(Html.table("summary", List.of("runs", "n", "mean", "min", "p10", "median", "p90", "max"), rows));
            for (Response r : s.whole().keySet()) {
                page.chart("distribution", distributionChart(r, a.table().values(r), s.subsetTable().values(r)));
            }
            MainEffects unset = s.unsetEffects().get(a.response());
            if (unset != null && !unset.effects().isEmpty()) {
                List<String> matter = unset.significant();
                page.paragraph(matter.isEmpty() ? "None of the unset options has a significant effect on " + a.response().label() + " within this subset."
                        : "Unset options that still matter for " + a.response().label() + ": " + String.join(", ", matter) + ".");
                effects(page, unset, "Main effects of the unset options on " + a.response().label() + " (subset)");
            }
        }

        page.section("worst", "Middleware developer: the worst configurations");
        WorstTree.Result tree = a.tree();
        if (tree == null) {
            page.paragraph("No classification tree: " + a.treeProblem());
        } else {
            page.paragraph("Worst " + num(tree.percent()) + "% by " + tree.response().label() + ": " + tree.worstRuns() + " of " + tree.runs()
                    + " runs, " + (tree.response().higherIsBetter() ? "at or below " : "at or above ") + num(tree.cutoff()) + " " + tree.response().unit()
                    + ". Classification tree: Tribuo CART (Gini impurity, classes weighted to balance, depth " + tree.depth() + "); it puts "
                    + pct(tree.recall()) + " of the worst runs in its worst leaves, and classifies " + pct(tree.accuracy()) + " of all runs right.");
            List<List<String>> rules = new ArrayList<>();
            for (WorstTree.Leaf l : tree.worstLeaves()) {
                rules.add(List.of(Html.esc(l.rule()), String.valueOf(l.support()), String.valueOf(l.worst()), pct(l.purity()),
                        pct(tree.worstRuns() == 0 ? 0 : l.worst() / (double) tree.worstRuns())));
            }
            page.html("<h3>Rules that lead to the worst runs</h3>\n");
            if (rules.isEmpty()) {
                page.paragraph("The tree found no group of options where the worst runs gather.");
            } else {
                page.html(Html.table("rules", List.of("rule", "runs", "worst runs", "purity", "share of all worst"), rules));
            }
            page.html("<h3>Treemap</h3>\n");
            List<String> top = treemapFactors(a);
            page.paragraph("The space split by " + String.join(", then ", top) + "; tile area is the number of runs, dark tiles are the worst "
                    + num(tree.percent()) + "%, light tiles the rest.");
            page.chart("treemap", treemap(a, top));
        }

        if (!t.dropped().isEmpty()) {
            page.section("dropped", "Runs left out");
            StringBuilder b = new StringBuilder("<ul>");
            t.dropped().stream().limit(200).forEach(d -> b.append("<li>").append(Html.esc(d)).append("</li>"));
            if (t.dropped().size() > 200) {
                b.append("<li>... and ").append(t.dropped().size() - 200).append(" more</li>");
            }
            page.html(b.append("</ul>\n").toString());
        }
        return page;
    }

    private static void effects(Page page, MainEffects m, String title) {
        List<List<String>> rows = new ArrayList<>();
        for (FactorEffect e : m.ranked()) {
            StringBuilder means = new StringBuilder();
            for (int k = 0; k < e.levels().size(); k++) {
                means.append(k == 0 ? "" : ", ").append(Html.esc(e.levels().get(k))).append(": ").append(num(e.means()[k]))
                        .append(" (n=").append(e.counts()[k]).append(')');
            }
            rows.add(List.of(Html.esc(e.factor()), "<b>" + e.stars() + "</b>", means.toString(), num(e.spread()), Html.esc(e.test()),
                    Double.isNaN(e.statistic()) ? "" : num(e.statistic()), Significance.format(e.pValue()), Significance.format(e.adjustedP()),
                    e.effectName().isEmpty() ? "" : e.effectName() + " = " + num(e.effect()), Html.esc(e.why())));
        }
        page.html(Html.table("effects", List.of("factor", "", "mean by level", "spread", "test", "statistic", "p", "p (Holm)", "effect size", "why this test"),
                rows));
        page.chart("maineffects", mainEffectsChart(m, title));
    }

    /** Skoll's main effects graph: each factor's level means joined by a line, side by side; stars on the factor names. */
    static JsonObject mainEffectsChart(MainEffects m, String title) {
        List<String> categories = new ArrayList<>();
        List<FactorEffect> effects = m.effects().stream().filter(e -> e.levels().size() > 0).toList();
        for (FactorEffect e : effects) {
            for (String l : e.levels()) {
                categories.add(e.factor() + (e.stars().isEmpty() ? "" : " " + e.stars()) + "\n" + l);
            }
        }
        JsonArray series = new JsonArray();
        int at = 0;
        double grand = 0;
        int n = 0;
        for (FactorEffect e : effects) {
            JsonArray data = new JsonArray();
            for (int c = 0; c < categories.size(); c++) {
                int k = c - at;
                if (k >= 0 && k < e.levels().size()) {
                    data.add(round(e.means()[k]));
                    grand += e.means()[k] * e.counts()[k];
                    n += e.counts()[k];
                } else {
                    data.add(JsonNull.INSTANCE);
                }
            }
            at += e.levels().size();
            JsonObject s = obj("type", "line", "name", e.factor() + (e.stars().isEmpty() ? "" : " " + e.stars()), "data", data, "symbol", "circle",
                    "symbolSize", 7, "connectNulls", false, "lineStyle", obj("width", e.significant() ? 3 : 1));
            series.add(s);
        }
        if (!series.isEmpty() && n > 0) {
            series.get(0).getAsJsonObject().add("markLine", obj("symbol", "none", "silent", true, "lineStyle", obj("type", "dashed", "color", "#888"),
                    "label", obj("formatter", "overall mean"), "data", arr(obj("yAxis", round(grand / n)))));
        }
        JsonArray cats = new JsonArray();
        categories.forEach(cats::add);
        return obj("animation", false, "title", obj("text", title, "left", "center", "textStyle", obj("fontSize", 13)),
                "tooltip", obj("trigger", "item"),
                "grid", obj("left", 60, "right", 30, "top", 40, "bottom", 30, "containLabel", true),
                "xAxis", obj("type", "category", "data", cats, "axisLabel", obj("interval", 0, "rotate", categories.size() > 6 ? 35 : 0, "fontSize", 10)),
                "yAxis", obj("type", "value", "scale", true, "name", "mean " + m.response().axis()),
                "series", series);
    }

    static JsonObject interactionChart(Interaction i, Response response) {
        JsonArray series = new JsonArray();
        for (int j = 0; j < i.secondLevels().size(); j++) {
            JsonArray data = new JsonArray();
            boolean any = false;
            for (int k = 0; k < i.firstLevels().size(); k++) {
                double v = i.means()[k][j];
                data.add(Double.isNaN(v) ? JsonNull.INSTANCE : new com.google.gson.JsonPrimitive(round(v)));
                any |= !Double.isNaN(v);
            }
            if (any) {
                series.add(obj("type", "line", "name", i.second() + " = " + i.secondLevels().get(j), "data", data, "symbol", "circle", "symbolSize", 8));
            }
        }
        JsonArray cats = new JsonArray();
        i.firstLevels().forEach(cats::add);
        return obj("animation", false,
                "title", obj("text", "Interaction " + i.first() + " × " + i.second() + " " + i.stars(), "left", "center", "textStyle", obj("fontSize", 13)),
                "tooltip", obj("trigger", "axis"), "legend", obj("top", 24),
                "grid", obj("left", 60, "right", 40, "top", 58, "bottom", 40, "containLabel", true),
                "xAxis", obj("type", "category", "data", cats, "name", i.first(), "nameLocation", "middle", "nameGap", 28),
                "yAxis", obj("type", "value", "scale", true, "name", "mean " + response.axis()), "series", series);
    }

    /** Histograms (share of runs per bin) of a response over the whole space and over the subset, overlaid. */
    static JsonObject distributionChart(Response r, double[] whole, double[] subset) {
        double low = java.util.Arrays.stream(whole).min().orElse(0);
        double high = java.util.Arrays.stream(whole).max().orElse(1);
        double width = high > low ? (high - low) / BINS : 1;
        double[] hw = Distribution.histogram(whole, low, high, BINS);
        double[] hs = Distribution.histogram(subset, low, high, BINS);
        JsonArray cats = new JsonArray();
        JsonArray dw = new JsonArray();
        JsonArray ds = new JsonArray();
        for (int b = 0; b < BINS; b++) {
            cats.add(num(low + (b + 0.5) * width));
            dw.add(round(hw[b]));
            ds.add(round(hs[b]));
        }
        return obj("animation", false,
                "title", obj("text", r.label() + ": subset beside all configurations", "left", "center", "textStyle", obj("fontSize", 13)),
                "tooltip", obj("trigger", "axis"), "legend", obj("top", 24),
                "grid", obj("left", 60, "right", 40, "top", 58, "bottom", 40, "containLabel", true),
                "xAxis", obj("type", "category", "data", cats, "name", r.axis(), "nameLocation", "middle", "nameGap", 28),
                "yAxis", obj("type", "value", "name", "runs (%)"),
                "series", arr(obj("type", "bar", "name", "all configurations", "data", dw, "barGap", "-100%", "itemStyle", obj("color", "#b8c2d3")),
                        obj("type", "bar", "name", "subset", "data", ds, "itemStyle", obj("color", "rgba(31,94,168,0.75)"))));
    }

    /** The tree's first split options (up to three), or the strongest main effects when the tree did not split. */
    static List<String> treemapFactors(Analysis a) {
        List<String> top = new ArrayList<>(a.tree().topFactors().stream().limit(3).toList());
        if (top.isEmpty()) {
            a.mainEffects().get(a.response()).ranked().stream().limit(2).forEach(e -> top.add(e.factor()));
        }
        return top;
    }

    static JsonObject treemap(Analysis a, List<String> top) {
        List<Observation> rows = a.table().measured(a.response());
        List<Boolean> labels = a.tree().labels();
        JsonArray data = treemapLevel(a.table(), rows, labels, top, 0, new LinkedHashMap<>());
        JsonArray levels = arr(obj("itemStyle", obj("borderWidth", 0, "gapWidth", 6)),
                obj("itemStyle", obj("borderColor", "#555", "borderWidth", 2, "gapWidth", 3), "upperLabel", obj("show", true, "height", 18)),
                obj("itemStyle", obj("borderColor", "#999", "borderWidth", 1, "gapWidth", 2), "upperLabel", obj("show", true, "height", 16)),
                obj("itemStyle", obj("borderColor", "#bbb", "borderWidth", 1, "gapWidth", 1), "upperLabel", obj("show", true, "height", 14)));
        return obj("animation", false, "title", obj("text", "Runs by " + String.join(" / ", top) + ", worst " + num(a.tree().percent()) + "% dark",
                "left", "center", "textStyle", obj("fontSize", 13)), "tooltip", obj("trigger", "item"),
                "series", arr(obj("type", "treemap", "data", data, "top", 36, "bottom", 8, "left", 8, "right", 8, "roam", false, "nodeClick", false,
                        "breadcrumb", obj("show", false), "label", obj("show", true, "formatter", "{b}"), "levels", levels)));
    }

    private static JsonArray treemapLevel(ConfigurationTable t, List<Observation> rows, List<Boolean> labels, List<String> top, int depth,
            Map<String, String> path) {
        JsonArray out = new JsonArray();
        if (depth == top.size()) {
            int worst = 0;
            int all = 0;
            for (int r = 0; r < rows.size(); r++) {
                Observation o = rows.get(r);
                if (path.entrySet().stream().allMatch(e -> e.getValue().equals(o.level(e.getKey())))) {
                    all++;
                    worst += labels.get(r) ? 1 : 0;
                }
            }
            if (worst > 0) {
                out.add(obj("name", "worst " + worst, "value", worst, "itemStyle", obj("color", WORST_COLOUR)));
            }
            if (all - worst > 0) {
                out.add(obj("name", "rest " + (all - worst), "value", all - worst, "itemStyle", obj("color", REST_COLOUR), "label", obj("color", "#1d2330")));
            }
            return out;
        }
        Factor f = t.factor(top.get(depth));
        for (String level : f.levels()) {
            path.put(f.name(), level);
            JsonArray children = treemapLevel(t, rows, labels, top, depth + 1, path);
            path.remove(f.name());
            int total = 0;
            for (var c : children) {
                total += c.getAsJsonObject().get("value").getAsInt();
            }
            if (total > 0) {
                out.add(obj("name", f.name() + " = " + level, "value", total, "children", children));
            }
        }
        return out;
    }

    private static List<String> distRow(String name, Distribution d) {
        return List.of(Html.esc(name), String.valueOf(d.n()), num(d.mean()), num(d.min()), num(d.p10()), num(d.median()), num(d.p90()), num(d.max()));
    }

    public static String num(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "-∞";
        }
        double a = Math.abs(v);
        if (a != 0 && (a >= 1e6 || a < 1e-3)) {
            return String.format(Locale.ROOT, "%.3g", v);
        }
        return String.format(Locale.ROOT, a >= 100 ? "%.1f" : a >= 1 ? "%.3f" : "%.4f", v).replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", "");
    }

    public static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }
}
