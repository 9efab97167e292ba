package org.bgml.model.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.ecore.resource.Resource;

/**
 * The child process of {@link AtomicSaveTest}: writes variant A and variant B of a large model to the same file,
 * alternately and without pause, until it is killed. Prints {@code ready} once both have been written whole.
 * <ul>
 * <li>{@code SaveLoop save FILE PAIRS} builds both models and saves them with {@link ModelFiles#save}: the whole
 * path a user's save takes, most of whose time goes into serialising in memory.</li>
 * <li>{@code SaveLoop write FILE A B} writes the bytes of files A and B with {@link ModelFiles#writeAtomically}:
 * nearly all its time is spent writing, so a kill almost always lands mid-write.</li>
 * </ul>
 * It exits on its own when its standard input closes (the test JVM died) or after two minutes, so a forgotten
 * child cannot outlive the build.
 */
public final class SaveLoop {
    private SaveLoop() {
    }

    public static void main(String[] args) throws IOException {
        exitWithParent();
        Path target = Path.of(args[1]);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        if (args[0].equals("save")) {
            int pairs = Integer.parseInt(args[2]);
            Resource[] variants = {
                    ModelBytes.resourceFor(LargeModels.build("A", pairs), target),
                    ModelBytes.resourceFor(LargeModels.build("B", pairs), target) };
            for (long i = 0; System.nanoTime() < deadline; i++) {
                ModelFiles.save(variants[(int) (i % 2)], target);
                announceReady(i);
            }
        } else {
            byte[][] variants = { Files.readAllBytes(Path.of(args[2])), Files.readAllBytes(Path.of(args[3])) };
            for (long i = 0; System.nanoTime() < deadline; i++) {
                ModelFiles.writeAtomically(target, variants[(int) (i % 2)]);
                announceReady(i);
            }
        }
        Runtime.getRuntime().halt(4);
    }

    private static void announceReady(long saved) {
        if (saved == 1) {
            System.out.println("ready");
            System.out.flush();
        }
    }

    private static void exitWithParent() {
        Thread guard = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // the parent writes nothing; end of input means it is gone
                }
            } catch (IOException e) {
                // the same
            }
            Runtime.getRuntime().halt(3);
        }, "orphan-guard");
        guard.setDaemon(true);
        guard.start();
    }
}
