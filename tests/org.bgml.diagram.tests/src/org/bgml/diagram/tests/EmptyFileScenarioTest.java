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
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Latency;
import org.bgml.model.Metric;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.ParameterDirection;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Sequence;
import org.bgml.model.Statistic;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * A runnable scenario built from a file that does not exist yet, only with the operations the editor sends: a typed
 * interface name creates the interface, a typed signature adds an operation, a metric dropped from the palette
 * measures the connection, and the model's and a configuration's property sheets edit option settings.
 */
class EmptyFileScenarioTest {
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
    void buildsARunnableScenarioFromAnEmptyFileWithUndoAndSaveReload(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("first.bgml");
        try (GlspTestClient c = new GlspTestClient(server.webSocketUri())) {
            c.initialize();
            assertTrue(GlspTestClient.index(c.open(file.toString())).values().stream()
                    .noneMatch(o -> String.valueOf(GlspTestClient.str(o, "type")).startsWith("node:")));
            c.edit(create("node:server", null, 100, 100));
            c.edit(create("port:facet", "Server1", 0, 0));
            c.edit(create("node:client", null, 500, 100));
            c.edit(create("port:receptacle", "Client1", 0, 0));

            // the interface field is a combo: the empty model offers nothing, a typed scoped name creates the type
            JsonObject facetSheet = properties(c, "Server1/facet1");
            JsonObject iface = row(facetSheet, "interface");
            assertEquals("combo", GlspTestClient.str(iface, "kind"));
            assertEquals(0, iface.getAsJsonArray("choices").size());
            Map<String, JsonObject> all = GlspTestClient.index(c.edit(apply("Server1/facet1", "interface", "Bench::Echo")));
            assertEquals("Bench::Echo", GlspTestClient.str(all.get("Server1/facet1").getAsJsonObject("args"), "interface"));
            // the second port picks the now existing interface, which the combo offers
            assertEquals("[\"Bench::Echo\"]", row(properties(c, "Client1/receptacle1"), "interface").getAsJsonArray("choices").toString());
            c.edit(apply("Client1/receptacle1", "interface", "Bench::Echo"));

            // an operation typed as an IDL signature, its sequence type created in the interface's module
            c.edit(apply("Server1/facet1", "addOperation", "ping(in sequence<octet> payload)"));
            assertEquals("void ping(in Bench::OctetSeq payload)", GlspTestClient.str(row(properties(c, "Server1/facet1"), "operations"), "value"));
            c.edit(apply("Client1/receptacle1", "addOperation", "unsigned long long stamp(in unsigned long long t, out string s)"));
            c.send(apply("Server1/facet1", "addOperation", "ping(in long x)"));
            assertTrue(refusal(c).contains("already used"));
            c.send(apply("Server1/facet1", "addOperation", "pong(in widget w)"));
            assertTrue(refusal(c).contains("neither an IDL primitive"));

            all = GlspTestClient.index(c.edit(Map.of("kind", "createEdge", "elementTypeId", "edge:invocation", "sourceElementId",
                    "Client1/receptacle1", "targetElementId", "Server1/facet1", "args", Map.of())));
            String edge = all.values().stream().filter(o -> "edge:invocation".equals(GlspTestClient.str(o, "type"))).map(o -> GlspTestClient.str(o, "id"))
                    .findFirst().orElseThrow();

            // a latency metric from the palette: refused on an entity, taken on the connection
            c.send(create("metric:latency", "Server1", 0, 0));
            assertTrue(refusal(c).contains("drop it on the connection or the port"));
            c.edit(create("metric:latency", edge, 300, 120));
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "metric", "showDeployment", false));
            all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            JsonObject badge = all.values().stream().filter(o -> "label:metric".equals(GlspTestClient.str(o, "type"))).findFirst().orElseThrow();
            String badgeId = GlspTestClient.str(badge, "id");
            assertEquals(edge + "Latency1#badge", badgeId);
            JsonObject metricSheet = properties(c, badgeId);
            assertEquals("10000", GlspTestClient.str(row(metricSheet, "samples"), "value"));
            c.edit(apply(badgeId, "samples", "2000"));
            c.edit(apply(badgeId, "warmupIterations", "200"));
            assertTrue(row(metricSheet, "operation").getAsJsonArray("choices").toString().contains("Bench::Echo::stamp"));
            c.send(apply(badgeId, "operation", "Bench::Echo"));
            assertTrue(refusal(c).contains("not an operation of the measured interface"));
            c.edit(apply(badgeId, "operation", "Bench::Echo::ping"));
            c.edit(apply(badgeId, "requirement.statistic", "p99"));
            all = GlspTestClient.index(c.edit(apply(badgeId, "requirement.value", "5000")));
            assertEquals("Latency 2k · p99 ≤ 5.0 ms", GlspTestClient.str(all.get(badgeId), "text"));

            // a metric dropped on a port measures the port; deleting its badge deletes it, undo brings it back
            c.edit(create("metric:throughput", "Server1/facet1#name", 0, 0));
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "metric", "showDeployment", false));
            all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            JsonObject portBadge = all.get("Server1_facet1Throughput1#badge");
            assertNotNull(portBadge, all.keySet().toString());
            assertTrue(all.get("Server1/facet1").getAsJsonArray("children").toString().contains("Server1_facet1Throughput1#badge"));
            all = GlspTestClient.index(c.edit(Map.of("kind", "deleteElement", "elementIds", List.of("Server1_facet1Throughput1#badge"))));
            assertNull(all.get("Server1_facet1Throughput1#badge"));
            assertNotNull(all.get(badgeId), "the connection's metric stays");
            all = GlspTestClient.index(c.edit(Map.of("kind", "glspUndo")));
            assertNotNull(all.get("Server1_facet1Throughput1#badge"));
            all = GlspTestClient.index(c.edit(Map.of("kind", "glspRedo")));
            assertNull(all.get("Server1_facet1Throughput1#badge"));

            // nothing selected: the model's sheet adds a configuration, which opens by its path
            JsonObject modelSheet = properties(c, "bgml-model");
            assertEquals("links", GlspTestClient.str(row(modelSheet, "configurations"), "kind"));
            c.edit(apply("bgml-model", "addConfiguration", "loopback"));
            assertEquals("[\"loopback\"]", row(properties(c, "bgml-model"), "configurations").getAsJsonArray("choices").toString());
            JsonObject configSheet = properties(c, "loopback");
            assertTrue(row(configSheet, "addSetting").getAsJsonArray("choices").toString().contains("OmniOrbOptions/endPoint"));
            c.edit(apply("loopback", "addSetting", "OmniOrbOptions/endPoint"));
            c.edit(apply("loopback", "setting:endPoint", "giop:tcp:127.0.0.1:"));
            c.edit(apply("loopback", "addSetting", "OmniOrbOptions/traceLevel"));
            c.send(apply("loopback", "addSetting", "OmniOrbOptions/traceLevel"));
            assertTrue(refusal(c).contains("already"));
            configSheet = properties(c, "loopback");
            assertEquals("giop:tcp:127.0.0.1:", GlspTestClient.str(row(configSheet, "setting:endPoint"), "value"));
            assertEquals("action", GlspTestClient.str(row(configSheet, "removeSetting"), "kind"));
            c.edit(apply("loopback", "removeSetting", "traceLevel"));
            assertNull(rowOrNull(properties(c, "loopback"), "setting:traceLevel"));
            c.send(apply("loopback", "processes", "nowhere/proc"));
            assertTrue(refusal(c).contains("no process 'nowhere/proc'"));

            // in the configuration viewpoint the option label under an entity stands for its configuration
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "configuration", "showDeployment", false));
            all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            JsonObject option = all.get("Server1#option/loopback");
            assertEquals("loopback: endPoint=giop:tcp:127.0.0.1:", GlspTestClient.str(option, "text"));
            assertEquals("Configuration loopback", GlspTestClient.str(properties(c, "Server1#option/loopback"), "title"));

            // undo takes back the last edit (the removed setting returns), redo removes it again
            c.edit(Map.of("kind", "glspUndo"));
            assertNotNull(rowOrNull(properties(c, "loopback"), "setting:traceLevel"));
            c.edit(Map.of("kind", "glspRedo"));
            assertNull(rowOrNull(properties(c, "loopback"), "setting:traceLevel"));

            // a constraint of the omniORB catalogue broken (bidirectional GIOP needs GIOP 1.2): the configuration's
            // sheet lists it and its option labels are flagged; removing the setting clears both
            c.edit(apply("loopback", "addSetting", "OmniOrbOptions/offerBiDirectionalGIOP"));
            c.edit(apply("loopback", "setting:offerBiDirectionalGIOP", "1"));
            all = GlspTestClient.index(c.edit(apply("loopback", "addSetting", "OmniOrbOptions/maxGIOPVersion")));
            all = GlspTestClient.index(c.edit(apply("loopback", "setting:maxGIOPVersion", "1.1")));
            assertEquals("error", GlspTestClient.str(all.get("Server1#option/loopback").getAsJsonObject("args"), "problem"));
            assertTrue(all.get("Client1#option/loopback").getAsJsonArray("cssClasses").toString().contains("bgml-error"));
            String problems = GlspTestClient.str(row(properties(c, "loopback"), "problems"), "value");
            assertTrue(problems.startsWith("error: ") && problems.contains("maxGIOPVersion"), problems);
            c.edit(apply("loopback", "removeSetting", "maxGIOPVersion"));
            all = GlspTestClient.index(c.edit(apply("loopback", "removeSetting", "offerBiDirectionalGIOP")));
            assertNull(all.get("Server1#option/loopback").getAsJsonObject("args").get("problem"));
            assertNull(rowOrNull(properties(c, "loopback"), "problems"));

            // the model's name, checked like any identifier
            c.send(apply("bgml-model", "name", "first scenario"));
            assertTrue(refusal(c).contains("Cannot rename"));
            c.edit(apply("bgml-model", "name", "First"));
            assertEquals("Model First", GlspTestClient.str(properties(c, "bgml-model"), "title"));

            c.send(Map.of("kind", "saveModel"));
            c.action("setDirtyState", a -> "save".equals(GlspTestClient.str(a, "reason")));
        }

        // the option is referred to as hand-written models do
        assertTrue(Files.readString(file).contains("option=\"bgml:/catalogs/omniorb.bgml#endPoint\""), Files.readString(file));
        BenchmarkModel saved = ModelFiles.loadModel(file);
        assertEquals("First", saved.getName());
        Interface echo = (Interface) ElementPaths.resolve(saved, "Bench::Echo");
        assertSame(echo, ((Facet) ElementPaths.resolve(saved, "Server1/facet1")).getInterface());
        assertSame(echo, ((Receptacle) ElementPaths.resolve(saved, "Client1/receptacle1")).getInterface());
        Operation ping = echo.getOperations().get(0);
        assertEquals("ping", ping.getName());
        assertNull(ping.getReturnType());
        Parameter payload = ping.getParameters().get(0);
        assertEquals(ParameterDirection.IN, payload.getDirection());
        Sequence octets = (Sequence) payload.getType().getNamed();
        assertEquals("Bench::OctetSeq", ElementPaths.pathOf(octets));
        assertEquals(PrimitiveKind.OCTET, octets.getElementType().getPrimitive());
        Operation stamp = echo.getOperations().get(1);
        assertEquals(PrimitiveKind.UNSIGNED_LONG_LONG, stamp.getReturnType().getPrimitive());
        assertEquals(ParameterDirection.OUT, stamp.getParameters().get(1).getDirection());
        assertEquals(PrimitiveKind.STRING, stamp.getParameters().get(1).getType().getPrimitive());

        Metric latency = saved.getMetrics().get(0);
        assertInstanceOf(Latency.class, latency);
        assertSame(saved.getConnections().get(0), latency.getConnection());
        assertEquals(2000, latency.getSamples());
        assertEquals(200, latency.getWarmupIterations());
        assertSame(ping, latency.getOperation());
        assertEquals(Statistic.P99, latency.getRequirement().getStatistic());
        assertEquals(5000.0, latency.getRequirement().getValue());

        Configuration loopback = saved.getConfigurations().get(0);
        assertEquals(1, loopback.getSettings().size());
        assertEquals("endPoint", loopback.getSettings().get(0).getOption().getName());
        assertEquals("giop:tcp:127.0.0.1:", loopback.getSettings().get(0).getValue());
        // what was built is a valid model (no deployment: the planner places one process per entity)
        List<String> errors = new ArrayList<>();
        new ModelValidator().validate(saved).stream().filter(d -> d.severity() == Severity.ERROR).forEach(d -> errors.add(d.format()));
        assertEquals(List.of(), errors);

        // reopened, a configuration can be removed, and undo brings it back
        try (GlspTestClient c = new GlspTestClient(server.webSocketUri())) {
            c.initialize();
            c.open(file.toString());
            c.edit(apply("loopback", "removeConfiguration", "loopback"));
            assertEquals(0, properties(c, "loopback").getAsJsonArray("properties").size());
            c.edit(Map.of("kind", "glspUndo"));
            assertEquals("giop:tcp:127.0.0.1:", GlspTestClient.str(row(properties(c, "loopback"), "setting:endPoint"), "value"));
        }
        assertTrue(Files.exists(file));
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

    private static JsonObject rowOrNull(JsonObject sheet, String name) {
        JsonArray rows = sheet.getAsJsonArray("properties");
        for (JsonElement r : rows) {
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
