package org.bgml.diagram.tests;

import static org.bgml.diagram.tests.GlspTestClient.applyProperty;
import static org.bgml.diagram.tests.GlspTestClient.createNode;
import static org.bgml.diagram.tests.GlspTestClient.firstOfType;
import static org.bgml.diagram.tests.GlspTestClient.invocation;
import static org.bgml.diagram.tests.GlspTestClient.row;
import static org.bgml.diagram.tests.GlspTestClient.rowOrNull;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.tests.GlspTestClient.SharedServer;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.Interface;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * The two list-like rows of the property sheet: an interface's operations (one signature a line, each removable,
 * unless a metric measures it) and the processes a configuration applies to (a checkbox per process of the model's
 * deployments; a sentence instead when the model has no process).
 */
class PropertyListsTest {
    @RegisterExtension
    static final SharedServer server = SharedServer.withoutPage();

    @Test
    void listsOperationsAsSignaturesAndRemovesThemUndoablyUnlessAMetricMeasuresThem(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ops.bgml");
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.createServerAndClient();
            // no interface yet: nothing to list
            assertNull(rowOrNull(c.properties("Server1/facet1"), "operations"));
            c.edit(applyProperty("Server1/facet1", "interface", "Bench::Echo"));
            c.edit(applyProperty("Client1/receptacle1", "interface", "Bench::Echo"));
            JsonObject empty = row(c.properties("Server1/facet1"), "operations");
            assertEquals("list", GlspTestClient.str(empty, "kind"));
            assertEquals(0, empty.getAsJsonArray("entries").size());

            c.edit(applyProperty("Server1/facet1", "addOperation", "ping(in sequence<octet> payload)"));
            c.edit(applyProperty("Client1/receptacle1", "addOperation", "unsigned long long stamp(in unsigned long long t)"));
            // one list, shown the same on both ports of the interface; the old name-only field is gone
            for (String port : List.of("Server1/facet1", "Client1/receptacle1")) {
                JsonObject sheet = c.properties(port);
                assertEquals(List.of("void ping(in Bench::OctetSeq payload)", "unsigned long long stamp(in unsigned long long t)"),
                        texts(row(sheet, "operations")));
                assertNull(rowOrNull(sheet, "signatures"));
                assertEquals("text", GlspTestClient.str(row(sheet, "addOperation"), "kind"));
            }
            JsonObject ping = entries(row(c.properties("Server1/facet1"), "operations")).get(0);
            assertEquals("removeOperation", GlspTestClient.str(ping, "action"));
            assertEquals("Bench::Echo::ping", GlspTestClient.str(ping, "value"));
            assertFalse(has(ping, "note"), "nothing measures it yet");

            // removed, undone, redone; the shown signature typed back into "Add operation" is the same operation
            c.edit(applyProperty("Server1/facet1", "removeOperation", "Bench::Echo::ping"));
            assertEquals(List.of("unsigned long long stamp(in unsigned long long t)"), texts(row(c.properties("Server1/facet1"), "operations")));
            c.undo();
            assertEquals(List.of("void ping(in Bench::OctetSeq payload)", "unsigned long long stamp(in unsigned long long t)"),
                    texts(row(c.properties("Server1/facet1"), "operations")));
            c.redo();
            c.edit(applyProperty("Server1/facet1", "addOperation", "void ping(in Bench::OctetSeq payload)"));
            c.edit(applyProperty("Server1/facet1", "removeOperation", "Bench::Echo::stamp"));
            c.edit(applyProperty("Server1/facet1", "addOperation", "unsigned long long stamp(in unsigned long long t)"));
            assertEquals(List.of("void ping(in Bench::OctetSeq payload)", "unsigned long long stamp(in unsigned long long t)"),
                    texts(row(c.properties("Server1/facet1"), "operations")));
            c.send(applyProperty("Server1/facet1", "removeOperation", "Bench::Echo::nothing"));
            assertTrue(c.refusal().contains("'Bench::Echo::nothing' is not an operation of Echo"));

            // a latency metric on the connection measures ping: removing ping is refused, naming the metric
            Map<String, JsonObject> all = GlspTestClient.index(c.edit(invocation("Client1/receptacle1", "Server1/facet1")));
            String edge = firstOfType(all, "edge:invocation");
            c.edit(createNode("metric:latency", edge, 300, 120));
            String metric = edge + "Latency1";
            c.send(applyProperty("Client1/receptacle1", "removeOperation", "Bench::Echo::ping"));
            String refused = c.refusal();
            assertEquals("Cannot remove: metric " + metric + " measures ping: choose another operation in its sheet or delete it first.", refused);
            List<JsonObject> listed = entries(row(c.properties("Server1/facet1"), "operations"));
            assertEquals("measured by " + metric, GlspTestClient.str(listed.get(0), "note"));
            assertFalse(has(listed.get(1), "note"));

            // the metric moved to stamp: ping may go, stamp may not
            c.edit(applyProperty(metric, "operation", "Bench::Echo::stamp"));
            c.send(applyProperty("Server1/facet1", "removeOperation", "Bench::Echo::stamp"));
            assertTrue(c.refusal().contains("measures stamp"));
            c.edit(applyProperty("Server1/facet1", "removeOperation", "Bench::Echo::ping"));
            assertEquals(List.of("unsigned long long stamp(in unsigned long long t)"), texts(row(c.properties("Server1/facet1"), "operations")));

            // a metric that names no operation measures the interface's first: that one is protected too
            c.edit(applyProperty("Server1/facet1", "addOperation", "ping(in sequence<octet> payload)"));
            c.edit(applyProperty(metric, "operation", ""));
            c.send(applyProperty("Server1/facet1", "removeOperation", "Bench::Echo::stamp"));
            assertTrue(c.refusal().contains("measures stamp"));
            c.edit(applyProperty("Server1/facet1", "removeOperation", "Bench::Echo::ping"));

            c.save();
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
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.edit(applyProperty("bgml-model", "addConfiguration", "pinned"));
            JsonObject processes = row(c.properties("pinned"), "processes");
            assertEquals("multichoice", GlspTestClient.str(processes, "kind"));
            List<String> choices = strings(processes.getAsJsonArray("choices"));
            // every process of both deployments, by path
            assertEquals(12, choices.size(), choices.toString());
            assertTrue(choices.containsAll(List.of(serverProcess, clientProcess, "collocated/localhost/TaoTaoProcess")), choices.toString());
            assertEquals("", GlspTestClient.str(processes, "value"));

            c.edit(applyProperty("pinned", "processes", serverProcess + "," + clientProcess));
            assertEquals(serverProcess + "," + clientProcess, GlspTestClient.str(row(c.properties("pinned"), "processes"), "value"));
            c.edit(applyProperty("pinned", "processes", clientProcess));
            assertEquals(clientProcess, GlspTestClient.str(row(c.properties("pinned"), "processes"), "value"));
            c.undo();
            assertEquals(serverProcess + "," + clientProcess, GlspTestClient.str(row(c.properties("pinned"), "processes"), "value"));
            c.send(applyProperty("pinned", "processes", serverProcess + ",remote/localhost/Nowhere"));
            assertTrue(c.refusal().contains("no process 'remote/localhost/Nowhere'"));
            assertEquals(serverProcess + "," + clientProcess, GlspTestClient.str(row(c.properties("pinned"), "processes"), "value"));

            c.save();
            // none ticked: the configuration applies to every process again
            c.edit(applyProperty("pinned", "processes", ""));
            assertEquals("", GlspTestClient.str(row(c.properties("pinned"), "processes"), "value"));
        }
        BenchmarkModel saved = ModelFiles.loadModel(file);
        Configuration pinned = saved.getConfigurations().stream().filter(x -> "pinned".equals(x.getName())).findFirst().orElseThrow();
        assertEquals(List.of(serverProcess, clientProcess), pinned.getProcesses().stream().map(ElementPaths::pathOf).toList());
    }

    @Test
    void aModelWithoutProcessesSaysThatAConfigurationAppliesToEveryEntitysProcess(@TempDir Path dir) throws Exception {
        try (GlspTestClient c = server.connect()) {
            c.open(dir.resolve("bare.bgml").toString());
            c.edit(createNode("node:server", null, 100, 100));
            c.edit(applyProperty("bgml-model", "addConfiguration", "tuned"));
            JsonObject processes = row(c.properties("tuned"), "processes");
            assertEquals("readonly", GlspTestClient.str(processes, "kind"));
            String said = GlspTestClient.str(processes, "value");
            assertTrue(said.contains("no process yet") && said.contains("each entity runs in a process of its own")
                    && said.contains("applies to all of them"), said);
        }
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
}
