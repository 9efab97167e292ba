package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.server.DiagramServer;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.Interface;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The two list-like rows of the property sheet: an interface's operations (one signature a line, each removable,
 * unless a metric measures it) and the processes a configuration applies to (a checkbox per process of the model's
 * deployments; a sentence instead when the model has no process).
 */
class PropertyListsTest {
    static DiagramServer server;

    @BeforeAll
    static void start() throws Exception {
        server = DiagramServer.start(0, DiagramServer.newToken(), null);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void listsOperationsAsSignaturesAndRemovesThemUndoablyUnlessAMetricMeasuresThem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ops.bgml");
        try (GlspTestClient c = new GlspTestClient(server.webSocketUri())) {
            c.initialize();
            c.open(file.toString());
            c.edit(create("node:server", null, 100, 100));
            c.edit(create("port:facet", "Server1", 0, 0));
            c.edit(create("node:client", null, 500, 100));
            c.edit(create("port:receptacle", "Client1", 0, 0));
            // no interface yet: nothing to list
            assertNull(rowOrNull(properties(c, "Server1/facet1"), "operations"));
            c.edit(apply("Server1/facet1", "interface", "Bench::Echo"));
            c.edit(apply("Client1/receptacle1", "interface", "Bench::Echo"));
            JsonObject empty = row(properties(c, "Server1/facet1"), "operations");
            assertEquals("list", GlspTestClient.str(empty, "kind"));
            assertEquals(0, empty.getAsJsonArray("entries").size());

            c.edit(apply("Server1/facet1", "addOperation", "ping(in sequence<octet> payload)"));
            c.edit(apply("Client1/receptacle1", "addOperation", "unsigned long long stamp(in unsigned long long t)"));
            // one list, shown the same on both ports of the interface; the old name-only field is gone
            for (String port : List.of("Server1/facet1", "Client1/receptacle1")) {
                JsonObject sheet = properties(c, port);
                assertEquals(List.of("void ping(in Bench::OctetSeq payload)", "unsigned long long stamp(in unsigned long long t)"),
                        texts(row(sheet, "operations")));
                assertNull(rowOrNull(sheet, "signatures"));
                assertEquals("text", GlspTestClient.str(row(sheet, "addOperation"), "kind"));
            }
            JsonObject ping = entries(row(properties(c, "Server1/facet1"), "operations")).get(0);
            assertEquals("removeOperation", GlspTestClient.str(ping, "action"));
            assertEquals("Bench::Echo::ping", GlspTestClient.str(ping, "value"));
            assertFalse(has(ping, "note"), "nothing measures it yet");

            // removed, undone, redone; the shown signature typed back into "Add operation" is the same operation
            c.edit(apply("Server1/facet1", "removeOperation", "Bench::Echo::ping"));
            assertEquals(List.of("unsigned long long stamp(in unsigned long long t)"), texts(row(properties(c, "Server1/facet1"), "operations")));
            c.edit(Map.of("kind", "glspUndo"));
            assertEquals(List.of("void ping(in Bench::OctetSeq payload)", "unsigned long long stamp(in unsigned long long t)"),
                    texts(row(properties(c, "Server1/facet1"), "operations")));
            c.edit(Map.of("kind", "glspRedo"));
            c.edit(apply("Server1/facet1", "addOperation", "void ping(in Bench::OctetSeq payload)"));
            c.edit(apply("Server1/facet1", "removeOperation", "Bench::Echo::stamp"));
            c.edit(apply("Server1/facet1", "addOperation", "unsigned long long stamp(in unsigned long long t)"));
            assertEquals(List.of("void ping(in Bench::OctetSeq payload)", "unsigned long long stamp(in unsigned long long t)"),
                    texts(row(properties(c, "Server1/facet1"), "operations")));
            c.send(apply("Server1/facet1", "removeOperation", "Bench::Echo::nothing"));
            assertTrue(refusal(c).contains("'Bench::Echo::nothing' is not an operation of Echo"));

            // a latency metric on the connection measures ping: removing ping is refused, naming the metric
            Map<String, JsonObject> all = GlspTestClient.index(c.edit(Map.of("kind", "createEdge", "elementTypeId", "edge:invocation",
                    "sourceElementId", "Client1/receptacle1", "targetElementId", "Server1/facet1", "args", Map.of())));
            String edge = all.values().stream().filter(o -> "edge:invocation".equals(GlspTestClient.str(o, "type")))
                    .map(o -> GlspTestClient.str(o, "id")).findFirst().orElseThrow();
            c.edit(create("metric:latency", edge, 300, 120));
            String metric = edge + "Latency1";
            c.send(apply("Client1/receptacle1", "removeOperation", "Bench::Echo::ping"));
            String refused = refusal(c);
            assertEquals("Cannot remove: metric " + metric + " measures ping: choose another operation in its sheet or delete it first.", refused);
            List<JsonObject> listed = entries(row(properties(c, "Server1/facet1"), "operations"));
            assertEquals("measured by " + metric, GlspTestClient.str(listed.get(0), "note"));
            assertFalse(has(listed.get(1), "note"));

            // the metric moved to stamp: ping may go, stamp may not
            c.edit(apply(metric, "operation", "Bench::Echo::stamp"));
            c.send(apply("Server1/facet1", "removeOperation", "Bench::Echo::stamp"));
            assertTrue(refusal(c).contains("measures stamp"));
            c.edit(apply("Server1/facet1", "removeOperation", "Bench::Echo::ping"));
            assertEquals(List.of("unsigned long long stamp(in unsigned long long t)"), texts(row(properties(c, "Server1/facet1"), "operations")));

            // a metric that names no operation measures the interface's first: that one is protected too
            c.edit(apply("Server1/facet1", "addOperation", "ping(in sequence<octet> payload)"));
            c.edit(apply(metric, "operation", ""));
            c.send(apply("Server1/facet1", "removeOperation", "Bench::Echo::stamp"));
            assertTrue(refusal(c).contains("measures stamp"));
            c.edit(apply("Server1/facet1", "removeOperation", "Bench::Echo::ping"));

            c.send(Map.of("kind", "saveModel"));
            c.action("setDirtyState", a -> "save".equals(GlspTestClient.str(a, "reason")));
        }
        BenchmarkModel saved = ModelFiles.loadModel(file);
        Interface echo = (Interface) ElementPaths.resolve(saved, "Bench::Echo");
        assertEquals(List.of("stamp"), echo.getOperations().stream().map(o -> o.getName()).toList());
        assertNull(saved.getMetrics().get(0).getOperation());
    }

    @Test
    void aConfigurationTicksTheProcessesItAppliesTo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("roundtrip.bgml");
        Files.copy(Repo.root().resolve("examples/roundtrip.bgml"), file);
        String serverProcess = "remote/localhost/TaoTaoServerProcess";
        String clientProcess = "remote/localhost/TaoTaoClientProcess";
        try (GlspTestClient c = new GlspTestClient(server.webSocketUri())) {
            c.initialize();
            c.open(file.toString());
            c.edit(apply("bgml-model", "addConfiguration", "pinned"));
            JsonObject processes = row(properties(c, "pinned"), "processes");
            assertEquals("multichoice", GlspTestClient.str(processes, "kind"));
            List<String> choices = strings(processes.getAsJsonArray("choices"));
            // every process of both deployments, by path
            assertEquals(12, choices.size(), choices.toString());
            assertTrue(choices.containsAll(List.of(serverProcess, clientProcess, "collocated/localhost/TaoTaoProcess")), choices.toString());
            assertEquals("", GlspTestClient.str(processes, "value"));

            c.edit(apply("pinned", "processes", serverProcess + "," + clientProcess));
            assertEquals(serverProcess + "," + clientProcess, GlspTestClient.str(row(properties(c, "pinned"), "processes"), "value"));
            c.edit(apply("pinned", "processes", clientProcess));
            assertEquals(clientProcess, GlspTestClient.str(row(properties(c, "pinned"), "processes"), "value"));
            c.edit(Map.of("kind", "glspUndo"));
            assertEquals(serverProcess + "," + clientProcess, GlspTestClient.str(row(properties(c, "pinned"), "processes"), "value"));
            c.send(apply("pinned", "processes", serverProcess + ",remote/localhost/Nowhere"));
            assertTrue(refusal(c).contains("no process 'remote/localhost/Nowhere'"));
            assertEquals(serverProcess + "," + clientProcess, GlspTestClient.str(row(properties(c, "pinned"), "processes"), "value"));

            c.send(Map.of("kind", "saveModel"));
            c.action("setDirtyState", a -> "save".equals(GlspTestClient.str(a, "reason")));
            // none ticked: the configuration applies to every process again
            c.edit(apply("pinned", "processes", ""));
            assertEquals("", GlspTestClient.str(row(properties(c, "pinned"), "processes"), "value"));
        }
        BenchmarkModel saved = ModelFiles.loadModel(file);
        Configuration pinned = saved.getConfigurations().stream().filter(x -> "pinned".equals(x.getName())).findFirst().orElseThrow();
        assertEquals(List.of(serverProcess, clientProcess), pinned.getProcesses().stream().map(ElementPaths::pathOf).toList());
    }

    @Test
    void aModelWithoutProcessesSaysThatAConfigurationAppliesToEveryEntitysProcess(@TempDir Path dir) throws Exception {
        try (GlspTestClient c = new GlspTestClient(server.webSocketUri())) {
            c.initialize();
            c.open(dir.resolve("bare.bgml").toString());
            c.edit(create("node:server", null, 100, 100));
            c.edit(apply("bgml-model", "addConfiguration", "tuned"));
            JsonObject processes = row(properties(c, "tuned"), "processes");
            assertEquals("readonly", GlspTestClient.str(processes, "kind"));
            String said = GlspTestClient.str(processes, "value");
            assertTrue(said.contains("no process yet") && said.contains("each entity runs in a process of its own")
                    && said.contains("applies to all of them"), said);
        }
    }

    private static Map<String, Object> create(String type, String container, double x, double y) {
        return container == null
                ? Map.of("kind", "createNode", "elementTypeId", type, "location", Map.of("x", x, "y", y), "args", Map.of())
                : Map.of("kind", "createNode", "elementTypeId", type, "containerId", container, "location", Map.of("x", x, "y", y), "args", Map.of());
    }

    private static Map<String, Object> apply(String id, String property, String value) {
        return Map.of("kind", "bgmlApplyProperty", "elementId", id, "property", property, "value", value);
    }

    private static JsonObject properties(GlspTestClient c, String id) throws Exception {
        c.send(Map.of("kind", "bgmlRequestProperties", "elementId", id));
        return c.action("bgmlSetProperties", a -> id.equals(GlspTestClient.str(a, "elementId")));
    }

    private static String refusal(GlspTestClient c) throws Exception {
        return GlspTestClient.str(c.action("message", m -> "ERROR".equalsIgnoreCase(GlspTestClient.str(m, "severity"))), "message");
    }

    private static List<JsonObject> entries(JsonObject row) {
        List<JsonObject> all = new ArrayList<>();
        row.getAsJsonArray("entries").forEach(e -> all.add(e.getAsJsonObject()));
        return all;
    }

    private static boolean has(JsonObject o, String key) {
        return o.has(key) && !o.get(key).isJsonNull();
    }

    private static List<String> texts(JsonObject row) {
        return entries(row).stream().map(e -> GlspTestClient.str(e, "text")).toList();
    }

    private static List<String> strings(JsonArray array) {
        List<String> all = new ArrayList<>();
        array.forEach(e -> all.add(e.getAsString()));
        return all;
    }

    private static JsonObject rowOrNull(JsonObject sheet, String name) {
        for (JsonElement r : sheet.getAsJsonArray("properties")) {
            if (name.equals(GlspTestClient.str(r.getAsJsonObject(), "name"))) {
                return r.getAsJsonObject();
            }
        }
        return null;
    }

    private static JsonObject row(JsonObject sheet, String name) {
        JsonObject r = rowOrNull(sheet, name);
        assertNotNull(r, "no row " + name + " in " + sheet);
        return r;
    }
}
