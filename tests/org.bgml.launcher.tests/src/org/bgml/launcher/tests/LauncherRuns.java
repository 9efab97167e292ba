package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.bgml.launcher.OneClickRun;
import org.bgml.launcher.RunProgress;
import org.bgml.launcher.RunService;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Measurement;
import org.bgml.model.Metric;
import org.bgml.model.ResultSet;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.testing.RepositoryRoot;

/**
 * Runs a test model through the launcher's one-click path ({@link OneClickRun}: generate, build, run from the
 * manifest, store, annotate, report) and offers the checks every target's run must pass.
 */
final class LauncherRuns {
    /** One progress event as the IDE or CLI would get it. */
    record Sample(long nanos, long samples, long total) {
    }

    /** A finished run and what was seen while it ran. */
    record Run(Path dir, Path model, OneClickRun.Outcome outcome, List<Sample> progress, List<RunProgress.Phase> phases,
            List<String> phaseDetails) {
        List<ResultMeasurement> measurements() {
            return outcome.stored().record().measurements().stream().map(MeasurementRecord::figures).toList();
        }

        /** The whole-call measurements of a metric (no segment), in payload order. */
        List<ResultMeasurement> of(String metric) {
            List<ResultMeasurement> found = new ArrayList<>(measurements().stream()
                    .filter(m -> metric.equals(m.metric()) && m.segment() == null).toList());
            found.sort(Comparator.comparing(m -> m.payloadBytes() == null ? 0L : m.payloadBytes()));
            assertTrue(!found.isEmpty(), "no measurement of " + metric + " in " + measurements().stream().map(ResultMeasurement::metric).toList());
            return found;
        }

        ResultMeasurement one(String metric) {
            List<ResultMeasurement> all = of(metric);
            assertEquals(1, all.size(), metric + ": " + all);
            return all.get(0);
        }

        List<ResultMeasurement> segments(String metric) {
            return measurements().stream().filter(m -> metric.equals(m.metric()) && m.segment() != null).toList();
        }
    }

    private LauncherRuns() {
    }

    static Path repo() {
        return RepositoryRoot.get();
    }

    static Path model(String name) {
        return repo().resolve("tests/org.bgml.launcher.tests/models").resolve(name);
    }

    /** Skips the test class with a message naming what is missing. */
    static void require(String what, String... command) {
        assumeTrue(succeeds(command), what + " is not installed (scripts/setup.sh installs it): skipping the launcher runs that need it");
    }

    static boolean succeeds(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Copies {@code model} into a fresh folder and runs it on {@code target}, recording every progress event. */
    static Run run(String model, String target) throws Exception {
        Path dir = Files.createTempDirectory("bgml-launcher-" + target + "-");
        Path copy = Files.copy(model(model), dir.resolve(model));
        return run(dir, copy, target);
    }

    /** Runs the (annotated) model of {@code previous} again, in the same benchmark folder and store. */
    static Run again(Run previous, String target) throws Exception {
        return run(previous.dir(), previous.model(), target);
    }

    private static Run run(Path dir, Path copy, String target) throws Exception {
        List<String> details = Collections.synchronizedList(new ArrayList<>());
        List<Sample> progress = Collections.synchronizedList(new ArrayList<>());
        List<RunProgress.Phase> phases = Collections.synchronizedList(new ArrayList<>());
        long t0 = System.nanoTime();
        RunProgress recorder = new RunProgress() {
            @Override
            public void phase(Phase phase, String detail) {
                phases.add(phase);
                details.add(phase + " " + detail);
            }

            @Override
            public void measuring(long samples, long totalSamples) {
                progress.add(new Sample(System.nanoTime() - t0, samples, totalSamples));
            }
        };
        OneClickRun.Outcome outcome = new OneClickRun().run(new OneClickRun.Request(
                new RunService.Request(copy, target, null, null, dir.resolve("bench")), dir.resolve("results.db"),
                dir.resolve("report-" + System.nanoTime() + ".html"), 0, true), recorder);
        assertTrue(outcome.ok(), () -> "the run failed: " + outcome.result().failure() + "\n" + logs(outcome));
        assertTrue(ProcessGroups.live().isEmpty(), "the launcher still tracks groups: " + ProcessGroups.live());
        return new Run(dir, copy, outcome, List.copyOf(progress), List.copyOf(phases), List.copyOf(details));
    }

    private static String logs(OneClickRun.Outcome outcome) {
        StringBuilder b = new StringBuilder();
        if (outcome.result().build() != null && !outcome.result().build().ok()) {
            b.append(String.join("\n", outcome.result().build().logTail()));
        }
        if (outcome.result().run() != null) {
            outcome.result().run().processes().stream().filter(p -> !p.ok())
                    .forEach(p -> b.append(p.name()).append(": ").append(p.problem()).append('\n').append(String.join("\n", p.logTail())));
        }
        return b.toString();
    }

    // ------------------------------------------------------------------ checks every run must pass

    /** Every timed measurement has exactly the model's sample count: per payload size, in all threads together. */
    static void sampleCountsAreTheModels(Run run) throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(run.model());
        int checked = 0;
        for (ResultMeasurement m : run.measurements()) {
            if (!m.timed() || "footprint".equals(m.kind())) {
                continue;
            }
            Metric metric = (Metric) ElementPaths.resolve(model, m.metric());
            int expected = metric.getWorkload() != null && metric.getWorkload().getIterations() > 0 ? metric.getWorkload().getIterations()
                    : metric.getSamples();
            assertEquals(expected, m.n(), m.label() + " of " + m.metric());
            checked++;
        }
        assertTrue(checked > 0, "no timed measurement");
    }

    /** min <= mean <= max, min < max, and the percentiles in order, for every timed measurement. */
    static void meansLieBetweenMinAndMax(Run run) {
        for (ResultMeasurement m : run.measurements()) {
            if (!m.timed() || m.n() == 0 || m.mean() == null) {
                continue;
            }
            String what = m.metric() + " " + m.label();
            assertTrue(m.min() <= m.mean() && m.mean() <= m.max(), what + ": mean " + m.mean() + " outside [" + m.min() + ", " + m.max() + "]");
            if (m.segment() == null) {
                assertTrue(m.min() < m.max(), what + ": " + m.n() + " samples all equal to " + m.min() + " ns cannot be measured times");
            }
            assertTrue(m.min() <= m.p50() && m.p50() <= m.p99() && m.p99() <= m.max(), what + ": percentiles out of order");
        }
    }

    /** The run is on the model file: one result set whose measurements all point at elements of the model. */
    static void annotatedElementsResolve(Run run) throws Exception {
        var summary = run.outcome().annotation();
        assertTrue(summary != null, "not annotated: " + run.outcome().annotationProblem());
        assertEquals(List.of(), summary.unresolved());
        assertEquals(summary.measurements(), summary.attached());
        assertEquals(run.measurements().size(), summary.measurements());
        BenchmarkModel annotated = ModelFiles.loadModel(run.model());
        ResultSet set = annotated.getResults().stream().filter(r -> run.outcome().stored().runId().equals(r.getRunId())).findFirst()
                .orElseThrow(() -> new AssertionError("no result set for the run in the saved model"));
        assertEquals(run.measurements().size(), set.getMeasurements().size());
        for (Measurement m : set.getMeasurements()) {
            assertTrue(m.getElement() != null && !m.getElement().eIsProxy(), m.getElementPath() + " does not resolve in the saved model");
            assertEquals(m.getElementPath(), ElementPaths.pathOf(m.getElement()), "the element path names the element it points at");
            assertTrue(m.getMetric() != null && !m.getMetric().eIsProxy(), m.getElementPath() + ": no metric");
        }
    }

    /**
     * A white-box breakdown: the given segments are there, and in every process that cuts the metric's cycles into
     * segments (a client its call, a server its upcall), each segment has a sample per cycle and the segments' means
     * add up to the mean of that process's cycle (its measurement without a segment) within 5%.
     */
    static void segmentsAddUpToTheCycle(Run run, String metric, List<String> segments) {
        List<MeasurementRecord> all = run.outcome().stored().record().measurements().stream()
                .filter(m -> metric.equals(m.figures().metric())).toList();
        List<String> names = all.stream().map(m -> m.figures().segment()).filter(s -> s != null).toList();
        assertTrue(names.containsAll(segments), metric + " segments " + names + " lack some of " + segments);
        Map<String, List<MeasurementRecord>> byProcess = all.stream().collect(Collectors.groupingBy(MeasurementRecord::process));
        int checked = 0;
        for (Map.Entry<String, List<MeasurementRecord>> e : byProcess.entrySet()) {
            List<ResultMeasurement> parts = e.getValue().stream().map(MeasurementRecord::figures).filter(m -> m.segment() != null).toList();
            if (parts.isEmpty()) {
                continue;
            }
            ResultMeasurement cycle = e.getValue().stream().map(MeasurementRecord::figures).filter(m -> m.segment() == null).findFirst()
                    .orElseThrow(() -> new AssertionError(metric + ": " + e.getKey() + " has segments but no cycle"));
            double sum = parts.stream().mapToDouble(ResultMeasurement::mean).sum();
            assertTrue(cycle.mean() > 0 && Math.abs(sum - cycle.mean()) <= 0.05 * cycle.mean(), metric + " in " + e.getKey()
                    + ": segments " + parts.stream().map(ResultMeasurement::segment).toList() + " sum to " + sum + " ns, the cycle is "
                    + cycle.mean() + " ns");
            for (ResultMeasurement p : parts) {
                assertEquals(cycle.n(), p.n(), p.segment() + " has a sample per cycle");
            }
            checked++;
        }
        assertTrue(checked > 0, metric + ": no process cut a cycle into segments");
    }

    /**
     * Live progress: several events while the benchmark ran, counts that never go down, at least one strictly
     * between none and all, and the last one equal to the planned total.
     */
    static void progressGrewDuringTheRun(Run run, long expectedTotal) {
        List<Sample> p = run.progress();
        assertTrue(p.size() >= 2, "too few progress events: " + p);
        for (int i = 1; i < p.size(); i++) {
            assertTrue(p.get(i).samples() >= p.get(i - 1).samples(), "the count went down: " + p);
            assertTrue(p.get(i).nanos() >= p.get(i - 1).nanos());
        }
        assertTrue(p.stream().allMatch(s -> s.total() == expectedTotal), "total is not " + expectedTotal + ": " + p);
        assertTrue(p.stream().anyMatch(s -> s.samples() > 0 && s.samples() < expectedTotal), "no count while measuring: " + p);
        assertEquals(expectedTotal, p.get(p.size() - 1).samples(), "the last count is every sample: " + p);
    }

    /** Median of the p50s of the given sweep points. */
    static double medianP50(List<ResultMeasurement> points) {
        double[] p = points.stream().mapToDouble(m -> m.p50()).sorted().toArray();
        return p.length % 2 == 1 ? p[p.length / 2] : (p[p.length / 2 - 1] + p[p.length / 2]) / 2;
    }

    static long[] sizes(List<ResultMeasurement> sweep) {
        return sweep.stream().mapToLong(ResultMeasurement::payloadBytes).toArray();
    }

    static String describe(List<ResultMeasurement> sweep) {
        return Arrays.toString(sweep.stream().map(m -> m.payloadBytes() + " B: p50 " + m.p50() + " ns").toArray());
    }

    static void delete(Path dir) throws IOException {
        if (dir == null || Boolean.getBoolean("bgml.keepBuilds") || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
