package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.bgml.cli.Bgml;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.Migrations;
import org.bgml.launcher.results.ModelAnnotator;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Measurement;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of the roundtrip's collocated deployment on the ciao target: the target split CiaoTaoProcess in two (manifest.json's
 * substitutions), so the CiaoTao figures were not measured collocated. The substitution is stored on exactly the
 * measurements it affects and shown with them in the CLI, the report and the annotated model the diagram reads.
 */
class SubstitutionTest {
    static final String SPLIT = "split (not collocated): the CORBA 2.x entities run in a TAO process of their own, so these calls cross 127.0.0.1";
    static final List<String> ELEMENTS = List.of("CiaoTao", "CiaoTaoLatency", "CiaoTaoThroughput", "CiaoTaoJitter");

    @TempDir
    Path temp;

    /** CiaoTao measured across the split (43 µs), TaoTao truly collocated (1.9 µs). */
    private RunRecord run(Path model) throws Exception {
        Path dir = temp.resolve("run");
        long[] split = Fixtures.samples(31, 2000, 43_000, 900);
        long[] collocated = Fixtures.samples(32, 2000, 1_900, 40);
        Path ciaoTao = new Fixtures.ResultFileBuilder(dir, "CiaoTaoProcess_corba2", "ciao")
                .add(Fixtures.measurement("latency", "CiaoTaoLatency", "CiaoTao", ModelAnnotatorTest.OP, 4L, null, split))
                .write("ciaotao.json");
        Path taoTao = new Fixtures.ResultFileBuilder(dir, "collocated/localhost/TaoTaoProcess", "ciao")
                .add(Fixtures.measurement("latency", "TaoTaoLatency", "TaoTao", ModelAnnotatorTest.OP, 4L, null, collocated))
                .write("taotao.json");
        return RunRecord.builder("20261126-170000-5b1f").model(model, "RoundTrip").target("ciao").deployment("collocated")
                .substitution(SPLIT, ELEMENTS).resultFiles(List.of(ciaoTao, taoTao)).build();
    }

    private static Map<String, String> substitutionByMetric(List<MeasurementRecord> ms) {
        return ms.stream().collect(Collectors.toMap(m -> m.figures().metric(), m -> String.valueOf(m.substitution())));
    }

    @Test
    void theSplitIsStoredOnTheAffectedMeasurementsAndShownWithThem() throws Exception {
        Path model = Files.copy(Repo.example("roundtrip.bgml"), temp.resolve("roundtrip.bgml"));
        Path db = temp.resolve(".bgml/results.db");
        StoredRun stored;
        try (ResultsStore store = ResultsStore.open(db)) {
            stored = store.run(store.record(run(model))).orElseThrow();
        }
        assertEquals(Map.of("CiaoTaoLatency", SPLIT, "TaoTaoLatency", "null"), substitutionByMetric(stored.record().measurements()),
                "read back from the store: on CiaoTao only");

        String html = new ReportWriter().runHtml(stored, ModelFiles.loadModel(model));
        assertTrue(html.contains("Not run as modelled"), "the report says the run was not as modelled");
        assertTrue(html.contains(SPLIT + ": CiaoTaoLatency"), "with the text and the metric it affects");
        String ciaoTaoRow = row(html, "<td>CiaoTaoLatency</td>");
        assertTrue(ciaoTaoRow.contains("split (not collocated)"), ciaoTaoRow);
        assertFalse(row(html, "<td>TaoTaoLatency</td>").contains("split"), "TaoTao ran collocated");

        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = new Bgml(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true))
                .run(new String[] { "results", "--store", db.toString(), "--run", "1" });
        assertEquals(0, code);
        String text = out.toString(StandardCharsets.UTF_8);
        String ciaoTaoLine = text.lines().filter(l -> l.startsWith("CiaoTaoLatency")).findFirst().orElseThrow();
        assertTrue(ciaoTaoLine.contains("CiaoTao [split (not collocated)]"), text);
        assertFalse(text.lines().filter(l -> l.startsWith("TaoTaoLatency")).findFirst().orElseThrow().contains("split"), text);
        assertTrue(text.contains("not as modelled: CiaoTaoLatency: " + SPLIT), text);

        new ModelAnnotator().annotate(model, stored, 0);
        BenchmarkModel annotated = ModelFiles.loadModel(model);
        Map<String, String> inModel = annotated.getResults().get(0).getMeasurements().stream()
                .collect(Collectors.toMap(m -> m.getMetric().getName(), m -> String.valueOf(m.getSubstitution())));
        assertEquals(Map.of("CiaoTaoLatency", SPLIT, "TaoTaoLatency", "null"), inModel, "the annotated model carries it for the diagram");
        Measurement ciaoTao = annotated.getResults().get(0).getMeasurements().stream()
                .filter(m -> m.getMetric().getName().equals("CiaoTaoLatency")).findFirst().orElseThrow();
        assertEquals("CiaoTao", ciaoTao.getElementPath());
    }

    /** A store written before substitutions existed (schema 4) opens with its runs intact and none substituted. */
    @Test
    void anOlderStoreOpensUnchanged() throws Exception {
        Path db = temp.resolve("v4.db");
        try (Connection c = ResultsStoreTest.connect(db)) {
            assertEquals(0, Migrations.migrate(c, 4, db.toString()));
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO runs (id, run_id, target, status, started_at) VALUES (1, '20250101-000000-0004', 'ciao', 'ok', '2025-01-01T00:00:00Z')");
                s.execute("INSERT INTO measurements (run, seq, element, kind, unit, n) VALUES (1, 0, 'CiaoTao', 'latency', 'ns', 10)");
            }
        }
        try (ResultsStore store = ResultsStore.open(db)) {
            assertEquals(Migrations.latest(), store.schemaVersion());
            List<MeasurementRecord> old = store.run("20250101-000000-0004").orElseThrow().record().measurements();
            assertEquals(1, old.size());
            assertNull(old.get(0).substitution());
            assertEquals(10, old.get(0).figures().n());
        }
    }

    /** The table row of the report's summary that holds {@code cell}. */
    private static String row(String html, String cell) {
        int at = html.indexOf(cell);
        assertTrue(at >= 0, "no row with " + cell);
        int start = html.lastIndexOf("<tr", at);
        int end = html.indexOf("</tr>", at);
        return html.substring(start, end);
    }
}
