package org.bgml.generator.omniorb;

/**
 * The model asks for something the omniorb target cannot run (for example a path that does not start at a timer
 * source). An IllegalArgumentException, so the CLI prints the message, which names the element, and exits with
 * "unusable input".
 */
public class UnsupportedModelException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnsupportedModelException(String message) {
        super(message);
    }
}
