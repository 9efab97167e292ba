package org.bgml.cli;

/** Wrong arguments: reported with the command's usage line and exit code 2. */
class UsageException extends Exception {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
