package org.bgml.cli;

/** Wrong arguments found after parsing: reported like a parse error (see {@link Bgml}), with exit code 2. */
class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
