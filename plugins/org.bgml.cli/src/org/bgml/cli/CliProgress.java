package org.bgml.cli;

import java.io.PrintStream;
import java.util.Locale;

import org.bgml.launcher.RunProgress;
import org.bgml.launcher.run.ProcessOutcome;

/** Shows a run's progress as one line per step on standard error: phase, process starts, readiness, ends. */
final class CliProgress implements RunProgress {
    private final PrintStream err;
    private final long t0 = System.nanoTime();
    private long samples;

    CliProgress(PrintStream err) {
        this.err = err;
    }

    private void line(String phase, String text) {
        err.printf(Locale.ROOT, "[%6.1f s] %-10s %s%n", (System.nanoTime() - t0) / 1e9, phase, text);
    }

    @Override
    public void phase(Phase phase, String detail) {
        line(phase.name().toLowerCase(Locale.ROOT), detail);
    }

    @Override
    public void samplesPlanned(long samples) {
        this.samples = samples;
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
    public void stopping() {
        line("measuring", "done: " + samples + " timed samples planned; stopping servers");
    }

    @Override
    public void finished(ProcessOutcome outcome) {
        if (!outcome.ok()) {
            line("failed", outcome.name() + " " + outcome.problem());
        }
    }
}
