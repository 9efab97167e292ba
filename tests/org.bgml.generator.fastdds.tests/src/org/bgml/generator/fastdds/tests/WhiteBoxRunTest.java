package org.bgml.generator.fastdds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.bgml.generator.common.DirectoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.testing.BenchmarkRuns;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * DBA-color's oneway functional paths on fastdds, built and run for real: the receiving agent records every timed
 * call of each neighbour, in the segments write, deliver, notify, take and upcall (in that order, then the cycle),
 * the segments add up to the cycle within 5 %, no call is left out of order, the manifest names the substitution,
 * and nothing is left in /dev/shm.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WhiteBoxRunTest {
    private static final int TIMED = 300;
    private static final List<String> SEGMENTS = List.of("write", "deliver", "notify", "take", "upcall");
    private Path work;

    @BeforeAll
    void createWork() throws IOException {
        work = Files.createTempDirectory("bgml-dds-whitebox-");
    }

    @AfterAll
    void cleanUp() throws IOException {
        if (work != null) {
            try (var walk = Files.walk(work)) {
                for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void twoAgentsRecordEveryCallInSegments() throws Exception {
        runAndCheck("dba-color-2-nodes", List.of("L_1_to_0"));
    }

    /** Agent_0 has three neighbours: one table per connection, each with every call of its sender. */
    @Test
    void fourAgentsRecordEachNeighbourApart() throws Exception {
        runAndCheck("dba-color-4-nodes", List.of("L_1_to_0", "L_2_to_0", "L_3_to_0"));
    }

    private void runAndCheck(String example, List<String> connections) throws Exception {
        assumeTrue(BuildAndRun.toolchain(), "fastddsgen is not installed (Debian: apt-get install fastddsgen libfastrtps-dev libfastcdr-dev)");
        Path dir = work.resolve(example);
        Fixtures.generate(Fixtures.load(Fixtures.example(example)), new DirectoryOutput(dir));
        assertEquals(null, BenchmarkRuns.build(dir, List.of()));
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        Manifest.Substitution substitution = manifest.substitutionList().stream().filter(s -> s.process().endsWith("/P_0")).findFirst()
                .orElseThrow(() -> new AssertionError("no substitution recorded for the receiving process: " + manifest.substitutionList()));
        assertEquals(List.of("ValueCycle", "ImprovementCycle"), substitution.elements());
        assertTrue(substitution.text().contains("deliver"), substitution.text());

        Set<String> before = BuildAndRun.shm();
        Path run = dir.resolve("run");
        BenchmarkRuns.runClean(dir, ManifestRunner.withExtraArguments(manifest, p -> List.of("-n", String.valueOf(TIMED))), run);
        JsonObject receiver = BenchmarkRuns.json(run.resolve("results/P_0.json"));
        for (String metric : List.of("ValueCycle", "ImprovementCycle")) {
            assertEquals("0", receiver.getAsJsonObject("labels").get("outOfOrderCalls " + metric).getAsString(), metric);
            for (String connection : connections) {
                List<JsonObject> rows = new ArrayList<>();
                for (JsonElement e : receiver.getAsJsonArray("measurements")) {
                    JsonObject m = e.getAsJsonObject();
                    if ("functionalPath".equals(m.get("kind").getAsString()) && metric.equals(m.get("metric").getAsString())
                            && connection.equals(m.get("element").getAsString())) {
                        rows.add(m);
                    }
                }
                String where = example + " " + metric + " over " + connection;
                List<String> names = rows.stream().map(m -> m.get("segment").isJsonNull() ? "(cycle)" : m.get("segment").getAsString()).toList();
                List<String> expected = new ArrayList<>(SEGMENTS);
                expected.add("(cycle)");
                assertEquals(expected, names, where + ": the segments in order, then the cycle");
                double sum = 0;
                for (JsonObject m : rows) {
                    assertEquals(TIMED, m.get("n").getAsLong(), where + " " + names.get(rows.indexOf(m)) + ": every timed call counted");
                    if (!m.get("segment").isJsonNull()) {
                        sum += m.get("mean").getAsDouble();
                    }
                }
                JsonObject cycle = rows.get(rows.size() - 1);
                double mean = cycle.get("mean").getAsDouble();
                assertTrue(mean > 0 && Math.abs(sum - mean) <= 0.05 * mean, where + ": segments sum to " + sum + " ns, cycle " + mean + " ns");
                StringBuilder line = new StringBuilder(String.format("fastdds %s: cycle p50 %.1f us, mean %.1f us;", where,
                        cycle.get("p50").getAsDouble() / 1000, mean / 1000));
                for (int k = 0; k < SEGMENTS.size(); k++) {
                    line.append(String.format(" %s %.1f", SEGMENTS.get(k), rows.get(k).get("mean").getAsDouble() / 1000));
                }
                System.out.println(line + " us (means)");
            }
        }
        assertEquals(Set.of(), BuildAndRun.newFastRtpsFiles(before), "no new fastrtps_* file in /dev/shm");
    }
}
