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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/**
 * A runnable scenario built from a file that does not exist yet, only with the operations the editor sends: a typed
 * interface name creates the interface, a typed signature adds an operation, a metric dropped from the palette
 * measures the connection, and the model's and a configuration's property sheets edit option settings.
 */
class EmptyFileScenarioTest {
    @RegisterExtension
    static final SharedServer server = SharedServer.withoutPage();

    @Test
    void buildsARunnableScenarioFromAnEmptyFileWithUndoAndSaveReload(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("first.bgml");
        try (GlspTestClient c = server.connect()) {
            assertTrue(GlspTestClient.index(c.open(file)).values().stream()
                    .noneMatch(o -> String.valueOf(GlspTestClient.str(o, "type")).startsWith("node:")));
            c.createServerAndClient();

            // the interface field is a combo: the empty model offers nothing, a typed scoped name creates the type
            JsonObject facetSheet = c.properties("Server1/facet1");
            JsonObject iface = row(facetSheet, "interface");
            assertEquals("combo", GlspTestClient.str(iface, "kind"));
            assertEquals(0, iface.getAsJsonArray("choices").size());
            Map<String, JsonObject> all = GlspTestClient.index(c.edit(applyProperty("Server1/facet1", "interface", "Bench::Echo")));
            assertEquals("Bench::Echo", GlspTestClient.str(all.get("Server1/facet1").getAsJsonObject("args"), "interface"));
            // the second port picks the now existing interface, which the combo offers
            assertEquals("[\"Bench::Echo\"]", row(c.properties("Client1/receptacle1"), "interface").getAsJsonArray("choices").toString());
            c.edit(applyProperty("Client1/receptacle1", "interface", "Bench::Echo"));

            // an operation typed as an IDL signature, its sequence type created in the interface's module
            c.edit(applyProperty("Server1/facet1", "addOperation", "ping(in sequence<octet> payload)"));
            assertEquals("void ping(in Bench::OctetSeq payload)", GlspTestClient.str(row(c.properties("Server1/facet1"), "operations"), "value"));
            c.edit(applyProperty("Client1/receptacle1", "addOperation", "unsigned long long stamp(in unsigned long long t, out string s)"));
            c.send(applyProperty("Server1/facet1", "addOperation", "ping(in long x)"));
            assertTrue(c.refusal().contains("already used"));
            c.send(applyProperty("Server1/facet1", "addOperation", "pong(in widget w)"));
            assertTrue(c.refusal().contains("neither an IDL primitive"));

            all = GlspTestClient.index(c.edit(invocation("Client1/receptacle1", "Server1/facet1")));
            String edge = firstOfType(all, "edge:invocation");

            // a latency metric from the palette: refused on an entity, taken on the connection
            c.send(createNode("metric:latency", "Server1", 0, 0));
            assertTrue(c.refusal().contains("drop it on the connection or the port"));
            c.edit(createNode("metric:latency", edge, 300, 120));
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "metric", "showDeployment", false));
            all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            JsonObject badge = all.values().stream().filter(o -> "label:metric".equals(GlspTestClient.str(o, "type"))).findFirst().orElseThrow();
            String badgeId = GlspTestClient.str(badge, "id");
            assertEquals(edge + "Latency1#badge", badgeId);
            JsonObject metricSheet = c.properties(badgeId);
            assertEquals("10000", GlspTestClient.str(row(metricSheet, "samples"), "value"));
            c.edit(applyProperty(badgeId, "samples", "2000"));
            c.edit(applyProperty(badgeId, "warmupIterations", "200"));
            assertTrue(row(metricSheet, "operation").getAsJsonArray("choices").toString().contains("Bench::Echo::stamp"));
            c.send(applyProperty(badgeId, "operation", "Bench::Echo"));
            assertTrue(c.refusal().contains("not an operation of the measured interface"));
            c.edit(applyProperty(badgeId, "operation", "Bench::Echo::ping"));
            c.edit(applyProperty(badgeId, "requirement.statistic", "p99"));
            all = GlspTestClient.index(c.edit(applyProperty(badgeId, "requirement.value", "5000")));
            assertEquals("Latency 2k · p99 ≤ 5.0 ms", GlspTestClient.str(all.get(badgeId), "text"));

            // a metric dropped on a port measures the port; deleting its badge deletes it, undo brings it back
            c.edit(createNode("metric:throughput", "Server1/facet1#name", 0, 0));
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "metric", "showDeployment", false));
            all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            JsonObject portBadge = all.get("Server1_facet1Throughput1#badge");
            assertNotNull(portBadge, all.keySet().toString());
            assertTrue(all.get("Server1/facet1").getAsJsonArray("children").toString().contains("Server1_facet1Throughput1#badge"));
            all = GlspTestClient.index(c.edit(Map.of("kind", "deleteElement", "elementIds", List.of("Server1_facet1Throughput1#badge"))));
            assertNull(all.get("Server1_facet1Throughput1#badge"));
            assertNotNull(all.get(badgeId), "the connection's metric stays");
            all = GlspTestClient.index(c.undo());
            assertNotNull(all.get("Server1_facet1Throughput1#badge"));
            all = GlspTestClient.index(c.redo());
            assertNull(all.get("Server1_facet1Throughput1#badge"));

            // nothing selected: the model's sheet adds a configuration, which opens by its path
            JsonObject modelSheet = c.properties("bgml-model");
            assertEquals("links", GlspTestClient.str(row(modelSheet, "configurations"), "kind"));
            c.edit(applyProperty("bgml-model", "addConfiguration", "loopback"));
            assertEquals("[\"loopback\"]", row(c.properties("bgml-model"), "configurations").getAsJsonArray("choices").toString());
            JsonObject configSheet = c.properties("loopback");
            assertTrue(row(configSheet, "addSetting").getAsJsonArray("choices").toString().contains("OmniOrbOptions/endPoint"));
            c.edit(applyProperty("loopback", "addSetting", "OmniOrbOptions/endPoint"));
            c.edit(applyProperty("loopback", "setting:endPoint", "giop:tcp:127.0.0.1:"));
            c.edit(applyProperty("loopback", "addSetting", "OmniOrbOptions/traceLevel"));
            c.send(applyProperty("loopback", "addSetting", "OmniOrbOptions/traceLevel"));
            assertTrue(c.refusal().contains("already"));
            configSheet = c.properties("loopback");
            assertEquals("giop:tcp:127.0.0.1:", GlspTestClient.str(row(configSheet, "setting:endPoint"), "value"));
            assertEquals("action", GlspTestClient.str(row(configSheet, "removeSetting"), "kind"));
            c.edit(applyProperty("loopback", "removeSetting", "traceLevel"));
            assertNull(rowOrNull(c.properties("loopback"), "setting:traceLevel"));
            c.send(applyProperty("loopback", "processes", "nowhere/proc"));
            assertTrue(c.refusal().contains("no process 'nowhere/proc'"));

            // in the configuration viewpoint the option label under an entity stands for its configuration
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "configuration", "showDeployment", false));
            all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            JsonObject option = all.get("Server1#option/loopback");
            assertEquals("loopback: endPoint=giop:tcp:127.0.0.1:", GlspTestClient.str(option, "text"));
            assertEquals("Configuration loopback", GlspTestClient.str(c.properties("Server1#option/loopback"), "title"));

            // undo takes back the last edit (the removed setting returns), redo removes it again
            c.undo();
            assertNotNull(rowOrNull(c.properties("loopback"), "setting:traceLevel"));
            c.redo();
            assertNull(rowOrNull(c.properties("loopback"), "setting:traceLevel"));

            // a constraint of the omniORB catalogue broken (bidirectional GIOP needs GIOP 1.2): the configuration's
            // sheet lists it and its option labels are flagged; removing the setting clears both
            c.edit(applyProperty("loopback", "addSetting", "OmniOrbOptions/offerBiDirectionalGIOP"));
            c.edit(applyProperty("loopback", "setting:offerBiDirectionalGIOP", "1"));
            all = GlspTestClient.index(c.edit(applyProperty("loopback", "addSetting", "OmniOrbOptions/maxGIOPVersion")));
            all = GlspTestClient.index(c.edit(applyProperty("loopback", "setting:maxGIOPVersion", "1.1")));
            assertEquals("error", GlspTestClient.str(all.get("Server1#option/loopback").getAsJsonObject("args"), "problem"));
            assertTrue(all.get("Client1#option/loopback").getAsJsonArray("cssClasses").toString().contains("bgml-error"));
            String problems = GlspTestClient.str(row(c.properties("loopback"), "problems"), "value");
            assertTrue(problems.startsWith("error: ") && problems.contains("maxGIOPVersion"), problems);
            c.edit(applyProperty("loopback", "removeSetting", "maxGIOPVersion"));
            all = GlspTestClient.index(c.edit(applyProperty("loopback", "removeSetting", "offerBiDirectionalGIOP")));
            assertNull(all.get("Server1#option/loopback").getAsJsonObject("args").get("problem"));
            assertNull(rowOrNull(c.properties("loopback"), "problems"));

            // the model's name, checked like any identifier
            c.send(applyProperty("bgml-model", "name", "first scenario"));
            assertTrue(c.refusal().contains("Cannot rename"));
            c.edit(applyProperty("bgml-model", "name", "First"));
            assertEquals("Model First", GlspTestClient.str(c.properties("bgml-model"), "title"));

            c.save();
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
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.edit(applyProperty("loopback", "removeConfiguration", "loopback"));
            assertEquals(0, c.properties("loopback").getAsJsonArray("properties").size());
            c.undo();
            assertEquals("giop:tcp:127.0.0.1:", GlspTestClient.str(row(c.properties("loopback"), "setting:endPoint"), "value"));
        }
        assertTrue(Files.exists(file));
    }
}
