package org.bgml.ide.core.launch;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import org.bgml.launcher.RunService;

/**
 * Streams the build log and the benchmark processes' logs of a run into the console while they grow. The launcher
 * sends every process's output to a log file of its own ({@code build.log}, {@code run-ID/logs/NAME.log}); this
 * reads the new bytes of each a few times a second and passes them on, line by line, prefixed with the file's name.
 */
final class LogTailer implements AutoCloseable {
    private static final long POLL_MILLIS = 200;
    private final Path outDir;
    private final long since;
    private final Consumer<String> sink;
    private final Map<Path, Long> offsets = new LinkedHashMap<>();
    private final Map<Path, StringBuilder> partial = new LinkedHashMap<>();
    private final Thread thread;
    private volatile boolean running = true;

    LogTailer(Path outDir, Consumer<String> sink) {
        this.outDir = outDir;
        this.since = System.currentTimeMillis() - 1000;
        this.sink = sink;
        this.thread = new Thread(this::loop, "bgml-console-tail");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void loop() {
        while (running) {
            poll();
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private synchronized void poll() {
        for (Path log : logs()) {
            try {
                long size = Files.size(log);
                long offset = offsets.getOrDefault(log, 0L);
                if (size < offset) {
                    offset = 0; // truncated (the builder starts build.log afresh)
                }
                if (size == offset) {
                    continue;
                }
                byte[] bytes;
                try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
                    f.seek(offset);
                    bytes = new byte[(int) Math.min(size - offset, 1 << 20)];
                    f.readFully(bytes);
                }
                offsets.put(log, offset + bytes.length);
                emit(log, new String(bytes, StandardCharsets.UTF_8), false);
            } catch (IOException e) {
                // the file went away between listing and reading: the next poll sees the folder as it is now
            }
        }
    }

    private void emit(Path log, String text, boolean flush) {
        StringBuilder pending = partial.computeIfAbsent(log, k -> new StringBuilder());
        pending.append(text);
        String name = log.getFileName().toString().replaceFirst("\\.log$", "");
        int nl;
        StringBuilder lines = new StringBuilder();
        while ((nl = pending.indexOf("\n")) >= 0) {
            lines.append('[').append(name).append("] ").append(pending, 0, nl + 1);
            pending.delete(0, nl + 1);
        }
        if (flush && !pending.isEmpty()) {
            lines.append('[').append(name).append("] ").append(pending).append('\n');
            pending.setLength(0);
        }
        if (!lines.isEmpty()) {
            sink.accept(lines.toString());
        }
    }

    /** build.log, then the logs of the run folders written since this tailer started. */
    private List<Path> logs() {
        List<Path> logs = new ArrayList<>();
        Path build = outDir.resolve("build.log");
        if (isFresh(build)) {
            logs.add(build);
        }
        if (Files.isDirectory(outDir)) {
            try (DirectoryStream<Path> runs = Files.newDirectoryStream(outDir, RunService.RUN_PREFIX + "*")) {
                for (Path run : runs) {
                    Path dir = run.resolve("logs");
                    if (isFresh(run) && Files.isDirectory(dir)) {
                        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.log")) {
                            files.forEach(logs::add);
                        }
                    }
                }
            } catch (IOException e) {
                // the folder is being created or removed: try again at the next poll
            }
        }
        return logs;
    }

    private boolean isFresh(Path p) {
        try {
            return Files.exists(p) && Files.getLastModifiedTime(p).toMillis() >= since;
        } catch (IOException e) {
            return false;
        }
    }

    /** Reads what is left and stops. */
    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            poll();
            for (Path log : new ArrayList<>(partial.keySet())) {
                emit(log, "", true);
            }
        }
    }
}
