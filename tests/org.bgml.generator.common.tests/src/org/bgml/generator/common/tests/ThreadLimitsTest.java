package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Metric;
import org.bgml.model.io.ModelFiles;
import org.bgml.targets.GenerationService;
import org.bgml.testing.RepositoryRoot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The run limit every target writes into its manifest follows the one meaning of a multi-threaded workload
 * (tests/models/threads.bgml, three calling threads): each thread makes the whole count, so a client pays 50 us for
 * every call of every thread; at a fixed rate each thread is paced at the full rate, side by side, so the paced
 * time is one thread's, not three. Checked without running anything, on all four targets.
 */
class ThreadLimitsTest {
    @TempDir
    Path temp;

    /** 1,000,000 timed calls in each of three threads: 120 s plus 3 x 1,000,010 calls at 50 us, about 270 s. */
    @ParameterizedTest
    @ValueSource(strings = { "omniorb", "ace", "tao", "ciao" })
    void aClientPaysForTheCallsOfEveryThread(String target) throws Exception {
        int limit = callerLimit(target, 1_000_000, 100);
        assertTrue(limit >= 270 && limit <= 280, target + ": the caller's limit is " + limit + " s, expected 270 to 280 s"
                + " (each of the three threads makes the 1,000,000 calls)");
    }

    /**
     * 100,000 paced calls in each of three threads at 2,000 Hz: each thread takes 50 s, side by side, plus 120 s and
     * 3 x 100,005 calls at 50 us (15 s): about 185 s; three threads one after the other would need 270 s, and a limit
     * that ignores the rate 135 s.
     */
    @ParameterizedTest
    @ValueSource(strings = { "omniorb", "ace", "tao", "ciao" })
    void aPacedClientPaysForOneThreadsPeriods(String target) throws Exception {
        int limit = callerLimit(target, 300, 100_000);
        assertTrue(limit >= 185 && limit <= 195, target + ": the caller's limit is " + limit + " s, expected 185 to 195 s");
    }

    /** The manifest's limit of CallerProcess with these sample counts of the free and the paced metric. */
    private int callerLimit(String target, int free, int paced) throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(RepositoryRoot.get().resolve("tests/models/threads.bgml"));
        for (Metric m : model.getMetrics()) {
            m.setSamples(m.getName().equals("ThreeThreads") ? free : paced);
        }
        Path out = temp.resolve(target);
        new GenerationService().generate(new GenerationService.Request(model, target, null, null), out);
        Manifest manifest = ManifestJson.read(out.resolve(ManifestJson.FILE));
        return manifest.processes().stream().filter(p -> p.name().equals("CallerProcess")).findFirst()
                .orElseThrow(() -> new AssertionError(target + " has no CallerProcess: " + manifest.processes())).timeoutSeconds();
    }
}
