package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.bgml.launcher.results.ResultFile;
import org.bgml.launcher.results.ResultFileException;
import org.bgml.launcher.results.ResultFileReader;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.JsonObject;

/** Result files into records; every broken file gives one message naming the file, never a stack trace. */
class ResultFileReaderTest {
    @TempDir
    Path temp;

    private Path goodFile() {
        long[] samples = Fixtures.samples(1, 1000, 14_500, 400);
        JsonObject latency = Fixtures.measurement("latency", "TaoTaoLatency", "TaoTao", "Test::RoundTrip::test_method", 4L, null, samples);
        Fixtures.rawSamples(latency, temp, "latency.samples", samples);
        return new Fixtures.ResultFileBuilder(temp, "remote/localhost/TaoTaoClientProcess", "omniorb").add(latency)
                .add(Fixtures.throughputOnly("TaoTaoThroughput", "TaoTao", "Test::RoundTrip::test_method", 100_000, 1_500_000_000L))
                .write("client.json");
    }

    @Test
    void readsEveryFieldOfARuntimeResultFile() throws Exception {
        ResultFile f = ResultFileReader.read(goodFile());
        assertEquals(1, f.schemaVersion());
        assertEquals("remote/localhost/TaoTaoClientProcess", f.process());
        assertEquals("omniorb", f.target());
        assertEquals("Test CPU", f.environment().cpuModel());
        assertEquals(201103, f.environment().cplusplus());
        assertEquals("omniORB 4.2.5", f.labels().get("orb"));
        assertEquals(List.of(0), f.cpuAffinity());
        assertEquals(21, f.probeCost().medianNs());
        assertNull(f.footprint());
        assertEquals(2, f.measurements().size());
        ResultMeasurement m = f.measurements().get(0);
        assertEquals("latency", m.kind());
        assertEquals(1000, m.n());
        assertTrue(m.min() <= m.mean() && m.mean() <= m.max(), "mean between min and max");
        assertEquals(1000, m.histogram().stream().mapToLong(ResultMeasurement.Bucket::count).sum());
        assertEquals("latency.samples", m.rawSamples());
        ResultMeasurement t = f.measurements().get(1);
        assertEquals(0, t.n());
        assertNull(t.mean());
        assertEquals(100_000 * 1e9 / 1_500_000_000L, t.throughput(), 1e-6);
    }

    @Test
    void aRunResolvesRawSamplesBesideTheResultFile() throws Exception {
        RunRecord run = RunRecord.builder("20261121-093000-aaaa").resultFile(goodFile()).build();
        assertTrue(run.ok(), run.failure());
        assertEquals(temp.resolve("latency.samples").toAbsolutePath().normalize().toString(),
                run.measurements().get(0).figures().rawSamples());
        assertEquals("omniorbLoopback", run.configuration(), "configuration taken from the result labels");
        assertEquals("omniORB 4.2.5", run.environment().middlewareVersions());
        assertEquals(21.0, run.measurements().get(0).probeCostNs());
    }

    @Test
    void aTruncatedFileNamesTheFileAndWhereItStops() throws Exception {
        Path good = goodFile();
        String text = Files.readString(good);
        Path cut = Files.writeString(temp.resolve("cut.json"), text.substring(0, text.length() / 2));
        ResultFileException e = assertThrows(ResultFileException.class, () -> ResultFileReader.read(cut));
        assertTrue(e.getMessage().startsWith(cut.toString() + ": "), e.getMessage());
        assertTrue(e.getMessage().contains("truncated"), e.getMessage());
        assertTrue(e.getMessage().matches("(?s).*at line \\d+ column \\d+.*"), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), "no exception class names: " + e.getMessage());
    }

    @Test
    void aCorruptFileGivesAPlainMessage() throws Exception {
        Path garbage = Files.writeString(temp.resolve("garbage.json"), "{\"schemaVersion\": 1, \"process\": oops}");
        ResultFileException e = assertThrows(ResultFileException.class, () -> ResultFileReader.read(garbage));
        assertTrue(e.getMessage().startsWith(garbage + ": the result file is not valid JSON"), e.getMessage());
        assertFalse(e.getMessage().contains("Exception"), e.getMessage());
        assertFalse(e.getMessage().contains("Troubleshooting"), e.getMessage());

        Path empty = Files.writeString(temp.resolve("empty.json"), "");
        assertTrue(assertThrows(ResultFileException.class, () -> ResultFileReader.read(empty)).getMessage().contains("is empty"));

        Path missing = temp.resolve("missing.json");
        assertEquals(missing + ": no such result file", assertThrows(ResultFileException.class, () -> ResultFileReader.read(missing)).getMessage());

        Path binary = Files.write(temp.resolve("binary.json"), new byte[] { (byte) 0xff, (byte) 0xfe, 0, 1, 2 });
        assertTrue(assertThrows(ResultFileException.class, () -> ResultFileReader.read(binary)).getMessage().contains("not UTF-8"));
    }

    @Test
    void aBadValueIsNamedByItsJsonPath() throws Exception {
        String text = Files.readString(goodFile()).replaceFirst("\"n\": 1000", "\"n\": \"many\"");
        Path bad = Files.writeString(temp.resolve("bad.json"), text);
        ResultFileException e = assertThrows(ResultFileException.class, () -> ResultFileReader.read(bad));
        assertEquals(bad + ": $.measurements[0].n: expected a whole number, found the string \"many\"", e.getMessage());
    }

    @Test
    void aNewerSchemaIsRefusedWithBothVersions() throws Exception {
        String text = Files.readString(goodFile()).replaceFirst("\"schemaVersion\": 1", "\"schemaVersion\": 7");
        Path newer = Files.writeString(temp.resolve("newer.json"), text);
        ResultFileException e = assertThrows(ResultFileException.class, () -> ResultFileReader.read(newer));
        assertTrue(e.getMessage().contains("schema version 7") && e.getMessage().contains("(version 1)"), e.getMessage());
    }

    @Test
    void aCorruptResultFileFailsTheRunButKeepsTheOtherFiles() throws Exception {
        Path good = goodFile();
        Path cut = Files.writeString(temp.resolve("server.json"), "{\"schemaVersion\": 1, \"process\": \"x\", ");
        RunRecord run = RunRecord.builder("20261121-093000-bbbb").resultFiles(List.of(good, cut)).build();
        assertFalse(run.ok());
        assertTrue(run.failure().contains("corrupt result file " + cut), run.failure());
        assertEquals(2, run.measurements().size(), "the good file's measurements are kept");
    }
}
