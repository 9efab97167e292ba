package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.layout.LayoutStore;
import org.bgml.diagram.tests.GlspTestClient.SharedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/**
 * A move only shifts nodes in the diagram the server already has (no new diagram is built), and the client gets only
 * what moved ({@code bgmlMoveNodes}): the diagram it then has must still be the whole, current diagram, through undo
 * and redo, resizes, moves inside an assembly and edits of the model in between.
 */
class MoveUpdateTest {
    @RegisterExtension
    static final SharedServer server = SharedServer.withPage();

    private static double x(Map<String, JsonObject> all, String id) {
        return all.get(id).getAsJsonObject("position").get("x").getAsDouble();
    }

    private static double y(Map<String, JsonObject> all, String id) {
        return all.get(id).getAsJsonObject("position").get("y").getAsDouble();
    }

    private static double width(Map<String, JsonObject> all, String id) {
        return all.get(id).getAsJsonObject("size").get("width").getAsDouble();
    }

    private static Map<String, Object> move(String id, double x, double y, double width, double height) {
        return Map.of("kind", "changeBounds", "newBounds", List.of(Map.of("elementId", id, "newPosition", Map.of("x", x, "y", y),
                "newSize", Map.of("width", width, "height", height))));
    }

    private static double height(Map<String, JsonObject> all, String id) {
        return all.get(id).getAsJsonObject("size").get("height").getAsDouble();
    }

    @Test
    void movesUndoRedoResizeAndRenameKeepTheWholeDiagramCurrent(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        try (GlspTestClient c = server.connect()) {
            Map<String, JsonObject> start = GlspTestClient.index(c.open(file));
            String a = "TaoTaoServer";
            String b = "TaoTaoClient";
            double ax = x(start, a), ay = y(start, a), aw = width(start, a), ah = height(start, a);
            double bx = x(start, b), by = y(start, b);
            int elements = start.size();

            Map<String, JsonObject> moved = GlspTestClient.index(c.edit(move(a, ax + 37, ay + 11, aw, ah)));
            assertEquals("bgmlMoveNodes", c.lastUpdate, "a move sends what moved, not the whole diagram");
            assertEquals(ax + 37, x(moved, a));
            assertEquals(ay + 11, y(moved, a));
            assertEquals(bx, x(moved, b), "a node that was not moved stays");
            assertEquals(by, y(moved, b));
            assertEquals(elements, moved.size(), "the client still has the whole diagram: ports, labels and edges included");
            assertEquals(start.get(a + "/rt").get("position"), moved.get(a + "/rt").get("position"), "ports move with their node");
            assertTrue(c.action("setDirtyState").get("isDirty").getAsBoolean());

            // a second move, then undo twice and redo once
            assertEquals(ax + 80, x(GlspTestClient.index(c.edit(move(a, ax + 80, ay, aw, ah))), a));
            assertEquals(ax + 37, x(GlspTestClient.index(c.undo()), a));
            Map<String, JsonObject> undone = GlspTestClient.index(c.undo());
            assertEquals(ax, x(undone, a));
            assertEquals(ay, y(undone, a));
            assertEquals(ax + 37, x(GlspTestClient.index(c.redo()), a));
            assertEquals("bgmlMoveNodes", c.lastUpdate, "undo and redo of a move send what moved");

            // a resize builds the node anew: its right-hand ports sit on the new border
            Map<String, JsonObject> resized = GlspTestClient.index(c.edit(move(a, ax + 37, ay + 11, aw + 60, ah)));
            assertEquals("updateModel", c.lastUpdate, "a resize sends the whole diagram");
            assertEquals(aw + 60, width(resized, a));
            double portX = start.get(a + "/rt").getAsJsonObject("position").get("x").getAsDouble();
            assertEquals(portX == -8 ? -8 : aw + 60 - 8, resized.get(a + "/rt").getAsJsonObject("position").get("x").getAsDouble());

            // an edit of the model after moves: the new diagram keeps the moved position; a move after it still applies
            Map<String, JsonObject> renamed = GlspTestClient.index(c.edit(Map.of("kind", "applyLabelEdit", "labelId", a + "#name", "text", "Moved")));
            assertNull(renamed.get(a));
            assertEquals(ax + 37, x(renamed, "Moved"));
            assertEquals(ax + 5, x(GlspTestClient.index(c.edit(move("Moved", ax + 5, ay + 5, aw + 60, ah))), "Moved"));

            assertFalse(c.save().get("isDirty").getAsBoolean());
            LayoutStore.Bounds saved = LayoutStore.load(file).get("Moved");
            assertEquals(ax + 5, saved.x(), 0.06, "the layout file has the last move");
            assertEquals(aw + 60, saved.width(), 0.06);
        }
    }

    @Test
    void movingAComponentInsideItsAssemblyGrowsTheAssembly(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.edit(Map.of("kind", "createNode", "elementTypeId", "node:assembly", "location", Map.of("x", 1200, "y", 900), "args",
                    Map.of("name", "Box")));
            Map<String, JsonObject> all = GlspTestClient.index(c.edit(Map.of("kind", "createNode", "elementTypeId", "node:component",
                    "containerId", "Box", "location", Map.of("x", 1230, "y", 960), "args", Map.of("name", "Inner"))));
            double boxWidth = width(all, "Box");
            double iw = width(all, "Box/Inner");
            double ih = height(all, "Box/Inner");
            Map<String, JsonObject> moved = GlspTestClient.index(c.edit(move("Box/Inner", boxWidth + 100, 60, iw, ih)));
            assertEquals(boxWidth + 100, x(moved, "Box/Inner"));
            assertTrue(width(moved, "Box") > boxWidth + 100, "the assembly grows around the moved component: " + width(moved, "Box"));
        }
    }
}
