package org.bgml.launcher.run;

/** Progress of a run, for the CLI's progress bar and the IDE's progress view. All methods are optional. */
public interface RunListener {
    default void starting(String process, int index, int total) {
    }

    /** The process runs, as the leader of process group {@code processGroup} (its pid). */
    default void started(String process, long processGroup) {
    }

    default void ready(String process) {
    }

    default void finished(ProcessOutcome outcome) {
    }

    /** The driving processes {@code drivers} were released together from the start line (clients together only). */
    default void released(java.util.List<String> drivers) {
    }

    default void stopping() {
    }

    /**
     * The driving processes have taken {@code samples} measured samples so far, all together (see
     * {@link SampleCounter}). Called while the benchmark runs, at most about five times a second, and only when the
     * count changed.
     */
    default void samplesTaken(long samples) {
    }
}
