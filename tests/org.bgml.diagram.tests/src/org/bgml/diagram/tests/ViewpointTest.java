package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.Map;

import org.bgml.diagram.server.DiagramServer;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Metric;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonObject;

/** Switching layers: metric badges, option labels, deployment groups. */
class ViewpointTest {
    @Test
    void layersShowMetricsOptionsAndCollocation() throws Exception {
        Path file = Repo.root().resolve("examples/roundtrip.bgml");
        BenchmarkModel model = ModelFiles.loadModel(file);
        try (DiagramServer server = GlspTestClient.startServer(null);
                GlspTestClient c = GlspTestClient.connect(server)) {
            Map<String, JsonObject> all = GlspTestClient.index(c.open(file));
            assertTrue(all.values().stream().noneMatch(o -> "label:metric".equals(GlspTestClient.str(o, "type"))));

            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "metric", "showDeployment", false));
            all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            for (Metric m : model.getMetrics()) {
                if (m.getConnection() != null) {
                    JsonObject badge = all.get(ElementPaths.pathOf(m) + "#badge");
                    assertNotNull(badge, "no badge for " + m.getName());
                    assertTrue(badge.get("text").getAsString().startsWith(m.eClass().getName()), badge.get("text").getAsString());
                }
            }

            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "configuration", "showDeployment", true));
            JsonObject root = c.action("updateModel").getAsJsonObject("newRoot");
            all = GlspTestClient.index(root);
            assertTrue(root.getAsJsonArray("cssClasses").toString().contains("bgml-viewpoint-configuration"));
            if (!model.getConfigurations().isEmpty()) {
                assertTrue(all.values().stream().anyMatch(o -> "label:option".equals(GlspTestClient.str(o, "type"))));
            }
            if (!model.getDeployments().isEmpty()) {
                assertTrue(all.values().stream().anyMatch(o -> "node:process".equals(GlspTestClient.str(o, "type"))));
                assertTrue(all.get("TaoTaoClient").getAsJsonArray("cssClasses").toString().contains("bgml-collocated-"));
            }

            c.send(Map.of("kind", "bgmlRequestProperties", "elementId", "TaoTaoServer/rt"));
            JsonObject props = c.action("bgmlSetProperties");
            assertTrue(props.toString().contains("Test::RoundTrip"), props.toString());
        }
    }
}
