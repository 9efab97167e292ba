package org.bgml.analysis;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.tribuo.MutableDataset;
import org.tribuo.classification.Label;
import org.tribuo.classification.LabelFactory;
import org.tribuo.classification.dtree.CARTClassificationTrainer;
import org.tribuo.classification.dtree.impurity.GiniIndex;
import org.tribuo.common.tree.LeafNode;
import org.tribuo.common.tree.Node;
import org.tribuo.common.tree.SplitNode;
import org.tribuo.common.tree.TreeModel;
import org.tribuo.provenance.SimpleDataSourceProvenance;
import org.tribuo.impl.ArrayExample;

/**
 * Skoll's second use case, the middleware developer: the worst {@code percent}% of runs (highest latency, or lowest
 * throughput) are labelled {@value #WORST}, the rest {@value #REST}, and a classification tree (Tribuo's CART, Gini
 * impurity) explains the label from the factor levels. Each factor level is one 0/1 feature, so every split reads
 * "factor = level" or "factor ≠ level". The two classes are weighted to balance, so a leaf is called {@value #WORST}
 * where poor performers are concentrated beyond their overall share; support and purity are counted on the runs.
 */
public final class WorstTree {
    public static final String WORST = "worst";
    public static final String REST = "rest";
    /** Deepest tree grown: deeper paths are too specific to act on. */
    public static final int MAX_DEPTH = 4;

    /** One test on a path: {@code factor = level} when {@code equal}, else {@code factor ≠ level}. */
    public record Condition(String factor, String level, boolean equal) {
        @Override
        public String toString() {
            return factor + (equal ? " = " : " ≠ ") + level;
        }

        boolean holds(Observation o) {
            return level.equals(o.level(factor)) == equal;
        }
    }

    /** A leaf of the tree: the path to it, the class it predicts, and the runs that reach it. */
    public record Leaf(List<Condition> path, String predicted, int support, int worst) {
        /** Share of the leaf's runs whose label is its predicted class. */
        public double purity() {
            if (support == 0) {
                return 0;
            }
            return (WORST.equals(predicted) ? worst : support - worst) / (double) support;
        }

        public String rule() {
            return path.isEmpty() ? "(every run)" : String.join(" AND ", path.stream().map(Condition::toString).toList());
        }
    }

    /**
     * @param cutoff     the response value at the border of the worst runs
     * @param topFactors factors in the order the tree first splits on them (breadth first)
     * @param recall     share of the worst runs that fall in leaves predicted {@value #WORST}
     */
    public record Result(Response response, double percent, double cutoff, int runs, int worstRuns, List<Leaf> leaves,
            List<String> topFactors, int depth, double accuracy, double recall, List<Boolean> labels) {

        /** The leaves predicted {@value #WORST}, the purest and largest first. */
        public List<Leaf> worstLeaves() {
            return leaves.stream().filter(l -> WORST.equals(l.predicted()))
                    .sorted(Comparator.comparingDouble(Leaf::purity).reversed().thenComparing(Comparator.comparingInt(Leaf::support).reversed()))
                    .toList();
        }
    }

    private WorstTree() {
    }

    /** The runs of {@code table} labelled worst (true) or not, in row order, and the cutoff between them. */
    public static double cutoff(double[] values, Response response, double percent) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int k = Math.max(1, (int) Math.ceil(values.length * percent / 100.0));
        return response.higherIsBetter() ? sorted[k - 1] : sorted[sorted.length - k];
    }

    public static Result fit(ConfigurationTable table, Response response, double percent, long seed) {
        if (!(percent > 0 && percent < 100)) {
            throw new IllegalArgumentException("the worst share must be above 0% and below 100%, got " + percent + "%");
        }
        List<Observation> rows = table.measured(response);
        if (rows.size() < 4) {
            throw new IllegalArgumentException("a classification tree needs at least 4 measured runs, got " + rows.size());
        }
        double cut = cutoff(rows.stream().mapToDouble(o -> o.value(response)).toArray(), response, percent);
        List<Boolean> labels = rows.stream().map(o -> response.higherIsBetter() ? o.value(response) <= cut : o.value(response) >= cut).toList();
        int worst = (int) labels.stream().filter(b -> b).count();

        List<Factor> factors = table.factors();
        List<String[]> featureOf = new ArrayList<>(); // feature index -> {factor, level}
        List<String> names = new ArrayList<>();
        for (Factor f : factors) {
            for (String l : f.levels()) {
                names.add("f" + featureOf.size());
                featureOf.add(new String[] { f.name(), l });
            }
        }
        Logger.getLogger("org.tribuo").setLevel(Level.WARNING);
        LabelFactory labelFactory = new LabelFactory();
        MutableDataset<Label> data = new MutableDataset<>(new SimpleDataSourceProvenance("configurations of " + table.name(), labelFactory),
                labelFactory);
        String[] featureNames = names.toArray(String[]::new);
        for (int r = 0; r < rows.size(); r++) {
            Observation o = rows.get(r);
            double[] values = new double[featureNames.length];
            for (int i = 0; i < featureOf.size(); i++) {
                values[i] = featureOf.get(i)[1].equals(o.level(featureOf.get(i)[0])) ? 1 : 0;
            }
            data.add(new ArrayExample<>(new Label(labels.get(r) ? WORST : REST), featureNames, values));
        }
        if (worst > 0 && worst < rows.size()) {
            data.setWeights(Map.of(new Label(WORST), (float) ((rows.size() - worst) / (double) worst), new Label(REST), 1f));
        }
        float minChildWeight = (float) Math.max(1, Math.min(5, rows.size() / 40.0));
        CARTClassificationTrainer trainer = new CARTClassificationTrainer(MAX_DEPTH, minChildWeight, 0.0f, 1.0f, false, new GiniIndex(), seed);
        TreeModel<Label> model = trainer.train(data);

        List<Leaf> leaves = new ArrayList<>();
        Set<String> top = new LinkedHashSet<>();
        Deque<Object[]> queue = new ArrayDeque<>(); // breadth first: {node, path}
        queue.add(new Object[] { simplify(model.getRoot(), model, featureOf), List.<Condition>of() });
        while (!queue.isEmpty()) {
            Object[] item = queue.poll();
            Split node = (Split) item[0];
            @SuppressWarnings("unchecked")
            List<Condition> path = (List<Condition>) item[1];
            if (node.label() == null) {
                top.add(node.factor());
                Factor f = table.factor(node.factor());
                queue.add(new Object[] { node.otherwise(), append(path, negate(f, node.level())) });
                queue.add(new Object[] { node.matching(), append(path, new Condition(node.factor(), node.level(), true)) });
            } else {
                int support = 0;
                int worstHere = 0;
                for (int r = 0; r < rows.size(); r++) {
                    Observation o = rows.get(r);
                    if (path.stream().allMatch(c -> c.holds(o))) {
                        support++;
                        if (labels.get(r)) {
                            worstHere++;
                        }
                    }
                }
                leaves.add(new Leaf(path, node.label(), support, worstHere));
            }
        }
        int correct = 0;
        int caught = 0;
        for (Leaf l : leaves) {
            correct += WORST.equals(l.predicted()) ? l.worst() : l.support() - l.worst();
            caught += WORST.equals(l.predicted()) ? l.worst() : 0;
        }
        int depth = leaves.stream().mapToInt(l -> l.path().size()).max().orElse(0);
        return new Result(response, percent, cut, rows.size(), worst, List.copyOf(leaves), List.copyOf(top), depth,
                correct / (double) rows.size(), worst == 0 ? 0 : caught / (double) worst, labels);
    }

    /** The tree as splits on factor levels; a leaf has a label and nothing else. */
    private record Split(String factor, String level, Split matching, Split otherwise, String label) {
    }

    /** Tribuo's tree with splits whose two sides end in leaves of one class merged into one leaf: they decide nothing. */
    private static Split simplify(Node<Label> node, TreeModel<Label> model, List<String[]> featureOf) {
        if (node instanceof SplitNode<Label> split) {
            String[] fl = featureOf.get(Integer.parseInt(model.getFeatureIDMap().get(split.getFeatureID()).getName().substring(1)));
            Split matching = simplify(split.getGreaterThan(), model, featureOf);
            Split otherwise = simplify(split.getLessThanOrEqual(), model, featureOf);
            if (matching.label() != null && matching.label().equals(otherwise.label())) {
                return matching;
            }
            return new Split(fl[0], fl[1], matching, otherwise, null);
        }
        return new Split(null, null, null, null, ((LeafNode<Label>) node).getOutput().getLabel());
    }

    /** "factor ≠ level", or "factor = other" when the factor has just one other level. */
    private static Condition negate(Factor f, String level) {
        if (f.levels().size() == 2) {
            return new Condition(f.name(), f.levels().get(f.levels().get(0).equals(level) ? 1 : 0), true);
        }
        return new Condition(f.name(), level, false);
    }

    private static List<Condition> append(List<Condition> path, Condition c) {
        List<Condition> out = new ArrayList<>(path);
        out.add(c);
        return List.copyOf(out);
    }
}
