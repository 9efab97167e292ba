package org.bgml.experiment.plan;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.bgml.experiment.design.CoveringArray;
import org.bgml.experiment.design.Design;
import org.bgml.experiment.design.DesignSpace;
import org.bgml.experiment.design.Expr;
import org.bgml.experiment.design.FractionalFactorial;
import org.bgml.experiment.design.FullFactorial;
import org.bgml.experiment.design.RandomSample;
import org.bgml.model.And;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Constraint;
import org.bgml.model.DesignKind;
import org.bgml.model.Experiment;
import org.bgml.model.Factor;
import org.bgml.model.Not;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionEquals;
import org.bgml.model.OptionLanding;
import org.bgml.model.OptionSetting;
import org.bgml.model.Or;
import org.bgml.model.Predicate;
import org.bgml.validation.rules.ConstraintEvaluator;
import org.bgml.validation.rules.OptionDomain;

/**
 * Turns a model's experiment into a plan: the design space (factors, levels, and the catalogue constraints with the
 * options the experiment does not vary fixed at the experiment configuration's values, else their defaults), the
 * design, then every configuration repeated and the runs shuffled with the experiment's seed.
 */
public final class Planner {

    /**
     * Settings that replace the experiment's own, for trying other designs on the same factors (null keeps the
     * model's value).
     */
    public record Overrides(DesignKind design, Integer strength, Integer fraction, Integer sampleSize, Integer repetitions, Long seed) {
        public static final Overrides NONE = new Overrides(null, null, null, null, null, null);
    }

    private Planner() {
    }

    /** The experiment called {@code name}, or the model's only experiment when {@code name} is null. */
    public static Experiment experiment(BenchmarkModel model, String name) {
        List<Experiment> all = model.getExperiments();
        if (name == null) {
            if (all.size() == 1) {
                return all.get(0);
            }
            throw new IllegalArgumentException(all.isEmpty() ? "the model " + model.getName() + " has no experiment"
                    : "the model has " + all.size() + " experiments (" + String.join(", ", all.stream().map(Experiment::getName).toList())
                            + "); choose one with --experiment NAME");
        }
        return all.stream().filter(e -> name.equals(e.getName())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the model has no experiment '" + name + "'; it has "
                        + String.join(", ", all.stream().map(Experiment::getName).toList())));
    }

    public static ExperimentPlan plan(BenchmarkModel model, String experimentName, Overrides overrides) {
        Experiment experiment = experiment(model, experimentName);
        Overrides o = overrides == null ? Overrides.NONE : overrides;
        DesignKind kind = o.design() != null ? o.design() : experiment.getDesign();
        int strength = o.strength() != null ? o.strength() : experiment.getStrength();
        int fraction = o.fraction() != null ? o.fraction() : experiment.getFraction();
        int sample = o.sampleSize() != null ? o.sampleSize() : experiment.getSampleSize();
        int repetitions = Math.max(1, o.repetitions() != null ? o.repetitions() : experiment.getRepetitions());
        long seed = o.seed() != null ? o.seed() : experiment.getSeed();

        List<PlannedFactor> factors = factors(experiment);
        DesignSpace space = space(experiment, factors);
        Design design;
        String spec;
        switch (kind) {
        case FRACTIONAL_FACTORIAL -> {
            design = FractionalFactorial.of(space, fraction);
            spec = "fractionalFactorial p=" + fraction;
        }
        case COVERING_ARRAY -> {
            design = CoveringArray.of(space, strength, seed);
            spec = "coveringArray t=" + strength;
        }
        case RANDOM -> {
            design = RandomSample.of(space, sample, seed);
            spec = "random N=" + sample;
        }
        default -> {
            design = FullFactorial.of(space);
            spec = "fullFactorial";
        }
        }
        if (design.size() == 0) {
            throw new IllegalArgumentException("the constraints leave no configuration of experiment " + experiment.getName() + " to run");
        }
        List<PlannedRun> runs = runs(design, repetitions, seed);
        String key = key(model.getName(), experiment.getName(), spec, seed, repetitions, factors, runs);
        return new ExperimentPlan(key, experiment.getName(), model.getName(), spec, seed, repetitions, factors, design, runs);
    }

    /** Each configuration {@code repetitions} times, in an order shuffled from {@code seed}. */
    static List<PlannedRun> runs(Design design, int repetitions, long seed) {
        List<int[]> order = new ArrayList<>();
        for (int rep = 0; rep < repetitions; rep++) {
            for (int p = 0; p < design.size(); p++) {
                order.add(new int[] { p, rep });
            }
        }
        Collections.shuffle(order, new Random(seed));
        List<PlannedRun> runs = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            int[] pr = order.get(i);
            runs.add(new PlannedRun(i, pr[0], pr[1], design.points().get(pr[0])));
        }
        return runs;
    }

    static List<PlannedFactor> factors(Experiment experiment) {
        List<PlannedFactor> out = new ArrayList<>();
        for (Factor f : experiment.getFactors()) {
            OptionDefinition option = f.getOption();
            if (option != null && !option.eIsProxy()) {
                boolean compiled = option.getLanding() == OptionLanding.COMPILE_MACRO;
                out.add(new PlannedFactor(f.getName(), option.getName(), option.getLanding().getLiteral(), compiled, distinct(option, f.getLevels())));
            } else if (f.isSetWorkloadParameter()) {
                out.add(new PlannedFactor(f.getName(), null, "workload:" + f.getWorkloadParameter().getLiteral(), true, distinct(null, f.getLevels())));
            } else {
                throw new IllegalArgumentException("factor " + f.getName() + " of experiment " + experiment.getName()
                        + " varies nothing it can resolve (an option that does not load, or no option and no workload parameter)");
            }
        }
        return out;
    }

    private static List<String> distinct(OptionDefinition option, List<String> levels) {
        List<String> out = new ArrayList<>();
        for (String level : levels) {
            if (out.stream().noneMatch(l -> option == null ? l.equals(level) : OptionDomain.same(option, l, level))) {
                out.add(level);
            }
        }
        return out;
    }

    /** The design space: factors with their levels, and every constraint of the catalogues the factors come from. */
    public static DesignSpace space(Experiment experiment, List<PlannedFactor> factors) {
        Map<OptionDefinition, String> factorOf = new IdentityHashMap<>();
        for (Factor f : experiment.getFactors()) {
            if (f.getOption() != null && !f.getOption().eIsProxy()) {
                factorOf.put(f.getOption(), f.getName());
            }
        }
        Map<String, PlannedFactor> byName = new LinkedHashMap<>();
        factors.forEach(f -> byName.put(f.name(), f));
        Map<OptionDefinition, String> fixed = new IdentityHashMap<>();
        if (experiment.getConfiguration() != null) {
            for (OptionSetting s : experiment.getConfiguration().getSettings()) {
                if (s.getOption() != null) {
                    fixed.put(s.getOption(), s.getValue());
                }
            }
        }
        Set<OptionCatalog> catalogs = new LinkedHashSet<>();
        for (OptionDefinition o : factorOf.keySet()) {
            if (o.eContainer() instanceof OptionCatalog c) {
                catalogs.add(c);
            }
        }
        List<DesignSpace.Rule> rules = new ArrayList<>();
        for (OptionCatalog c : catalogs) {
            for (Constraint constraint : c.getConstraints()) {
                if (constraint.getCondition() == null || constraint.getConsequence() == null) {
                    continue;
                }
                boolean mentionsFactor = ConstraintEvaluator.optionsOf(constraint).stream().anyMatch(factorOf::containsKey);
                if (!mentionsFactor) {
                    continue; // over fixed options only: validation decides those
                }
                Expr p = expr(constraint.getCondition(), factorOf, byName, fixed);
                Expr q = expr(constraint.getConsequence(), factorOf, byName, fixed);
                Expr allowed = Expr.implies(p, q);
                if (allowed instanceof Expr.Const k && k.value()) {
                    continue;
                }
                rules.add(new DesignSpace.Rule(constraint.getName(), ConstraintEvaluator.format(constraint), allowed));
            }
        }
        List<DesignSpace.Factor> spaceFactors = factors.stream().map(f -> new DesignSpace.Factor(f.name(), f.levels())).toList();
        return new DesignSpace(spaceFactors, rules);
    }

    private static Expr expr(Predicate predicate, Map<OptionDefinition, String> factorOf, Map<String, PlannedFactor> factors,
            Map<OptionDefinition, String> fixed) {
        if (predicate instanceof OptionEquals eq) {
            OptionDefinition option = eq.getOption();
            if (option == null || option.eIsProxy() || eq.getValue() == null) {
                return Expr.FALSE;
            }
            String factor = factorOf.get(option);
            if (factor != null) {
                List<Expr> matching = new ArrayList<>();
                for (String level : factors.get(factor).levels()) {
                    if (OptionDomain.same(option, level, eq.getValue())) {
                        matching.add(new Expr.Eq(factor, level));
                    }
                }
                return Expr.or(matching);
            }
            String value = fixed.containsKey(option) ? fixed.get(option) : option.getDefault();
            return value != null && OptionDomain.same(option, value, eq.getValue()) ? Expr.TRUE : Expr.FALSE;
        }
        if (predicate instanceof Not not) {
            return Expr.not(expr(not.getOperand(), factorOf, factors, fixed));
        }
        if (predicate instanceof And and) {
            return Expr.and(and.getOperands().stream().map(x -> expr(x, factorOf, factors, fixed)).toList());
        }
        if (predicate instanceof Or or) {
            return Expr.or(or.getOperands().stream().map(x -> expr(x, factorOf, factors, fixed)).toList());
        }
        return Expr.FALSE;
    }

    static String key(String model, String experiment, String spec, long seed, int repetitions, List<PlannedFactor> factors,
            List<PlannedRun> runs) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            StringBuilder b = new StringBuilder();
            b.append(model).append('\n').append(experiment).append('\n').append(spec).append('\n').append(seed).append('\n').append(repetitions).append('\n');
            for (PlannedFactor f : factors) {
                b.append(f.name()).append('=').append(String.join(",", f.levels())).append('\n');
            }
            for (PlannedRun r : runs) {
                b.append(r.index()).append(':').append(r.point()).append(':').append(r.repetition()).append(':');
                for (PlannedFactor f : factors) {
                    b.append(r.levels().get(f.name())).append(',');
                }
                b.append('\n');
            }
            return HexFormat.of().formatHex(sha.digest(b.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
