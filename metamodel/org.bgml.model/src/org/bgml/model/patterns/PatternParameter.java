package org.bgml.model.patterns;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * One declared parameter of a pattern: its name, type, default, bounds (for numbers) or choices, and what it means.
 * {@link #parse} turns a value given as text into the typed value, or says in one sentence why it cannot.
 */
public record PatternParameter(String name, Type type, String defaultValue, double min, double max, List<String> choices,
        String description) {

    /** The types a parameter can have. */
    public enum Type {
        /** A whole number within [min, max]. */
        INT,
        /** A finite number within [min, max]. */
        NUMBER,
        /** One of the choices. */
        CHOICE,
        /** An IDL and C++ identifier (letters, digits, single underscores, starting with a letter). */
        IDENTIFIER;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z](?:_?[A-Za-z0-9])*");

    public PatternParameter {
        choices = List.copyOf(choices);
    }

    public static PatternParameter integer(String name, int defaultValue, int min, int max, String description) {
        return new PatternParameter(name, Type.INT, Integer.toString(defaultValue), min, max, List.of(), description);
    }

    public static PatternParameter number(String name, double defaultValue, double min, double max, String description) {
        return new PatternParameter(name, Type.NUMBER, format(defaultValue), min, max, List.of(), description);
    }

    public static PatternParameter choice(String name, String defaultValue, List<String> choices, String description) {
        return new PatternParameter(name, Type.CHOICE, defaultValue, 0, 0, choices, description);
    }

    public static PatternParameter identifier(String name, String defaultValue, String description) {
        return new PatternParameter(name, Type.IDENTIFIER, defaultValue, 0, 0, List.of(), description);
    }

    /** The typed value of {@code text}: an Integer, a Double or a String. */
    public Object parse(String text) throws PatternException {
        String t = text == null ? "" : text.trim();
        String subject = "parameter " + name + "=" + t;
        switch (type) {
        case INT -> {
            long v;
            try {
                v = Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new PatternException(subject + " is not a whole number");
            }
            if (v < min || v > max) {
                throw new PatternException(subject + " is out of bounds: it must be from " + format(min) + " to " + format(max));
            }
            return (int) v;
        }
        case NUMBER -> {
            double v;
            try {
                v = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw new PatternException(subject + " is not a number");
            }
            if (Double.isNaN(v) || Double.isInfinite(v) || v < min || v > max) {
                throw new PatternException(subject + " is out of bounds: it must be from " + format(min) + " to " + format(max));
            }
            return v;
        }
        case CHOICE -> {
            if (!choices.contains(t)) {
                throw new PatternException(subject + " is not one of " + String.join(", ", choices));
            }
            return t;
        }
        case IDENTIFIER -> {
            if (!IDENTIFIER.matcher(t).matches()) {
                throw new PatternException(subject + " is not an identifier (a letter, then letters, digits and single underscores)");
            }
            return t;
        }
        default -> throw new IllegalStateException(type.toString());
        }
    }

    /** One line for listings: {@code pairs: int 1..64, default 3. Client/server pairs.} */
    public String describe() {
        String domain = switch (type) {
        case INT, NUMBER -> type.word() + " " + format(min) + ".." + format(max);
        case CHOICE -> String.join("|", choices);
        case IDENTIFIER -> "identifier";
        };
        return name + ": " + domain + ", default " + defaultValue + ". " + description;
    }

    static String format(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
