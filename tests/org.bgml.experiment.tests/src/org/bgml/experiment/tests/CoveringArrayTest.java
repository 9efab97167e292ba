package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.bgml.experiment.plan.ExperimentPlan;
import org.bgml.experiment.plan.Planner;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Constraint;
import org.bgml.model.DesignKind;
import org.bgml.model.Experiment;
import org.bgml.model.Factor;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.io.ModelFiles;
import org.bgml.validation.rules.ConstraintEvaluator;
import org.bgml.validation.rules.ConstraintEvaluator.Truth;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Covering arrays over a TAO option space whose catalogue constraints link the factors. The proof is independent of
 * the generator: the valid space is enumerated by evaluating the catalogue's own constraints (the validation's
 * evaluator on the model elements, not the design's translation of them), every t-tuple some valid configuration
 * contains must occur in the array, and no configuration of the array may break a constraint.
 */
class CoveringArrayTest {

    @ParameterizedTest
    @ValueSource(ints = { 2, 3, 4 })
    void coversEveryAllowedTupleAndBreaksNoConstraint(int t) throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(Repo.testModel("constrained-tao.bgml"));
        Experiment experiment = model.getExperiments().get(0);
        ExperimentPlan plan = Planner.plan(model, null, new Planner.Overrides(DesignKind.COVERING_ARRAY, t, null, null, 1, null));
        List<Map<String, String>> array = plan.design().points();
        assertTrue(plan.design().description().stream().noneMatch(l -> l.contains("Tcases failed")), plan.design().description().toString());

        List<Factor> factors = experiment.getFactors();
        Map<OptionDefinition, String> fixed = new IdentityHashMap<>();
        for (OptionSetting s : experiment.getConfiguration().getSettings()) {
            fixed.put(s.getOption(), s.getValue());
        }
        List<Constraint> constraints = ((OptionCatalog) factors.get(0).getOption().eContainer()).getConstraints();

        for (Map<String, String> p : array) {
            String broken = brokenConstraint(p, factors, fixed, constraints);
            assertEquals(null, broken, "configuration " + p + " breaks " + broken);
        }

        List<Map<String, String>> valid = new ArrayList<>();
        enumerate(factors, 0, new TreeMap<>(), valid, fixed, constraints);
        assertTrue(valid.size() < 10_368, "the constraints exclude part of the space");

        Set<Map<String, String>> allowed = new HashSet<>();
        for (Map<String, String> v : valid) {
            tuples(new ArrayList<>(v.keySet()), v, t, 0, new TreeMap<>(), allowed);
        }
        Set<Map<String, String>> covered = new HashSet<>();
        for (Map<String, String> p : array) {
            tuples(new ArrayList<>(new TreeMap<>(p).keySet()), new TreeMap<>(p), t, 0, new TreeMap<>(), covered);
        }
        Set<Map<String, String>> missing = new HashSet<>(allowed);
        missing.removeAll(covered);
        assertTrue(missing.isEmpty(), missing.size() + " allowed " + t + "-tuples uncovered, e.g. " + missing.stream().limit(3).toList());
        assertTrue(covered.containsAll(allowed));
        System.out.printf("covering array t=%d over %d factors: %d configurations cover all %d allowed tuples (%d valid of %d configurations)%n",
                t, factors.size(), array.size(), allowed.size(), valid.size(), 10_368);
    }

    private static String brokenConstraint(Map<String, String> levels, List<Factor> factors, Map<OptionDefinition, String> fixed,
            List<Constraint> constraints) {
        Map<OptionDefinition, String> values = new IdentityHashMap<>(fixed);
        for (Factor f : factors) {
            values.put(f.getOption(), levels.get(f.getName()));
        }
        ConstraintEvaluator.Assignment a = option -> values.containsKey(option) ? values.get(option) : option.getDefault();
        for (Constraint c : constraints) {
            if (ConstraintEvaluator.holds(c, a) == Truth.FALSE) {
                return c.getName();
            }
        }
        return null;
    }

    private static void enumerate(List<Factor> factors, int i, TreeMap<String, String> current, List<Map<String, String>> out,
            Map<OptionDefinition, String> fixed, List<Constraint> constraints) {
        if (i == factors.size()) {
            if (brokenConstraint(current, factors, fixed, constraints) == null) {
                out.add(new TreeMap<>(current));
            }
            return;
        }
        for (String level : factors.get(i).getLevels()) {
            current.put(factors.get(i).getName(), level);
            enumerate(factors, i + 1, current, out, fixed, constraints);
        }
        current.remove(factors.get(i).getName());
    }

    private static void tuples(List<String> names, Map<String, String> config, int t, int start, TreeMap<String, String> current,
            Set<Map<String, String>> out) {
        if (current.size() == t) {
            out.add(new TreeMap<>(current));
            return;
        }
        for (int i = start; i < names.size(); i++) {
            current.put(names.get(i), config.get(names.get(i)));
            tuples(names, config, t, i + 1, current, out);
            current.remove(names.get(i));
        }
    }
}
