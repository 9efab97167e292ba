package org.bgml.launcher.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A start line of two named pipes in the run folder, {@code start/arrivals} and {@code start/release}
 * ({@code BGML_START_LINE=fifo:ARRIVALS|RELEASE}). The launcher holds the release pipe open for writing before any
 * driver starts; a driver opens it for reading, writes {@code NAME\n} into the arrivals pipe and blocks in
 * {@code read()} on the release pipe. Closing the launcher's end, the pipe's only writer, makes every blocked
 * {@code read()} return end of file at once. Both pipes are opened read-write, which on Linux neither blocks nor
 * lets the arrivals pipe reach end of file while drivers come and go.
 */
public final class FifoStartLine implements StartLine {
    private final Path arrivals;
    private final Path release;
    private final RandomAccessFile arrivalsEnd;
    private final RandomAccessFile releaseEnd;
    private final Set<String> arrived = new LinkedHashSet<>();
    private final Thread reader;
    private volatile boolean closing;
    private boolean released;

    private FifoStartLine(Path arrivals, Path release) throws IOException {
        this.arrivals = arrivals;
        this.release = release;
        this.releaseEnd = new RandomAccessFile(release.toFile(), "rw");
        RandomAccessFile a;
        try {
            a = new RandomAccessFile(arrivals.toFile(), "rw");
        } catch (IOException e) {
            releaseEnd.close();
            throw e;
        }
        this.arrivalsEnd = a;
        this.reader = new Thread(this::readArrivals, "start line arrivals");
        reader.setDaemon(true);
        reader.start();
    }

    /** A {@link StartLine.Factory}: the pipes go to {@code RUN/start/}. */
    public static StartLine open(Path runDir, List<String> drivers) throws IOException {
        Path dir = runDir.toAbsolutePath().normalize().resolve("start");
        if (dir.toString().contains("|")) {
            throw new IOException("cannot draw a start line in " + dir + ": its path contains '|', which separates the two pipes in "
                    + LINE_VARIABLE);
        }
        Files.createDirectories(dir);
        Path arrivals = dir.resolve("arrivals");
        Path release = dir.resolve("release");
        mkfifo(arrivals);
        mkfifo(release);
        return new FifoStartLine(arrivals, release);
    }

    private static void mkfifo(Path p) throws IOException {
        Files.deleteIfExists(p);
        Process mkfifo = new ProcessBuilder("mkfifo", "-m", "600", p.toString()).redirectErrorStream(true).start();
        String output = new String(mkfifo.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            if (!mkfifo.waitFor(30, TimeUnit.SECONDS) || mkfifo.exitValue() != 0) {
                mkfifo.destroyForcibly();
                throw new IOException("cannot make the start line pipe " + p + ": mkfifo " + (output.isEmpty() ? "failed" : output));
            }
        } catch (InterruptedException e) {
            mkfifo.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making the start line pipe " + p, e);
        }
    }

    @Override
    public String address() {
        return "fifo:" + arrivals + "|" + release;
    }

    @Override
    public synchronized Set<String> arrived() {
        return new LinkedHashSet<>(arrived);
    }

    @Override
    public synchronized void release() throws IOException {
        if (!released) {
            released = true;
            releaseEnd.close(); // the only writer goes: every reader's read() returns end of file
        }
    }

    @Override
    public void close() {
        try {
            release();
        } catch (IOException ignored) {
            // a close that fails still drops the descriptor
        }
        closing = true;
        try {
            arrivalsEnd.write('\n'); // wakes the reader, which sees that the line is closing
            reader.join(1_000);
            arrivalsEnd.close();
        } catch (IOException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Reads {@code NAME\n} lines until the line closes. */
    private void readArrivals() {
        byte[] buffer = new byte[512];
        StringBuilder line = new StringBuilder();
        try {
            while (!closing) {
                int n = arrivalsEnd.read(buffer);
                if (n < 0) {
                    return;
                }
                String text = new String(buffer, 0, n, StandardCharsets.UTF_8);
                for (char ch : text.toCharArray()) {
                    if (ch != '\n') {
                        line.append(ch);
                        continue;
                    }
                    String name = line.toString().trim();
                    line.setLength(0);
                    if (!name.isEmpty()) {
                        synchronized (this) {
                            arrived.add(name);
                        }
                    }
                }
            }
        } catch (IOException e) {
            // closed under us: the line is gone
        }
    }
}
