package org.bgml.analysis.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Factor;
import org.bgml.analysis.StoreTables;
import org.bgml.cli.Bgml;
import org.bgml.launcher.results.ResultsStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The analysis reads experiments from the results store, and {@code bgml analyze} runs it from the command line. */
class StoreAndCliTest {
    /** The omniORB example experiment's factors (examples/omniorb-options-experiment.bgml, ThreadingAndGiop). */
    static final List<Factor> OMNI = List.of(new Factor("threadPerConnectionPolicy", List.of("0", "1")),
            new Factor("threadPoolWatchConnection", List.of("0", "1")), new Factor("maxServerThreadPerConnection", List.of("1", "100")),
            new Factor("supportCurrent", List.of("0", "1")), new Factor("maxGIOPVersion", List.of("1.1", "1.2")),
            new Factor("giopMaxMsgSize", List.of("65536", "2097152")));

    @TempDir
    Path temp;

    /** Thread per connection is 6 µs faster; watching the connection costs 3 µs unless thread per connection is on. */
    static double omni(Map<String, String> c) {
        double tpc = "1".equals(c.get("threadPerConnectionPolicy")) ? -3 : 3;
        double watch = "1".equals(c.get("threadPoolWatchConnection")) ? 1 : -1;
        double maxGiop = "1.2".equals(c.get("maxGIOPVersion")) ? 1 : -1;
        return 30 + tpc + 1.5 * watch * (tpc > 0 ? 2 : 0) + 1.2 * maxGiop;
    }

    private Path store(int repetitions) throws Exception {
        List<Map<String, String>> configs = new ArrayList<>();
        for (Map<String, String> c : Synthetic.fullFactorial(Synthetic.factors(6))) {
            Map<String, String> m = new LinkedHashMap<>();
            int i = 0;
            for (String level : c.values()) {
                Factor f = OMNI.get(i++);
                m.put(f.name(), f.levels().get(level.equals("hi") ? 1 : 0));
            }
            configs.add(m);
        }
        ConfigurationTable t = Synthetic.table("ThreadingAndGiop", OMNI, configs, repetitions, StoreAndCliTest::omni, 0.8, 21);
        Path db = temp.resolve("results.db");
        try (ResultsStore store = ResultsStore.open(db)) {
            StoredExperiments.store(store, "ThreadingAndGiop", t);
            store.record(StoredExperiments.run("failed-1", "ThreadingAndGiop", configs.get(3), 0, 0, "the server did not start"));
            store.record(StoredExperiments.run("other-1", "SomethingElse", configs.get(3), 10, 10, null));
        }
        return db;
    }

    @Test
    void anExperimentIsReadFromTheStoreWithFailedRunsLeftOutAndNamed() throws Exception {
        Path db = store(2);
        try (ResultsStore store = ResultsStore.openExisting(db)) {
            ConfigurationTable t = StoreTables.read(store, "ThreadingAndGiop", OMNI, null);
            assertEquals(128, t.size(), "64 configurations × 2, the failed run left out");
            assertEquals(64, t.distinctConfigurations());
            assertEquals(OMNI, t.factors(), "factors and level order as the model declares them");
            assertEquals(1, t.dropped().size());
            assertTrue(t.dropped().get(0).contains("failed: the server did not start"), t.dropped().get(0));
            double mean = t.rows().stream().mapToDouble(o -> o.latencyUs()).average().orElseThrow();
            assertEquals(30, mean, 0.5, "latency read back in µs");
            assertTrue(t.rows().stream().allMatch(o -> o.throughput() > 0), "throughput read back");

            ConfigurationTable derived = StoreTables.read(store, "ThreadingAndGiop", List.of(), null);
            assertEquals(List.of("0", "1"), derived.factor("threadPerConnectionPolicy").levels());
            assertEquals(List.of("65536", "2097152"), derived.factor("giopMaxMsgSize").levels(), "numeric levels sort by value");
            Exception none = org.junit.jupiter.api.Assertions.assertThrows(Exception.class, () -> StoreTables.read(store, "Nope", List.of(), null));
            assertTrue(none.getMessage().contains("experiments there: SomethingElse, ThreadingAndGiop"), none.getMessage());
        }
    }

    private record Result(int code, String out, String err) {
    }

    private static Result bgml(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Bgml(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void analyzeFixesOptionsIteratesAndWritesTheReport() throws Exception {
        Path db = store(3);
        String model = StoredExperiments.repo().resolve("examples/omniorb-options-experiment.bgml").toString();
        Result whole = bgml("analyze", model, "--experiment", "ThreadingAndGiop", "--store", db.toString());
        assertEquals(0, whole.code(), whole.err());
        assertTrue(whole.out().contains("experiment ThreadingAndGiop: 192 runs, 64 distinct configurations of 64, 6 factors; runs left out: 1"), whole.out());
        assertTrue(whole.out().matches("(?s).*\\n  threadPerConnectionPolicy\\s+\\*\\*\\* .*"), "the strongest factor is starred:\n" + whole.out());
        assertTrue(whole.out().contains("strongest interaction on latency: threadPerConnectionPolicy × threadPoolWatchConnection"), whole.out());
        assertTrue(whole.out().matches("(?s).*\\n  IF [^\\n]*threadPerConnectionPolicy = 0[^\\n]* THEN worst .*"), "a worst rule:\n" + whole.out());

        Path report = temp.resolve("out/analysis.html");
        Result step = bgml("analyze", model, "--experiment", "ThreadingAndGiop", "--store", db.toString(), "--fix", "threadPerConnectionPolicy=0",
                "--worst", "15", "--report", report.toString());
        assertEquals(0, step.code(), step.err());
        assertTrue(step.out().contains("step 1: threadPerConnectionPolicy=0 threadPoolWatchConnection=* "), step.out());
        assertTrue(step.out().contains("(96 of 192 runs match)"), step.out());
        assertTrue(step.out().contains("unset options that still matter for latency: threadPoolWatchConnection, maxGIOPVersion"), step.out());
        assertTrue(step.out().contains("next: add --fix threadPoolWatchConnection=0"), step.out());
        assertTrue(step.out().contains("worst 15% by latency: 29 of 192 runs"), step.out());
        assertTrue(Files.readString(report).contains("Step 1: threadPerConnectionPolicy=0"), "the report holds the step");

        Result next = bgml("analyze", model, "--experiment", "ThreadingAndGiop", "--store", db.toString(), "--fix", "threadPerConnectionPolicy=0",
                "--fix", "threadPoolWatchConnection=0");
        assertTrue(next.out().contains("step 2: threadPerConnectionPolicy=0 threadPoolWatchConnection=0 "), next.out());
        assertTrue(next.out().contains("unset options that still matter for latency: maxGIOPVersion"), next.out());

        Result bad = bgml("analyze", model, "--experiment", "ThreadingAndGiop", "--store", db.toString(), "--fix", "supportCurrent=2");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("supportCurrent has no level '2' (levels: 0, 1)"), bad.err());
        Result noExperiment = bgml("analyze", model, "--experiment", "Nope", "--store", db.toString());
        assertEquals(2, noExperiment.code());
        assertTrue(noExperiment.err().contains("no experiment 'Nope'") && noExperiment.err().contains("ThreadingAndGiop"), noExperiment.err());
    }
}
