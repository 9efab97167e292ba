package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.bgml.model.Configuration;
import org.bgml.model.Constraint;
import org.bgml.model.OptionCatalog;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionEquals;
import org.bgml.model.OptionLanding;
import org.bgml.model.OptionSetting;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.bgml.validation.rules.ConstraintEvaluator.Assignment;
import org.bgml.validation.rules.ConstraintEvaluator.Truth;
import org.eclipse.emf.ecore.EObject;

/** The configuration viewpoint: option catalogues and the settings configurations make from them. */
public final class OptionRules implements RuleSet {
    /** A configuration sets each option to a value in the option's domain. */
    public static final String VALUE = "option.value";
    /** An option's default lies in its domain. */
    public static final String DEFAULT = "option.default";
    /**
     * An option definition is sound: enum options list values, bool options two or none, int bounds are
     * ordered, values are not repeated, and the key suits where the option lands (an ORB argument starts
     * with '-', an environment variable or macro is an identifier).
     */
    public static final String DEFINITION = "option.definition";
    /** An option that lands in svc.conf names the factory whose directive carries it (warning). */
    public static final String FACTORY = "option.factory";
    /**
     * No constraint P => Q is violated by a configuration's settings (unset options take their defaults),
     * nor by a catalogue's own defaults. The message writes the constraint out.
     */
    public static final String CONSTRAINT = "option.constraint";
    /** A constraint compares an option with a value in that option's domain; otherwise the predicate can never hold. */
    public static final String PREDICATE = "option.predicate";
    /** A configuration sets an option once (error for different values, warning for a repeated equal value). */
    public static final String DUPLICATE = "option.duplicate";

    private static final Pattern MACRO_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        for (OptionDefinition option : Elements.allOf(root, OptionDefinition.class)) {
            checkDefinition(option, sink);
        }
        for (OptionCatalog catalog : Elements.allOf(root, OptionCatalog.class)) {
            for (Constraint c : catalog.getConstraints()) {
                checkPredicates(c, sink);
                Assignment defaults = withDefaults(Map.of());
                if (ConstraintEvaluator.holds(c, defaults) == Truth.FALSE) {
                    sink.error(CONSTRAINT, c, ConstraintEvaluator.describe(c) + " is violated by the defaults of "
                            + Elements.label(catalog) + " (" + values(c, defaults, Map.of()) + ")");
                }
            }
        }
        for (Configuration configuration : Elements.allOf(root, Configuration.class)) {
            checkConfiguration(configuration, sink);
        }
    }

    /**
     * The option values a configuration gives (the first setting of each option wins); unset options take
     * their defaults, and an unset option without a default stays undecided, so no constraint over it is
     * reported as violated.
     */
    public static Assignment assignmentOf(Configuration configuration) {
        return withDefaults(settings(configuration));
    }

    /** {@code explicit} values, other options at their defaults; options with neither stay undecided. */
    public static Assignment withDefaults(Map<OptionDefinition, String> explicit) {
        return new Assignment() {
            @Override
            public boolean isDecided(OptionDefinition option) {
                return explicit.containsKey(option) || option.getDefault() != null;
            }

            @Override
            public String valueOf(OptionDefinition option) {
                return explicit.containsKey(option) ? explicit.get(option) : option.getDefault();
            }
        };
    }

    /** The constraints of every catalogue that defines one of {@code options}. */
    public static Set<Constraint> constraintsFor(Iterable<OptionDefinition> options) {
        Set<OptionCatalog> catalogs = new LinkedHashSet<>();
        for (OptionDefinition o : options) {
            if (o.eContainer() instanceof OptionCatalog c) {
                catalogs.add(c);
            }
        }
        Set<Constraint> constraints = new LinkedHashSet<>();
        catalogs.forEach(c -> constraints.addAll(c.getConstraints()));
        return constraints;
    }

    /** The options a configuration sets, each with the value of its first setting. */
    public static Map<OptionDefinition, String> settings(Configuration configuration) {
        Map<OptionDefinition, String> set = new LinkedHashMap<>();
        for (OptionSetting s : configuration.getSettings()) {
            OptionDefinition o = Elements.resolved(s.getOption());
            if (o != null) {
                set.putIfAbsent(o, s.getValue());
            }
        }
        return set;
    }

    private static void checkDefinition(OptionDefinition option, DiagnosticSink sink) {
        String o = Elements.label(option);
        for (String problem : OptionDomain.definitionProblems(option)) {
            sink.error(DEFINITION, option, o + " " + problem);
        }
        String key = option.getKey();
        OptionLanding landing = option.getLanding();
        if (key != null && !key.isEmpty() && landing != null) {
            switch (landing) {
                case ORB_ARGUMENT -> {
                    if (!key.startsWith("-")) {
                        sink.error(DEFINITION, option, o + " lands as an ORB argument, but its key " + Elements.quote(key)
                                + " does not start with '-' (e.g. -ORBEndpoint)");
                    }
                }
                case ENVIRONMENT, COMPILE_MACRO -> {
                    if (!MACRO_NAME.matcher(key).matches()) {
                        sink.error(DEFINITION, option, o + " lands as " + (landing == OptionLanding.ENVIRONMENT
                                ? "an environment variable" : "a compile-time macro") + ", but its key " + Elements.quote(key)
                                + " is no identifier (letters, digits and '_')");
                    }
                }
                default -> {
                }
            }
        }
        if (option.getDefault() != null) {
            String problem = OptionDomain.problem(option, option.getDefault());
            if (problem != null) {
                sink.error(DEFAULT, option, "the default " + Elements.quote(option.getDefault()) + " of " + o + " " + problem);
            }
        }
        if (landing == OptionLanding.SVC_CONF && (option.getFactory() == null || option.getFactory().isBlank())) {
            sink.warning(FACTORY, option, o + " lands in svc.conf but names no factory (e.g. Advanced_Resource_Factory)"
                    + " whose directive carries it");
        }
    }

    private static void checkPredicates(Constraint constraint, DiagnosticSink sink) {
        List<OptionEquals> atoms = new ArrayList<>();
        constraint.eAllContents().forEachRemaining(e -> {
            if (e instanceof OptionEquals eq) {
                atoms.add(eq);
            }
        });
        for (OptionEquals eq : atoms) {
            OptionDefinition option = Elements.resolved(eq.getOption());
            if (option == null) {
                continue;
            }
            String problem = OptionDomain.problem(option, eq.getValue());
            if (problem != null) {
                sink.error(PREDICATE, constraint, ConstraintEvaluator.describe(constraint) + " compares "
                        + Elements.quote(Elements.name(option)) + " with " + Elements.quote(eq.getValue()) + ", which "
                        + problem + "; the comparison can never hold");
            }
        }
    }

    private static void checkConfiguration(Configuration configuration, DiagnosticSink sink) {
        Map<OptionDefinition, OptionSetting> first = new LinkedHashMap<>();
        for (OptionSetting s : configuration.getSettings()) {
            OptionDefinition option = Elements.resolved(s.getOption());
            if (option == null) {
                continue;
            }
            String problem = OptionDomain.problem(option, s.getValue());
            if (s.getValue() == null) {
                sink.error(VALUE, s, Elements.label(configuration) + " sets " + Elements.quote(Elements.name(option))
                        + " without a value; give one (" + OptionDomain.describe(option) + ")");
            } else if (problem != null) {
                sink.error(VALUE, s, "the value " + Elements.quote(s.getValue()) + " for " + Elements.quote(Elements.name(option))
                        + " in " + Elements.label(configuration) + " " + problem);
            }
            OptionSetting earlier = first.putIfAbsent(option, s);
            if (earlier != null) {
                if (OptionDomain.same(option, earlier.getValue(), s.getValue())) {
                    sink.warning(DUPLICATE, s, Elements.label(configuration) + " sets " + Elements.quote(Elements.name(option))
                            + " to " + Elements.quote(s.getValue()) + " a second time");
                } else {
                    sink.error(DUPLICATE, s, Elements.label(configuration) + " sets " + Elements.quote(Elements.name(option))
                            + " twice, to " + Elements.quote(earlier.getValue()) + " and to " + Elements.quote(s.getValue())
                            + "; keep one setting");
                }
            }
        }
        Map<OptionDefinition, String> explicit = settings(configuration);
        Assignment values = withDefaults(explicit);
        for (Constraint c : constraintsFor(first.keySet())) {
            if (ConstraintEvaluator.holds(c, values) == Truth.FALSE) {
                sink.error(CONSTRAINT, configuration, ConstraintEvaluator.describe(c) + " is violated by "
                        + Elements.label(configuration) + " (" + values(c, values, explicit) + ")");
            }
        }
    }

    /** The values a constraint sees, e.g. {@code ORBConcurrency=reactive (default), ORBClientConnectionHandler=MT}. */
    static String values(Constraint c, Assignment assignment, Map<OptionDefinition, String> explicit) {
        List<String> parts = new ArrayList<>();
        for (OptionDefinition o : ConstraintEvaluator.optionsOf(c)) {
            String v = assignment.valueOf(o);
            parts.add(Elements.name(o) + "=" + (v == null ? "(unset)" : v) + (explicit.containsKey(o) ? "" : " (default)"));
        }
        return String.join(", ", parts);
    }
}
