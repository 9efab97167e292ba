package org.bgml.launcher.run;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Live sample counts of a running benchmark. The launcher names a progress file for every process in the
 * environment variable {@value #ENV}; the C++ runtime ({@code bgml/progress.h}) maps that file and adds each
 * history's measured samples to a counter in it, in batches, without a system call in the timed loop. This class
 * reads those files: only those of processes that drive loops (clients, suppliers, processes that serve and
 * drive), since the samples a server records of the calls it receives would count them twice.
 */
public final class SampleCounter {
    /** The environment variable that names a process's progress file. */
    public static final String ENV = "BGML_PROGRESS";
    /** Progress files are {@code <run>/progress/<process>.progress}. */
    public static final String DIR = "progress";
    static final byte[] MAGIC = "BGMLPRG1".getBytes(StandardCharsets.US_ASCII);
    static final int SIZE = 64;

    private final List<Path> files = new ArrayList<>();

    /** Where the process called {@code name} writes its progress in the run folder {@code run}. */
    public static Path file(Path run, String name) {
        return run.resolve(DIR).resolve(name + ".progress");
    }

    /** Counts the samples of {@code name}'s progress file from now on. */
    public void watch(Path file) {
        files.add(file);
    }

    /** Measured samples of every watched process so far; a process that has not mapped its file yet counts 0. */
    public long samples() {
        long total = 0;
        ByteBuffer buffer = ByteBuffer.allocate(SIZE).order(ByteOrder.nativeOrder());
        for (Path f : files) {
            buffer.clear();
            try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ)) {
                while (buffer.hasRemaining() && ch.read(buffer) > 0) {
                    // read the whole record
                }
            } catch (IOException e) {
                continue; // not created yet, or gone: nothing to add
            }
            if (buffer.position() < 16) {
                continue;
            }
            boolean magic = true;
            for (int i = 0; i < MAGIC.length; i++) {
                magic &= buffer.get(i) == MAGIC[i];
            }
            if (magic) {
                total += Math.max(0, buffer.getLong(8));
            }
        }
        return total;
    }
}
