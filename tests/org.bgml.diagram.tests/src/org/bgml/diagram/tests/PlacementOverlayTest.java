package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.tests.GlspTestClient.SharedServer;
import org.bgml.launcher.results.ModelAnnotator;
import org.bgml.launcher.results.ProcessRecord;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.run.HostCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * The deployment view says where the shown run placed each process: a run stored with its server on n2 and its client
 * on n1 (two result files, two hosts), annotated onto the model, puts "ran on n2" in the server's process box and
 * "ran on n1" in the client's, each with its CPU and kernel. When the model gives the nodes other hosts (the run went
 * through a host map), or the run ran on this machine (collapsed), the boxes say so and are flagged.
 */
class PlacementOverlayTest {
    @RegisterExtension
    static final SharedServer server = SharedServer.withoutPage();

    private static final String SERVER = "twoHosts/n2/ServerProcess";
    private static final String CLIENT = "twoHosts/n1/ClientProcess";

    @Test
    void eachProcessBoxSaysWhereItRan(@TempDir Path dir) throws Exception {
        Path model = Files.copy(Repo.root().resolve("tests/slurm/multihost-roundtrip.bgml"), dir.resolve("rt.bgml"));
        storeAndAnnotate(dir, model, "20261126-230000-aaaa", "n1", "n2");

        Map<String, JsonObject> all = deploymentView(model);
        JsonObject server = all.get(SERVER + "#placement");
        JsonObject client = all.get(CLIENT + "#placement");
        assertNotNull(server, "no placement label in the server's process box: " + all.keySet());
        assertNotNull(client, "no placement label in the client's process box");
        assertEquals("ran on n2 · CPU 1\nLinux 6.1.0-n2", server.get("text").getAsString(), "host and CPU, then the kernel");
        assertEquals("ran on n1 · CPUs 0,1\nLinux 6.1.0-n1", client.get("text").getAsString());
        assertEquals("ran on n2 · CPU 1 (pinned) · Linux 6.1.0-n2", server.getAsJsonObject("args").get("detail").getAsString());
        assertEquals("ran on n1 · CPUs 0,1 (ran on 0) · Linux 6.1.0-n1", client.getAsJsonObject("args").get("detail").getAsString());
        assertEquals("label:placement", server.get("type").getAsString());
        assertEquals(SERVER, parentOf(all, server), "the label sits in the server's box");
        assertEquals("n2", server.getAsJsonObject("args").get("ranOn").getAsString());
        assertEquals("1", server.getAsJsonObject("args").get("cpus").getAsString());
        assertEquals("n1", all.get(CLIENT).getAsJsonObject("args").get("ranOn").getAsString());
        assertFalse(all.get(SERVER).getAsJsonArray("cssClasses").toString().contains("bgml-placement-moved"), "n2 is the modelled host");
        assertFalse(client.has("cssClasses") && client.getAsJsonArray("cssClasses").toString().contains("bgml-placement-moved"));
        // the box grew to hold the second line above the entity it contains
        double boxY = all.get(SERVER).getAsJsonObject("position").get("y").getAsDouble();
        double entityY = all.get("RoundTripServer").getAsJsonObject("position").get("y").getAsDouble();
        assertTrue(entityY - boxY >= 30 + 2 * 13, "the entity sits below the box's name and both placement lines");

        // the connection's result keeps clear of the process boxes, placement lines included: it is lifted higher than
        // in the view without processes, where it only keeps clear of the entities
        double withBoxes = resultOffset(all);
        double withoutBoxes;
        try (GlspTestClient c = PlacementOverlayTest.server.connect()) {
            withoutBoxes = resultOffset(GlspTestClient.index(c.open(model)));
        }
        assertTrue(withBoxes >= withoutBoxes + 30, withBoxes + " against " + withoutBoxes);
    }

    private static double resultOffset(Map<String, JsonObject> all) {
        JsonObject result = all.get("ClientToServer#result");
        assertNotNull(result, "the run's result is on the connection: " + all.keySet());
        return result.getAsJsonObject("edgePlacement").get("offset").getAsDouble();
    }

    @Test
    void aProcessThatRanElsewhereThanItsNodeIsFlagged(@TempDir Path dir) throws Exception {
        Path model = Files.copy(Repo.root().resolve("tests/slurm/multihost-roundtrip.bgml"), dir.resolve("rt.bgml"));
        // the model's nodes are hosts a and b; the Slurm run placed them on n1 and n2 through a host map
        Files.writeString(model, Files.readString(model).replace("<nodes name=\"n1\" host=\"n1\"", "<nodes name=\"n1\" host=\"hosta.example\"")
                .replace("<nodes name=\"n2\" host=\"n2\"", "<nodes name=\"n2\" host=\"hostb.example\""));
        storeAndAnnotate(dir, model, "20261126-230000-bbbb", "n1", "n2");

        Map<String, JsonObject> all = deploymentView(model);
        JsonObject server = all.get(SERVER + "#placement");
        assertEquals("ran on n2 · CPU 1\nLinux 6.1.0-n2\nmapped to another host", server.get("text").getAsString());
        assertEquals("ran on n2, not hostb.example (mapped to another host) · CPU 1 (pinned) · Linux 6.1.0-n2",
                server.getAsJsonObject("args").get("detail").getAsString());
        assertTrue(server.getAsJsonArray("cssClasses").toString().contains("bgml-placement-moved"));
        assertTrue(all.get(SERVER).getAsJsonArray("cssClasses").toString().contains("bgml-placement-moved"));
        assertEquals("mapped to another host", all.get(SERVER).getAsJsonObject("args").get("placement").getAsString());
    }

    @Test
    void aRunCollapsedOntoThisHostSaysSoInEveryBox(@TempDir Path dir) throws Exception {
        Path model = Files.copy(Repo.root().resolve("tests/slurm/multihost-roundtrip.bgml"), dir.resolve("rt.bgml"));
        String here = HostCheck.thisHostName();
        storeAndAnnotate(dir, model, "20261126-230000-cccc", here, here);

        Map<String, JsonObject> all = deploymentView(model);
        for (String process : List.of(SERVER, CLIENT)) {
            JsonObject label = all.get(process + "#placement");
            String modelled = process.equals(SERVER) ? "n2" : "n1";
            String detail = label.getAsJsonObject("args").get("detail").getAsString();
            assertTrue(detail.startsWith("ran on " + here + ", not " + modelled + " (collapsed onto this host)"), detail);
            assertTrue(label.get("text").getAsString().endsWith("\ncollapsed onto this host"), label.get("text").getAsString());
            assertEquals("collapsed onto this host", all.get(process).getAsJsonObject("args").get("placement").getAsString());
        }
    }

    @Test
    void withoutTheDeploymentToggleOrWithoutARunThereIsNoPlacement(@TempDir Path dir) throws Exception {
        Path model = Files.copy(Repo.root().resolve("tests/slurm/multihost-roundtrip.bgml"), dir.resolve("rt.bgml"));
        assertNull(deploymentView(model).get(SERVER + "#placement"), "no run, nothing to say");
        storeAndAnnotate(dir, model, "20261126-230000-dddd", "n1", "n2");
        try (GlspTestClient c = server.connect()) {
            Map<String, JsonObject> all = GlspTestClient.index(c.open(model));
            assertNull(all.get(SERVER), "process boxes are drawn only with the deployment toggle");
        }
    }

    /** Opens the model with the deployment toggle on and returns the diagram's elements by id. */
    private static Map<String, JsonObject> deploymentView(Path model) throws Exception {
        try (GlspTestClient c = server.connect()) {
            c.open(model);
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "interconnection", "showDeployment", true));
            return GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
        }
    }

    private static String parentOf(Map<String, JsonObject> all, JsonObject child) {
        for (Map.Entry<String, JsonObject> e : all.entrySet()) {
            JsonArray children = e.getValue().getAsJsonArray("children");
            if (children != null && children.contains(child)) {
                return e.getKey();
            }
        }
        return null;
    }

    /**
     * Stores a run whose server wrote its result file on {@code serverHost} (pinned to CPU 1) and whose client wrote
     * its on {@code clientHost} (CPUs 0 and 1, seen on 0), reads it back from the store, and annotates the model with it,
     * as {@code bgml annotate} does.
     */
    private static void storeAndAnnotate(Path dir, Path model, String runId, String clientHost, String serverHost) throws Exception {
        Path results = Files.createDirectories(dir.resolve("run-" + runId).resolve("results"));
        Path serverFile = resultFile(results.resolve("server.json"), SERVER, serverHost, List.of(1), 1, false);
        Path clientFile = resultFile(results.resolve("client.json"), CLIENT, clientHost, List.of(0, 1), 0, true);
        RunRecord record = RunRecord.builder(runId).model(model, "MultiHostRoundtrip").target("omniorb").deployment("twoHosts")
                .startedAt("2026-11-26T23:00:00Z")
                .process(new ProcessRecord("ServerProcess", "server", 0, 0, null, List.of(), null, null, null, List.of(), null))
                .process(new ProcessRecord("ClientProcess", "client", 0, 0, null, List.of(), null, null, null, List.of(), null))
                .resultFiles(List.of(serverFile, clientFile)).build();
        StoredRun stored;
        try (ResultsStore store = ResultsStore.open(dir.resolve("results.db"))) {
            long id = store.record(record);
            stored = store.run(id).orElseThrow();
        }
        new ModelAnnotator().annotate(model, stored, 0);
    }

    private static Path resultFile(Path file, String process, String host, List<Integer> cpus, int seen, boolean measures)
            throws Exception {
        JsonObject root = new JsonObject();
        root.addProperty("schemaVersion", 1);
        root.addProperty("process", process);
        root.addProperty("target", "omniorb");
        root.addProperty("host", host);
        root.addProperty("pid", 4242);
        root.addProperty("startedAt", "2026-11-26T23:00:00Z");
        root.addProperty("writtenAt", "2026-11-26T23:00:04Z");
        JsonObject env = new JsonObject();
        env.addProperty("kernel", "Linux 6.1.0-" + (process.equals(SERVER) ? "n2" : "n1"));
        env.addProperty("cpuModel", "Test CPU");
        env.addProperty("compiler", "g++ 12.2.0");
        env.addProperty("cplusplus", 201103);
        root.add("environment", env);
        root.add("labels", new JsonObject());
        JsonArray affinity = new JsonArray();
        cpus.forEach(affinity::add);
        root.add("cpuAffinity", affinity);
        root.addProperty("cpuObserved", seen);
        JsonArray measurements = new JsonArray();
        if (measures) {
            JsonObject m = new JsonObject();
            m.addProperty("kind", "latency");
            m.addProperty("element", "ClientToServer");
            m.addProperty("unit", "ns");
            m.addProperty("n", 1000);
            m.addProperty("mean", 41000.0);
            m.addProperty("p50", 40000);
            m.addProperty("p99", 52000);
            measurements.add(m);
        }
        root.add("measurements", measurements);
        Files.writeString(file, root.toString());
        return file;
    }
}
