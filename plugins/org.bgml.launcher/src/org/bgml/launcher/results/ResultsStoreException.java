package org.bgml.launcher.results;

/** The results store cannot be opened, read or written; the message says why in plain words and names the file. */
public final class ResultsStoreException extends Exception {
    private static final long serialVersionUID = 1L;

    public ResultsStoreException(String message) {
        super(message);
    }

    public ResultsStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
