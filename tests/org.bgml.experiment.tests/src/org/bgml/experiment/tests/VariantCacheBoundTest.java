package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.bgml.cli.Bgml;
import org.bgml.experiment.execute.ConfiguredModel;
import org.bgml.experiment.execute.VariantCache;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The variant cache's bound: least recently used variants go first, and a variant a task holds (in this process or
 * another) or the one just used stays. The variant folders here are stand-ins of known sizes; their lock files'
 * times are their last uses, as {@link VariantCache.Variant#lock} leaves them.
 */
class VariantCacheBoundTest {
    private static final long MIB = 1 << 20;

    @TempDir
    Path dir;

    /** A variant folder of {@code mib} MiB last used {@code minutesAgo} minutes ago. */
    private Path variant(String hex, int mib, int minutesAgo) throws Exception {
        Path v = dir.resolve("omniorb-" + hex);
        Files.createDirectories(v.resolve("build"));
        Files.write(v.resolve("build/server"), new byte[(int) (mib * MIB)]);
        Path lock = dir.resolve(v.getFileName() + ".lock");
        Files.createFile(lock);
        Files.setLastModifiedTime(lock, FileTime.from(Instant.now().minusSeconds(60L * minutesAgo)));
        return v;
    }

    private static List<String> names(List<VariantCache.Entry> entries) {
        return entries.stream().map(VariantCache.Entry::name).toList();
    }

    @Test
    void aCountCapRemovesTheLeastRecentlyUsedFirst() throws Exception {
        Path old = variant("000000000000000a", 1, 30);
        Path older = variant("000000000000000b", 1, 60);
        Path recent = variant("000000000000000c", 1, 1);
        Path middle = variant("000000000000000d", 1, 10);
        VariantCache cache = new VariantCache(dir);
        assertEquals(List.of("omniorb-000000000000000c", "omniorb-000000000000000d", "omniorb-000000000000000a",
                "omniorb-000000000000000b"), names(cache.entries()), "most recently used first");
        VariantCache.PruneResult r = cache.prune(new VariantCache.Bound(0, 2), Set.of());
        assertEquals(List.of("omniorb-000000000000000b", "omniorb-000000000000000a"), names(r.evicted()), "oldest first");
        assertEquals(List.of("omniorb-000000000000000c", "omniorb-000000000000000d"), names(r.kept()));
        assertFalse(Files.exists(old));
        assertFalse(Files.exists(older));
        assertTrue(Files.isRegularFile(recent.resolve("build/server")));
        assertTrue(Files.isRegularFile(middle.resolve("build/server")));
        assertEquals(2 * MIB, r.evictedBytes());
        try (var s = Files.list(dir)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".evicted-")), "nothing left behind");
        }
        assertTrue(Files.exists(dir.resolve(old.getFileName() + ".lock")), "lock files stay (another task may wait on one)");
    }

    @Test
    void aSizeCapKeepsWhatFitsAndTheVariantJustUsed() throws Exception {
        variant("00000000000000a1", 3, 50);
        variant("00000000000000a2", 2, 40);
        Path big = variant("00000000000000a3", 4, 20);
        variant("00000000000000a4", 1, 5);
        VariantCache cache = new VariantCache(dir);
        // 3.5 MiB: a4 (1) fits, a3 (4) does not, a2 (2) fits with a4, a1 (3) does not
        VariantCache.PruneResult r = cache.prune(new VariantCache.Bound(7 * MIB / 2, 0), Set.of());
        assertEquals(List.of("omniorb-00000000000000a1", "omniorb-00000000000000a3"), names(r.evicted()));
        assertEquals(List.of("omniorb-00000000000000a4", "omniorb-00000000000000a2"), names(r.kept()));
        assertEquals(3 * MIB, r.keptBytes());

        Path again = variant("00000000000000a5", 4, 0);
        r = cache.prune(new VariantCache.Bound(3 * MIB, 0), Set.of(again));
        assertTrue(Files.exists(again), "the variant just used stays even over the cap");
        assertEquals(List.of("omniorb-00000000000000a5"), names(r.busy()));
        assertEquals(List.of("omniorb-00000000000000a2", "omniorb-00000000000000a4"), names(r.evicted()));
        assertFalse(Files.exists(big));
    }

    @Test
    void aVariantAnotherProcessHoldsIsNeverRemoved() throws Exception {
        Path held = variant("00000000000000b1", 1, 90);
        Path free = variant("00000000000000b2", 1, 80);
        variant("00000000000000b3", 1, 1);
        // another process takes the variant's lock as a task does (a POSIX record lock on the lock file)
        Path lock = dir.resolve(held.getFileName() + ".lock");
        Process other = new ProcessBuilder("python3", "-c", "import fcntl, sys, time\n"
                + "f = open(sys.argv[1], 'r+')\nfcntl.lockf(f, fcntl.LOCK_EX)\nprint('locked', flush=True)\ntime.sleep(60)\n",
                lock.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", out.readLine());
            VariantCache.PruneResult r = new VariantCache(dir).prune(new VariantCache.Bound(0, 1), Set.of());
            assertTrue(Files.isRegularFile(held.resolve("build/server")), "held by another process: kept");
            assertEquals(List.of("omniorb-00000000000000b1"), names(r.busy()));
            assertEquals(List.of("omniorb-00000000000000b2"), names(r.evicted()));
            assertFalse(Files.exists(free));
        } finally {
            other.destroy();
            other.waitFor(10, TimeUnit.SECONDS);
        }
        VariantCache.PruneResult r = new VariantCache(dir).prune(new VariantCache.Bound(0, 1), Set.of());
        assertEquals(List.of("omniorb-00000000000000b1"), names(r.evicted()), "released: now it goes");
    }

    @Test
    void aVariantThisProcessHoldsStaysAndKeepsItsLock() throws Exception {
        BenchmarkModel model = ModelFiles.loadModel(Repo.example("omniorb-options-experiment.bgml"));
        String experiment = model.getExperiments().get(0).getName();
        ConfiguredModel.Selection selection = ConfiguredModel.apply(model, experiment,
                new java.util.LinkedHashMap<>(Map.of("threadPerConnectionPolicy", "0", "maxGIOPVersion", "1.1")));
        VariantCache cache = new VariantCache(dir);
        VariantCache.Variant v = cache.prepare(model, "omniorb", selection);
        // used later than the variant locked below (their times lie ahead), so that one is the least recently used
        Path recent = variant("00000000000000c1", 1, -10);
        Path other = variant("00000000000000c2", 1, -5);
        try (VariantCache.Lock lock = v.lock()) {
            v.writeFiles();
            VariantCache.PruneResult r = cache.prune(new VariantCache.Bound(0, 1), Set.of());
            assertTrue(Files.isDirectory(v.dir()), "in use here: kept");
            assertEquals(List.of(v.dir().getFileName().toString()), names(r.busy()));
            // the lock is still ours: another process cannot take it
            Process probe = new ProcessBuilder("python3", "-c", "import fcntl, sys\nf = open(sys.argv[1], 'r+')\n"
                    + "try:\n    fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)\n    print('free')\nexcept OSError:\n    print('held')\n",
                    dir.resolve(v.dir().getFileName() + ".lock").toString()).redirectErrorStream(true).start();
            assertEquals("held", new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        }
        assertFalse(Files.exists(other), "the next least recently used variant went instead");
        assertTrue(Files.exists(recent));
    }

    @Test
    void leftoversOfAnInterruptedPruneAreDeleted() throws Exception {
        Path left = dir.resolve(".evicted-omniorb-00000000000000d1-123-456");
        Files.createDirectories(left.resolve("build"));
        Files.writeString(left.resolve("build/x"), "x");
        new VariantCache(dir).prune(VariantCache.Bound.none(), Set.of());
        assertFalse(Files.exists(left));
    }

    @Test
    void theBoundComesFromTheEnvironmentWithASaneDefault() {
        VariantCache.Bound d = VariantCache.Bound.fromEnvironment(Map.of());
        assertEquals(20L << 30, d.maxBytes());
        assertEquals(0, d.maxVariants());
        VariantCache.Bound set = VariantCache.Bound.fromEnvironment(
                Map.of(VariantCache.Bound.MAX_GB_ENV, "1.5", VariantCache.Bound.MAX_VARIANTS_ENV, "40"));
        assertEquals(3L << 29, set.maxBytes());
        assertEquals(40, set.maxVariants());
        assertEquals(0, VariantCache.Bound.fromEnvironment(Map.of(VariantCache.Bound.MAX_GB_ENV, "0")).maxBytes());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> VariantCache.Bound.fromEnvironment(Map.of(VariantCache.Bound.MAX_GB_ENV, "lots")));
        assertTrue(e.getMessage().contains(VariantCache.Bound.MAX_GB_ENV), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> VariantCache.Bound.fromEnvironment(Map.of(VariantCache.Bound.MAX_VARIANTS_ENV, "-1")));
    }

    @Test
    void theCacheCommandListsVariantsWithTheirSizes() throws Exception {
        Path work = dir.resolve("work");
        Files.createDirectories(work);
        Path variants = work.resolve("variants");
        Files.createDirectories(variants);
        Path v = variants.resolve("omniorb-00000000000000e1");
        Files.createDirectories(v);
        Files.write(v.resolve("server"), new byte[(int) (2 * MIB)]);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new Bgml(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(new String[] { "experiment", "cache", "--work", work.toString(), "--prune" });
        String text = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        assertTrue(text.contains("1 variant, 2.0 MiB"), text);
        assertTrue(text.contains("omniorb-00000000000000e1") && text.contains("2.0"), text);
        assertTrue(text.contains("pruned 0 variants (0.0 MiB); kept 1 (2.0 MiB)"), text);
        assertTrue(Files.exists(v), "under the default 20 GiB: kept");
    }
}
