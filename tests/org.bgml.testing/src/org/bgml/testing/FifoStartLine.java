package org.bgml.testing;

import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The launcher's side of a fifo start line (runtime/cpp/include/bgml/start_line.h), for tests that start
 * generated processes by hand: two named pipes made with {@code mkfifo}; the release pipe is held open for
 * writing (so a waiting process's open returns at once), names are read from the arrivals pipe, and closing
 * the held end releases every waiting process in one step.
 */
public final class FifoStartLine implements AutoCloseable {
    private final Path arrivals;
    private final Path release;
    private final RandomAccessFile arrivalsEnd;
    private RandomAccessFile releaseEnd;
    private final ExecutorService reader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "start-line arrivals");
        t.setDaemon(true);
        return t;
    });

    private FifoStartLine(Path arrivals, Path release) throws IOException {
        this.arrivals = arrivals;
        this.release = release;
        // "rw" opens a fifo without waiting for the other side; holding both ends keeps them from closing early.
        this.releaseEnd = new RandomAccessFile(release.toFile(), "rw");
        this.arrivalsEnd = new RandomAccessFile(arrivals.toFile(), "rw");
    }

    /** Makes the two pipes in {@code dir} and opens the launcher's ends. */
    public static FifoStartLine create(Path dir) throws IOException, InterruptedException {
        Path arrivals = dir.resolve("start-arrivals").toAbsolutePath();
        Path release = dir.resolve("start-release").toAbsolutePath();
        for (Path p : new Path[] { arrivals, release }) {
            Files.deleteIfExists(p);
            Process mkfifo = new ProcessBuilder("mkfifo", "-m", "600", p.toString()).redirectErrorStream(true).start();
            String output = new String(mkfifo.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!mkfifo.waitFor(30, TimeUnit.SECONDS) || mkfifo.exitValue() != 0) {
                throw new IOException("mkfifo " + p + " failed: " + output);
            }
        }
        return new FifoStartLine(arrivals, release);
    }

    /** The value of BGML_START_LINE for this line. */
    public String spec() {
        return "fifo:" + arrivals + "|" + release;
    }

    /** The next name announced on the line, waiting at most {@code limit}. */
    public String awaitArrival(Duration limit) throws IOException, InterruptedException {
        Future<String> line = reader.submit(this::readLine);
        try {
            return line.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // Wake the blocked reader with an empty line so that its thread ends.
            try (FileOutputStream out = new FileOutputStream(arrivals.toFile())) {
                out.write('\n');
            }
            throw new IOException("nothing arrived at the start line within " + limit.toSeconds() + " s");
        } catch (ExecutionException e) {
            throw new IOException("cannot read the arrivals pipe", e.getCause());
        }
    }

    private String readLine() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = arrivalsEnd.read()) >= 0 && b != '\n') {
            bytes.write(b);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * Releases every process waiting at the line: closes the last write end of the release pipe. Returns the
     * time just before, in ns since the epoch (CLOCK_REALTIME, as the released processes read it).
     */
    public long release() throws IOException {
        Instant now = Instant.now();
        long ns = now.getEpochSecond() * 1_000_000_000L + now.getNano();
        if (releaseEnd != null) {
            releaseEnd.close();
            releaseEnd = null;
        }
        return ns;
    }

    /** Releases (if not done yet), closes both ends and removes the pipes. */
    @Override
    public void close() throws IOException {
        release();
        reader.shutdownNow();
        arrivalsEnd.close();
        Files.deleteIfExists(arrivals);
        Files.deleteIfExists(release);
    }
}
