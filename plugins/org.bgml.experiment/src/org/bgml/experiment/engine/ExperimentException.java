package org.bgml.experiment.engine;

/** The experiment machinery itself cannot go on (not a failed configuration: those are results). */
public class ExperimentException extends Exception {
    private static final long serialVersionUID = 1L;

    public ExperimentException(String message) {
        super(message);
    }

    public ExperimentException(String message, Throwable cause) {
        super(message, cause);
    }
}
