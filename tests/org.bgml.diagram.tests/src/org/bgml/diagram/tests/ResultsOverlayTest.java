package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.Map;

import org.bgml.diagram.server.DiagramServer;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Connection;
import org.bgml.model.HistogramBucket;
import org.bgml.model.Measurement;
import org.bgml.model.ResultSet;
import org.bgml.model.RunStatus;
import org.bgml.model.Unit;
import org.bgml.model.Verdict;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/** Result sets on the model show as labels on the connections they measure, for the chosen run. */
class ResultsOverlayTest {

    @Test
    void newestRunIsShownAndAnotherCanBeChosen(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("roundtrip.bgml");
        BenchmarkModel model = ModelFiles.loadModel(Repo.root().resolve("examples/roundtrip.bgml"));
        Connection taoTao = (Connection) ElementPaths.resolve(model, "TaoTao");
        model.getResults().add(resultSet("20261101-100000-aaaa", "2026-11-01T10:00:00Z", taoTao, 31000, 52000, 30100, Verdict.FAIL));
        model.getResults().add(resultSet("20261102-100000-bbbb", "2026-11-02T10:00:00Z", taoTao, 14200, 19600, 67800, Verdict.PASS));
        ModelFiles.save(model.eResource(), file);

        try (DiagramServer server = GlspTestClient.startServer(null);
                GlspTestClient c = GlspTestClient.connect(server)) {
            Map<String, JsonObject> all = GlspTestClient.index(c.open(file));
            JsonObject runs = c.action("bgmlSetRuns");
            assertEquals("20261102-100000-bbbb", runs.get("selected").getAsString());
            assertEquals(2, runs.getAsJsonArray("runs").size());

            JsonObject label = all.get("TaoTao#result");
            assertNotNull(label, "no result label on the connection");
            assertEquals("p50 14.2 µs · p99 19.6 µs · 67.8k/s", label.get("text").getAsString());
            assertTrue(all.get("TaoTao").getAsJsonArray("cssClasses").toString().contains("bgml-pass"));
            JsonObject args = label.getAsJsonObject("args");
            assertEquals(14200, args.get("p50").getAsDouble());
            assertEquals("ns", args.get("unit").getAsString());
            assertEquals("[[10000,5],[20000,90],[40000,5]]", args.get("histogram").getAsString());

            c.send(Map.of("kind", "bgmlSelectResult", "runId", "20261101-100000-aaaa", "metric", ""));
            all = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            assertEquals("p50 31.0 µs · p99 52.0 µs · 30.1k/s", all.get("TaoTao#result").get("text").getAsString());
            assertTrue(all.get("TaoTao").getAsJsonArray("cssClasses").toString().contains("bgml-fail"));
            assertNull(all.get("CiaoTao#result"), "a connection without measurements has no label");
        }
    }

    private static ResultSet resultSet(String runId, String time, Connection c, double p50, double p99, double throughput, Verdict verdict) {
        ResultSet set = BgmlFactory.eINSTANCE.createResultSet();
        set.setName("run_" + runId.replace('-', '_'));
        set.setRunId(runId);
        set.setTime(time);
        set.setTarget("omniorb");
        set.setStatus(RunStatus.OK);
        Measurement m = BgmlFactory.eINSTANCE.createMeasurement();
        m.setElement(c);
        m.setElementPath(ElementPaths.pathOf(c));
        m.setUnit(Unit.NS);
        m.setN(100);
        m.setP50(p50);
        m.setP99(p99);
        m.setMean(p50 * 1.05);
        m.setThroughput(throughput);
        m.setVerdict(verdict);
        for (double[] b : new double[][] { { 0, 10000, 5 }, { 10000, 20000, 90 }, { 20000, 40000, 5 } }) {
            HistogramBucket h = BgmlFactory.eINSTANCE.createHistogramBucket();
            h.setLower(b[0]);
            h.setUpper(b[1]);
            h.setCount((long) b[2]);
            m.getHistogram().add(h);
        }
        set.getMeasurements().add(m);
        return set;
    }
}
