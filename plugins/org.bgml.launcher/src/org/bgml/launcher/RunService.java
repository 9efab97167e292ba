package org.bgml.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.bgml.targets.ConfigurationChoice;
import org.bgml.targets.GenerationService;
import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.launcher.build.BenchmarkBuilder;
import org.bgml.launcher.build.GenerationStamp;
import org.bgml.launcher.results.ToolVersion;
import org.bgml.launcher.run.HostCheck;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;

/**
 * The one-click loop shared by the CLI and the IDE: load, generate, build (only when the sources changed),
 * run from the manifest, and collect the result files of the run.
 */
public final class RunService {
    /** Run folders are {@code <benchmark>/run-<run id>}. */
    public static final String RUN_PREFIX = "run-";

    /**
     * Runs the built benchmark's processes into a run folder: {@link #LOCAL} with {@link ManifestRunner} on this machine,
     * or another engine (a Slurm allocation whose job steps run each process on its own host).
     */
    public interface Execution {
        Execution LOCAL = (benchDir, manifest, runDir, listener) -> new ManifestRunner(benchDir, manifest).run(runDir, listener);

        RunOutcome run(Path benchDir, Manifest manifest, Path runDir, RunListener listener) throws IOException, InterruptedException;
    }

    private static final Object GENERATING = new Object();

    private final Execution execution;

    public RunService() {
        this(Execution.LOCAL);
    }

    public RunService(Execution execution) {
        this.execution = execution;
    }

    /**
     * What to run.
     *
     * @param outDir where the benchmark is generated and built; each run gets {@code run-<run id>/} inside it, a
     *               direct child, since generated processes find their configuration as {@code ../config/}
     * @param allOnThisHost run a deployment whose nodes are other hosts as processes of this machine, on purpose (the
     *               run then carries a warning saying so); false refuses such a deployment ({@link HostCheck})
     */
    public record Request(Path modelFile, String target, String deployment, String configuration, Path outDir,
            boolean allOnThisHost) {
        /** A request that refuses a deployment on other hosts. */
        public Request(Path modelFile, String target, String deployment, String configuration, Path outDir) {
            this(modelFile, target, deployment, configuration, outDir, false);
        }
    }

    /**
     * What happened. A failed run is a result too: {@code failure} says why in plain words.
     *
     * @param resultFiles the per-process result files the run wrote (absolute paths)
     * @param warnings    what the user should know about how the run was set up (settings the target ignores)
     */
    public record Result(String runId, Instant started, Instant ended, BenchmarkPlan plan, Manifest manifest,
            BenchmarkBuilder.Outcome build, RunOutcome run, List<Path> resultFiles, String failure, long loadNanos,
            long generateNanos, long runNanos, List<String> warnings) {
        public boolean ok() {
            return failure == null;
        }
    }

    /**
     * A benchmark generated and built, ready to run: what {@link #prepare} did.
     *
     * @param failure null when the build succeeded; else why it did not
     */
    public record Prepared(BenchmarkPlan plan, Manifest manifest, BenchmarkBuilder.Outcome build, long loadNanos, long generateNanos,
            long planned, List<String> warnings, String failure) {
        public boolean ok() {
            return failure == null;
        }
    }

    /**
     * Generates (unless the folder is current) and builds (unless its sources are unchanged) the benchmark of a request,
     * without running it. A later {@link #run} of the same request then neither generates nor compiles anything, so a
     * caller with several benchmarks can build them all before measuring any.
     *
     * @throws HostCheck.ForeignHostsException before anything is generated or built, as {@link #run}
     */
    public Prepared prepare(Request request, RunProgress progress) throws ModelLoadException, InvalidModelException, IOException,
            InterruptedException {
        List<String> warnings = new ArrayList<>();
        Generated g = generate(request, progress, warnings);
        warnings.forEach(progress::warning);
        progress.samplesPlanned(g.planned());

        Manifest manifest = g.manifest();
        progress.phase(RunProgress.Phase.BUILDING, String.join(" && ", manifest.build().commands().stream().map(c -> String.join(" ", c)).toList()));
        BenchmarkBuilder.Outcome build = new BenchmarkBuilder().build(request.outDir(), manifest);
        return new Prepared(g.plan(), manifest, build, g.loadNanos(), g.generateNanos(), g.planned(), List.copyOf(warnings),
                build.ok() ? null : "build failed: " + build.failure());
    }

    private record Generated(BenchmarkPlan plan, Manifest manifest, long loadNanos, long generateNanos, long planned) {
    }

    /**
     * Loads the model and generates the benchmark unless the folder is current. One caller at a time: EMF's registries and
     * the generators are not made for concurrent use, while the builds that follow may run side by side.
     */
    private Generated generate(Request request, RunProgress progress, List<String> warnings) throws ModelLoadException,
            InvalidModelException, IOException {
        synchronized (GENERATING) {
            long l0 = System.nanoTime();
            BenchmarkModel model = ModelFiles.loadModel(request.modelFile());
            long loadNanos = System.nanoTime() - l0;
            if (execution == Execution.LOCAL) { // another engine places every node on its own host
                HostCheck.check(model, request.deployment(), request.allOnThisHost()).ifPresent(warnings::add);
            }
            long g0 = System.nanoTime();
            GenerationService.Request generation = new GenerationService.Request(model, request.target(), request.deployment(),
                    request.configuration());
            ConfigurationChoice configuration = GenerationService.configuration(generation);
            warnings.addAll(configuration.warnings());
            String inputs = GenerationStamp.inputs(model, ToolVersion.current(), request.target(), request.deployment(), configuration.name());
            BenchmarkPlan plan;
            if (GenerationStamp.current(request.outDir(), inputs)) {
                // Same model, same request, same tool, generated files untouched: generation would write the same bytes.
                progress.phase(RunProgress.Phase.GENERATING, "unchanged since the last generation into " + request.outDir());
                plan = GenerationService.plan(generation);
            } else {
                progress.phase(RunProgress.Phase.GENERATING, request.target() + " into " + request.outDir());
                GenerationStamp.clear(request.outDir());
                DirectoryOutput out = new DirectoryOutput(request.outDir());
                plan = new GenerationService().generate(generation, out);
                GenerationStamp.write(request.outDir(), inputs, out.files().keySet());
            }
            long generateNanos = System.nanoTime() - g0;
            Manifest manifest = ManifestJson.read(request.outDir().resolve(ManifestJson.FILE));
            long planned = GenerationService.target(request.target()).timedSamples(plan);
            return new Generated(plan, manifest, loadNanos, generateNanos, planned);
        }
    }

    /**
     * @throws HostCheck.ForeignHostsException before anything is generated, built or started, when a node of the
     *                                         deployment is another host and the request does not collapse it
     */
    public Result run(Request request, RunProgress progress) throws ModelLoadException, InvalidModelException, IOException,
            InterruptedException {
        Instant started = Instant.now();
        String runId = org.bgml.launcher.results.RunIds.next(started);
        Prepared prepared = prepare(request, progress);
        BenchmarkPlan plan = prepared.plan();
        Manifest manifest = prepared.manifest();
        BenchmarkBuilder.Outcome build = prepared.build();
        long loadNanos = prepared.loadNanos();
        long generateNanos = prepared.generateNanos();
        long planned = prepared.planned();
        List<String> warnings = prepared.warnings();
        if (!prepared.ok()) {
            return new Result(runId, started, Instant.now(), plan, manifest, build, null, List.of(), prepared.failure(), loadNanos,
                    generateNanos, 0, warnings);
        }

        progress.phase(RunProgress.Phase.STARTING, manifest.processes().size() + " processes");
        Path runDir = request.outDir().resolve(RUN_PREFIX + runId);
        long r0 = System.nanoTime();
        RunOutcome outcome = execution.run(request.outDir(), manifest, runDir, new Counting(progress, planned));

        progress.phase(RunProgress.Phase.COLLECTING, runDir.toString());
        List<Path> results = new ArrayList<>();
        for (Manifest.ProcessSpec p : manifest.processes()) {
            for (String r : p.results()) {
                Path file = runDir.resolve(r);
                if (Files.isRegularFile(file)) {
                    results.add(file);
                }
            }
        }
        return new Result(runId, started, Instant.now(), plan, manifest, build, outcome, List.copyOf(results),
                outcome.failure(), loadNanos, generateNanos, System.nanoTime() - r0, warnings);
    }

    /** Passes the runner's events on, and turns its live sample counts into progress against the planned total. */
    private record Counting(RunProgress progress, long total) implements RunListener {
        @Override
        public void starting(String process, int index, int count) {
            progress.starting(process, index, count);
        }

        @Override
        public void ready(String process) {
            progress.ready(process);
        }

        @Override
        public void finished(ProcessOutcome outcome) {
            progress.finished(outcome);
        }

        @Override
        public void released(List<String> drivers) {
            progress.released(drivers);
        }

        @Override
        public void stopping() {
            progress.stopping();
        }

        @Override
        public void samplesTaken(long samples) {
            progress.samplesTaken(samples);
            progress.measuring(total > 0 ? Math.min(samples, total) : samples, total);
        }
    }
}
