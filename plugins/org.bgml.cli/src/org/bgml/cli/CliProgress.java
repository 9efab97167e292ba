package org.bgml.cli;

import java.io.PrintStream;
import java.util.Locale;

import org.bgml.launcher.RunProgress;
import org.bgml.launcher.run.ProcessOutcome;

/**
 * Shows a run's progress on standard error: one line per step (phase, process starts, readiness, ends) and, while
 * the benchmark measures, a progress bar of the samples the processes have taken. On a terminal the bar is redrawn
 * in place; otherwise (a log file, a pipe) a line is written at every tenth of the samples.
 */
final class CliProgress implements RunProgress {
    private static final int BAR = 24;

    private final PrintStream err;
    private final boolean terminal;
    private final long t0 = System.nanoTime();
    private long planned;
    private long taken;
    private long lastTenth = -1;
    private boolean barOpen;

    CliProgress(PrintStream err) {
        this(err, System.console() != null && err == System.err);
    }

    CliProgress(PrintStream err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    private synchronized void line(String phase, String text) {
        if (barOpen) {
            err.println();
            barOpen = false;
        }
        err.printf(Locale.ROOT, "[%6.1f s] %-10s %s%n", seconds(), phase, text);
    }

    private double seconds() {
        return (System.nanoTime() - t0) / 1e9;
    }

    @Override
    public void phase(Phase phase, String detail) {
        line(phase.name().toLowerCase(Locale.ROOT), detail);
    }

    @Override
    public void warning(String message) {
        line("warning", message);
    }

    @Override
    public synchronized void samplesPlanned(long samples) {
        // A new run begins (reproduce shows several runs through one progress): nothing taken yet.
        this.planned = samples;
        this.taken = 0;
        this.lastTenth = -1;
    }

    @Override
    public void starting(String process, int index, int total) {
        line("starting", "(" + (index + 1) + "/" + total + ") " + process);
    }

    @Override
    public void ready(String process) {
        line("ready", process);
    }

    @Override
    public void released(java.util.List<String> drivers) {
        line("released", drivers.size() + (drivers.size() == 1 ? " client" : " clients together") + " from the start line: "
                + String.join(", ", drivers));
    }

    @Override
    public synchronized void measuring(long samples, long totalSamples) {
        taken = samples;
        String text = String.format(Locale.ROOT, "%,d / %,d samples", samples, totalSamples);
        if (totalSamples > 0) {
            int filled = (int) Math.min(BAR, samples * BAR / totalSamples);
            text = "[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + text
                    + String.format(Locale.ROOT, " %3d%%", samples * 100 / totalSamples);
        }
        if (terminal) {
            err.printf(Locale.ROOT, "\r[%6.1f s] %-10s %s", seconds(), "measuring", text);
            err.flush();
            barOpen = true;
            return;
        }
        long tenth = totalSamples > 0 ? samples * 10 / totalSamples : -1;
        if (tenth != lastTenth) {
            lastTenth = tenth;
            line("measuring", text);
        }
    }

    @Override
    public void stopping() {
        line("measuring", String.format(Locale.ROOT, "done: %,d of %,d timed samples taken; stopping servers", taken, planned));
    }

    @Override
    public void finished(ProcessOutcome outcome) {
        if (!outcome.ok()) {
            line("failed", outcome.name() + " " + outcome.problem());
        }
    }

    /** Ends an open progress bar line. */
    synchronized void end() {
        if (barOpen) {
            err.println();
            barOpen = false;
        }
    }
}
