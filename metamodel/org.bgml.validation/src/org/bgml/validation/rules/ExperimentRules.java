package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.model.Configuration;
import org.bgml.model.Constraint;
import org.bgml.model.DesignKind;
import org.bgml.model.Experiment;
import org.bgml.model.Factor;
import org.bgml.model.OptionDefinition;
import org.bgml.model.WorkloadParameter;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.bgml.validation.rules.ConfigurationSearch.Outcome;
import org.bgml.validation.rules.ConfigurationSearch.Result;
import org.eclipse.emf.ecore.EObject;

/** Experiments: factors, their levels, the design, and whether the option constraints leave anything to run. */
public final class ExperimentRules implements RuleSet {
    /** A factor varies exactly one of an option and a workload parameter, and no two factors vary the same one. */
    public static final String FACTOR = "experiment.factor";
    /**
     * A factor has at least two distinct levels, each in the option's domain or, for a workload parameter, a
     * number the parameter accepts; repeated levels are flagged (warning).
     */
    public static final String LEVELS = "experiment.levels";
    /**
     * The design is possible: at least one factor and one repetition; a 2^(k-p) fractional factorial has
     * two-level factors, 1 <= p < k and enough runs for resolution III; a t-way covering array has
     * 2 <= t <= min(k, 4); a random design samples at least one run. Very large or oversampled designs are
     * flagged (warning).
     */
    public static final String DESIGN = "experiment.design";
    /**
     * The catalogue constraints leave at least one combination of the factor levels (other options as the
     * experiment's configuration sets them, else at their defaults).
     */
    public static final String UNSATISFIABLE = "experiment.unsatisfiable";

    /** Full designs above this many runs get a warning. */
    static final double LARGE_DESIGN = 1_000_000;

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        for (Experiment experiment : Elements.allOf(root, Experiment.class)) {
            Map<Factor, List<String>> levels = new LinkedHashMap<>();
            for (Factor factor : experiment.getFactors()) {
                levels.put(factor, checkFactor(factor, sink));
            }
            checkDuplicateFactors(experiment, sink);
            checkDesign(experiment, levels, sink);
            checkSatisfiable(experiment, levels, sink);
        }
    }

    /** Checks one factor and returns its distinct valid levels. */
    private List<String> checkFactor(Factor factor, DiagnosticSink sink) {
        String f = Elements.label(factor);
        boolean option = factor.getOption() != null;
        boolean parameter = factor.isSetWorkloadParameter();
        if (option && parameter) {
            sink.error(FACTOR, factor, f + " varies both option " + Elements.quote(Elements.path(factor.getOption()))
                    + " and workload parameter " + factor.getWorkloadParameter().getLiteral() + "; a factor varies exactly one");
            return List.of();
        }
        if (!option && !parameter) {
            sink.error(FACTOR, factor, f + " varies nothing; set the option or the workload parameter it varies");
            return List.of();
        }
        OptionDefinition definition = Elements.resolved(factor.getOption());
        if (option && definition == null) {
            return List.of(); // unresolved: reported by the reference rules
        }
        List<String> valid = new ArrayList<>();
        for (String level : factor.getLevels()) {
            String problem = definition != null ? OptionDomain.problem(definition, level)
                    : parameterProblem(factor.getWorkloadParameter(), level);
            if (problem != null) {
                sink.error(LEVELS, factor, "the level " + Elements.quote(level) + " of " + f + " " + problem);
                continue;
            }
            boolean repeated = valid.stream().anyMatch(v -> sameLevel(definition, v, level));
            if (repeated) {
                sink.warning(LEVELS, factor, f + " lists the level " + Elements.quote(level) + " twice; each run would repeat");
            } else {
                valid.add(level);
            }
        }
        List<String> distinct = new ArrayList<>();
        for (String level : factor.getLevels()) {
            if (distinct.stream().noneMatch(v -> sameLevel(definition, v, level))) {
                distinct.add(level);
            }
        }
        if (distinct.size() < 2) {
            sink.error(LEVELS, factor, f + " has " + (distinct.isEmpty() ? "no levels" : "only the level " + Elements.quote(distinct.get(0)))
                    + "; a factor needs at least two distinct levels (set a fixed value in the configuration instead)");
        }
        return valid;
    }

    private static boolean sameLevel(OptionDefinition definition, String a, String b) {
        if (definition != null) {
            return OptionDomain.same(definition, a, b);
        }
        Double x = OptionDomain.parseNumber(a);
        Double y = OptionDomain.parseNumber(b);
        return x != null && y != null ? x.doubleValue() == y.doubleValue() : java.util.Objects.equals(a, b);
    }

    private static String parameterProblem(WorkloadParameter parameter, String level) {
        Double n = OptionDomain.parseNumber(level);
        String name = parameter.getLiteral();
        if (n == null) {
            return "is not a number, which workload parameter " + name + " needs";
        }
        boolean integral = n == Math.rint(n);
        return switch (parameter) {
            case PAYLOAD_BYTES, BUSY_WORK_MICROS -> !integral || n < 0 ? "is not a whole number of zero or more, which " + name + " needs" : null;
            case THREADS -> !integral || n < 1 ? "is not a whole number of at least 1, which " + name + " needs" : null;
            case RATE_HZ -> n <= 0 ? "is not a positive rate, which " + name + " needs" : null;
        };
    }

    private static void checkDuplicateFactors(Experiment experiment, DiagnosticSink sink) {
        Set<Object> varied = new LinkedHashSet<>();
        for (Factor factor : experiment.getFactors()) {
            Object what = factor.getOption() != null ? Elements.resolved(factor.getOption())
                    : factor.isSetWorkloadParameter() ? factor.getWorkloadParameter() : null;
            if (what != null && !varied.add(what)) {
                sink.error(FACTOR, factor, Elements.label(factor) + " varies "
                        + (what instanceof OptionDefinition o ? "option " + Elements.quote(Elements.name(o))
                                : "workload parameter " + ((WorkloadParameter) what).getLiteral())
                        + ", which another factor of " + Elements.label(experiment) + " varies already");
            }
        }
    }

    private static void checkDesign(Experiment experiment, Map<Factor, List<String>> levels, DiagnosticSink sink) {
        String x = Elements.label(experiment);
        int k = levels.size();
        if (k == 0) {
            sink.error(DESIGN, experiment, x + " has no factors; an experiment varies at least one");
        }
        if (experiment.getRepetitions() < 1) {
            sink.error(DESIGN, experiment, x + " has " + experiment.getRepetitions() + " repetitions; it needs at least 1");
        }
        double full = 1;
        for (List<String> l : levels.values()) {
            full *= Math.max(1, l.size());
        }
        DesignKind design = experiment.getDesign() == null ? DesignKind.FULL_FACTORIAL : experiment.getDesign();
        switch (design) {
            case FULL_FACTORIAL -> {
                double runs = full * Math.max(1, experiment.getRepetitions());
                if (runs > LARGE_DESIGN) {
                    sink.warning(DESIGN, experiment, x + " is a full factorial of " + Elements.number(full)
                            + " configurations x " + experiment.getRepetitions() + " repetitions = "
                            + Elements.number(runs) + " runs; consider a fractional factorial or a covering array");
                }
            }
            case FRACTIONAL_FACTORIAL -> checkFractional(experiment, levels, sink);
            case COVERING_ARRAY -> {
                int t = experiment.getStrength();
                if (k < 2) {
                    sink.error(DESIGN, experiment, x + " is a covering array over " + k + " factor(s); it needs at least 2");
                } else if (t < 2 || t > Math.min(k, 4)) {
                    sink.error(DESIGN, experiment, x + " asks for a " + t + "-way covering array over " + k
                            + " factors; the strength must lie between 2 and " + Math.min(k, 4));
                }
            }
            case RANDOM -> {
                int n = experiment.getSampleSize();
                if (n < 1) {
                    sink.error(DESIGN, experiment, x + " samples " + n + " random configurations; set sampleSize to 1 or more");
                } else if (k > 0 && n > full) {
                    sink.warning(DESIGN, experiment, x + " samples " + n + " random configurations out of only "
                            + Elements.number(full) + "; a full factorial runs each exactly once");
                }
            }
        }
    }

    private static void checkFractional(Experiment experiment, Map<Factor, List<String>> levels, DiagnosticSink sink) {
        String x = Elements.label(experiment);
        int k = levels.size();
        int p = experiment.getFraction();
        for (Map.Entry<Factor, List<String>> e : levels.entrySet()) {
            if (e.getValue().size() != 2) {
                sink.error(DESIGN, experiment, x + " is a two-level fractional factorial, but "
                        + Elements.label(e.getKey()) + " has " + e.getValue().size() + " distinct valid levels");
            }
        }
        if (p < 1 || p >= k) {
            sink.error(DESIGN, experiment, x + " is a 2^(" + k + "-" + p + ") fractional factorial; the fraction p must satisfy 1 <= p < "
                    + k + " (the number of factors)");
        } else if (k - p < 31 && (1L << (k - p)) < k + 1) {
            sink.error(DESIGN, experiment, x + " is a 2^(" + k + "-" + p + ") fractional factorial with " + (1L << (k - p))
                    + " runs, too few to separate " + k + " main effects (resolution III needs at least " + (k + 1)
                    + " runs); use a fraction of at most " + maxFraction(k));
        }
    }

    private static int maxFraction(int k) {
        int p = 0;
        while (p + 1 < k && (1L << (k - p - 1)) >= k + 1) {
            p++;
        }
        return p;
    }

    private static void checkSatisfiable(Experiment experiment, Map<Factor, List<String>> levels, DiagnosticSink sink) {
        Map<OptionDefinition, List<String>> variables = new LinkedHashMap<>();
        for (Map.Entry<Factor, List<String>> e : levels.entrySet()) {
            OptionDefinition option = Elements.resolved(e.getKey().getOption());
            if (option != null && !e.getKey().isSetWorkloadParameter()) {
                if (e.getValue().isEmpty()) {
                    return; // nothing valid to search; the level rule has reported it
                }
                variables.putIfAbsent(option, e.getValue());
            }
        }
        if (variables.isEmpty()) {
            return;
        }
        Configuration base = Elements.resolved(experiment.getConfiguration());
        Map<OptionDefinition, String> fixed = base == null ? Map.of() : OptionRules.settings(base);
        Set<OptionDefinition> mentioned = new LinkedHashSet<>(variables.keySet());
        mentioned.addAll(fixed.keySet());
        Set<Constraint> constraints = OptionRules.constraintsFor(mentioned);
        Result result = ConfigurationSearch.search(variables, OptionRules.withDefaults(fixed), constraints,
                ConfigurationSearch.DEFAULT_BUDGET);
        String x = Elements.label(experiment);
        if (result.outcome() == Outcome.UNSATISFIABLE) {
            List<String> culprits = result.culprits().stream().map(ConstraintEvaluator::describe).toList();
            sink.error(UNSATISFIABLE, experiment, x + " has nothing to run: every combination of its factor levels"
                    + (fixed.isEmpty() ? "" : " (with the settings of " + Elements.quote(Elements.name(base)) + ")")
                    + " violates a constraint" + (culprits.isEmpty() ? "" : " (" + String.join("; ", culprits) + ")"));
        } else if (result.outcome() == Outcome.UNDECIDED) {
            sink.warning(UNSATISFIABLE, experiment, x + ": could not decide within " + result.nodes()
                    + " search steps whether the constraints leave any combination of the factor levels");
        }
    }
}
