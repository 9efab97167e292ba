package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.launcher.results.ResultsStore;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bgml new FILE --pattern NAME --set P=V} and {@code bgml patterns}: a pattern becomes a model file in two
 * commands' reach of a run; the same arguments give the same bytes; every bad argument exits 2 with one sentence and
 * writes nothing; {@code --add} puts a second instance beside the first. The proxy and the client-server patterns are
 * then run on omniorb (where omniORB is installed) by {@code bgml run} with no other option.
 */
class NewCommandTest {
    @TempDir
    Path dir;

    @Test
    void patternsListsEveryPatternWithItsParameters() {
        Cli.Result r = Cli.run("patterns", "--dir", dir.toString());
        assertEquals(0, r.code(), r.toString());
        for (String p : List.of("clientServer", "proxy", "pipeline", "fanOut", "mesh")) {
            assertTrue(r.outLines().stream().anyMatch(l -> l.startsWith(p + ": ")), p + "\n" + r);
        }
        assertTrue(r.outLines().contains("  pairs: int 1..64, default 3. Client/server pairs."), r.toString());
        assertTrue(r.outLines().contains("  mode: route|connectOnly, default route. route: every call passes the proxy; connectOnly: the proxy"
                + " only introduces client and server."), r.toString());
        assertEquals(r.out(), Cli.run("new", "--list-patterns").out(), "new --list-patterns lists the same");
    }

    @Test
    void theSameArgumentsGiveTheSameBytes() throws Exception {
        Path a = dir.resolve("a/five.bgml");
        Path b = dir.resolve("b/five.bgml");
        for (Path p : List.of(a, b)) {
            Cli.Result r = Cli.run("new", p.toString(), "--pattern", "proxy", "--set", "pairs=5", "--set", "mode=route");
            assertEquals(0, r.code(), r.toString());
            assertEquals("wrote pattern proxy (pairs=5, mode=route, behaviour=echo, busyMicros=10, samples=10000, rate=0) with prefix Proxy to "
                    + p, r.outLines().get(0), r.toString());
        }
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        BenchmarkModel m = ModelFiles.loadModel(a);
        assertEquals("five", m.getName());
        assertEquals(11, m.getEntities().size());
        Cli.Result valid = Cli.run("validate", a.toString());
        assertEquals(0, valid.code(), valid.toString());
        assertEquals("", valid.out(), "no diagnostic");
        byte[] before = Files.readAllBytes(a);
        assertEquals(0, Cli.run("format", a.toString()).code());
        assertArrayEquals(before, Files.readAllBytes(a), "bgml new writes canonical form");
    }

    @ParameterizedTest
    @ValueSource(strings = { "pairs=0|parameter pairs=0 is out of bounds: it must be from 1 to 64",
            "rate=-1|parameter rate=-1 is out of bounds: it must be from 0 to 1000000",
            "mode=sideways|parameter mode=sideways is not one of route, connectOnly",
            "colour=red|pattern proxy has no parameter 'colour'; its parameters are pairs, mode, behaviour, busyMicros, samples, rate",
            "pairs|--set pairs is not PARAM=VALUE" })
    void aBadParameterExits2AndWritesNothing(String caseText) {
        String[] c = caseText.split("\\|");
        Path file = dir.resolve("bad.bgml");
        Cli.Result r = Cli.run("new", file.toString(), "--pattern", "proxy", "--set", c[0]);
        assertEquals(2, r.code(), r.toString());
        assertEquals("bgml new: " + c[1], r.errLines().get(0), r.toString());
        assertTrue(r.errLines().get(1).startsWith("usage: bgml new "), r.toString());
        assertFalse(Files.exists(file), "nothing written");
    }

    @Test
    void otherWrongUsesExit2() throws Exception {
        Cli.Result unknown = Cli.run("new", dir.resolve("x.bgml").toString(), "--pattern", "star");
        assertEquals(2, unknown.code(), unknown.toString());
        assertEquals("bgml new: unknown pattern 'star'; the patterns are clientServer, proxy, pipeline, fanOut, mesh", unknown.errLines().get(0));
        Cli.Result keyword = Cli.run("new", dir.resolve("x.bgml").toString(), "--pattern", "pipeline", "--set", "eventType=module");
        assertEquals(2, keyword.code(), keyword.toString());
        assertTrue(keyword.err().contains("IDL keyword"), keyword.toString());
        Path existing = dir.resolve("there.bgml");
        assertEquals(0, Cli.run("new", existing.toString()).code());
        Cli.Result again = Cli.run("new", existing.toString(), "--pattern", "proxy");
        assertEquals(2, again.code(), again.toString());
        assertEquals("bgml new: " + existing + " exists; --add puts the pattern into it, or choose another file", again.errLines().get(0));
    }

    @Test
    void addPutsASecondInstanceBesideTheFirst() throws Exception {
        Path file = dir.resolve("two.bgml");
        assertEquals(0, Cli.run("new", file.toString(), "--pattern", "clientServer").code());
        Cli.Result r = Cli.run("new", file.toString(), "--pattern", "clientServer", "--set", "testType=throughput", "--add");
        assertEquals(0, r.code(), r.toString());
        assertTrue(r.outLines().get(0).endsWith("with prefix ClientServer2 to " + file), r.toString());
        BenchmarkModel m = ModelFiles.loadModel(file);
        assertEquals(List.of("ClientServerServer", "ClientServerClient", "ClientServer2Server", "ClientServer2Client"),
                m.getEntities().stream().map(e -> e.getName()).toList());
        assertEquals(0, Cli.run("validate", file.toString()).code());
    }

    /** The two commands, on the default target; a small sample count keeps the test short. */
    @ParameterizedTest
    @ValueSource(strings = { "proxy", "clientServer" })
    void newThenRunWorksOnOmniorb(String pattern) throws Exception {
        for (String tool : List.of("omniidl", "cmake", "g++")) {
            assumeTrue(onPath(tool), tool + " is not installed; scripts/setup.sh installs what the omniorb target needs");
        }
        Path file = dir.resolve(pattern + ".bgml");
        List<String> args = new ArrayList<>(List.of("new", file.toString(), "--pattern", pattern, "--set", "samples=500"));
        if (pattern.equals("proxy")) {
            args.addAll(List.of("--set", "pairs=5", "--set", "mode=route"));
        } else {
            args.addAll(List.of("--set", "testType=both", "--set", "behaviour=cubit"));
        }
        Cli.Result made = Cli.run(args.toArray(String[]::new));
        assertEquals(0, made.code(), made.toString());
        Path store = dir.resolve("results.db");
        Cli.Result run = Cli.run("run", file.toString(), "--out", dir.resolve("out").toString(), "--store", store.toString(), "--report",
                dir.resolve("report.html").toString());
        assertEquals(0, run.code(), run.toString());
        int metrics = pattern.equals("proxy") ? 5 : 2;
        assertTrue(run.err().contains("annotated " + file + ": " + metrics + " of " + metrics + " measurements attached"), run.toString());
        try (ResultsStore s = ResultsStore.open(store)) {
            assertEquals(1, s.runs(null, 10).size());
        }
    }

    private static boolean onPath(String tool) {
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
                return true;
            }
        }
        return false;
    }
}
