package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Metric;
import org.bgml.model.Workload;
import org.bgml.testing.BenchmarkRuns;
import org.eclipse.emf.ecore.util.EcoreUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * A duration-driven metric (a workload with a duration and no iteration count) on the ace target: its timed calls run
 * for the duration, not for the sample count, which only sizes the history; the measurement holds the samples taken.
 * The client's pre-delay counts from the start line that releases the load drivers together. The model is the threads
 * fixture (one client calling one server) with two 300 ms loops, one of them on two threads.
 */
class DurationRunTest {
    /** The history's room: far more calls than 300 ms of round trips make here. */
    private static final int ROOM = 1_000_000;
    private static final long LOOP_MS = 300;
    private static final long PRE_DELAY_MS = 200;
    private static final Duration LIMIT = Duration.ofMinutes(20);

    @TempDir
    Path work;

    @Test
    void aDurationDrivenLoopRunsForItsDurationAndReportsTheSamplesItTook() throws Exception {
        assumeTrue(BenchmarkRuns.command(List.of("pkg-config", "--exists", "ACE"), work, LIMIT, null) == 0,
                "ACE is not installed (pkg-config ACE fails); install Debian's libace-dev to build the ace target");
        BenchmarkModel model = Fixtures.load(Fixtures.root().resolve("tests/models/threads.bgml"));
        Metric template = model.getMetrics().get(0);
        model.getMetrics().clear();
        model.getMetrics().add(timed(template, "Delayed", 1, PRE_DELAY_MS));
        model.getMetrics().add(timed(template, "TwoThreads", 2, 0));
        Path dir = work.resolve("durations");
        Fixtures.generate(model, new DirectoryOutput(dir));
        String client = Files.readString(dir.resolve("src/CallerProcess.cpp"), StandardCharsets.UTF_8);
        assertTrue(client.contains("spec.duration_ns = 300ULL * 1000000ULL"), "the threaded loop runs for 300 ms");
        assertTrue(Files.readString(dir.resolve("README.md"), StandardCharsets.UTF_8).contains("timed for 300 ms, room for 1000000"),
                "the README says how long the loops run");

        Path log = dir.resolve("build.log");
        assertEquals(0, BenchmarkRuns.command(List.of("cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"), dir, LIMIT, log),
                BenchmarkRuns.tail(log, 40));
        assertEquals(0, BenchmarkRuns.command(List.of("cmake", "--build", "build", "-j", "2"), dir, LIMIT, log), BenchmarkRuns.tail(log, 40));
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Manifest.ProcessSpec caller = manifest.processes().stream().filter(p -> p.name().equals("CallerProcess")).findFirst().orElseThrow();
        assertTrue(caller.timeoutSeconds() * 1000L >= 2 * LOOP_MS + PRE_DELAY_MS, "the time limit counts the durations");

        Path run = dir.resolve("run");
        RunOutcome outcome = new ManifestRunner(dir, manifest).run(run, new RunListener() {
        });
        assertTrue(outcome.ok(), outcome.describe());
        JsonObject result = JsonParser.parseString(Files.readString(run.resolve("results/CallerProcess.json"))).getAsJsonObject();

        JsonObject delayed = measurement(result, "Delayed");
        long n = delayed.get("n").getAsLong();
        assertTrue(n > 0 && n < ROOM, "the calls of 300 ms, not the " + ROOM + " of the sample count: " + delayed);
        assertEquals(0, delayed.get("dropped").getAsLong());
        long wall = delayed.get("wallNs").getAsLong();
        assertTrue(wall >= LOOP_MS * 1_000_000 && wall < (LOOP_MS + 200) * 1_000_000, "runs about 300 ms: " + wall + " ns");
        JsonElement line = result.get("startLine");
        assertTrue(line != null && line.isJsonObject(), "the launcher releases the client from a start line: " + line);
        long released = line.getAsJsonObject().get("releasedNs").getAsLong();
        long begin = delayed.get("windowBeginNs").getAsLong();
        assertTrue(begin - released >= PRE_DELAY_MS * 1_000_000, "the pre-delay counts from the common start: "
                + (begin - released) + " ns after the release");

        JsonObject threads = measurement(result, "TwoThreads");
        assertEquals(2, threads.get("threads").getAsLong());
        long perThread = threads.get("n").getAsLong();
        assertTrue(perThread > 0 && perThread < 2L * ROOM, threads.toString());
        for (JsonElement each : threads.getAsJsonArray("threadSamples")) {
            assertTrue(each.getAsLong() > 0 && each.getAsLong() < ROOM, "each thread keeps what it took: " + threads);
        }
        long threadsWall = threads.get("wallNs").getAsLong();
        assertTrue(threadsWall >= LOOP_MS * 1_000_000 && threadsWall < (LOOP_MS + 300) * 1_000_000,
                "the threads run about 300 ms together: " + threadsWall + " ns");
        System.out.printf("ace duration loops: %d calls in %.1f ms (%d ms after the release); 2 threads: %d calls in %.1f ms%n", n,
                wall / 1e6, (begin - released) / 1_000_000, perThread, threadsWall / 1e6);
    }

    /**
     * The proxy penalty of bgml reproduce (reproductions/proxy-penalty.bgml) on ace: the direct loop runs 3 s from the
     * start, the three proxied loops 3 s from 4.5 s after it, as on the other targets.
     */
    @Test
    void theProxyPenaltysLoopsKeepTheirDurationsAndStartDelays() {
        org.bgml.generator.common.MemoryOutput out = Fixtures.generate(Fixtures.root().resolve("reproductions/proxy-penalty.bgml"));
        String direct = loopOf(out, "DirectCallsPerSecond");
        assertTrue(direct.contains(", 3000, 0, 0 };"), "3 s from the start: " + direct);
        for (int i = 1; i <= 3; i++) {
            String proxied = loopOf(out, "ProxyCallsPerSecond" + i);
            assertTrue(proxied.contains(", 3000, 4500, 0 };"), "3 s from 4.5 s after the start: " + proxied);
        }
    }

    /** The line of generated source that describes the loop of {@code metric}. */
    private static String loopOf(org.bgml.generator.common.MemoryOutput out, String metric) {
        return out.files().keySet().stream().filter(p -> p.endsWith(".cpp")).map(out::text)
                .flatMap(t -> t.lines().filter(l -> l.contains("bgml_ace::Loop ") && l.contains(", \"" + metric + "\", ")))
                .findFirst().orElseThrow(() -> new AssertionError("no loop of " + metric));
    }

    /** A copy of the fixture's metric that runs LOOP_MS on {@code threads} threads, its history room {@link #ROOM}. */
    private static Metric timed(Metric template, String name, int threads, long preDelay) {
        Metric m = EcoreUtil.copy(template);
        m.setName(name);
        m.setWarmupIterations(100);
        m.setSamples(ROOM);
        Workload w = BgmlFactory.eINSTANCE.createWorkload();
        w.setThreads(threads);
        w.setDurationMillis(LOOP_MS);
        w.setPreDelayMillis(preDelay);
        m.setWorkload(w);
        return m;
    }

    private static JsonObject measurement(JsonObject result, String metric) {
        for (JsonElement e : result.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if (!m.get("metric").isJsonNull() && m.get("metric").getAsString().equals(metric)) {
                return m;
            }
        }
        throw new AssertionError("no measurement for " + metric + " in " + result);
    }
}
