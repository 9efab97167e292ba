package org.bgml.validation;

/** How bad a diagnostic is. Only errors stop generation. */
public enum Severity {
    ERROR, WARNING, INFO;

    /** The lower-case word printed in compiler-style lines. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
