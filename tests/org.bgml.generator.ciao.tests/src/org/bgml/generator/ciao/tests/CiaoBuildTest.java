package org.bgml.generator.ciao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bgml.model.BenchmarkModel;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Checks the generated benchmarks with a real ACE+TAO+CIAO+DAnCE build when {@code ACE_ROOT}, {@code TAO_ROOT},
 * {@code CIAO_ROOT} and {@code DANCE_ROOT} are set (with {@code $ACE_ROOT/lib} on {@code LD_LIBRARY_PATH}):
 * tao_idl, IDL3 included, on the IDL of every example; mwc.pl and make on roundtrip; and a run of roundtrip with
 * DAnCE over 127.0.0.1 through run_test.pl with 2,000 samples. Skipped with a message otherwise.
 * {@code -Dbgml.ciao.keep=DIR} builds in DIR and keeps it.
 */
class CiaoBuildTest {
    private static final int SAMPLES = 2000;

    @TempDir
    static Path temp;

    static void needsCiao() {
        for (String variable : List.of("CIAO_ROOT", "DANCE_ROOT", "TAO_ROOT", "ACE_ROOT")) {
            String value = System.getenv(variable);
            Assumptions.assumeTrue(value != null && !value.isBlank() && Files.isDirectory(Path.of(value)),
                    "CIAO compile test skipped: " + variable + " not set");
        }
    }

    private static String env(String name) {
        return System.getenv(name);
    }

    /** tao_idl accepts the base IDL, the IDL3 component IDL and the executor mapping IDL of every example. */
    @TestFactory
    Stream<DynamicTest> everyExamplesIdlPassesTaoIdl() {
        return Examples.all().stream().map(file -> DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
            needsCiao();
            BenchmarkModel model = Examples.load(file);
            Path dir = temp.resolve("idl-" + model.getName());
            Examples.generate(model, Examples.deployments(model).get(0), dir);
            Files.createDirectories(dir.resolve("gen"));
            List<String> flags = List.of("-I" + env("CIAO_ROOT"), "-I" + env("CIAO_ROOT") + "/ccm", "-I" + env("TAO_ROOT"),
                    "-I" + env("TAO_ROOT") + "/orbsvcs", "-Iidl", "-Igen", "-o", "gen");
            List<Path> idl;
            try (Stream<Path> files = Files.list(dir.resolve("idl"))) {
                idl = files.sorted().toList();
            }
            String base = "idl/" + model.getName() + ".idl";
            tao_idl(dir, flags, List.of("-Gsv", "-Glem", "-Gxhst", "-Gxhsk", "-Gxhsv", "-Gxhex"), base);
            for (Path f : idl) {
                String rel = "idl/" + f.getFileName();
                if (!rel.equals(base)) {
                    tao_idl(dir, flags, List.of("-Gsv", "-Glem", "-Gxhst", "-Gxhsk", "-Gxhsv", "-Gxhex"), rel);
                }
            }
            try (Stream<Path> files = Files.list(dir.resolve("gen"))) {
                for (Path lem : files.filter(f -> f.getFileName().toString().endsWith("E.idl")).sorted().toList()) {
                    tao_idl(dir, flags, List.of("-SS", "-Gxhst"), "gen/" + lem.getFileName());
                }
            }
        }));
    }

    private static void tao_idl(Path dir, List<String> flags, List<String> options, String file) throws Exception {
        List<String> command = new ArrayList<>(List.of(env("ACE_ROOT") + "/bin/tao_idl"));
        command.addAll(flags);
        command.addAll(options);
        command.add(file);
        run(command, dir, 120, dir.resolve("tao_idl.log"));
    }

    /** roundtrip (remote: all four scenarios) builds with MPC and make, then runs under DAnCE with 2,000 samples. */
    @Test
    void roundtripBuildsAndRunsWithDance() throws Exception {
        needsCiao();
        String keep = System.getProperty("bgml.ciao.keep", "");
        Path dir = keep.isBlank() ? temp.resolve("roundtrip") : Path.of(keep).toAbsolutePath();
        Examples.generate(Examples.load(Examples.example("roundtrip.bgml")), "remote", dir);
        run(List.of("perl", env("ACE_ROOT") + "/bin/mwc.pl", "-type", "gnuace", "RoundTrip.mwc"), dir, 600, dir.resolve("mpc.log"));
        run(List.of("make", "-j2"), dir, 3600, dir.resolve("make.log"));
        for (String built : List.of("lib/libRoundTrip_stub.so", "lib/libRoundTrip_skel.so", "lib/libRoundTrip_lem_stub.so",
                "lib/libRoundTrip_CiaoCiaoClient_exec.so", "lib/libRoundTrip_CiaoCiaoClient_svnt.so",
                "lib/libRoundTrip_CiaoTaoServer_exec.so", "lib/libRoundTrip_TaoCiaoClient_svnt.so", "bin/TaoTaoServerProcess",
                "bin/CiaoTaoClientProcess", "bin/RoundTrip_await")) {
            assertTrue(Files.isRegularFile(dir.resolve(built)), built + " was not built");
        }
        if (Boolean.getBoolean("bgml.ciao.noRun")) {
            return;
        }
        run(List.of("perl", "run_test.pl", "-n", String.valueOf(SAMPLES)), dir, 900, dir.resolve("run_test.log"));
        for (String process : List.of("TaoTaoClientProcess", "CiaoTaoClientProcess", "TaoCiaoClientProcess", "CiaoCiaoClientProcess")) {
            Path result = dir.resolve("run/results/" + process + ".json");
            assertTrue(Files.isRegularFile(result), process + " wrote no result file");
            JsonObject json = JsonParser.parseString(Files.readString(result)).getAsJsonObject();
            assertEquals("ciao", json.get("target").getAsString());
            JsonArray measurements = json.getAsJsonArray("measurements");
            assertEquals(3, measurements.size(), process + ": latency, throughput, jitter");
            for (JsonElement m : measurements) {
                JsonObject o = m.getAsJsonObject();
                assertEquals(SAMPLES, o.get("n").getAsInt(), process);
                double mean = o.get("mean").getAsDouble();
                assertTrue(o.get("min").getAsLong() <= mean && mean <= o.get("max").getAsLong(), process + ": mean within min..max");
            }
            // The component clients serve nothing: their calls ran on the locality manager's event-loop thread,
            // which read its own replies (no Leader/Followers handover per call); the results are complete above.
            JsonElement thread = json.getAsJsonObject("labels").get("callingThread");
            if (process.endsWith("CiaoClientProcess")) {
                assertEquals("orb", thread == null ? null : thread.getAsString(), process + ": " + json.get("labels"));
            } else {
                assertEquals(null, thread, process + " is a plain TAO process");
            }
            System.out.println(process + ": mean " + measurements.get(0).getAsJsonObject().get("mean").getAsDouble() / 1000.0
                    + " us, p99 " + measurements.get(0).getAsJsonObject().get("p99").getAsLong() / 1000.0 + " us");
        }
        List<Long> left = processesIn(dir);
        assertEquals(List.of(), left, "processes of the run are still alive");
    }

    /**
     * tests/models/threads.bgml built and run through run_test.pl with the model's own counts: a workload with three
     * threads runs three calling threads, each making the whole workload (10 warm-up and 300 timed calls; at a fixed
     * rate, each paced at the full 2,000 Hz), so each measurement merges three times the sample count, as on every
     * target.
     */
    @Test
    void everyCallingThreadMakesTheWholeWorkload() throws Exception {
        needsCiao();
        Path dir = temp.resolve("threads");
        Examples.generate(Examples.load(Examples.repo().resolve("tests/models/threads.bgml")), "remote", dir);
        run(List.of("perl", env("ACE_ROOT") + "/bin/mwc.pl", "-type", "gnuace", "Threads.mwc"), dir, 600, dir.resolve("mpc.log"));
        run(List.of("make", "-j2"), dir, 3600, dir.resolve("make.log"));
        run(List.of("perl", "run_test.pl"), dir, 900, dir.resolve("run_test.log"));
        JsonObject json = JsonParser.parseString(Files.readString(dir.resolve("run/results/CallerProcess.json"))).getAsJsonObject();
        JsonObject free = null;
        JsonObject paced = null;
        for (JsonElement e : json.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if (m.get("metric").getAsString().endsWith("ThreeThreads")) {
                free = m;
            } else if (m.get("metric").getAsString().endsWith("ThreeThreadsPaced")) {
                paced = m;
            }
        }
        assertTrue(free != null && paced != null, json.toString());
        assertEquals(3, free.get("threads").getAsInt(), free.toString());
        assertEquals(3 * 300, free.get("n").getAsInt(), "every thread makes the 300 timed calls");
        assertEquals("[300,300,300]", free.get("threadSamples").toString());
        assertEquals(3 * 10, free.get("warmup").getAsInt(), "every thread warms up");
        assertEquals("[100,100,100]", paced.get("threadSamples").toString(), paced.toString());
        assertEquals(2000.0, paced.get("rateHz").getAsDouble(), 1e-9);
        assertTrue(paced.get("wallNs").getAsLong() >= 99 * 500_000L, "each thread paced at 2,000 Hz: " + paced);
        assertEquals(null, json.getAsJsonObject("labels").get("callingThread"), "three calling threads keep the driver thread");
        assertEquals(List.of(), processesIn(dir), "processes of the run are still alive");
    }

    /**
     * tests/models/threads.bgml with two duration-driven loops of 300 ms, each with room for a million samples: one on
     * one thread from 200 ms after the start line, one on two threads. The calls run for the duration (not a million
     * times), and the measurements hold the samples taken.
     */
    @Test
    void aDurationDrivenLoopRunsForItsDuration() throws Exception {
        needsCiao();
        BenchmarkModel model = Examples.load(Examples.repo().resolve("tests/models/threads.bgml"));
        org.bgml.model.Metric template = model.getMetrics().get(0);
        model.getMetrics().clear();
        model.getMetrics().add(timed(template, "Delayed", 1, 200));
        model.getMetrics().add(timed(template, "TwoThreads", 2, 0));
        Path dir = temp.resolve("durations");
        Examples.generate(model, "remote", dir);
        run(List.of("perl", env("ACE_ROOT") + "/bin/mwc.pl", "-type", "gnuace", "Threads.mwc"), dir, 600, dir.resolve("mpc.log"));
        run(List.of("make", "-j2"), dir, 3600, dir.resolve("make.log"));
        run(List.of("perl", "run_test.pl"), dir, 900, dir.resolve("run_test.log"));
        JsonObject json = JsonParser.parseString(Files.readString(dir.resolve("run/results/CallerProcess.json"))).getAsJsonObject();
        JsonObject delayed = null;
        JsonObject two = null;
        for (JsonElement e : json.getAsJsonArray("measurements")) {
            JsonObject m = e.getAsJsonObject();
            if (m.get("metric").getAsString().endsWith("Delayed")) {
                delayed = m;
            } else if (m.get("metric").getAsString().endsWith("TwoThreads")) {
                two = m;
            }
        }
        assertTrue(delayed != null && two != null, json.toString());
        long n = delayed.get("n").getAsLong();
        assertTrue(n > 0 && n < 1_000_000, "the calls of 300 ms, not the million of the sample count: " + delayed);
        long wall = delayed.get("wallNs").getAsLong();
        assertTrue(wall >= 300_000_000L && wall < 500_000_000L, "about 300 ms: " + delayed);
        for (JsonElement each : two.getAsJsonArray("threadSamples")) {
            assertTrue(each.getAsLong() > 0 && each.getAsLong() < 1_000_000, "each thread keeps what it took: " + two);
        }
        long twoWall = two.get("wallNs").getAsLong();
        assertTrue(twoWall >= 300_000_000L && twoWall < 600_000_000L, "the threads run about 300 ms together: " + two);
        JsonElement line = json.get("startLine");
        String delay = "";
        if (line != null && line.isJsonObject()) {
            long after = delayed.get("windowBeginNs").getAsLong() - line.getAsJsonObject().get("releasedNs").getAsLong();
            assertTrue(after >= 200_000_000L, "the pre-delay counts from the start line: " + after + " ns");
            delay = String.format(" (%d ms after the release)", after / 1_000_000);
        }
        System.out.printf("ciao duration loops: %d calls in %.1f ms%s; 2 threads: %d calls in %.1f ms%n", n, wall / 1e6, delay,
                two.get("n").getAsLong(), twoWall / 1e6);
        assertEquals(List.of(), processesIn(dir), "processes of the run are still alive");
    }

    private static org.bgml.model.Metric timed(org.bgml.model.Metric template, String name, int threads, long preDelay) {
        org.bgml.model.Metric m = org.eclipse.emf.ecore.util.EcoreUtil.copy(template);
        m.setName(name);
        m.setWarmupIterations(100);
        m.setSamples(1_000_000);
        org.bgml.model.Workload w = org.bgml.model.BgmlFactory.eINSTANCE.createWorkload();
        w.setThreads(threads);
        w.setDurationMillis(300);
        w.setPreDelayMillis(preDelay);
        m.setWorkload(w);
        return m;
    }

    /** Processes whose working folder is in the benchmark folder. */
    static List<Long> processesIn(Path dir) throws IOException {
        List<Long> found = new ArrayList<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    if (Files.readSymbolicLink(p.resolve("cwd")).startsWith(dir)) {
                        found.add(Long.parseLong(p.getFileName().toString()));
                    }
                } catch (IOException | SecurityException gone) {
                    // exited meanwhile, or not ours
                }
            }
        }
        return found;
    }

    /** Runs a command in its own session, kills everything it started on timeout, fails with the log tail. */
    static void run(List<String> command, Path dir, int seconds, Path log) throws Exception {
        List<String> full = new ArrayList<>(List.of("setsid", "-w"));
        full.addAll(command);
        ProcessBuilder builder = new ProcessBuilder(full).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Map<String, String> environment = builder.environment();
        environment.put("LD_LIBRARY_PATH", env("ACE_ROOT") + "/lib"
                + (env("LD_LIBRARY_PATH") == null ? "" : ":" + env("LD_LIBRARY_PATH")));
        Process process = builder.start();
        boolean finished = process.waitFor(seconds, TimeUnit.SECONDS);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            fail(String.join(" ", command) + " did not finish within " + seconds + " s:\n" + tail(log));
        }
        if (process.exitValue() != 0) {
            fail(String.join(" ", command) + " exited with " + process.exitValue() + ":\n" + tail(log));
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
