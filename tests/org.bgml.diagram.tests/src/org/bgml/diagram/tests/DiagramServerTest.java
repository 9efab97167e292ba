package org.bgml.diagram.tests;

import static org.bgml.diagram.tests.GlspTestClient.applyProperty;
import static org.bgml.diagram.tests.GlspTestClient.invocation;
import static org.junit.jupiter.api.Assertions.*;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.bgml.diagram.layout.LayoutStore;
import org.bgml.diagram.tests.GlspTestClient.SharedServer;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.Port;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import com.google.gson.JsonObject;

/** The diagram server over its real WebSocket, as a GLSP client talks to it. */
class DiagramServerTest {
    @RegisterExtension
    static final SharedServer server = SharedServer.withPage();

    static Stream<Path> examples() throws Exception {
        return Files.list(Repo.root().resolve("examples")).filter(p -> p.toString().endsWith(".bgml")).sorted();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleOpensWithEntitiesPortsAndConnectionsPlaced(Path example) throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(example);
        try (GlspTestClient c = server.connect()) {
            Map<String, JsonObject> all = GlspTestClient.index(c.open(example));
            for (Entity e : model.getEntities()) {
                JsonObject node = all.get(ElementPaths.pathOf(e));
                assertNotNull(node, "no node for " + ElementPaths.pathOf(e));
                assertTrue(GlspTestClient.str(node, "type").startsWith("node:"));
                assertTrue(node.getAsJsonObject("size").get("width").getAsDouble() >= 120);
                double width = node.getAsJsonObject("size").get("width").getAsDouble();
                for (Port p : e.getPorts()) {
                    JsonObject port = all.get(ElementPaths.pathOf(p));
                    assertNotNull(port, "no port " + ElementPaths.pathOf(p));
                    double x = port.getAsJsonObject("position").get("x").getAsDouble();
                    assertTrue(x == -8 || x == width - 8, "port " + ElementPaths.pathOf(p) + " is not on the border: x=" + x);
                }
            }
            long edges = all.values().stream().filter(o -> GlspTestClient.str(o, "type").startsWith("edge:")
                    && !GlspTestClient.str(o, "type").equals("edge:trigger")).count();
            long drawable = model.getConnections().stream().filter(k -> k.getSource() != null && k.getTarget() != null).count();
            assertEquals(drawable, edges);
            // one dashed trigger edge per action that sends on (publish, call, forward)
            long triggers = all.values().stream().filter(o -> GlspTestClient.str(o, "type").equals("edge:trigger")).count();
            long sending = 0;
            for (var it = model.eAllContents(); it.hasNext();) {
                if (it.next() instanceof org.bgml.model.Action a && a.getKind() != org.bgml.model.ActionKind.BUSY_WORK) {
                    sending++;
                }
            }
            assertEquals(sending, triggers);
            // no two top-level entities on the same spot after the automatic layout
            long distinct = model.getEntities().stream().map(e -> all.get(ElementPaths.pathOf(e)).get("position").toString()).distinct().count();
            assertEquals(model.getEntities().size(), distinct);
        }
    }

    @Test
    void createConnectRefuseRenameDeleteUndoSaveAndReload(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        try (GlspTestClient c = server.connect()) {
            c.open(file);

            Map<String, JsonObject> all = GlspTestClient.index(c.edit(Map.of("kind", "createNode", "elementTypeId", "node:component",
                    "location", Map.of("x", 900, "y", 500), "args", Map.of())));
            assertEquals(900, all.get("Component1").getAsJsonObject("position").get("x").getAsDouble());
            all = GlspTestClient.index(c.edit(Map.of("kind", "createNode", "elementTypeId", "port:facet", "containerId", "Component1", "args", Map.of())));
            assertEquals("Test::RoundTrip", all.get("Component1/facet1").getAsJsonObject("args").get("interface").getAsString());
            c.edit(Map.of("kind", "createNode", "elementTypeId", "node:client", "location", Map.of("x", 600, "y", 500), "args", Map.of()));
            c.edit(Map.of("kind", "createNode", "elementTypeId", "port:receptacle", "containerId", "Client1#name", "args", Map.of()));
            all = GlspTestClient.index(c.edit(invocation("Client1/receptacle1", "Component1/facet1")));
            JsonObject edge = all.values().stream().filter(o -> "Component1/facet1".equals(GlspTestClient.str(o, "targetId"))).findFirst().orElseThrow();
            assertEquals("Client1/receptacle1", GlspTestClient.str(edge, "sourceId"));

            // illegal: the wrong way round, and between different interfaces
            c.send(invocation("Component1/facet1", "Client1/receptacle1"));
            String why = c.refusal();
            assertTrue(why.contains("Cannot connect") && why.contains("from the user to the provider"), why);
            c.edit(Map.of("kind", "createNode", "elementTypeId", "port:facet", "containerId", "Component1", "args", Map.of()));
            c.edit(applyProperty("Component1/facet2", "interface", "Test::Other"));
            c.send(invocation("Client1/receptacle1", "Component1/facet2"));
            why = c.refusal();
            assertTrue(why.contains("interfaces differ") && why.contains("Test::Other"), why);

            // rename in place, with the identifier rules
            c.send(Map.of("kind", "applyLabelEdit", "labelId", "Component1#name", "text", "9lives"));
            why = c.refusal();
            assertTrue(why.contains("starts with a digit"), why);
            all = GlspTestClient.index(c.edit(Map.of("kind", "applyLabelEdit", "labelId", "Component1#name", "text", "Echo")));
            assertNotNull(all.get("Echo/facet1"));
            assertEquals(900, all.get("Echo").getAsJsonObject("position").get("x").getAsDouble(), "the layout follows the rename");

            // delete takes the connection along; undo brings both back; redo deletes again
            all = GlspTestClient.index(c.edit(Map.of("kind", "deleteElement", "elementIds", List.of("Echo"))));
            assertNull(all.get("Echo"));
            assertTrue(all.values().stream().noneMatch(o -> "Echo/facet1".equals(GlspTestClient.str(o, "targetId"))));
            all = GlspTestClient.index(c.undo());
            assertNotNull(all.get("Echo"));
            assertTrue(all.values().stream().anyMatch(o -> "Echo/facet1".equals(GlspTestClient.str(o, "targetId"))));
            all = GlspTestClient.index(c.redo());
            assertNull(all.get("Echo"));
            all = GlspTestClient.index(c.undo());
            assertNotNull(all.get("Echo"));

            assertFalse(c.save().get("isDirty").getAsBoolean());
        }
        BenchmarkModel saved = ModelFiles.loadModel(file);
        Entity echo = (Entity) ElementPaths.resolve(saved, "Echo");
        assertNotNull(echo);
        Connection link = saved.getConnections().stream().filter(k -> k.getTarget() != null && "Echo/facet1".equals(ElementPaths.pathOf(k.getTarget())))
                .findFirst().orElseThrow();
        assertEquals("Client1/receptacle1", ElementPaths.pathOf(link.getSource()));
        assertEquals("Test::Other", ElementPaths.pathOf(((org.bgml.model.Facet) ElementPaths.resolve(saved, "Echo/facet2")).getInterface()));
        assertEquals(900, LayoutStore.load(file).get("Echo").x());

        try (GlspTestClient c = server.connect()) {
            Map<String, JsonObject> again = GlspTestClient.index(c.open(file));
            assertEquals(900, again.get("Echo").getAsJsonObject("position").get("x").getAsDouble());
            assertEquals(600, again.get("Client1").getAsJsonObject("position").get("x").getAsDouble());
        }
    }

    @Test
    void liveValidationMarksTheElementAndListsTheProblem(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            Map<String, JsonObject> all = GlspTestClient.index(c.edit(applyProperty("TaoTaoServer/rt", "interface", "")));
            assertTrue(all.get("TaoTaoServer/rt").getAsJsonArray("cssClasses").toString().contains("bgml-"), all.get("TaoTaoServer/rt").toString());
            JsonObject problems = c.action("bgmlSetProblems", a -> a.getAsJsonArray("problems").toString().contains("TaoTaoServer/rt"));
            assertTrue(problems.getAsJsonArray("problems").size() > 0);
            JsonObject markers = c.action("setMarkers");
            assertTrue(markers.toString().contains("TaoTaoServer/rt"), markers.toString());
        }
    }

    @Test
    void theFirstModelGoesOutBeforeItsValidationWhoseClassesFollowAsAFullBuildHasThem(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.edit(applyProperty("TaoTaoServer/rt", "interface", ""));
            c.save();
        }
        try (GlspTestClient c = server.connect()) {
            Map<String, JsonObject> shown = GlspTestClient.index(c.open(file));
            JsonObject sent = GlspTestClient.index(c.sentModel).get("TaoTaoServer/rt");
            assertFalse(sent.has("args") && sent.getAsJsonObject("args").has("problem"), "the model went out before validating: " + sent);
            assertNotNull(c.problemClasses, "the validation's classes follow the model");
            assertTrue(c.problemClasses.toString().contains("TaoTaoServer/rt"), c.problemClasses.toString());
            assertTrue(shown.get("TaoTaoServer/rt").getAsJsonArray("cssClasses").toString().contains("bgml-"), shown.get("TaoTaoServer/rt").toString());
            // a full build of the same diagram (the same viewpoint again) marks exactly the same elements
            Map<String, JsonObject> built = GlspTestClient.index(c.edit(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "interconnection",
                    "showDeployment", false)));
            assertEquals(built.keySet(), shown.keySet());
            for (String id : built.keySet()) {
                assertEquals(problem(built.get(id)), problem(shown.get(id)), id);
                assertEquals(problemClasses(built.get(id)), problemClasses(shown.get(id)), id);
            }
            // the validation is in: a move is answered with the moved nodes only
            JsonObject node = built.get("TaoTaoServer");
            double x = node.getAsJsonObject("position").get("x").getAsDouble();
            double y = node.getAsJsonObject("position").get("y").getAsDouble();
            JsonObject size = node.getAsJsonObject("size");
            c.edit(Map.of("kind", "changeBounds", "isOperation", true, "newBounds", List.of(Map.of("elementId", "TaoTaoServer",
                    "newSize", Map.of("width", size.get("width").getAsDouble(), "height", size.get("height").getAsDouble()),
                    "newPosition", Map.of("x", x + 40, "y", y + 20)))));
            assertEquals("bgmlMoveNodes", c.lastUpdate);
        }
    }

    private static String problem(JsonObject element) {
        return element.has("args") ? GlspTestClient.str(element.getAsJsonObject("args"), "problem") : null;
    }

    private static List<String> problemClasses(JsonObject element) {
        List<String> classes = new java.util.ArrayList<>();
        if (element.has("cssClasses")) {
            element.getAsJsonArray("cssClasses").forEach(c -> {
                if (c.getAsString().equals("bgml-error") || c.getAsString().equals("bgml-warning")) {
                    classes.add(c.getAsString());
                }
            });
        }
        java.util.Collections.sort(classes);
        return classes;
    }

    @Test
    void warmingUpOpensTheModelAndLeavesNoSessionNorAnyFileBehind(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        byte[] text = Files.readAllBytes(file);
        server.get().warmUp(file, Duration.ofSeconds(60));
        assertFalse(server.get().isOpen(file), "the warm-up's session ended");
        assertArrayEquals(text, Files.readAllBytes(file), "the model file is unchanged");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no layout or other file written");
        }
        // a page opened afterwards gets the whole model, as without the warm-up
        try (GlspTestClient c = server.connect()) {
            assertNotNull(GlspTestClient.index(c.open(file)).get("TaoTao"));
        }
    }

    @Test
    void warmingUpAModelThatDoesNotLoadEndsWithTheServersErrorInsteadOfWaitingOut(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("broken.bgml"), "<not a model");
        long start = System.nanoTime();
        server.get().warmUp(file, Duration.ofSeconds(120));
        assertTrue(System.nanoTime() - start < Duration.ofSeconds(60).toNanos(), "the warm-up gave up only at its limit");
        assertFalse(server.get().isOpen(file));
    }

    @Test
    void theAccessTokenGuardsPageAndSocket() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI bare = URI.create("http://127.0.0.1:" + server.get().port() + "/");
        assertEquals(403, http.send(HttpRequest.newBuilder(bare).build(), HttpResponse.BodyHandlers.discarding()).statusCode());
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(server.get().pageUri(null)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("BGML"));
        assertTrue(page.headers().firstValue("set-cookie").orElse("").contains("HttpOnly"));
        URI noToken = URI.create("ws://127.0.0.1:" + server.get().port() + "/bgml");
        assertThrows(Exception.class, () -> new GlspTestClient(noToken));
    }

    @Test
    void generateAndRunSavesFirstAndReportsWhyAnInvalidModelCannotRun(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            JsonObject available = c.action("bgmlRunAvailable");
            assertTrue(available.get("available").getAsBoolean());
            List<String> targets = available.getAsJsonArray("targets").asList().stream().map(t -> t.getAsString()).toList();
            assertEquals("omniorb", targets.get(0), "the chooser offers the default target first: " + targets);
            assertTrue(targets.containsAll(List.of("ace", "tao", "ciao")), "and every registered target: " + targets);
            c.edit(applyProperty("TaoTaoServer/rt", "interface", ""));
            c.send(Map.of("kind", "bgmlRun", "target", "omniorb"));
            c.action("bgmlRunProgress", a -> "generating".equals(GlspTestClient.str(a, "phase")));
            JsonObject failed = c.action("bgmlRunProgress", a -> "failed".equals(GlspTestClient.str(a, "phase")));
            assertFalse(GlspTestClient.str(failed, "message").isBlank());
        }
        // the run saved the edit first, so what ran is what the user saw
        assertNull(((org.bgml.model.Facet) ElementPaths.resolve(ModelFiles.loadModel(file), "TaoTaoServer/rt")).getInterface());
    }
}
