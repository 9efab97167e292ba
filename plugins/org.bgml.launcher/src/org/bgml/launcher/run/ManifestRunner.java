package org.bgml.launcher.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.StopOrder;
import org.bgml.generator.common.manifest.Manifest.Readiness;
import org.bgml.launcher.process.ChildProcess;
import org.bgml.launcher.process.CpuGrant;

/**
 * Runs a generated benchmark from its {@code manifest.json} alone. Processes start in manifest order, each in
 * its own process group with its own log. A process that stops by signal (a server) must become ready within
 * its limit before the next one starts. How the load drivers run follows the manifest's {@code clients}:
 * <ul>
 * <li>one at a time (also a schema 1 manifest): a process that exits by itself (a client) runs to completion,
 * within its limit, before the next one starts, so clients never disturb each other's measurements;</li>
 * <li>together: every driving process is started without waiting for it (one that also serves must still be ready
 * before the next starts) and waits at one {@link StartLine}. When all of them have arrived, each within its ready
 * limit, the launcher releases them in one step; each then has its own limit, counted from the release.</li>
 * </ul>
 * When every client has finished (and every serve-and-drive process has signalled it is done), servers get SIGTERM
 * from the drivers inward (a process after every process that calls it; {@link StopOrder}), each one waited for, then
 * SIGKILL after a grace period. Whatever happens, every process group is gone when
 * {@link #run} returns.
 */
public final class ManifestRunner {
    private static final long POLL_MILLIS = 10;
    private static final long GRACE_MILLIS = 5_000;
    private static final int LOG_TAIL_LINES = 20;
    private static final long CAUSE_GRACE_MILLIS = 300;
    private static final long PROGRESS_MILLIS = 200;

    private final Path benchDir;
    private final Manifest manifest;
    private final ProcessPlacer placer;
    private final SampleCounter counter = new SampleCounter();
    private RunListener listener;
    private StartLine.Factory startLines = FifoStartLine::open;
    private StartLine startLine;
    private long lastProgressNanos;
    private long lastSamples;

    public ManifestRunner(Path benchDir, Manifest manifest) {
        this(benchDir, manifest, ProcessPlacer.LOCAL);
    }

    /** A runner that starts each process where {@code placer} puts it (a job step on another host). */
    public ManifestRunner(Path benchDir, Manifest manifest, ProcessPlacer placer) {
        this.benchDir = benchDir.toAbsolutePath().normalize();
        this.manifest = manifest;
        this.placer = placer;
    }

    /**
     * How the start line of a run whose clients run together is made; by default two named pipes in the run folder
     * ({@link FifoStartLine}). An engine that places processes on other hosts gives a {@link TcpStartLine}.
     */
    public ManifestRunner startLines(StartLine.Factory factory) {
        this.startLines = factory;
        return this;
    }

    /**
     * {@code manifest} with {@code extra} arguments appended to each process's own, e.g. {@code -n 2000} for a
     * quick run with fewer samples; a process for which {@code extra} gives an empty list keeps its arguments.
     */
    public static Manifest withExtraArguments(Manifest manifest, Function<ProcessSpec, List<String>> extra) {
        List<ProcessSpec> processes = new ArrayList<>();
        for (ProcessSpec p : manifest.processes()) {
            List<String> args = new ArrayList<>(p.args());
            args.addAll(extra.apply(p));
            processes.add(p.withArgs(args));
        }
        return manifest.withProcesses(processes);
    }

    public RunOutcome run(Path runDir, RunListener listener) throws InterruptedException, IOException {
        Path run = runDir.toAbsolutePath().normalize();
        Files.createDirectories(run.resolve("logs"));
        Files.createDirectories(run.resolve("results"));
        Files.createDirectories(run.resolve(SampleCounter.DIR));
        this.listener = listener;
        List<Started> started = new ArrayList<>();
        String failure = null;
        long t0 = System.nanoTime();
        long measuring = 0;
        List<String> drivers = manifest.clientsTogether()
                ? manifest.processes().stream().filter(ManifestRunner::waitsAtLine).map(ProcessSpec::name).toList()
                : List.of();
        try {
            if (!drivers.isEmpty()) {
                startLine = startLines.open(run, drivers);
            }
            int index = 0;
            List<ProcessSpec> afterDrivers = new ArrayList<>();
            for (ProcessSpec spec : manifest.processes()) {
                if (startLine != null && "exit".equals(spec.stop()) && !waitsAtLine(spec)
                        && started.stream().anyMatch(x -> waitsAtLine(x.spec))) {
                    afterDrivers.add(spec); // a step that follows the clients (a teardown) runs once they are done
                    continue;
                }
                listener.starting(spec.name(), index++, manifest.processes().size());
                Started s = new Started(spec, start(spec, run));
                started.add(s);
                listener.started(spec.name(), s.child.pgid());
                if (startLine != null && waitsAtLine(spec) && "exit".equals(spec.stop())) {
                    continue; // it waits at the start line: the next process starts at once
                }
                failure = "exit".equals(spec.stop()) ? runToCompletion(s, started) : awaitReady(s, run, listener);
                if (failure != null) {
                    break;
                }
            }
            if (failure == null && startLine != null) {
                failure = awaitArrivals(started);
                if (failure == null) {
                    long released = System.nanoTime();
                    startLine.release();
                    started.stream().filter(s -> waitsAtLine(s.spec)).forEach(s -> s.limitFrom = released);
                    listener.released(drivers);
                    failure = awaitDrivers(started);
                }
                for (int i = 0; failure == null && i < afterDrivers.size(); i++) {
                    ProcessSpec spec = afterDrivers.get(i);
                    listener.starting(spec.name(), index++, manifest.processes().size());
                    Started s = new Started(spec, start(spec, run));
                    started.add(s);
                    listener.started(spec.name(), s.child.pgid());
                    failure = runToCompletion(s, started);
                }
            }
            if (failure == null) {
                failure = awaitDone(started, run);
            }
            measuring = System.nanoTime() - t0;
            reportSamples(true);
        } finally {
            listener.stopping();
            try {
                stopAll(started);
            } finally {
                if (startLine != null) {
                    startLine.close();
                    startLine = null;
                }
            }
        }
        List<ProcessOutcome> outcomes = new ArrayList<>();
        for (Started s : started) {
            String problem = s.problem;
            if (problem == null && failure == null) {
                List<String> missing = s.spec.results().stream().filter(r -> !Files.isRegularFile(run.resolve(r))).toList();
                if (!missing.isEmpty()) {
                    problem = "did not write " + String.join(", ", missing);
                }
            }
            ProcessOutcome outcome = new ProcessOutcome(s.spec.name(), s.spec.role(), s.exitCode, problem, s.child.log(),
                    problem == null ? List.of() : s.child.logTail(LOG_TAIL_LINES));
            outcomes.add(outcome);
            listener.finished(outcome);
            if (failure == null && problem != null) {
                failure = s.spec.name() + " " + problem;
            }
        }
        return new RunOutcome(failure, outcomes, run, measuring,
                manifest.clientsTogether() ? Manifest.CLIENTS_TOGETHER : Manifest.CLIENTS_ONE_AT_A_TIME);
    }

    /** A foreground process: wait for it to exit within its limit, watching that the servers stay up. */
    private String runToCompletion(Started s, List<Started> all) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(s.spec.timeoutSeconds());
        while (!s.child.waitFor(POLL_MILLIS * 10)) {
            reportSamples(false);
            String died = deadServer(all);
            if (died != null) {
                s.problem = "was stopped because " + died;
                return died;
            }
            if (System.nanoTime() > deadline) {
                s.problem = "was still running after its limit of " + s.spec.timeoutSeconds() + " s (hung?) and was killed";
                s.child.kill();
                s.exitCode = -1;
                return s.spec.name() + " " + s.problem;
            }
        }
        s.exitCode = s.child.exitValue();
        s.child.kill(); // reap anything it left behind in its group
        if (s.exitCode != 0) {
            // A client usually fails because a server died under it: report the server as the cause.
            String died = deadServerWithin(all, CAUSE_GRACE_MILLIS);
            s.problem = exitDescription(s.exitCode) + (died == null ? "" : " after " + died);
            return died != null ? died : s.spec.name() + " " + s.problem;
        }
        return null;
    }

    /**
     * Whether a process waits at the start line when the clients run together: it drives load and is placed on a
     * model node. A helper beside the launcher (a deployment tool, a completion step, a DAnCE node manager) never
     * does: it runs as it would one at a time, and one that exits by itself after the first driver in the manifest
     * (a teardown) runs once the drivers are done.
     */
    static boolean waitsAtLine(ProcessSpec p) {
        return p.drives() && p.node() != null;
    }

    /** Like {@link #deadServer} but gives the exit of a server that just died time to be observed. */
    private static String deadServerWithin(List<Started> all, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        String died = deadServer(all);
        while (died == null && System.nanoTime() < deadline) {
            Thread.sleep(POLL_MILLIS);
            died = deadServer(all);
        }
        return died;
    }

    /** A background process: wait until its readiness signal appears, or it dies, or its limit passes. */
    private String awaitReady(Started s, Path run, RunListener listener) throws InterruptedException {
        Readiness ready = s.spec.ready();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(s.spec.readyTimeoutSeconds());
        while (!Signals.reached(ready, run, s.child.log())) {
            if (!s.child.isAlive()) {
                s.exitCode = s.child.exitValue();
                s.problem = exitDescription(s.exitCode) + " before it was ready";
                return s.spec.name() + " " + s.problem;
            }
            if (System.nanoTime() > deadline) {
                s.problem = "was not ready after " + s.spec.readyTimeoutSeconds() + " s: no " + Signals.describe(ready);
                return s.spec.name() + " " + s.problem;
            }
            Thread.sleep(POLL_MILLIS);
        }
        listener.ready(s.spec.name());
        return null;
    }

    /**
     * Together mode: waits until every driving process has arrived at the start line, each within its ready limit
     * counted from its own start. A driver that ends or stays away, or a server that dies, fails the run.
     */
    private String awaitArrivals(List<Started> started) throws InterruptedException {
        List<Started> drivers = started.stream().filter(s -> waitsAtLine(s.spec)).toList();
        while (true) {
            Set<String> arrived = startLine.arrived();
            boolean all = true;
            for (Started d : drivers) {
                if (arrived.contains(d.spec.name())) {
                    continue;
                }
                all = false;
                if (!d.child.isAlive()) {
                    d.exitCode = d.child.exitValue();
                    String died = deadServerWithin(started, CAUSE_GRACE_MILLIS);
                    d.problem = exitDescription(d.exitCode) + " before it reached the start line"
                            + (died != null ? " after " + died
                                    : d.exitCode == 0 ? " (it did not wait there: was it built before the start line existed?)" : "");
                    return died != null ? died : d.spec.name() + " " + d.problem;
                }
                if (System.nanoTime() > d.startNanos + TimeUnit.SECONDS.toNanos(d.spec.readyTimeoutSeconds())) {
                    d.problem = "did not reach the start line within " + d.spec.readyTimeoutSeconds() + " s";
                    return d.spec.name() + " " + d.problem;
                }
            }
            if (all) {
                return null;
            }
            String died = deadServer(started);
            if (died != null) {
                return died;
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /**
     * Together mode, after the release: waits until every client has exited, each within its own limit counted from
     * the release, watching that the servers stay up.
     */
    private String awaitDrivers(List<Started> started) throws InterruptedException {
        List<Started> running = new ArrayList<>(started.stream().filter(s -> waitsAtLine(s.spec) && "exit".equals(s.spec.stop())).toList());
        while (!running.isEmpty()) {
            reportSamples(false);
            for (java.util.Iterator<Started> it = running.iterator(); it.hasNext();) {
                Started s = it.next();
                if (!s.child.isAlive()) {
                    it.remove();
                    s.exitCode = s.child.exitValue();
                    s.child.kill(); // reap anything it left behind in its group
                    if (s.exitCode != 0) {
                        String died = deadServerWithin(started, CAUSE_GRACE_MILLIS);
                        s.problem = exitDescription(s.exitCode) + (died == null ? "" : " after " + died);
                        return died != null ? died : s.spec.name() + " " + s.problem;
                    }
                } else if (System.nanoTime() > s.limitFrom + TimeUnit.SECONDS.toNanos(s.spec.timeoutSeconds())) {
                    s.problem = "was still running " + s.spec.timeoutSeconds() + " s after the start line's release (its limit; hung?) and was killed";
                    s.child.kill();
                    s.exitCode = -1;
                    return s.spec.name() + " " + s.problem;
                }
            }
            String died = deadServer(started);
            if (died != null) {
                running.forEach(s -> s.problem = "was stopped because " + died);
                return died;
            }
            Thread.sleep(POLL_MILLIS);
        }
        return null;
    }

    /** Waits for the done signal of every serve-and-drive process, within each one's limit. */
    private String awaitDone(List<Started> started, Path run) throws InterruptedException {
        for (Started s : started) {
            if (s.spec.done() == null) {
                continue;
            }
            long deadline = s.limitFrom + TimeUnit.SECONDS.toNanos(s.spec.timeoutSeconds());
            while (!Signals.reached(s.spec.done(), run, s.child.log())) {
                reportSamples(false);
                String died = deadServer(started);
                if (died != null) {
                    return died;
                }
                if (System.nanoTime() > deadline) {
                    s.problem = "did not finish its measurements within " + s.spec.timeoutSeconds() + " s (no "
                            + Signals.describe(s.spec.done()) + ")";
                    return s.spec.name() + " " + s.problem;
                }
                Thread.sleep(POLL_MILLIS);
            }
        }
        return null;
    }

    /** Tells the listener the live sample count when it changed, at most every {@value #PROGRESS_MILLIS} ms unless forced. */
    private void reportSamples(boolean force) {
        long now = System.nanoTime();
        if (!force && now - lastProgressNanos < TimeUnit.MILLISECONDS.toNanos(PROGRESS_MILLIS)) {
            return;
        }
        lastProgressNanos = now;
        long samples = counter.samples();
        if (samples != lastSamples) {
            lastSamples = samples;
            listener.samplesTaken(samples);
        }
    }

    /** Names a background process that ended on its own, marking it failed; null if all still run. */
    private static String deadServer(List<Started> all) {
        for (Started s : all) {
            if (!"exit".equals(s.spec.stop()) && s.problem == null && !s.child.isAlive()) {
                s.exitCode = s.child.exitValue();
                s.problem = exitDescription(s.exitCode) + " while the benchmark was running";
                return s.spec.name() + " " + s.problem;
            }
        }
        return null;
    }

    /**
     * SIGTERM to every background process, each after the processes that call it ({@link StopOrder}: from the drivers
     * inward; reverse start order when the manifest does not say who calls whom), then SIGKILL what is left.
     */
    private static void stopAll(List<Started> started) throws InterruptedException {
        for (int i : StopOrder.of(started.stream().map(s -> s.spec).toList())) {
            Started s = started.get(i);
            boolean wasRunning = s.child.isAlive();
            s.child.terminate(GRACE_MILLIS);
            if (!"exit".equals(s.spec.stop()) && s.problem == null) {
                s.exitCode = s.child.exitValue();
                // A helper that writes no results (an event service daemon) and dies on the way out costs the run
                // nothing: its exit code is kept in the run's record, but the run stands.
                boolean harmless = wasRunning && s.spec.results().isEmpty();
                if (s.exitCode != 0 && !harmless) {
                    s.problem = wasRunning ? "did not stop cleanly on SIGTERM: " + exitDescription(s.exitCode)
                            : exitDescription(s.exitCode) + " while the benchmark was running";
                }
            }
        }
    }

    private ChildProcess start(ProcessSpec spec, Path run) throws IOException {
        List<String> command = new ArrayList<>();
        CpuGrant grant = CpuGrant.fromEnvironment(); // a batch scheduler's grant: pin only within it
        List<Integer> cpus = grant.place(spec.cpus());
        if (cpus != null && !cpus.isEmpty()) {
            command.add("taskset");
            command.add("-c");
            command.add(cpus.stream().map(String::valueOf).collect(Collectors.joining(",")));
        }
        String exe = spec.executable();
        command.add(exe.contains("/") ? benchDir.resolve(exe).toString() : exe);
        command.addAll(grant.placeArguments(spec.args(), spec.cpus()));
        Path cwd = run.resolve(spec.cwd() == null ? "." : spec.cwd()).normalize();
        Files.createDirectories(cwd);
        Map<String, String> env = new java.util.HashMap<>(spec.env() == null ? Map.of() : spec.env());
        Path progress = SampleCounter.file(run, spec.name());
        env.put(SampleCounter.ENV, progress.toString());
        if (spec.drives()) {
            counter.watch(progress); // a driver: its samples are the run's progress
            if (startLine != null && waitsAtLine(spec)) {
                env.putAll(startLine.environment(spec.name()));
            }
        }
        command = placer.place(spec, List.copyOf(command), env);
        return ChildProcess.start(spec.name(), command, cwd, env, run.resolve("logs").resolve(spec.name() + ".log"));
    }

    static String exitDescription(int code) {
        if (code > 128) {
            int signal = code - 128;
            return "was killed by signal " + signal + signalName(signal);
        }
        return "exited with code " + code;
    }

    private static String signalName(int signal) {
        return switch (signal) {
        case 6 -> " (SIGABRT)";
        case 9 -> " (SIGKILL)";
        case 11 -> " (SIGSEGV)";
        case 15 -> " (SIGTERM)";
        default -> "";
        };
    }

    private static final class Started {
        final ProcessSpec spec;
        final ChildProcess child;
        final long startNanos = System.nanoTime();
        /** Where its run limit counts from: its start, or the start line's release. */
        long limitFrom = startNanos;
        int exitCode = -1;
        String problem;

        Started(ProcessSpec spec, ChildProcess child) {
            this.spec = spec;
            this.child = child;
        }
    }
}
