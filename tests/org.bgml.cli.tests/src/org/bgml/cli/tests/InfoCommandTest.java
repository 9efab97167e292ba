package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bgml info}: what a model holds, as counts. */
class InfoCommandTest {
    @TempDir
    Path temp;

    @Test
    void summarisesASmallModel() throws Exception {
        Path file = SmallModels.save(SmallModels.roundTrip(), temp.resolve("small.bgml"));
        Cli.Result r = Cli.run("info", file.toString());
        assertEquals(0, r.code(), r.toString());
        assertEquals(file + ": model Small", r.outLines().get(0));
        assertLine(r, "  entities: +2 \\(1 Client, 1 Server\\)");
        assertLine(r, "  ports: +2 \\(1 Facet, 1 Receptacle\\)");
        assertLine(r, "  connections: +1 \\(1 invocation, 0 event\\)");
        assertLine(r, "  metrics: +2 \\(1 Latency, 1 Throughput\\), 251000 samples in all");
        assertLine(r, "  deployment: +remote: 2 nodes, 2 processes");
        assertLine(r, "  validation: +clean, 0 warnings");
        assertEquals("", r.err());
    }

    @Test
    void countsEventConnectionsAndReportsErrors() throws Exception {
        Path file = SmallModels.save(SmallModels.sourceToFacet(), temp.resolve("broken.bgml"));
        Cli.Result r = Cli.run("info", file.toString());
        assertEquals(1, r.code(), "info exits 1 when the model has errors\n" + r);
        assertLine(r, "  ports: +3 \\(1 EventSource, 1 Facet, 1 Receptacle\\)");
        assertLine(r, "  connections: +2 \\(1 invocation, 1 event\\)");
        assertLine(r, "  validation: +\\d+ errors?, \\d+ warnings?");
    }

    @Test
    void anUnusableFileExits2() throws Exception {
        Path file = Files.writeString(temp.resolve("notes.bgml"), "just some notes\n");
        Cli.Result r = Cli.run("info", file.toString());
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.errLines().get(0).startsWith(file + ":1"), r.toString());
    }

    private static void assertLine(Cli.Result r, String regex) {
        assertTrue(r.outLines().stream().anyMatch(l -> l.matches(regex)), "no line matching '" + regex + "'\n" + r);
    }
}
