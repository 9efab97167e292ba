package org.bgml.experiment.slurm;

import java.util.Locale;

/**
 * The state of one Slurm array task, as {@code scontrol show job} and the jobcomp file spell it. A terminal state
 * is final: the task will not run again (unless Slurm requeues it, which shows as {@link #REQUEUED}).
 */
public enum TaskState {
    PENDING(false), CONFIGURING(false), RUNNING(false), COMPLETING(false), SUSPENDED(false), REQUEUED(false),
    RESIZING(false), SIGNALING(false), STAGE_OUT(false), STOPPED(false),
    COMPLETED(true), FAILED(true), CANCELLED(true), TIMEOUT(true), NODE_FAIL(true), PREEMPTED(true), BOOT_FAIL(true),
    DEADLINE(true), OUT_OF_MEMORY(true),
    /** A state this code does not know; treated as still running, so that a newer Slurm cannot end a run early. */
    UNKNOWN(false);

    private final boolean terminal;

    TaskState(boolean terminal) {
        this.terminal = terminal;
    }

    public boolean terminal() {
        return terminal;
    }

    /** {@code COMPLETED}, {@code CANCELLED by 0}, {@code cancelled}, {@code CA}: the long names, any case. */
    public static TaskState parse(String text) {
        if (text == null || text.isBlank()) {
            return UNKNOWN;
        }
        String word = text.trim().split("[\\s+]", 2)[0].toUpperCase(Locale.ROOT);
        for (TaskState s : values()) {
            if (s.name().equals(word)) {
                return s;
            }
        }
        return UNKNOWN;
    }
}
