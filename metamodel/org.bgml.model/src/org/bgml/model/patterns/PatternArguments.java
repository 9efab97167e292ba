package org.bgml.model.patterns;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** The checked, typed values of every parameter of one pattern: each given value parsed, the others defaulted. */
public final class PatternArguments {
    private final Map<String, Object> values;

    private PatternArguments(Map<String, Object> values) {
        this.values = values;
    }

    /**
     * Checks {@code given} (parameter name to text) against {@code pattern}'s declarations.
     *
     * @throws PatternException for an unknown parameter or a value that does not fit its parameter
     */
    public static PatternArguments of(PatternDefinition pattern, Map<String, String> given) throws PatternException {
        Map<String, PatternParameter> declared = new LinkedHashMap<>();
        pattern.parameters().forEach(p -> declared.put(p.name(), p));
        for (String name : new TreeMap<>(given).keySet()) {
            if (!declared.containsKey(name)) {
                throw new PatternException("pattern " + pattern.name() + " has no parameter '" + name + "'; its parameters are "
                        + (declared.isEmpty() ? "none" : String.join(", ", declared.keySet())));
            }
        }
        Map<String, Object> values = new LinkedHashMap<>();
        for (PatternParameter p : declared.values()) {
            String text = given.get(p.name());
            values.put(p.name(), p.parse(text == null ? p.defaultValue() : text));
        }
        return new PatternArguments(values);
    }

    public int integer(String name) {
        return (Integer) get(name);
    }

    public double number(String name) {
        return (Double) get(name);
    }

    public String text(String name) {
        return (String) get(name);
    }

    /** Every value as text, in declaration order: what a placeholder {@code ${name}} becomes. */
    public Map<String, String> asText() {
        Map<String, String> text = new LinkedHashMap<>();
        values.forEach((k, v) -> text.put(k, v instanceof Double d ? PatternParameter.format(d) : v.toString()));
        return text;
    }

    private Object get(String name) {
        Object v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no parameter " + name);
        }
        return v;
    }
}
