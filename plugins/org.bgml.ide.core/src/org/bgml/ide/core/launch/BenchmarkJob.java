package org.bgml.ide.core.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import org.bgml.generator.common.InvalidModelException;
import org.bgml.ide.core.BgmlIde;
import org.bgml.ide.core.markers.ModelMarkers;
import org.bgml.ide.core.toolchain.Toolchains;
import org.bgml.launcher.OneClickRun;
import org.bgml.launcher.RunProgress;
import org.bgml.launcher.RunService;
import org.bgml.launcher.process.ProcessEnvironment;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.Job;

/**
 * Generate &amp; Run as an Eclipse job: the launcher's one-click run ({@link OneClickRun}: generate, build, run, store,
 * annotate the model, write the report) with its phases and live sample count on the progress monitor and its
 * output in the console. Cancelling interrupts the run; the launcher then stops every process group it started
 * before it returns, so no benchmark process outlives a cancelled run.
 */
public final class BenchmarkJob extends Job {
    /** The job family of every benchmark run, for joining and for views that refresh after a run. */
    public static final Object FAMILY = BenchmarkJob.class;
    private static final int GENERATE = 50, BUILD = 250, START = 50, MEASURE = 550, COLLECT = 100, TOTAL = 1000;

    private final IFile model;
    private final RunService.Request request;
    private final boolean openReport;
    private final int keep;
    private final BenchmarkProcess process;
    private final RunService.Execution execution;
    private final List<RunProgress.Phase> phases = Collections.synchronizedList(new ArrayList<>());
    private volatile long samples;
    private volatile long samplesPlanned;
    private volatile OneClickRun.Outcome outcome;
    private volatile Path report;
    private volatile Thread worker;

    public BenchmarkJob(IFile model, RunService.Request request, boolean openReport, int keep, BenchmarkProcess process) {
        this(model, request, openReport, keep, process, null);
    }

    /** @param execution how the processes run (e.g. across Slurm nodes); null runs them on this machine */
    public BenchmarkJob(IFile model, RunService.Request request, boolean openReport, int keep, BenchmarkProcess process,
            RunService.Execution execution) {
        super("BGML Benchmark: " + model.getName() + " (" + request.target() + ")");
        this.model = model;
        this.request = request;
        this.openReport = openReport;
        this.keep = keep;
        this.process = process;
        this.execution = execution;
        if (process != null) {
            process.attach(this);
        }
        setUser(true);
        setPriority(LONG);
    }

    @Override
    public boolean belongsTo(Object family) {
        return family == FAMILY;
    }

    @Override
    protected void canceling() {
        Thread t = worker;
        if (t != null) {
            t.interrupt(); // the launcher stops every process it started when its waits are interrupted
        }
    }

    @Override
    protected IStatus run(IProgressMonitor monitor) {
        worker = Thread.currentThread();
        SubMonitor progress = SubMonitor.convert(monitor, getName(), TOTAL);
        Path reports = BenchmarkLaunch.reports(model);
        Path pending = reports.resolve(".pending-" + System.nanoTime() + ".html");
        int exit = 1;
        LogTailer tailer = new LogTailer(request.outDir(), this::print);
        try {
            ProcessEnvironment.set(Toolchains.environment());
            print("BGML Benchmark: " + request.modelFile() + ", target " + request.target() + ", output " + request.outDir() + "\n");
            Files.createDirectories(reports);
            OneClickRun.Outcome o = (execution == null ? new OneClickRun() : new OneClickRun(execution)).run(new OneClickRun.Request(request, BenchmarkLaunch.store(model), pending, keep, true),
                    new Progress(progress, monitor));
            outcome = o;
            if (o.report() != null) {
                Path named = reports.resolve(ReportWriter.defaultName(o.stored()));
                report = Files.move(o.report(), named, StandardCopyOption.REPLACE_EXISTING);
            }
            tailer.close();
            summarize(o);
            exit = o.ok() ? 0 : 1;
            return o.ok() ? Status.OK_STATUS
                    : new Status(IStatus.WARNING, BgmlIde.PLUGIN_ID, "The benchmark run " + o.stored().runId() + " failed: " + o.result().failure()
                            + " (it is stored with its logs; see the console)");
        } catch (InterruptedException | OperationCanceledException e) {
            tailer.close();
            exit = 2;
            printError("Cancelled: every benchmark process was stopped.\n");
            return Status.CANCEL_STATUS;
        } catch (ModelLoadException e) {
            tailer.close();
            printError(e.describe() + "\n");
            return BgmlIde.error("Cannot read " + model.getFullPath() + ": " + e.describe(), null);
        } catch (InvalidModelException e) {
            tailer.close();
            for (ModelDiagnostic d : e.diagnostics()) {
                printError(model.getName() + ": " + d.format() + "\n");
            }
            refreshMarkers();
            return BgmlIde.error(model.getFullPath() + " has errors, so nothing was generated: see the Problems view", null);
        } catch (IOException | ResultsStoreException | RuntimeException e) {
            tailer.close();
            printError("The run stopped: " + e + "\n");
            return BgmlIde.error("The benchmark run of " + model.getFullPath() + " stopped: " + e.getMessage(), e);
        } finally {
            worker = null;
            Thread.interrupted(); // a cancel that came late must not leak into the next job on this thread
            try {
                Files.deleteIfExists(pending);
            } catch (IOException e) {
                // nothing was written there
            }
            refresh();
            if (process != null) {
                process.terminated(exit);
            }
            monitor.done();
        }
    }

    private void summarize(OneClickRun.Outcome o) {
        print("Stored run " + o.stored().runId() + " in " + BenchmarkLaunch.store(model) + "\n");
        if (!o.ok()) {
            printError("The run failed: " + o.result().failure() + "\n");
            if (o.result().build() != null && !o.result().build().ok()) {
                o.result().build().logTail().forEach(l -> printError("  | " + l + "\n"));
            }
            if (o.result().run() != null) {
                for (ProcessOutcome p : o.result().run().processes()) {
                    if (!p.ok()) {
                        printError("  " + p.name() + ": " + p.problem() + "\n");
                    }
                }
            }
        }
        if (o.annotation() != null) {
            print("Annotated " + model.getName() + ": " + o.annotation().attached() + " of " + o.annotation().measurements()
                    + " measurements attached, " + o.annotation().passed() + " requirement(s) met, " + o.annotation().failed() + " not met\n");
        } else {
            printError("The model was not annotated: " + o.annotationProblem() + "\n");
        }
        if (report != null) {
            print("Report: " + report + "\n");
        } else {
            printError("The report could not be written: " + o.reportProblem() + "\n");
        }
    }

    private void refresh() {
        try {
            model.getProject().refreshLocal(IResource.DEPTH_INFINITE, null);
        } catch (CoreException e) {
            BgmlIde.log(e.getStatus());
        }
    }

    private void refreshMarkers() {
        try {
            ModelMarkers.update(model);
        } catch (CoreException e) {
            BgmlIde.log(e.getStatus());
        }
    }

    private void print(String text) {
        if (process != null) {
            process.print(text);
        }
    }

    private void printError(String text) {
        if (process != null) {
            process.printError(text);
        }
    }

    public IFile model() {
        return model;
    }

    /** What the run did; null until it has finished (or when it stopped before storing anything). */
    public OneClickRun.Outcome outcome() {
        return outcome;
    }

    /** The run's HTML report; null until written. */
    public Path report() {
        return report;
    }

    public boolean openReport() {
        return openReport;
    }

    /** The phases the run went through, in order. */
    public List<RunProgress.Phase> phases() {
        synchronized (phases) {
            return List.copyOf(phases);
        }
    }

    /** Timed samples taken so far, as the benchmark processes count them. */
    public long samples() {
        return samples;
    }

    public long samplesPlanned() {
        return samplesPlanned;
    }

    /** Maps the launcher's phases onto the monitor: each phase has its share of the work, measuring moves with the samples. */
    private final class Progress implements RunProgress {
        private final SubMonitor progress;
        private final IProgressMonitor monitor;
        private RunProgress.Phase current;
        private int measuredTicks;

        Progress(SubMonitor progress, IProgressMonitor monitor) {
            this.progress = progress;
            this.monitor = monitor;
        }

        @Override
        public void phase(Phase phase, String detail) {
            checkCanceled();
            finishCurrent();
            current = phase;
            phases.add(phase);
            String label = switch (phase) {
            case GENERATING -> "Generating";
            case BUILDING -> "Building";
            case STARTING -> "Starting";
            case MEASURING -> "Measuring";
            case COLLECTING -> "Collecting";
            case STORING -> "Storing";
            case DONE -> "Done";
            };
            progress.subTask(label + ": " + detail);
            print("== " + label + (detail == null || detail.isEmpty() ? "" : ": " + detail) + "\n");
        }

        private void finishCurrent() {
            if (current == null) {
                return;
            }
            switch (current) {
            case GENERATING -> progress.worked(GENERATE);
            case BUILDING -> progress.worked(BUILD);
            case STARTING -> progress.worked(START);
            case MEASURING -> progress.worked(Math.max(0, MEASURE - measuredTicks));
            case COLLECTING -> progress.worked(COLLECT / 2);
            case STORING -> progress.worked(COLLECT / 2);
            default -> {
            }
            }
        }

        @Override
        public void samplesPlanned(long planned) {
            samplesPlanned = planned;
        }

        @Override
        public void warning(String message) {
            print("warning: " + message + "\n");
        }

        @Override
        public void starting(String name, int index, int total) {
            progress.subTask("Starting " + name + " (" + (index + 1) + " of " + total + ")");
        }

        @Override
        public void measuring(long taken, long total) {
            if (current != Phase.MEASURING) {
                finishCurrent();
                current = Phase.MEASURING;
                phases.add(Phase.MEASURING);
                print(String.format(Locale.ROOT, "== Measuring: %,d timed samples planned%n", total));
            }
            samples = taken;
            int ticks = total > 0 ? (int) (MEASURE * Math.min(taken, total) / total) : 0;
            if (ticks > measuredTicks) {
                progress.worked(ticks - measuredTicks);
                measuredTicks = ticks;
            }
            progress.subTask(String.format(Locale.ROOT, "Measuring: %,d of %,d samples", taken, total));
        }

        @Override
        public void finished(ProcessOutcome outcome) {
            if (!outcome.ok()) {
                printError(outcome.name() + ": " + outcome.problem() + "\n");
            }
        }

        private void checkCanceled() {
            if (monitor.isCanceled()) {
                throw new OperationCanceledException();
            }
        }
    }
}
