package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.bgml.diagram.tests.GlspTestClient.SharedServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/**
 * A deployment whose node is another host: the deployment view says where each process runs (node and host), and
 * Generate &amp; Run, which runs locally, refuses it with the reason before anything is generated or started.
 */
class DeploymentHostsTest {
    @RegisterExtension
    static final SharedServer server = SharedServer.withoutPage();

    @Test
    void processBoxesNameTheirNodeAndHostAndALocalRunIsRefused(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        Files.writeString(file, Files.readString(file).replaceFirst("<nodes name=\"localhost\" cpuCount=\"2\">",
                "<nodes name=\"localhost\" host=\"hosta.example\" cpuCount=\"2\">"));
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "interconnection", "showDeployment", true));
            Map<String, JsonObject> all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            JsonObject box = all.values().stream().filter(o -> "node:process".equals(GlspTestClient.str(o, "type"))
                    && o.toString().contains("TaoTaoServerProcess")).findFirst().orElseThrow();
            assertEquals("hosta.example", box.getAsJsonObject("args").get("host").getAsString());
            assertTrue(box.toString().contains("localhost (hosta.example) / TaoTaoServerProcess"), box.toString());

            c.send(Map.of("kind", "bgmlRun", "target", "omniorb"));
            JsonObject failed = c.action("bgmlRunProgress");
            assertEquals("failed", GlspTestClient.str(failed, "phase"), "refused before generating: " + failed);
            String message = GlspTestClient.str(failed, "message");
            assertTrue(message.contains("node localhost on hosta.example"), message);
            assertTrue(message.contains("--all-on-this-host"), message);
        }
    }

    /**
     * The refusal says that only the hosts stood in the way ({@code canCollapse}), so the client can offer "Run on this
     * host anyway"; that run, {@code allOnThisHost}, passes the host check and goes on to generate. (The facet without
     * an interface then stops it at generation, with a reason that is no refusal and no offer.)
     */
    @Test
    void theRefusalOffersToRunHereAndThatRunPassesTheHostCheck(@TempDir Path dir) throws Exception {
        Path file = Repo.copyExample("roundtrip.bgml", dir.resolve("roundtrip.bgml"));
        Files.writeString(file, Files.readString(file).replaceFirst("<nodes name=\"localhost\" cpuCount=\"2\">",
                "<nodes name=\"localhost\" host=\"hosta.example\" cpuCount=\"2\">"));
        try (GlspTestClient c = server.connect()) {
            c.open(file);
            c.send(Map.of("kind", "bgmlRun", "target", "omniorb"));
            JsonObject refused = c.action("bgmlRunProgress");
            assertEquals("failed", GlspTestClient.str(refused, "phase"));
            assertTrue(refused.get("canCollapse").getAsBoolean(), "a refusal for the hosts alone can be overruled: " + refused);

            c.edit(GlspTestClient.applyProperty("TaoTaoServer/rt", "interface", ""));
            c.send(Map.of("kind", "bgmlRun", "target", "omniorb", "allOnThisHost", true));
            JsonObject first = c.action("bgmlRunProgress");
            assertEquals("generating", GlspTestClient.str(first, "phase"), "collapsed on purpose, the run starts: " + first);
            JsonObject failed = c.action("bgmlRunProgress", a -> "failed".equals(GlspTestClient.str(a, "phase")));
            String why = GlspTestClient.str(failed, "message");
            assertFalse(why.contains("refused"), why);
            assertFalse(failed.has("canCollapse") && failed.get("canCollapse").getAsBoolean(), "no offer for a model that cannot run: " + failed);
        }
    }
}
