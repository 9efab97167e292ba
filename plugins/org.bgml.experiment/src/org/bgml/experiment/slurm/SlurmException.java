package org.bgml.experiment.slurm;

/** A Slurm command failed or could not be run; the message says which command and what it printed. */
public final class SlurmException extends Exception {
    private static final long serialVersionUID = 1L;

    public SlurmException(String message) {
        super(message);
    }

    public SlurmException(String message, Throwable cause) {
        super(message, cause);
    }
}
