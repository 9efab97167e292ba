package org.bgml.results.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.ProcessPlacements;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.RunRecord;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.run.HostCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where each process of a stored run ran: a run across two hosts keeps each process's host, kernel and CPUs through
 * the store, and the report's process table has them per process; a run collapsed onto this host says so per process.
 */
class PlacementReportTest {
    @TempDir
    Path temp;

    @Test
    void aTwoHostRunKeepsAndReportsWhereEachProcessRan() throws Exception {
        Path dir = temp.resolve("runs/two");
        Path server = new Fixtures.ResultFileBuilder(dir, "twoHosts/n2/ServerProcess", "omniorb").host("n2", "Linux 6.1.0-b")
                .affinity(1).write("server.json");
        Path client = new Fixtures.ResultFileBuilder(dir, "twoHosts/n1/ClientProcess", "omniorb").host("n1", "Linux 6.1.0-a")
                .affinity(0, 1).add(Fixtures.measurement("latency", "lat", "ClientToServer", "Test::RoundTrip::test_method", null, null,
                        Fixtures.samples(3, 200, 40_000, 2_000)))
                .write("client.json");
        StoredRun stored = store(Fixtures.run("20261126-230500-2a2b", null, "twoHosts", List.of(server, client)));

        List<ProcessPlacements.Placement> places = ProcessPlacements.of(stored.record().environment());
        assertEquals(2, places.size(), stored.record().environment().cpuPlacement());
        ProcessPlacements.Placement s = ProcessPlacements.find(places, "ServerProcess");
        assertEquals("n2", s.host());
        assertEquals("Linux 6.1.0-b", s.kernel());
        assertEquals(List.of(1), s.cpus());
        assertEquals("CPU 1 (pinned)", s.cpuText());
        ProcessPlacements.Placement c = ProcessPlacements.find(places, "twoHosts/n1/ClientProcess");
        assertEquals("n1", c.host());
        assertEquals("Linux 6.1.0-a", c.kernel());
        assertEquals("CPUs 0,1 (ran on 0)", c.cpuText());

        String html = new ReportWriter().runHtml(stored, null);
        String table = html.substring(html.indexOf("<table class=\"processes\""));
        table = table.substring(0, table.indexOf("</table>"));
        assertTrue(table.contains("<th>host</th>") && table.contains("<th>kernel</th>"), table);
        String serverRow = row(table, "twoHosts/n2/ServerProcess");
        assertTrue(serverRow.contains("<td>n2</td>") && serverRow.contains("<td>Linux 6.1.0-b</td>"), serverRow);
        String clientRow = row(table, "twoHosts/n1/ClientProcess");
        assertTrue(clientRow.contains("<td>n1</td>") && clientRow.contains("<td>Linux 6.1.0-a</td>"), clientRow);
    }

    @Test
    void aCollapsedRunSaysSoForEveryProcess() throws Exception {
        Path dir = temp.resolve("runs/collapsed");
        String here = HostCheck.thisHostName();
        Path server = new Fixtures.ResultFileBuilder(dir, "twoHosts/n2/ServerProcess", "omniorb").host(here, "Linux 6.1.0-here")
                .write("server.json");
        Path client = new Fixtures.ResultFileBuilder(dir, "twoHosts/n1/ClientProcess", "omniorb").host(here, "Linux 6.1.0-here")
                .write("client.json");
        RunRecord run = RunRecord.builder("20261126-230600-3c3d").target("omniorb").deployment("twoHosts")
                .warning(HostCheck.collapsed(List.of(new HostCheck.Placement("n1", "n1"), new HostCheck.Placement("n2", "n2"))))
                .resultFiles(List.of(server, client)).build();
        StoredRun stored = store(run);
        List<ProcessPlacements.Placement> places = ProcessPlacements.of(stored.record().environment());
        assertEquals(List.of(here, here), places.stream().map(ProcessPlacements.Placement::host).toList(),
                "one host: each process gets the run's host");
        assertEquals("Linux 6.1.0-here", places.get(0).kernel());

        String html = new ReportWriter().runHtml(stored, null);
        String table = html.substring(html.indexOf("<table class=\"processes\""));
        table = table.substring(0, table.indexOf("</table>"));
        for (String p : List.of("twoHosts/n2/ServerProcess", "twoHosts/n1/ClientProcess")) {
            assertTrue(row(table, p).contains("<td>" + here + " (deployment collapsed onto this host)</td>"), row(table, p));
        }
    }

    private StoredRun store(RunRecord run) throws Exception {
        try (ResultsStore store = ResultsStore.open(temp.resolve("results.db"))) {
            return store.run(store.record(run)).orElseThrow();
        }
    }

    private static String row(String table, String process) {
        int at = table.indexOf("<td>" + process + "</td>");
        assertTrue(at >= 0, process + " has no row in\n" + table);
        int start = table.lastIndexOf("<tr", at);
        return table.substring(start, table.indexOf("</tr>", at));
    }
}
