package org.bgml.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.bgml.generator.common.InvalidModelException;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ModelAnnotator;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.OptionSetting;
import org.bgml.model.io.ModelLoadException;

/**
 * The whole one-click loop, shared by {@code bgml run} and the IDE: {@link RunService} (generate, build, run), then
 * store the run, write its numbers onto the model and write its HTML report.
 * <p>
 * The work around the measurement is kept off the critical path: the store is opened (SQLite's native library
 * loaded, schema migrated) and the report's plotting library read on a second thread while the model is loaded and
 * the benchmark generated, and after the run the annotation of the model file and the report are written at the
 * same time (the report takes its requirements from the model as it was run, so it does not wait for the
 * annotation). {@link Timings} says where the time went.
 */
public final class OneClickRun {
    /**
     * What to do after the run.
     *
     * @param store    the results store file
     * @param report          the report file; null for {@code report-<run id>.html} in {@code reportDirectory}
     * @param reportDirectory where a report without a file name goes; null for {@code .bgml/reports}
     * @param keep            result sets to keep on the model (0 keeps all)
     * @param annotate        false to leave the model file alone
     */
    public record Request(RunService.Request run, Path store, Path report, Path reportDirectory, int keep, boolean annotate) {
        public Request(RunService.Request run, Path store, Path report, int keep, boolean annotate) {
            this(run, store, report, null, keep, annotate);
        }
    }

    /**
     * What happened. A failed run is still stored, annotated and reported; only a store that cannot be written
     * ends in an exception.
     *
     * @param annotation        null when the model was not annotated; then {@code annotationProblem} says why
     * @param report            null when no report was written; then {@code reportProblem} says why
     */
    public record Outcome(RunService.Result result, StoredRun stored, ModelAnnotator.Summary annotation, String annotationProblem,
            Path report, String reportProblem, Timings timings) {
        public boolean ok() {
            return result.ok();
        }
    }

    /**
     * Where the wall time of a one-click run went, in nanoseconds. {@code measuring} is the span from the first
     * benchmark process's start to the end of the last client; {@code timedLoops} the part of it the processes spent
     * in their timed loops (from the result files); {@code teardown} stopping the servers and collecting.
     * {@code store}, {@code annotate} and {@code report} are each phase's own time; annotation and report overlap,
     * {@code afterRun} is their wall time together with the store.
     */
    public record Timings(long total, long load, long generate, long build, boolean rebuilt, long measuring, long timedLoops,
            long teardown, long store, long annotate, long report, long afterRun) {

        /** Orchestration: the wall time minus the build and the measuring. */
        public long overhead(long wall) {
            return wall - build - measuring;
        }

        /** A table of the phases; {@code startup} is the time before this run began (JVM and OSGi start), 0 if unknown. */
        public String format(long startup) {
            return format(startup, "JVM, OSGi");
        }

        /** The same, naming what the start-up was (a JVM of its own, or a call handed to a warm daemon). */
        public String format(long startup, String startupKind) {
            long wall = startup + total;
            StringBuilder b = new StringBuilder();
            row(b, "wall", wall, wall);
            row(b, "  startup (" + startupKind + ")", startup, wall);
            row(b, "  load the model", load, wall);
            row(b, "  validate and generate", generate, wall);
            row(b, rebuilt ? "  build (compiled)" : "  build (unchanged: hash only)", build, wall);
            row(b, "  measuring (processes)", measuring, wall);
            row(b, "    of it in timed loops", timedLoops, wall);
            row(b, "  teardown and collect", teardown, wall);
            row(b, "  store", store, wall);
            row(b, "  annotate (parallel)", annotate, wall);
            row(b, "  report (parallel)", report, wall);
            row(b, "  store+annotate+report", afterRun, wall);
            long overhead = overhead(wall);
            b.append(String.format(Locale.ROOT, "orchestration overhead: %.3f s = %.1f%% of the wall time (wall - build - measuring)%n",
                    overhead / 1e9, 100.0 * overhead / Math.max(1, wall)));
            long strict = wall - build - timedLoops;
            b.append(String.format(Locale.ROOT, "counting process start-up as overhead too: %.3f s = %.1f%% (wall - build - timed loops)%n",
                    strict / 1e9, 100.0 * strict / Math.max(1, wall)));
            return b.toString();
        }

        private static void row(StringBuilder b, String name, long nanos, long wall) {
            b.append(String.format(Locale.ROOT, "%-32s %9.3f s %6.1f%%%n", name, nanos / 1e9, 100.0 * nanos / Math.max(1, wall)));
        }
    }

    private final RunService.Execution execution;

    public OneClickRun() {
        this(RunService.Execution.LOCAL);
    }

    /** A one-click run whose processes run through {@code execution} (on this machine, or on a cluster's nodes). */
    public OneClickRun(RunService.Execution execution) {
        this.execution = execution;
    }

    public Outcome run(Request request, RunProgress progress) throws ModelLoadException, InvalidModelException, IOException,
            InterruptedException, ResultsStoreException {
        long t0 = System.nanoTime();
        ExecutorService helper = Executors.newFixedThreadPool(2, r -> {
            Thread t = new Thread(r, "bgml-run-helper");
            t.setDaemon(true);
            return t;
        });
        Future<ResultsStore> opening = helper.submit(() -> ResultsStore.open(request.store()));
        Future<String> plotting = helper.submit(ReportWriter::echarts);
        boolean storeTaken = false;
        try {
            RunService.Result result = new RunService(execution).run(request.run(), progress);
            long afterRun0 = System.nanoTime();
            progress.phase(RunProgress.Phase.STORING, request.store().toString());

            long s0 = System.nanoTime();
            StoredRun stored;
            storeTaken = true;
            try (ResultsStore store = await(opening)) {
                stored = store.run(store.record(record(request.run(), result))).orElseThrow();
            }
            long storeNanos = System.nanoTime() - s0;

            long[] annotateNanos = { 0 };
            CompletableFuture<Object> annotation = request.annotate() ? CompletableFuture.supplyAsync(() -> {
                long a0 = System.nanoTime();
                try {
                    return new ModelAnnotator().annotate(request.run().modelFile(), stored, request.keep());
                } catch (ModelLoadException | IOException | ModelAnnotator.AnnotationException | RuntimeException e) {
                    return e instanceof ModelLoadException m ? m.describe() : String.valueOf(e.getMessage());
                } finally {
                    annotateNanos[0] = System.nanoTime() - a0;
                }
            }, helper) : CompletableFuture.completedFuture("not asked to annotate");

            long r0 = System.nanoTime();
            Path report = request.report() != null ? request.report()
                    : (request.reportDirectory() != null ? request.reportDirectory() : Path.of(".bgml", "reports")).resolve(ReportWriter.defaultName(stored));
            String reportProblem = null;
            try {
                await(plotting);
                Path parent = report.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                report = new ReportWriter().writeRun(stored, result.plan() == null ? null : result.plan().model(), report);
            } catch (IOException | RuntimeException e) {
                reportProblem = String.valueOf(e.getMessage());
                report = null;
            }
            long reportNanos = System.nanoTime() - r0;

            Object annotated = annotation.join();
            long afterRun = System.nanoTime() - afterRun0;
            progress.phase(RunProgress.Phase.DONE, result.ok() ? "ok" : "failed");
            long runPhase = result.run() == null ? 0 : result.run().measuringNanos();
            long processes = processNanos(result);
            Timings timings = new Timings(System.nanoTime() - t0, result.loadNanos(), result.generateNanos(),
                    result.build() == null ? 0 : result.build().nanos(), result.build() != null && result.build().rebuilt(), runPhase,
                    timedLoops(stored), Math.max(0, processes - runPhase), storeNanos, annotateNanos[0], reportNanos, afterRun);
            return annotated instanceof ModelAnnotator.Summary s
                    ? new Outcome(result, stored, s, null, report, reportProblem, timings)
                    : new Outcome(result, stored, null, (String) annotated, report, reportProblem, timings);
        } finally {
            if (!storeTaken) {
                closeQuietly(opening); // the run ended early: the store opened for it is not needed
            }
            helper.shutdown();
        }
    }

    /** The record to store: the run as the launcher saw it and everything its result files say. */
    static RunRecord record(RunService.Request request, RunService.Result result) throws IOException {
        RunRecord.Builder record = RunRecord.builder(result.runId()).model(request.modelFile(), result.plan().model().getName())
                .target(request.target()).deployment(result.plan().deployment()).configuration(result.plan().configuration())
                .startedAt(result.started()).endedAt(result.ended()).failure(result.failure()).warnings(result.warnings());
        settingsOf(result.plan().model(), result.plan().configuration(), record);
        if (result.run() != null) {
            record.runDir(result.run().runDir()).outcome(result.run());
        }
        if (result.manifest() != null) {
            result.manifest().substitutionList().forEach(sub -> record.substitution(sub.text(), sub.elements()));
        }
        record.resultFiles(result.resultFiles());
        return record.build();
    }

    private static void settingsOf(BenchmarkModel model, String configuration, RunRecord.Builder record) {
        for (Configuration c : model.getConfigurations()) {
            if (c.getName() != null && c.getName().equals(configuration)) {
                String scope = c.getProcesses().isEmpty() ? "*" : String.join(",", c.getProcesses().stream().map(p -> p.getName()).toList());
                for (OptionSetting s : c.getSettings()) {
                    if (s.getOption() != null) {
                        record.setting(scope, s.getOption().getName(), s.getValue());
                    }
                }
            }
        }
    }

    /** Time the processes of the run took, teardown and collection included. */
    private static long processNanos(RunService.Result result) {
        return result.run() == null ? 0 : result.runNanos();
    }

    private static void closeQuietly(Future<ResultsStore> opening) {
        try {
            opening.get().close();
        } catch (ExecutionException | ResultsStoreException | RuntimeException e) {
            // it did not open: nothing to close
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Wall time of every timed loop of the run, each loop once (the metrics that share a loop share its wall time). */
    static long timedLoops(StoredRun run) {
        long total = 0;
        Set<List<Object>> seen = new HashSet<>();
        for (MeasurementRecord m : run.record().measurements()) {
            ResultMeasurement f = m.figures();
            if (f.wallNs() != null && f.wallNs() > 0 && f.segment() == null
                    && seen.add(List.of(String.valueOf(m.process()), f.element(), String.valueOf(f.payloadBytes()), f.wallNs()))) {
                total += f.wallNs();
            }
        }
        return total;
    }

    private static <T> T await(Future<T> future) throws IOException, ResultsStoreException, InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof ResultsStoreException s) {
                throw s;
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(cause);
        }
    }
}
