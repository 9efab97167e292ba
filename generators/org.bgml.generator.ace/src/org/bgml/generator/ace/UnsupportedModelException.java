package org.bgml.generator.ace;

/**
 * The model uses something the ACE baseline cannot hand-marshal (an {@code any}, an object reference).
 * An IllegalArgumentException, so the CLI prints the message and exits with "unusable input".
 */
public class UnsupportedModelException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnsupportedModelException(String message) {
        super(message);
    }
}
