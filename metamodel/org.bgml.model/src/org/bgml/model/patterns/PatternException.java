package org.bgml.model.patterns;

/** A pattern that cannot be instantiated as asked: an unknown pattern or parameter, or a value out of its bounds. */
public final class PatternException extends Exception {
    private static final long serialVersionUID = 1L;

    public PatternException(String message) {
        super(message);
    }
}
