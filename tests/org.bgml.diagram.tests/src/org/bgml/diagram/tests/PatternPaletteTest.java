package org.bgml.diagram.tests;

import static org.bgml.diagram.tests.GlspTestClient.row;
import static org.bgml.diagram.tests.GlspTestClient.str;
import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.tests.GlspTestClient.SharedServer;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Entity;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.patterns.PatternLibrary;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * The Patterns group of the palette, with only the messages the editor sends: it lists the shipped patterns and the
 * project's pattern files; a pattern's form has typed fields with defaults and bounds; a bad value is refused with the
 * reason and adds nothing; a good one adds the pattern as one undoable edit, and a second instance takes the next
 * prefix. A selection saved as a pattern lands next to the model, joins the palette and instantiates back.
 */
class PatternPaletteTest {
    @RegisterExtension
    static final SharedServer server = SharedServer.withoutPage();

    @Test
    void placesTheProxyPatternFromTheFormAsOneUndoableEdit(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("sensors.bgmlpattern"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- bgml-pattern
                description: One server.
                param busy int 5 0..100 Busy work.
                -->
                <bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                    xmlns:bgml="http://bgml.org/bgml/1.0" name="s">
                  <entities xsi:type="bgml:Server" name="Sensor" description="busy ${busy}"/>
                  <deployments name="d">
                    <nodes name="localhost">
                      <processes name="SensorProcess" entities="#Sensor"/>
                    </nodes>
                  </deployments>
                </bgml:BenchmarkModel>
                """);
        Path file = dir.resolve("empty.bgml");
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            List<String> items = paletteGroup(c, "palette-patterns");
            assertEquals(List.of("palette-pattern:clientServer", "palette-pattern:proxy", "palette-pattern:pipeline", "palette-pattern:fanOut",
                    "palette-pattern:mesh", "palette-pattern:sensors"), items);

            JsonObject sheet = c.properties("pattern:proxy");
            assertEquals("bgmlInstantiatePattern", str(sheet, "form"));
            JsonObject pairs = row(sheet, "pairs");
            assertEquals("number", str(pairs, "kind"));
            assertEquals("3", str(pairs, "value"));
            assertEquals("1", str(pairs, "min"));
            assertEquals("64", str(pairs, "max"));
            JsonObject mode = row(sheet, "mode");
            assertEquals("choice", str(mode, "kind"));
            assertEquals("[\"route\",\"connectOnly\"]", mode.getAsJsonArray("choices").toString());
            assertEquals("action", str(row(sheet, "instantiate"), "kind"));

            // a value out of bounds, an unknown mode: refused with the reason, nothing added
            c.send(instantiate("proxy", Map.of("pairs", "0", "mode", "route", "prefix", "")));
            assertEquals("Cannot add pattern proxy: parameter pairs=0 is out of bounds: it must be from 1 to 64. Nothing was added.", c.refusal());
            c.send(instantiate("proxy", Map.of("pairs", "4", "mode", "sideways", "prefix", "")));
            assertTrue(c.refusal().contains("mode=sideways is not one of route, connectOnly"));
            c.send(instantiate("proxy", Map.of("pairs", "4", "prefix", "2bad")));
            assertTrue(c.refusal().contains("prefix '2bad' is not an identifier"));

            Map<String, JsonObject> all = GlspTestClient.index(c.edit(instantiate("proxy", Map.of("pairs", "4", "mode", "route", "samples", "200",
                    "prefix", ""))));
            assertEquals(9, count(all, "node:server") + count(all, "node:client"), "4 servers, 4 clients and the router");
            assertNotNull(all.get("ProxyRouter"));
            assertEquals(8, count(all, "edge:invocation"));
            // a second instance takes the next prefix; undo takes it back in one step, the first stays
            all = GlspTestClient.index(c.edit(instantiate("proxy", Map.of("pairs", "1", "prefix", ""))));
            assertNotNull(all.get("Proxy2Router"));
            c.send(instantiate("proxy", Map.of("pairs", "1", "prefix", "Proxy2")));
            assertTrue(c.refusal().contains("prefix 'Proxy2' gives names the model already has"));
            all = GlspTestClient.index(c.undo());
            assertNull(all.get("Proxy2Router"));
            assertNotNull(all.get("ProxyRouter"));
            all = GlspTestClient.index(c.edit(instantiate("sensors", Map.of("busy", "7", "prefix", "Kit"))));
            assertNotNull(all.get("KitSensor"));
            c.save();
            BenchmarkModel saved = ModelFiles.loadModel(file);
            List<ModelDiagnostic> diagnostics = new ModelValidator().validate(saved);
            assertFalse(ModelValidator.hasErrors(diagnostics), diagnostics.stream().map(ModelDiagnostic::format).toList().toString());
            assertEquals("busy 7", saved.getEntities().stream().filter(e -> e.getName().equals("KitSensor")).findFirst().orElseThrow().getDescription());
            assertEquals(200, saved.getMetrics().get(0).getSamples());
            assertEquals(4, saved.getDeployments().get(0).getNodes().get(0).getProcesses().stream().filter(p -> p.getName().startsWith("ProxyClient")).count());
        }
    }

    @Test
    void savesASelectionAsAPatternThatJoinsThePaletteAndInstantiatesBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("m.bgml");
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.edit(instantiate("proxy", Map.of("pairs", "2", "samples", "300", "prefix", "")));
            c.edit(instantiate("clientServer", Map.of("prefix", "")));
            c.save();
            // the proxy's router, servers and clients, and one connection (which stands for both its ends)
            String ids = String.join(",", List.of("ProxyRouter", "ProxyServer1", "ProxyServer2", "ProxyClient1#name", "ProxyToServer2"));
            JsonObject sheet = c.properties("savePattern:" + ids);
            assertEquals("bgmlSavePattern", str(sheet, "form"));
            assertEquals("ProxyServer1, ProxyClient1, ProxyServer2, ProxyRouter", str(row(sheet, "selection"), "value"));
            JsonObject samples = row(sheet, "ProxyLatency1@samples");
            assertEquals("parameter", str(samples, "kind"));
            assertEquals("300", str(samples, "value"));
            assertEquals("[\"samples\"]", samples.getAsJsonArray("choices").toString());

            Map<String, String> values = new LinkedHashMap<>();
            values.put("patternName", "halfProxy");
            values.put("description", "Three servers behind a router.");
            values.put("use:ProxyLatency1@samples", "true");
            values.put("name:ProxyLatency1@samples", "n");
            values.put("default:ProxyLatency1@samples", "300");
            values.put("min:ProxyLatency1@samples", "1");
            values.put("max:ProxyLatency1@samples", "5000");
            values.put("use:ProxyLatency2@samples", "false");
            c.send(Map.of("kind", "bgmlSavePattern", "elementId", "savePattern:" + ids, "values", Map.of("patternName", "proxy")));
            assertEquals("Cannot save the pattern: a shipped pattern is named proxy; choose another name.", c.refusal());
            Map<String, String> outOfBounds = new LinkedHashMap<>(values);
            outOfBounds.put("default:ProxyLatency1@samples", "9000");
            c.send(Map.of("kind", "bgmlSavePattern", "elementId", "savePattern:" + ids, "values", outOfBounds));
            assertTrue(c.refusal().contains("parameter n=9000 is out of bounds: it must be from 1 to 5000"));
            assertFalse(Files.exists(dir.resolve("halfProxy.bgmlpattern")));

            c.send(Map.of("kind", "bgmlSavePattern", "elementId", "savePattern:" + ids, "values", values));
            JsonObject changed = c.action("bgmlPatternsChanged");
            assertEquals("halfProxy", str(changed, "pattern"));
            assertTrue(Files.readString(dir.resolve("halfProxy.bgmlpattern")).contains("param n int 300 1..5000"));
            assertTrue(paletteGroup(c, "palette-patterns").contains("palette-pattern:halfProxy"));
            assertEquals("n", str(row(c.properties("pattern:halfProxy"), "n"), "name"));

            // what was saved: the selected entities, the connections among them, their metric; not the other pair
            BenchmarkModel library = org.bgml.model.BgmlFactory.eINSTANCE.createBenchmarkModel();
            org.bgml.model.patterns.PatternInstantiator.instantiate(library, PatternLibrary.of(dir).find("halfProxy"), Map.of("n", "42"), "H");
            assertEquals(List.of("HProxyServer1", "HProxyClient1", "HProxyServer2", "HProxyRouter"),
                    library.getEntities().stream().map(Entity::getName).toList());
            assertEquals(List.of("HProxyToRouter1", "HProxyToServer1", "HProxyToServer2"),
                    library.getConnections().stream().map(x -> x.getName()).toList());
            assertEquals(List.of("HProxyLatency1"), library.getMetrics().stream().map(x -> x.getName()).toList());
            assertEquals(42, library.getMetrics().get(0).getSamples());
        }
    }

    private static Map<String, Object> instantiate(String pattern, Map<String, String> values) {
        return Map.of("kind", "bgmlInstantiatePattern", "isOperation", true, "elementId", "pattern:" + pattern, "values", values);
    }

    private static long count(Map<String, JsonObject> all, String type) {
        return all.values().stream().filter(o -> type.equals(str(o, "type"))).count();
    }

    /** The ids of the items of a palette group, as the palette asks for them. */
    private static List<String> paletteGroup(GlspTestClient c, String group) throws Exception {
        c.send(Map.of("kind", "requestContextActions", "requestId", "palette-" + System.nanoTime(), "contextId", "tool-palette", "editorContext",
                Map.of("selectedElementIds", List.of())));
        JsonObject answer = c.action("setContextActions");
        for (JsonElement g : answer.getAsJsonArray("actions")) {
            if (group.equals(str(g.getAsJsonObject(), "id"))) {
                List<String> ids = new ArrayList<>();
                g.getAsJsonObject().getAsJsonArray("children").forEach(i -> ids.add(str(i.getAsJsonObject(), "id")));
                return ids;
            }
        }
        throw new AssertionError("no palette group " + group + " in " + answer);
    }
}
