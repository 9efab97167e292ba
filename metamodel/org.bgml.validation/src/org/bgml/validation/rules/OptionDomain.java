package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionType;

/**
 * The values an option accepts. A bool option accepts its two listed values, or {@code true} and {@code false}
 * when it lists none; an enum option one of its values; an int option an integer within its minimum and
 * maximum (and one of its values, if it lists any); a string option any text (the text-safety rule checks
 * what the text contains).
 */
public final class OptionDomain {
    private static final List<String> BOOL_DEFAULT = List.of("true", "false");

    private OptionDomain() {
    }

    /** Why {@code value} lies outside the option's domain, as a clause after the quoted value, or null. */
    public static String problem(OptionDefinition option, String value) {
        if (value == null) {
            return "is missing";
        }
        OptionType type = option.getType() == null ? OptionType.ENUM : option.getType();
        return switch (type) {
            case BOOL -> boolValues(option).contains(value) ? null
                    : "is not a value of bool option " + Elements.quote(option.getName()) + "; expected one of "
                            + String.join(", ", boolValues(option));
            case ENUM -> option.getValues().contains(value) ? null
                    : option.getValues().isEmpty()
                            ? "cannot be checked: enum option " + Elements.quote(option.getName()) + " lists no values"
                            : "is not a value of enum option " + Elements.quote(option.getName()) + "; expected one of "
                                    + String.join(", ", option.getValues());
            case INT -> intProblem(option, value);
            case STRING -> null;
        };
    }

    /** The values a bool option accepts. */
    public static List<String> boolValues(OptionDefinition option) {
        return option.getValues().isEmpty() ? BOOL_DEFAULT : option.getValues();
    }

    /** True when two values of {@code option} mean the same: integers compare by value, the rest by spelling. */
    public static boolean same(OptionDefinition option, String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        if (option != null && option.getType() == OptionType.INT) {
            Long x = parseLong(a);
            Long y = parseLong(b);
            if (x != null && y != null) {
                return x.longValue() == y.longValue();
            }
        }
        return a.equals(b);
    }

    /** Problems with the definition itself (its domain), as clauses; empty when the definition is sound. */
    public static List<String> definitionProblems(OptionDefinition option) {
        List<String> problems = new ArrayList<>();
        OptionType type = option.getType() == null ? OptionType.ENUM : option.getType();
        Set<String> seen = new LinkedHashSet<>();
        for (String v : option.getValues()) {
            if (v == null || v.isEmpty()) {
                problems.add("lists an empty value");
            } else if (!seen.add(v)) {
                problems.add("lists the value " + Elements.quote(v) + " twice");
            }
        }
        switch (type) {
            case ENUM -> {
                if (option.getValues().isEmpty()) {
                    problems.add("is an enum option without values");
                }
            }
            case BOOL -> {
                if (!option.getValues().isEmpty() && seen.size() != 2) {
                    problems.add("is a bool option with " + seen.size() + " values; a bool option lists exactly two, or none for true/false");
                }
            }
            case INT -> {
                if (option.isSetMinimum() && option.isSetMaximum() && option.getMinimum() > option.getMaximum()) {
                    problems.add("has minimum " + option.getMinimum() + " above its maximum " + option.getMaximum());
                }
                for (String v : seen) {
                    if (parseLong(v) == null) {
                        problems.add("is an int option but lists the value " + Elements.quote(v) + ", which is not an integer");
                    }
                }
            }
            case STRING -> {
                if (!option.getValues().isEmpty()) {
                    problems.add("is a string option but lists values; make it an enum option to restrict them");
                }
            }
        }
        if (type != OptionType.INT && (option.isSetMinimum() || option.isSetMaximum())) {
            problems.add("has a minimum or maximum, which only int options use");
        }
        return problems;
    }

    /** The domain written out, for messages. */
    public static String describe(OptionDefinition option) {
        OptionType type = option.getType() == null ? OptionType.ENUM : option.getType();
        return switch (type) {
            case BOOL -> String.join(" | ", boolValues(option));
            case ENUM -> String.join(" | ", option.getValues());
            case INT -> "integer" + (option.isSetMinimum() ? " >= " + option.getMinimum() : "")
                    + (option.isSetMaximum() ? (option.isSetMinimum() ? " and" : "") + " <= " + option.getMaximum() : "");
            case STRING -> "text";
        };
    }

    /** The integer {@code text} spells, or null. */
    public static Long parseLong(String text) {
        if (text == null) {
            return null;
        }
        try {
            return Long.valueOf(text.trim().startsWith("+") ? text.trim().substring(1) : text.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The finite number {@code text} spells, or null. */
    public static Double parseNumber(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.contains("n") || t.contains("x") || t.endsWith("d") || t.endsWith("f")) {
            return null; // NaN, Infinity, hex and Java suffixes are no plain numbers
        }
        try {
            double d = Double.parseDouble(t);
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String intProblem(OptionDefinition option, String value) {
        Long n = parseLong(value);
        if (n == null || !value.trim().equals(value)) {
            return "is not an integer (int option " + Elements.quote(option.getName()) + ")";
        }
        if (option.isSetMinimum() && n < option.getMinimum()) {
            return "is below the minimum " + option.getMinimum() + " of option " + Elements.quote(option.getName());
        }
        if (option.isSetMaximum() && n > option.getMaximum()) {
            return "is above the maximum " + option.getMaximum() + " of option " + Elements.quote(option.getName());
        }
        if (!option.getValues().isEmpty() && option.getValues().stream().noneMatch(v -> same(option, v, value))) {
            return "is not one of the values " + String.join(", ", option.getValues()) + " of option "
                    + Elements.quote(option.getName());
        }
        return null;
    }
}
