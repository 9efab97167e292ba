package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Deployment;
import org.bgml.model.Node;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import com.google.gson.JsonObject;

/**
 * White-box segments inside omniORB from its interceptors: the segment tables of a two-way and a oneway call
 * exist, add up to their cycle, and the black-box latency of the same connection ran without the client
 * interceptors; context switches and lookup time of the same connection; DBA-color's segment table.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WhiteBoxTest {
    private static final long BUILD_LIMIT_SECONDS = 1800;
    private static final List<String> TWO_WAY = List.of("client stub", "marshal, send, receive, demarshal",
            "servant dispatch", "upcall", "reply marshal, send, receive", "client demarshal");
    private static final List<String> ONE_WAY = TWO_WAY.subList(0, 4);

    private Path root;

    private static Path model() {
        return Fixtures.bundle().resolve("models/whitebox.bgml");
    }

    @AfterAll
    void clean() throws IOException {
        if (root != null && !Boolean.getBoolean("bgml.keepBuilds")) {
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    @Test
    void blackBoxLoopsRunBeforeAndWithoutTheProbes() {
        MemoryOutput out = Fixtures.generate(model());
        String client = out.text("src/ClientProcess.cpp");
        int blackBox = client.indexOf("\"latency\", \"BlackBox\"");
        int probe = client.indexOf("bgml_omniorb::probes::ClientProbe probe(");
        assertTrue(blackBox > 0 && probe > blackBox, "the white-box loop comes after the black-box loop:\n" + client);
        String blackBoxBlock = client.substring(client.lastIndexOf('{', blackBox), blackBox);
        assertTrue(!blackBoxBlock.contains("probes::"), "the black-box loop has no probe:\n" + blackBoxBlock);
        assertTrue(client.contains("bgml_omniorb::probes::two_way"), client);
        assertTrue(client.contains("bgml_omniorb::probes::one_way"), client);
        assertTrue(!client.contains("install_server"), "a pure client installs no server interceptors");
        String server = out.text("src/ServerProcess.cpp");
        assertTrue(server.contains("bgml_omniorb::probes::install_server();"), server);
        assertTrue(server.contains("expect_oneway(2, \"WhiteBoxNote\", \"Calls\", \"Probe::Pinger::note\""),
                "the oneway table is kept where the upcall ends:\n" + server);
    }

    @Test
    void probesAcrossHostsAreRefused() {
        BenchmarkModel model = Fixtures.load(model());
        Deployment d = model.getDeployments().get(0);
        Node other = org.bgml.model.BgmlFactory.eINSTANCE.createNode();
        other.setName("other");
        other.setHost("otherhost");
        other.getProcesses().add(d.getNodes().get(0).getProcesses().get(1));
        d.getNodes().add(other);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Fixtures.generate(model, new MemoryOutput()));
        assertTrue(e.getMessage().contains("WhiteBoxEcho") && e.getMessage().contains("one host"), e.getMessage());
    }

    @Test
    void lookupThroughIorFilesIsRecordedAsASubstitution() {
        MemoryOutput out = Fixtures.generate(model());
        JsonObject manifest = com.google.gson.JsonParser.parseString(out.text(ManifestJson.FILE)).getAsJsonObject();
        assertTrue(manifest.has("substitutions"), "the manifest records the substitution");
        JsonObject s = null;
        for (com.google.gson.JsonElement e : manifest.getAsJsonArray("substitutions")) {
            if (e.getAsJsonObject().getAsJsonArray("elements").toString().contains("\"Lookup\"")) {
                s = e.getAsJsonObject();
            }
        }
        assertTrue(s != null, "no substitution names the lookup-time metric: " + manifest.get("substitutions"));
        assertTrue(s.get("text").getAsString().contains("no naming service"), s.toString());
    }

    @Test
    void segmentsAddUpAndBlackBoxIsNotInflated() throws Exception {
        Path dir = build(model());
        Path run = root.resolve("run-whitebox");
        RunOutcome outcome = run(dir, run, Map.of());
        assertTrue(outcome.ok(), outcome.describe());

        ResultFile client = ResultFile.read(run.resolve("results/ClientProcess.json"));
        JsonObject blackBox = client.whole("BlackBox");
        ResultFile.assertTimed(blackBox, 20_000);
        JsonObject cycle = assertTable(client, "WhiteBoxEcho", TWO_WAY, 20_000);
        System.out.printf("omniorb white-box echo: cycle p50 %.0f ns, black-box p50 %.0f ns%n",
                ResultFile.number(cycle, "p50"), ResultFile.number(blackBox, "p50"));
        // The client interceptors saw exactly the white-box calls (echo, and note with the _non_existent that
        // spaces each oneway call; warm-up included): none of the black-box loop's 21,000 calls, nor of the
        // context-switch and lookup loops, passed them.
        assertEquals(String.valueOf(1000 + 20_000 + 2 * (100 + 2_000)), label(client, "interceptedClientRequests"));

        ResultFile server = ResultFile.read(run.resolve("results/ServerProcess.json"));
        assertTable(server, "WhiteBoxNote", ONE_WAY, 2_000);
        // The server's interceptors are installed for the whole run: active for the probed calls, inactive (they
        // found no probe context) for every other request, the black-box loops' included.
        assertEquals(String.valueOf(1000 + 20_000 + 100 + 2_000), label(server, "probedServerRequests"));
        long inactive = Long.parseLong(label(server, "inactiveServerRequests"));
        assertTrue(inactive >= 1000 + 20_000 + 100 + 2_000, "the black-box and context-switch calls passed inactive: " + inactive);

        JsonObject switches = client.whole("Switches");
        double perCall = ResultFile.number(switches, "value");
        assertTrue(perCall >= 0 && perCall < 10, "context switches per call: " + perCall);
        JsonObject voluntary = segment(client.metric("Switches"), "voluntary");
        JsonObject involuntary = segment(client.metric("Switches"), "involuntary");
        assertEquals(perCall, ResultFile.number(voluntary, "value") + ResultFile.number(involuntary, "value"), 1e-9);
        assertTrue(ResultFile.number(voluntary, "value") > 0.5,
                "a blocking round trip over a socket waits once per call at least: " + voluntary);

        JsonObject lookup = client.whole("Lookup");
        assertTrue(ResultFile.number(lookup, "value") > 0, "the first resolution is reported");
    }

    @Test
    void dbaColorPrintsSeed004SegmentTable() throws Exception {
        Path dir = build(Fixtures.example("dba-color-2-nodes"));
        Path run = root.resolve("run-dba");
        List<String> quick = List.of("-n", "2000");
        RunOutcome outcome = run(dir, run, Map.of("P_0", quick, "P_1", quick));
        assertTrue(outcome.ok(), outcome.describe());
        ResultFile agent0 = ResultFile.read(run.resolve("results/P_0.json"));
        for (String metric : List.of("ValueCycle", "ImprovementCycle")) {
            assertTable(agent0, metric, ONE_WAY, 2_000);
        }
    }

    /** The segments of a table in order, each with n cycles, adding up to the cycle within 5%; prints it. */
    private static JsonObject assertTable(ResultFile file, String metric, List<String> segments, long n) {
        List<JsonObject> table = file.metric(metric).stream()
                .filter(m -> "functionalPath".equals(m.get("kind").getAsString()) && "Calls".equals(element(m))
                        || "functionalPath".equals(m.get("kind").getAsString()) && element(m).startsWith("L_"))
                .toList();
        List<String> names = new ArrayList<>();
        double sum = 0;
        JsonObject cycle = null;
        StringBuilder printed = new StringBuilder(metric + " (" + file.path.getFileName() + "):");
        for (JsonObject m : table) {
            if (m.get("segment").isJsonNull()) {
                cycle = m;
                continue;
            }
            names.add(m.get("segment").getAsString());
            assertEquals(n, ResultFile.n(m), metric + " " + m.get("segment"));
            sum += ResultFile.number(m, "mean");
            printed.append(String.format("%n  %-36s %10.0f ns", m.get("segment").getAsString(), ResultFile.number(m, "mean")));
        }
        assertEquals(segments, names, metric + ": the segments omniORB's interception points separate");
        assertTrue(cycle != null, metric + ": no cycle measurement");
        assertEquals(n, ResultFile.n(cycle), metric + ": cycles");
        double mean = ResultFile.number(cycle, "mean");
        assertTrue(ResultFile.number(cycle, "min") <= mean && mean <= ResultFile.number(cycle, "max"), metric);
        printed.append(String.format("%n  %-36s %10.0f ns (sum of segments %.0f ns)", "cycle", mean, sum));
        System.out.println(printed);
        assertTrue(Math.abs(sum - mean) / mean < 0.05, metric + ": segments add up to " + sum + ", cycle " + mean);
        assertTrue(ResultFile.number(cycle, "segmentSumError") < 0.05);
        return cycle;
    }

    private static String label(ResultFile file, String key) {
        JsonObject labels = file.json.getAsJsonObject("labels");
        assertTrue(labels != null && labels.has(key), file.path.getFileName() + " has no label " + key + ": " + labels);
        return labels.get(key).getAsString();
    }

    private static String element(JsonObject m) {
        return m.get("element").getAsString();
    }

    private static JsonObject segment(List<JsonObject> ms, String name) {
        return ms.stream().filter(m -> !m.get("segment").isJsonNull() && name.equals(m.get("segment").getAsString()))
                .findFirst().orElseThrow(() -> new AssertionError("no segment " + name + " in " + ms));
    }

    private static RunOutcome run(Path dir, Path run, Map<String, List<String>> extra) throws IOException, InterruptedException {
        Manifest manifest = ManifestRunner.withExtraArguments(ManifestJson.read(dir.resolve(ManifestJson.FILE)),
                p -> extra.getOrDefault(p.name(), List.of()));
        List<Long> groups = new ArrayList<>();
        RunOutcome outcome = new ManifestRunner(dir, manifest).run(run, new RunListener() {
            @Override
            public void started(String process, long processGroup) {
                groups.add(processGroup);
            }
        });
        groups.forEach(g -> assertTrue(ProcessGroups.members(g).isEmpty(), "process group " + g + " left running"));
        return outcome;
    }

    private Path build(Path model) throws IOException, InterruptedException {
        for (String tool : List.of("cmake", "g++", "omniidl", "pkg-config", "setsid")) {
            assumeTrue(Tools.available(tool), tool + " is not installed; scripts/setup.sh installs what the omniorb target needs");
        }
        if (root == null) {
            root = Files.createTempDirectory("bgml-omniorb-whitebox");
        }
        Path dir = root.resolve(Fixtures.name(model));
        Fixtures.generate(model, dir);
        Manifest manifest = ManifestJson.read(dir.resolve(ManifestJson.FILE));
        for (List<String> command : manifest.build().commands()) {
            Tools.Outcome o = Tools.run(dir, BUILD_LIMIT_SECONDS, command);
            assertTrue(o.ok(), String.join(" ", command) + " failed:\n" + o.tail(60));
        }
        return dir;
    }
}
