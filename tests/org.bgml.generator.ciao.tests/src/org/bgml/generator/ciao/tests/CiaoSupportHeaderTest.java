package org.bgml.generator.ciao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.bgml.generator.common.MemoryOutput;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The support header the executors and CORBA 2.x processes share ({@code src/bgml_ciao.h}) needs only the
 * measurement runtime, so it is compiled and run here without CIAO: its loop over the runtime's bgml/loop.h
 * (a sweep, metrics sharing one set of samples, pacing with missed deadlines, the BGML_ITERATIONS override), its
 * IOR files and its result file; its loop on several calling threads, each with arguments of its own; and the start
 * line (none here: the driver goes at once and says so).
 */
class CiaoSupportHeaderTest {
    @TempDir
    Path temp;

    private static final String DRIVER = """
            #include "bgml_ciao.h"

            #include <atomic>

            int main ()
            {
              bgml::ResultFile result ("Test/driver", "ciao");
              if (!bgml_support::wait_at_start_line (result, "NodeManager_Test"))
                return 4;
              std::size_t size = 0;
              unsigned long calls = 0;
              const bgml_support::Loop sweep = {
                "Test::op", 3, 40, { 4, 8 }, 0, 0.0, 0, 0, 0, 0, true,
                { { "latency", "Test::latency", "Test::conn" }, { "contextSwitch", "Test::switches", "Test::conn" } } };
              bgml_support::run_loop (result, sweep, [&] (std::size_t s) { size = s; },
                                      [&] (std::uint64_t) { ++calls; });
              // 1 kHz with a 100 us deadline, calls of 300 us: every timed call misses.
              const bgml_support::Loop paced = {
                "Test::op", 0, 20, {}, 16, 1000.0, 100, 0, 0, 0, false,
                { { "missedDeadlines", "Test::deadlines", "Test::conn" } } };
              bgml_support::run_loop (result, paced, [] (std::size_t) {},
                                      [&] (std::uint64_t) { ++calls; bgml::busy_work (300); });
              // Three threads, each with its own argument holder: no two threads share one. The timed calls
              // wait until all three have warmed up, so the loop ends only if the threads ran side by side.
              const bgml_support::Loop threaded = {
                "Test::op", 2, 30, { 4, 16 }, 0, 0.0, 0, 0, 0, 0, false,
                { { "latency", "Test::threaded", "Test::conn" } } };
              std::mutex seen_mutex;
              std::vector<const void *> holders;
              std::atomic<int> wrong (0);
              bgml_support::run_threads (result, threaded, 3, [&] (std::size_t s, bgml_support::Thread_Loop& thread) {
                std::string argument (s, 'x');
                {
                  std::lock_guard<std::mutex> lock (seen_mutex);
                  holders.push_back (&argument);
                }
                thread.run ([&] (std::uint64_t) { wrong += argument.size () != s; bgml::busy_work (20); });
              });
              if (wrong.load () != 0 || holders.size () != 6)
                return 5;
              for (std::size_t k = 0; k != holders.size (); k += 3)
                if (holders[k] == holders[k + 1] || holders[k] == holders[k + 2] || holders[k + 1] == holders[k + 2])
                  return 6;
              if (!bgml_support::write_ior ("iors/x.ior", "IOR:0001"))
                return 2;
              if (!bgml_support::wait_for_file ("iors/x.ior", 1) || bgml_support::wait_for_file ("iors/none.ior", 0))
                return 3;
              std::printf ("size=%lu calls=%lu\\n", static_cast<unsigned long> (size), calls);
              return bgml_support::finish (result, "results/driver.json") ? 0 : 1;
            }
            """;

    @ParameterizedTest
    @ValueSource(strings = { "gnu++11", "c++17" })
    void supportHeaderCompilesAndMeasures(String standard) throws Exception {
        Assumptions.assumeTrue(available("g++"), "g++ is not installed: the support header is not compiled");
        MemoryOutput out = new MemoryOutput();
        Examples.generate(Examples.load(Examples.example("roundtrip.bgml")), "remote", null, out);
        Files.createDirectories(temp.resolve("src"));
        Files.writeString(temp.resolve("src/bgml_ciao.h"), out.text("src/bgml_ciao.h"));
        Files.writeString(temp.resolve("driver.cpp"), DRIVER);
        String include = Examples.repo().resolve("runtime/cpp/include").toString();
        run(List.of("g++", "-std=" + standard, "-O2", "-Wall", "-Wextra", "-Werror", "-Isrc", "-I" + include, "driver.cpp",
                "-o", "driver", "-pthread"), List.of());
        String printed = run(List.of("./driver"), List.of("BGML_ITERATIONS=50"));
        // Warm-up 3 and 50 timed calls (BGML_ITERATIONS overrides every loop's count) for each of two sizes, then
        // 50 paced calls.
        assertTrue(printed.contains("size=8 calls=156"), printed);
        assertEquals("IOR:0001\n", Files.readString(temp.resolve("iors/x.ior")));

        JsonObject result = JsonParser.parseString(Files.readString(temp.resolve("results/driver.json"))).getAsJsonObject();
        assertEquals("ciao", result.get("target").getAsString());
        JsonArray measurements = result.getAsJsonArray("measurements");
        assertEquals(7, measurements.size(), "two metrics at two sizes, the paced loop, the threaded loop at two sizes");
        assertTrue(result.get("startLine").isJsonNull(), "no BGML_START_LINE: the driver went at once");
        List<String> seen = new ArrayList<>();
        for (int i = 0; i != 4; ++i) {
            JsonObject m = measurements.get(i).getAsJsonObject();
            assertEquals(50, m.get("n").getAsInt(), "the warm-up is kept out of the samples");
            assertEquals(m.get("kind").getAsString().equals("contextSwitch"), !m.get("value").isJsonNull());
            seen.add(m.get("kind").getAsString() + " " + m.get("payloadBytes").getAsInt());
        }
        assertEquals(List.of("latency 4", "contextSwitch 4", "latency 8", "contextSwitch 8"), seen);
        JsonObject paced = measurements.get(4).getAsJsonObject();
        assertEquals(50, paced.get("n").getAsInt());
        assertEquals(50, paced.get("missedDeadlines").getAsInt(), paced.toString());
        assertEquals(1000.0, paced.get("rateHz").getAsDouble(), 1e-9);
        assertTrue(paced.get("min").getAsLong() >= 300_000L, "a busy call of 300 us takes at least 300 us");
        for (int i = 5; i != 7; ++i) {
            JsonObject threaded = measurements.get(i).getAsJsonObject();
            assertEquals(3, threaded.get("threads").getAsInt(), threaded.toString());
            assertEquals(150, threaded.get("n").getAsInt(), "each of the three threads makes the 50 timed calls");
            assertEquals("[50,50,50]", threaded.get("threadSamples").toString(), "the per-thread counts: the whole count each");
            assertEquals(6, threaded.get("warmup").getAsInt(), "each thread warms up on its own");
            assertTrue(threaded.get("min").getAsLong() >= 20_000L, "a busy call of 20 us takes at least 20 us");
            long begin = threaded.get("windowBeginNs").getAsLong();
            long end = threaded.get("windowEndNs").getAsLong();
            assertEquals(threaded.get("wallNs").getAsLong(), end - begin, "the window spans every thread's timed calls");
            // Three threads of 50 calls of 20 us each: together, not one after the other (3 ms).
            assertTrue(end - begin < 150L * 20_000L * 3, "the threads ran at the same time: " + (end - begin) + " ns");
        }
        assertEquals(List.of(4, 16), List.of(measurements.get(5).getAsJsonObject().get("payloadBytes").getAsInt(),
                measurements.get(6).getAsJsonObject().get("payloadBytes").getAsInt()));
        for (int i = 0; i != 5; ++i) {
            JsonObject m = measurements.get(i).getAsJsonObject();
            assertTrue(m.get("windowEndNs").getAsLong() - m.get("windowBeginNs").getAsLong() == m.get("wallNs").getAsLong(),
                    "every timed loop has its measuring window");
        }
    }

    private String run(List<String> command, List<String> environment) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(temp.toFile()).redirectErrorStream(true);
        for (String e : environment) {
            String[] kv = e.split("=", 2);
            builder.environment().put(kv[0], kv[1]);
        }
        Process p = builder.start();
        byte[] output = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "still running: " + command);
        String text = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), command + " failed:\n" + text);
        return text;
    }

    private static boolean available(String tool) {
        try {
            return new ProcessBuilder(tool, "--version").redirectErrorStream(true).start().waitFor(30, TimeUnit.SECONDS);
        } catch (IOException | InterruptedException e) {
            return false;
        }
    }
}
