package org.bgml.launcher.run;

/** Progress of a run, for the CLI's progress bar and the IDE's progress view. All methods are optional. */
public interface RunListener {
    default void starting(String process, int index, int total) {
    }

    default void ready(String process) {
    }

    default void finished(ProcessOutcome outcome) {
    }

    default void stopping() {
    }
}
