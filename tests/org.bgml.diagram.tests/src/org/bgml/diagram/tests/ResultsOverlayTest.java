package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.server.DiagramServer;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Connection;
import org.bgml.model.HistogramBucket;
import org.bgml.model.Measurement;
import org.bgml.model.PathLatency;
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

    /**
     * A measurement stored with a substitution (the ciao target split CiaoTaoProcess, so CiaoTao's calls crossed
     * 127.0.0.1): its label ends with the short form and the full text is in its arguments; TaoTao's does not.
     */
    @Test
    void aSubstitutedMeasurementSaysSoOnItsLabel(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("roundtrip.bgml");
        BenchmarkModel model = ModelFiles.loadModel(Repo.root().resolve("examples/roundtrip.bgml"));
        String split = "split (not collocated): the CORBA 2.x entities run in a TAO process of their own, so these calls cross 127.0.0.1";
        ResultSet set = resultSet("20261126-170000-5b1f", "2026-11-26T17:00:00Z", (Connection) ElementPaths.resolve(model, "CiaoTao"),
                43000, 61000, 22000, Verdict.NONE);
        set.getMeasurements().get(0).setSubstitution(split);
        ResultSet other = resultSet("x", "2026-11-26T17:00:00Z", (Connection) ElementPaths.resolve(model, "TaoTao"), 1900, 2500, 500000,
                Verdict.NONE);
        set.getMeasurements().add(other.getMeasurements().get(0));
        model.getResults().add(set);
        ModelFiles.save(model.eResource(), file);

        try (DiagramServer server = GlspTestClient.startServer(null);
                GlspTestClient c = GlspTestClient.connect(server)) {
            Map<String, JsonObject> all = GlspTestClient.index(c.open(file));
            JsonObject label = all.get("CiaoTao#result");
            assertEquals("p50 43.0 µs · p99 61.0 µs · 22.0k/s · split (not collocated)", label.get("text").getAsString());
            assertEquals(split, label.getAsJsonObject("args").get("substitution").getAsString());
            JsonObject taoTao = all.get("TaoTao#result");
            assertEquals("p50 1.9 µs · p99 2.5 µs · 500.0k/s", taoTao.get("text").getAsString());
            assertFalse(taoTao.getAsJsonObject("args").has("substitution"));
        }
    }

    /**
     * Two nodes placed close side by side (either way round, as a new user places them): the result label above the
     * connection and the metric badge below it stay off both node boxes, also after a move that only shifts a node.
     */
    @Test
    void labelsOnAShortConnectionKeepOffBothNodes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("roundtrip.bgml");
        BenchmarkModel model = ModelFiles.loadModel(Repo.root().resolve("examples/roundtrip.bgml"));
        Connection taoTao = (Connection) ElementPaths.resolve(model, "TaoTao");
        model.getResults().add(resultSet("20261102-100000-bbbb", "2026-11-02T10:00:00Z", taoTao, 14200, 19600, 67800, Verdict.PASS));
        ModelFiles.save(model.eResource(), file);

        try (DiagramServer server = GlspTestClient.startServer(null);
                GlspTestClient c = GlspTestClient.connect(server)) {
            Map<String, JsonObject> all = GlspTestClient.index(c.open(file));
            String s = "TaoTaoServer";
            String k = "TaoTaoClient";
            double sw = size(all, s, "width"), sh = size(all, s, "height");
            double kw = size(all, k, "width"), kh = size(all, k, "height");
            // server left, client 30 px to its right; then the other way round (the second edit only moves a node)
            c.edit(move(s, 100, 200, sw, sh));
            all = GlspTestClient.index(c.edit(move(k, 100 + sw + 30, 200, kw, kh)));
            assertClear(all, "TaoTao#result", s, k);
            all = GlspTestClient.index(c.edit(move(k, 100 - kw - 30, 210, kw, kh)));
            assertClear(all, "TaoTao#result", s, k);

            // the metric viewpoint: the connection's badges hang below both nodes
            c.send(Map.of("kind", "bgmlSetViewpoint", "viewpoint", "metric", "showDeployment", false));
            Map<String, JsonObject> metric = GlspTestClient.index(c.action("updateModel").getAsJsonObject("newRoot"));
            String badge = metric.keySet().stream().filter(id -> id.endsWith("#badge") && metric.get(id).has("edgePlacement"))
                    .findFirst().orElseThrow(() -> new AssertionError("no badge on a connection: " + metric.keySet()));
            assertClear(metric, badge, s, k);
        }
    }

    /**
     * A path latency stores its hops on its end port next to its end-to-end figure, hops first (as the generated
     * processes write them). The end port's label shows the end-to-end figure, not a hop's, and lists the hops in path
     * order; each hop is also on its own connection, or on the sink whose actions it times, with its own figures.
     */
    @Test
    void aPathShowsItsEndToEndFigureAtItsEndAndEachHopWhereItHappens(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("avionics-chain.bgml");
        BenchmarkModel model = ModelFiles.loadModel(Repo.root().resolve("examples/avionics-chain.bgml"));
        PathLatency path = (PathLatency) model.getMetrics().stream().filter(m -> m.getName().equals("TickToGpsRead")).findFirst()
                .orElseThrow();
        assertEquals("Gps/position", ElementPaths.pathOf(path.getEnd()));
        ResultSet set = BgmlFactory.eINSTANCE.createResultSet();
        set.setName("run_chain");
        set.setRunId("chain");
        set.setTime("2026-11-27T00:00:00Z");
        set.setTarget("omniorb");
        // TickToGpsRead: tick → Pulse → the GPS's actions → GpsReady → the airframe's actions → AirframeGps → the read
        String[] hops = { "Pulse", "Gps.refresh actions", "GpsReady", "Airframe.gpsReady actions", "AirframeGps" };
        double[] p50s = { 40000, 20500, 45000, 3000, 30000 };
        for (int i = 0; i < hops.length; i++) {
            set.getMeasurements().add(pathMeasurement(path, hops[i], p50s[i], p50s[i] * 2, p50s[i] + p50s[i] / 10));
        }
        set.getMeasurements().add(pathMeasurement(path, null, 138500, 290000, 152350));
        // the rate generator's missed deadlines, as ace stores them: counts and a rate, no distribution
        Measurement deadlines = BgmlFactory.eINSTANCE.createMeasurement();
        deadlines.setMetric(model.getMetrics().stream().filter(m -> m.getName().equals("TickDeadlines")).findFirst().orElseThrow());
        deadlines.setElement(ElementPaths.resolve(model, "RateGen/pulse"));
        deadlines.setElementPath("RateGen/pulse");
        deadlines.setThroughput(99.2);
        deadlines.setMissedDeadlines(13);
        set.getMeasurements().add(deadlines);
        model.getResults().add(set);
        ModelFiles.save(model.eResource(), file);

        try (DiagramServer server = GlspTestClient.startServer(null);
                GlspTestClient c = GlspTestClient.connect(server)) {
            Map<String, JsonObject> all = GlspTestClient.index(c.open(file));
            JsonObject end = all.get("Gps/position#result");
            assertNotNull(end, "the end-to-end figure is on the path's end port");
            assertEquals("p50 138.5 µs · p99 290.0 µs", end.get("text").getAsString());
            JsonObject args = end.getAsJsonObject("args");
            assertEquals("TickToGpsRead", args.get("metric").getAsString());
            assertFalse(args.has("segment"), "the end-to-end measurement is no hop");
            assertEquals("[[\"Pulse\",40000,80000,44000],[\"Gps.refresh actions\",20500,41000,22550],[\"GpsReady\",45000,90000,49500],"
                    + "[\"Airframe.gpsReady actions\",3000,6000,3300],[\"AirframeGps\",30000,60000,33000]]", args.get("hops").getAsString());

            // each connection the path passes carries its hop below it; the components' action times sit on their sinks
            for (String connection : List.of("Pulse", "GpsReady", "AirframeGps")) {
                JsonObject hop = all.get(connection + "#hop");
                assertNotNull(hop, "hop label on " + connection + " in " + all.keySet());
                assertEquals("label:hop", hop.get("type").getAsString());
                assertEquals("bottom", hop.getAsJsonObject("edgePlacement").get("side").getAsString());
                assertEquals(connection, hop.getAsJsonObject("args").get("segment").getAsString());
                assertNull(all.get(connection + "#result"), "a hop is not the connection's own result");
            }
            assertEquals("hop p50 40.0 µs · p99 80.0 µs", all.get("Pulse#hop").get("text").getAsString());
            assertEquals("hop p50 20.5 µs · p99 41.0 µs", all.get("Gps/refresh#hop").get("text").getAsString());
            assertNotNull(all.get("Airframe/gpsReady#hop"));
            assertNull(all.get("AirframeReady#hop"), "a connection the path does not pass has no hop");

            JsonObject rateGen = all.get("RateGen/pulse#result");
            assertNotNull(rateGen, "the rate generator's own label");
            assertEquals("99/s · 13 late", rateGen.get("text").getAsString(), "its late ticks beside its rate");
            assertEquals(13, rateGen.getAsJsonObject("args").get("missedDeadlines").getAsInt());
        }
    }

    private static Measurement pathMeasurement(PathLatency path, String segment, double p50, double p99, double mean) {
        Measurement m = BgmlFactory.eINSTANCE.createMeasurement();
        m.setMetric(path);
        m.setElement(path.getEnd());
        m.setElementPath(ElementPaths.pathOf(path.getEnd()));
        m.setSegment(segment);
        m.setUnit(Unit.NS);
        m.setN(500);
        m.setP50(p50);
        m.setP99(p99);
        m.setMean(mean);
        return m;
    }

    /** The label's box as GLSP places a top or bottom label, non-rotated, half way along a straight edge. */
    private static void assertClear(Map<String, JsonObject> all, String labelId, String... nodes) {
        JsonObject label = all.get(labelId);
        assertNotNull(label, labelId);
        JsonObject placement = label.getAsJsonObject("edgePlacement");
        double offset = placement.get("offset").getAsDouble();
        boolean top = "top".equals(placement.get("side").getAsString());
        JsonObject edge = all.values().stream()
                .filter(e -> e.has("sourceId") && e.has("children") && e.getAsJsonArray("children").contains(label))
                .findFirst().orElseThrow(() -> new AssertionError(labelId + " is on no edge"));
        double[] a = portCentre(all, edge.get("sourceId").getAsString());
        double[] b = portCentre(all, edge.get("targetId").getAsString());
        double mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
        double w = size(all, labelId, "width"), h = size(all, labelId, "height");
        double x0 = mx - w / 2, y0 = top ? my - offset - h : my + offset;
        for (String n : nodes) {
            double nx = pos(all, n, "x"), ny = pos(all, n, "y");
            boolean overlaps = x0 < nx + size(all, n, "width") && nx < x0 + w && y0 < ny + size(all, n, "height") && ny < y0 + h;
            assertFalse(overlaps, labelId + " at (" + x0 + ", " + y0 + ") " + w + "×" + h + " covers " + n + " at (" + nx + ", " + ny + ")");
        }
    }

    private static double[] portCentre(Map<String, JsonObject> all, String portId) {
        String node = portId.substring(0, portId.lastIndexOf('/'));
        return new double[] { pos(all, node, "x") + pos(all, portId, "x") + size(all, portId, "width") / 2,
                pos(all, node, "y") + pos(all, portId, "y") + size(all, portId, "height") / 2 };
    }

    private static double pos(Map<String, JsonObject> all, String id, String axis) {
        return all.get(id).getAsJsonObject("position").get(axis).getAsDouble();
    }

    private static double size(Map<String, JsonObject> all, String id, String dimension) {
        return all.get(id).getAsJsonObject("size").get(dimension).getAsDouble();
    }

    private static Map<String, Object> move(String id, double x, double y, double width, double height) {
        return Map.of("kind", "changeBounds", "newBounds", List.of(Map.of("elementId", id, "newPosition", Map.of("x", x, "y", y),
                "newSize", Map.of("width", width, "height", height))));
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
