package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.bgml.launcher.results.ModelAnnotator;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Latency;
import org.bgml.model.Measurement;
import org.bgml.model.Operation;
import org.bgml.model.Port;
import org.bgml.model.ResultSet;
import org.bgml.model.RunStatus;
import org.bgml.model.Unit;
import org.bgml.model.Verdict;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.bgml.validation.Severity;
import org.eclipse.emf.ecore.EObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/**
 * Annotating examples/roundtrip.bgml from synthetic result files written as the runtime writes them: every attached
 * element resolves, verdicts follow the requirements with unit conversion, the model validates and reloads.
 */
class ModelAnnotatorTest {
    static final String OP = "Test::RoundTrip::test_method";

    @TempDir
    Path temp;

    /** The results of one run on roundtrip: TaoTao within its p99 <= 150 µs requirement, CiaoCiao beyond it. */
    static List<Path> roundTripResults(Path dir) {
        long[] fast = Fixtures.samples(11, 2000, 14_500, 300); // p99 about 15.2 µs: passes p99 <= 150 µs (results are in ns)
        long[] slow = Fixtures.samples(12, 2000, 180_000, 3_000); // p99 about 187 µs: fails
        JsonObject taoTao = Fixtures.measurement("latency", "TaoTaoLatency", "TaoTao", OP, 4L, null, fast);
        Fixtures.rawSamples(taoTao, dir, "taotao.samples", fast);
        Path client1 = new Fixtures.ResultFileBuilder(dir, "remote/localhost/TaoTaoClientProcess", "omniorb").add(taoTao)
                .add(Fixtures.measurement("lookupTime", null, OP, OP, null, null, Fixtures.samples(13, 100, 900, 50)))
                .add(Fixtures.measurement("latency", null, "TaoTaoClient/rt", OP, 4L, null, fast))
                .write("taotao-client.json");
        JsonObject footprint = Fixtures.measurement("footprint", null, "remote/localhost/CiaoCiaoClientProcess", null, null, null, new long[0]);
        footprint.addProperty("unit", "KiB");
        footprint.addProperty("staticFootprintBytes", 7_089_240);
        footprint.addProperty("peakResidentKiB", 9120);
        Path client2 = new Fixtures.ResultFileBuilder(dir, "remote/localhost/CiaoCiaoClientProcess", "omniorb")
                .add(Fixtures.measurement("latency", "CiaoCiaoLatency", "CiaoCiao", OP, 4L, null, slow)).add(footprint)
                .add(Fixtures.measurement("latency", null, "OldConnection", OP, 4L, null, fast))
                .write("ciaociao-client.json");
        return List.of(client1, client2);
    }

    private Path model() throws Exception {
        return Files.copy(Repo.example("roundtrip.bgml"), temp.resolve("roundtrip.bgml"));
    }

    private StoredRun store(Path model, String runId, String startedAt) throws Exception {
        RunRecord run = RunRecord.builder(runId).model(model, "RoundTrip").target("omniorb").deployment("remote")
                .configuration("omniorbLoopback").startedAt(startedAt).resultFiles(roundTripResults(temp.resolve("runs/" + runId))).build();
        try (ResultsStore store = ResultsStore.open(temp.resolve(".bgml/results.db"))) {
            long id = store.record(run);
            return store.run(id).orElseThrow();
        }
    }

    @Test
    void measurementsLandOnTheElementsTheyMeasuredWithVerdicts() throws Exception {
        Path file = model();
        StoredRun run = store(file, "20261121-093000-ab12", "2026-11-21T09:30:00Z");
        ModelAnnotator.Summary summary = new ModelAnnotator().annotate(file, run, 0);
        assertEquals(6, summary.measurements());
        assertEquals(5, summary.attached());
        assertEquals(1, summary.passed());
        assertEquals(1, summary.failed());
        assertEquals(List.of("element OldConnection"), summary.unresolved());
        assertFalse(summary.modelChanged());

        BenchmarkModel model = ModelFiles.loadModel(file);
        List<ModelDiagnostic> errors = new ModelValidator().validate(model).stream().filter(d -> d.severity() == Severity.ERROR).toList();
        assertEquals(List.of(), errors.stream().map(ModelDiagnostic::format).toList(), "the annotated model validates");
        assertEquals(1, model.getResults().size());
        ResultSet set = model.getResults().get(0);
        assertEquals("run_20261121_093000_ab12", set.getName());
        assertEquals("20261121-093000-ab12", set.getRunId());
        assertEquals("2026-11-21T09:30:00Z", set.getTime());
        assertEquals("omniorb", set.getTarget());
        assertEquals("remote", set.getDeploymentName());
        assertEquals("omniorbLoopback", set.getConfigurationName());
        assertEquals(RunStatus.OK, set.getStatus());
        assertEquals("testhost", set.getEnvironment().getHost());
        assertEquals("omniORB 4.2.5", set.getEnvironment().getMiddlewareVersions());
        assertEquals(run.record().modelHash(), set.getEnvironment().getModelHash());

        for (Measurement m : set.getMeasurements()) {
            assertNotNull(m.getElementPath());
            if (m.getElement() != null) {
                assertSame(m.getElement(), ElementPaths.resolve(model, m.getElementPath()), "every annotated element id resolves");
                assertEquals(m.getElementPath(), ElementPaths.pathOf(m.getElement()));
            }
            if (m.getMetric() != null) {
                assertSame(m.getMetric(), ElementPaths.resolve(model, ElementPaths.pathOf(m.getMetric())));
            }
        }
        Map<String, Measurement> byPath = set.getMeasurements().stream()
                .collect(Collectors.toMap(m -> m.getElementPath() + (m.getMetric() == null ? "" : "#" + m.getMetric().getName()),
                        Function.identity(), (a, b) -> a));
        Measurement taoTao = byPath.get("TaoTao#TaoTaoLatency");
        assertInstanceOf(Connection.class, taoTao.getElement());
        assertInstanceOf(Latency.class, taoTao.getMetric());
        assertEquals(Verdict.PASS, taoTao.getVerdict(), "p99 about 15 µs (15,000 ns) meets p99 <= 150 µs");
        assertEquals(Unit.NS, taoTao.getUnit());
        assertEquals(2000, taoTao.getN());
        assertTrue(taoTao.getMin() <= taoTao.getMean() && taoTao.getMean() <= taoTao.getMax());
        assertEquals(2000, taoTao.getHistogram().stream().mapToLong(b -> b.getCount()).sum());
        assertEquals("runs/20261121-093000-ab12/taotao.samples", taoTao.getRawSamples(), "relative to the model's folder");
        assertEquals(21.0, taoTao.getProbeCost(), 1e-9);

        Measurement ciaoCiao = byPath.get("CiaoCiao#CiaoCiaoLatency");
        assertEquals(Verdict.FAIL, ciaoCiao.getVerdict(), "p99 about 187 µs breaks p99 <= 150 µs");

        assertInstanceOf(Port.class, byPath.get("TaoTaoClient/rt").getElement());
        assertInstanceOf(Operation.class, byPath.get(OP).getElement());
        EObject process = byPath.get("remote/localhost/CiaoCiaoClientProcess").getElement();
        assertInstanceOf(org.bgml.model.Process.class, process);
        assertEquals(9120, byPath.get("remote/localhost/CiaoCiaoClientProcess").getPeakResidentKiB());
        Measurement gone = byPath.get("OldConnection");
        assertNull(gone.getElement(), "a path that no longer resolves stays unattached");
        assertEquals(Verdict.NONE, gone.getVerdict());
        long judged = set.getMeasurements().stream().filter(m -> m.getVerdict() != Verdict.NONE).count();
        assertEquals(2, judged, "only measurements of metrics with a requirement are judged");
    }

    @Test
    void annotatingAgainReplacesTheRunAndKeepPrunesTheOldest() throws Exception {
        Path file = model();
        StoredRun first = store(file, "20261121-093000-0001", "2026-11-21T09:30:00Z");
        ModelAnnotator annotator = new ModelAnnotator();
        annotator.annotate(file, first, 0);
        annotator.annotate(file, first, 0);
        assertEquals(1, ModelFiles.loadModel(file).getResults().size(), "the same run is replaced, not added twice");

        StoredRun second = store(file, "20261121-100000-0002", "2026-11-21T10:00:00Z");
        ModelAnnotator.Summary s = annotator.annotate(file, second, 0);
        assertFalse(s.modelChanged(), "the second run was made from the file as it is now");
        assertEquals(List.of("20261121-093000-0001", "20261121-100000-0002"),
                ModelFiles.loadModel(file).getResults().stream().map(ResultSet::getRunId).toList(), "older result sets are kept");
    }

    @Test
    void keepLeavesTheNewestResultSets() throws Exception {
        Path file = model();
        StoredRun a = store(file, "20261121-090000-000a", "2026-11-21T09:00:00Z");
        StoredRun b = store(file, "20261121-100000-000b", "2026-11-21T10:00:00Z");
        StoredRun c = store(file, "20261121-110000-000c", "2026-11-21T11:00:00Z");
        ModelAnnotator annotator = new ModelAnnotator();
        annotator.annotate(file, a, 0);
        annotator.annotate(file, b, 0);
        ModelAnnotator.Summary s = annotator.annotate(file, c, 2);
        assertEquals(1, s.pruned());
        BenchmarkModel model = ModelFiles.loadModel(file);
        assertEquals(List.of("20261121-100000-000b", "20261121-110000-000c"), model.getResults().stream().map(ResultSet::getRunId).toList());
        assertTrue(s.modelChanged(), "runs a and b were annotated after run c's model hash was taken");
        List<ModelDiagnostic> errors = new ModelValidator().validate(model).stream().filter(d -> d.severity() == Severity.ERROR).toList();
        assertTrue(errors.isEmpty(), errors.toString());
    }
}
