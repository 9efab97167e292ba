package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.bgml.diagram.server.DiagramServer;
import org.bgml.model.io.ModelLoadException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/**
 * The server's API for an editor in the same JVM that owns the model file (the Eclipse model editor): it reads the
 * session's model as text, marks the session saved, gives it new text (the client redraws), and takes over the
 * client's save, while a GLSP client works on the same session over the WebSocket.
 */
class HostSessionTest {

    @Test
    void anEditorReadsReplacesAndSavesTheModelOfAClientsSession(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("host.bgml"));
        try (DiagramServer server = GlspTestClient.startServer(dir.resolve("dist"));
                GlspTestClient c = new GlspTestClient(server.webSocketUri())) {
            assertFalse(server.isOpen(file));
            assertNull(server.modelText(file), "no session has the file open yet");
            c.initialize();
            c.open(file);
            assertTrue(server.isOpen(file));
            assertFalse(server.isDirty(file));
            assertTrue(server.modelText(file).contains("name=\"TaoTaoClient\""));

            // an edit in the client: the session's text has it, the file does not
            c.edit(Map.of("kind", "applyLabelEdit", "labelId", "TaoTaoClient#name", "text", "EditedClient"));
            assertTrue(server.isDirty(file));
            assertTrue(server.canUndo(file));
            String edited = server.modelText(file);
            assertTrue(edited.contains("name=\"EditedClient\"") && edited.contains("entities=\"#TaoTaoServer #EditedClient\""), edited);
            assertFalse(Files.readString(file, StandardCharsets.UTF_8).contains("EditedClient"), "the server does not write the file");

            // the editor took the text: the session is clean, the client is told, undo history stays
            server.markSaved(file);
            JsonObject clean = c.action("setDirtyState", a -> !a.get("isDirty").getAsBoolean());
            assertNotNull(clean);
            assertFalse(server.isDirty(file));
            assertTrue(server.canUndo(file));

            // the editor gives new text: the client redraws from it and undo history starts again
            String changed = edited.replace("TaoTaoServer", "HostServer");
            assertTrue(server.replaceModel(file, changed));
            Map<String, JsonObject> all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            assertNotNull(all.get("HostServer"), "the client gets the replaced model");
            assertNull(all.get("TaoTaoServer"));
            assertNotNull(all.get("EditedClient"));
            assertFalse(server.canUndo(file));
            assertFalse(server.isDirty(file));
            assertEquals(changed, server.modelText(file), "the session's text is the text it was given");

            // text that does not parse changes nothing and says where it breaks
            String broken = changed.replace("<entities xsi:type=\"bgml:Server\" name=\"HostServer\"", "<entities xsi:type=\"bgml:Server\" name=\"HostServer\" <");
            ModelLoadException e = assertThrows(ModelLoadException.class, () -> server.replaceModel(file, broken));
            assertEquals(file, e.file(), "the message names the model file, not a temporary copy");
            int line = (int) broken.substring(0, broken.indexOf("name=\"HostServer\" <")).lines().count();
            assertEquals(line, e.line(), e.describe());
            assertEquals(changed, server.modelText(file));

            // the client's save goes to the editor, which writes the file through its own path
            List<Path> asked = new CopyOnWriteArrayList<>();
            server.saveByHost(file, asked::add);
            byte[] before = Files.readAllBytes(file);
            c.send(Map.of("kind", "saveModel"));
            c.action("setDirtyState", a -> "save".equals(GlspTestClient.str(a, "reason")) && !a.get("isDirty").getAsBoolean());
            assertEquals(List.of(file), asked);
            assertArrayEquals(before, Files.readAllBytes(file));

            // nodes moved in the diagram are written beside the model when the editor saves
            server.saveLayout(file);
            assertTrue(Files.exists(dir.resolve("host.bgml.layout.json")));
        }
    }
}
