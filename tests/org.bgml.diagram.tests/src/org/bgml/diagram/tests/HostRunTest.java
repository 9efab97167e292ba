package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.bgml.diagram.server.DiagramServer;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.ResultSet;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * A host in the server's JVM that owns the model file (the Eclipse model editor) takes over the client's Generate
 * &amp; Run: the server neither saves nor runs, the host gets the target and configuration, the client is told the
 * run goes on as the host's launch, and the host's report of the end reaches the client's run status and run chooser.
 */
class HostRunTest {

    @Test
    void aHostTakesOverTheClientsRunAndReportsItsEnd(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("run.bgml"));
        try (DiagramServer server = GlspTestClient.startServer(dir.resolve("dist"));
                GlspTestClient c = GlspTestClient.connect(server)) {
            c.open(file);
            c.edit(Map.of("kind", "applyLabelEdit", "labelId", "TaoTaoClient#name", "text", "EditedClient"));
            byte[] before = Files.readAllBytes(file);

            List<String> asked = new CopyOnWriteArrayList<>();
            server.runByHost(file, (target, configuration) -> asked.add(target + "/" + configuration));
            c.send(Map.of("kind", "bgmlRun", "target", "tao", "configuration", "loopback"));
            JsonObject launched = c.action("bgmlRunProgress");
            assertEquals(DiagramServer.RUN_LAUNCHED, GlspTestClient.str(launched, "phase"));
            assertTrue(GlspTestClient.str(launched, "message").contains("Console"), launched.toString());
            assertEquals(List.of("tao/loopback"), asked, "the host got the target and the configuration");
            assertArrayEquals(before, Files.readAllBytes(file), "the server did not save: the host saves through its own path");
            assertTrue(server.isDirty(file), "the session's edit waits for the host's save");

            // the run wrote its results onto the file and the host gave the session the new text: the chooser lists the run
            BenchmarkModel model = ModelFiles.loadModel(file);
            ResultSet run = BgmlFactory.eINSTANCE.createResultSet();
            run.setRunId("run-host-1");
            run.setTarget("tao");
            run.setTime("2026-11-21T12:00:00Z");
            model.getResults().add(run);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            model.eResource().save(text, Map.of());
            assertTrue(server.replaceModel(file, text.toString(StandardCharsets.UTF_8)));
            JsonObject runs = c.action("bgmlSetRuns", a -> a.getAsJsonArray("runs").size() == 1);
            assertEquals("run-host-1", runs.getAsJsonArray("runs").get(0).getAsJsonObject().get("runId").getAsString());

            // the host reports the end: the client's status is final and the overlay shows that run
            server.runStatus(file, "done", "run run-host-1", "run-host-1");
            JsonObject chosen = c.action("bgmlSetRuns");
            assertEquals("run-host-1", GlspTestClient.str(chosen, "selected"));
            JsonObject done = c.action("bgmlRunProgress");
            assertEquals("done", GlspTestClient.str(done, "phase"));
            assertEquals("run-host-1", GlspTestClient.str(done, "runId"));

            // a failure before any run (the save was refused): no run id, the status says why
            server.runStatus(file, "failed", "not run: the model was not saved", null);
            JsonObject failed = c.action("bgmlRunProgress");
            assertEquals("failed", GlspTestClient.str(failed, "phase"));
            JsonElement runId = failed.get("runId");
            assertEquals("", runId == null ? "" : runId.getAsString());
        }
    }
}
