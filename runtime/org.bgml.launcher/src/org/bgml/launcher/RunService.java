package org.bgml.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.bgml.generator.GenerationService;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.launcher.build.BenchmarkBuilder;
import org.bgml.launcher.run.ManifestRunner;
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
     * What to run.
     *
     * @param outDir where the benchmark is generated and built; each run gets {@code run-<run id>/} inside it, a
     *               direct child, since generated processes find their configuration as {@code ../config/}
     */
    public record Request(Path modelFile, String target, String deployment, String configuration, Path outDir) {
    }

    /**
     * What happened. A failed run is a result too: {@code failure} says why in plain words.
     *
     * @param resultFiles the per-process result files the run wrote (absolute paths)
     */
    public record Result(String runId, Instant started, Instant ended, BenchmarkPlan plan, Manifest manifest,
            BenchmarkBuilder.Outcome build, RunOutcome run, List<Path> resultFiles, String failure, long generateNanos) {
        public boolean ok() {
            return failure == null;
        }
    }

    public Result run(Request request, RunProgress progress) throws ModelLoadException, InvalidModelException, IOException,
            InterruptedException {
        Instant started = Instant.now();
        String runId = newRunId(started);
        BenchmarkModel model = ModelFiles.loadModel(request.modelFile());

        progress.phase(RunProgress.Phase.GENERATING, request.target() + " into " + request.outDir());
        long g0 = System.nanoTime();
        GenerationService.Result generated = new GenerationService().generate(
                new GenerationService.Request(model, request.target(), request.deployment(), request.configuration()), request.outDir());
        long generateNanos = System.nanoTime() - g0;
        Manifest manifest = ManifestJson.read(request.outDir().resolve(ManifestJson.FILE));
        progress.samplesPlanned(plannedSamples(generated.plan()));

        progress.phase(RunProgress.Phase.BUILDING, String.join(" && ", manifest.build().commands().stream().map(c -> String.join(" ", c)).toList()));
        BenchmarkBuilder.Outcome build = new BenchmarkBuilder().build(request.outDir(), manifest);
        if (!build.ok()) {
            return new Result(runId, started, Instant.now(), generated.plan(), manifest, build, null, List.of(),
                    "build failed: " + build.failure(), generateNanos);
        }

        progress.phase(RunProgress.Phase.STARTING, manifest.processes().size() + " processes");
        Path runDir = request.outDir().resolve(RUN_PREFIX + runId);
        RunOutcome outcome = new ManifestRunner(request.outDir(), manifest).run(runDir, progress);

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
        return new Result(runId, started, Instant.now(), generated.plan(), manifest, build, outcome, List.copyOf(results),
                outcome.failure(), generateNanos);
    }

    /** Timed samples over every metric of every connection, all payload sizes included. */
    static long plannedSamples(BenchmarkPlan plan) {
        long samples = 0;
        for (InvocationPlan i : plan.invocations()) {
            for (MetricPlan m : i.metrics()) {
                samples += (long) m.iterations() * m.payloadSizes().size();
            }
        }
        return samples;
    }

    /** {@code 20261121-093000-4f2a}: sortable by time, unique within a workspace. */
    static String newRunId(Instant when) {
        String time = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT).withZone(ZoneOffset.UTC).format(when);
        return time + "-" + String.format(Locale.ROOT, "%04x", new java.security.SecureRandom().nextInt(0x10000));
    }
}
