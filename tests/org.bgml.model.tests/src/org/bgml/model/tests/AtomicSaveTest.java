package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Connection;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.common.util.URI;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.emf.ecore.resource.Resource;
import org.eclipse.emf.ecore.xmi.XMIResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.bgml.testing.ChildJvm;

/**
 * A save is atomic: a process killed (SIGKILL) while saving leaves the previous file or the new one, whole.
 * A separate JVM ({@link SaveLoop}) saves two different 2 MB models to one path, alternately and without pause;
 * the test kills it at random moments and checks each time that the file equals one of the two, byte for byte,
 * and loads. Temporary files left by a kill ({@code .model.bgml.*.tmp}) are allowed; they are never the model.
 */
class AtomicSaveTest {
    private static final int PAIRS = 3000;
    private static final int SAVE_KILLS = 5;
    private static final int WRITE_KILLS = 12;
    private static final int MAX_DELAY_MILLIS = 700;
    private static final long READY_SECONDS = 30;

    @TempDir
    Path temp;

    /** The whole save path: building, serialising and writing, killed at random moments. */
    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aSaveKilledAtAnyMomentLeavesTheOldOrTheNewFileWhole() throws Exception {
        killRepeatedly(SAVE_KILLS, (target, a, b) -> List.of("save", target.toString(), Integer.toString(PAIRS)));
    }

    /** Only the atomic write, where a kill almost always lands between the first and the last byte. */
    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aWriteKilledMidwayLeavesTheOldOrTheNewFileWhole() throws Exception {
        int midWrite = killRepeatedly(WRITE_KILLS, (target, a, b) -> List.of("write", target.toString(), a.toString(), b.toString()));
        assertTrue(midWrite > 0, "no kill landed during a write; the test proved nothing");
    }

    private interface Arguments {
        List<String> of(Path target, Path a, Path b);
    }

    /** Starts and kills a {@link SaveLoop} {@code kills} times; returns how many kills left a temporary file. */
    private int killRepeatedly(int kills, Arguments arguments) throws Exception {
        Path target = temp.resolve("model.bgml");
        byte[] a = ModelBytes.serialise(ModelBytes.resourceFor(LargeModels.build("A", PAIRS), target));
        byte[] b = ModelBytes.serialise(ModelBytes.resourceFor(LargeModels.build("B", PAIRS), target));
        assertTrue(a.length > 2_000_000 && b.length > 2_000_000, "models too small to catch a write: " + a.length);
        Path fileA = Files.write(temp.resolve("a.xml"), a);
        Path fileB = Files.write(temp.resolve("b.xml"), b);

        String classPath = ChildJvm.classPath(SaveLoop.class, ModelFiles.class, EObject.class, XMIResource.class, URI.class);
        long seed = System.nanoTime();
        Random random = new Random(seed);
        int foundA = 0;
        int foundB = 0;
        int midWrite = 0;
        for (int kill = 1; kill <= kills; kill++) {
            Path log = temp.resolve("child-" + kill + ".log");
            List<String> command = new ArrayList<>(List.of(ChildJvm.java(), "-Xmx768m", "-XX:TieredStopAtLevel=1",
                    "-cp", classPath, SaveLoop.class.getName()));
            command.addAll(arguments.of(target, fileA, fileB));
            int before = temporaryFiles(target).size();
            Process child = new ProcessBuilder(command).redirectError(log.toFile()).start();
            try {
                awaitReady(child, log);
                Thread.sleep(random.nextInt(MAX_DELAY_MILLIS));
            } finally {
                child.destroyForcibly();
                if (!child.waitFor(10, TimeUnit.SECONDS)) {
                    fail("the child would not die after SIGKILL");
                }
            }
            byte[] found = Files.readAllBytes(target);
            if (Arrays.equals(found, a)) {
                foundA++;
            } else if (Arrays.equals(found, b)) {
                foundB++;
            } else {
                fail("kill " + kill + " (seed " + seed + ") left " + found.length + " bytes that are neither model A ("
                        + a.length + ") nor model B (" + b.length + ")");
            }
            BenchmarkModel loaded = ModelFiles.loadModel(target);
            assertTrue(loaded.getName().equals("LargeA") || loaded.getName().equals("LargeB"), loaded.getName());
            if (temporaryFiles(target).size() > before) {
                midWrite++;
            }
        }
        assertEquals(kills, foundA + foundB);
        System.out.printf("atomic save (%s): %d kills (seed %d): %d found model A, %d model B; %d kills left a temporary file%n",
                arguments.of(target, fileA, fileB).get(0), kills, seed, foundA, foundB, midWrite);
        for (Path leftover : temporaryFiles(target)) {
            assertTrue(Files.size(leftover) <= Math.max(a.length, b.length), "a temporary file larger than any model");
        }
        return midWrite;
    }

    @Test
    void aFailedSaveKeepsTheOldFileAndLeavesNoTemporaryFile() throws Exception {
        Path target = temp.resolve("model.bgml");
        BenchmarkModel model = LargeModels.build("A", 3);
        Resource resource = ModelBytes.resourceFor(model, target);
        ModelFiles.save(resource, target);
        byte[] before = Files.readAllBytes(target);

        // A reference to an element in no resource cannot be written: saving fails before the file is touched.
        Connection stray = BgmlFactory.eINSTANCE.createConnection();
        stray.setName("stray");
        model.getMetrics().get(0).setConnection(stray);
        assertThrows(IOException.class, () -> ModelFiles.save(resource, target));
        assertArrayEquals(before, Files.readAllBytes(target));
        assertEquals(List.of(), temporaryFiles(target));
    }

    @Test
    void aSuccessfulSaveLeavesOnlyTheFile() throws Exception {
        Path target = temp.resolve("sub/dir/model.bgml");
        Resource resource = ModelBytes.resourceFor(LargeModels.build("A", 3), target);
        ModelFiles.save(resource, target);
        ModelFiles.save(resource, target);
        try (Stream<Path> files = Files.list(target.getParent())) {
            assertEquals(List.of(target), files.toList());
        }
        assertArrayEquals(ModelBytes.serialise(resource), Files.readAllBytes(target));
    }

    private static void awaitReady(Process child, Path log) throws Exception {
        CountDownLatch ready = new CountDownLatch(1);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null;) {
                    if (line.equals("ready")) {
                        ready.countDown();
                    }
                }
            } catch (IOException e) {
                // the child was killed
            }
        }, "save-loop-stdout");
        reader.setDaemon(true);
        reader.start();
        if (!ready.await(READY_SECONDS, TimeUnit.SECONDS)) {
            String errors = Files.exists(log) ? Files.readString(log) : "";
            fail("the saving child was not ready within " + READY_SECONDS + " s (alive: " + child.isAlive() + ")\n" + errors);
        }
    }

    private static List<Path> temporaryFiles(Path target) throws IOException {
        String prefix = "." + target.getFileName() + ".";
        try (Stream<Path> files = Files.list(target.getParent())) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix) && f.getFileName().toString().endsWith(".tmp"))
                    .sorted().toList();
        }
    }
}
