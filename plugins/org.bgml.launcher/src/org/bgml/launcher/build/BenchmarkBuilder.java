package org.bgml.launcher.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.launcher.process.ChildProcess;

/**
 * Builds a generated benchmark with the commands its manifest lists, unless the sources are unchanged since
 * the last good build (same {@link SourceHash}) and every executable is still there: then nothing is compiled at
 * all. Before the commands, the libraries the manifest names must exist; after them, every executable the manifest
 * starts ({@link BuildCheck}).
 */
public final class BenchmarkBuilder {
    /** The hash of the sources of the last good build, inside the benchmark folder. */
    public static final String STAMP = ".bgml-build.sha256";
    private static final long COMMAND_LIMIT_SECONDS = 30 * 60;

    /**
     * @param rebuilt  false when the sources were unchanged and no command ran
     * @param failure  null on success; else the failing command and why
     * @param logTail  the end of build.log on failure
     */
    public record Outcome(boolean rebuilt, long nanos, String failure, List<String> logTail) {
        public boolean ok() {
            return failure == null;
        }
    }

    public Outcome build(Path benchDir, Manifest manifest) throws IOException, InterruptedException {
        return build(benchDir, manifest, System.getenv());
    }

    /**
     * Builds with the build commands inheriting this process's environment; {@code env} is what the library check
     * ({@link BuildCheck#missingLibraries}) reads, normally the same environment.
     */
    public Outcome build(Path benchDir, Manifest manifest, java.util.Map<String, String> env) throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        Path stamp = benchDir.resolve(STAMP);
        String hash = SourceHash.of(benchDir, manifest.build().sources());
        Path log = benchDir.resolve("build.log");
        if (Files.isRegularFile(stamp) && Files.readString(stamp).trim().equals(hash)
                && BuildCheck.missingExecutables(benchDir, manifest, log) == null) {
            return new Outcome(false, System.nanoTime() - t0, null, List.of());
        }
        Files.deleteIfExists(stamp);
        String libraries = BuildCheck.missingLibraries(manifest, env);
        if (libraries != null) {
            return new Outcome(false, System.nanoTime() - t0, libraries, List.of());
        }
        Files.writeString(log, "");
        for (List<String> command : manifest.build().commands()) {
            Files.writeString(log, "$ " + String.join(" ", command) + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
            ChildProcess child = ChildProcess.start("build", command, benchDir, java.util.Map.of(), log);
            try {
                if (!child.waitFor(TimeUnit.SECONDS.toMillis(COMMAND_LIMIT_SECONDS))) {
                    return new Outcome(true, System.nanoTime() - t0, "'" + String.join(" ", command) + "' ran longer than "
                            + COMMAND_LIMIT_SECONDS + " s and was stopped", child.logTail(20));
                }
                if (child.exitValue() != 0) {
                    return new Outcome(true, System.nanoTime() - t0, "'" + String.join(" ", command) + "' failed with exit code "
                            + child.exitValue() + " (see " + log + ")", child.logTail(20));
                }
            } finally {
                child.kill();
            }
        }
        String missing = BuildCheck.missingExecutables(benchDir, manifest, log);
        if (missing != null) {
            return new Outcome(true, System.nanoTime() - t0, missing + " (see " + log + ")", List.of());
        }
        Files.writeString(stamp, hash + "\n");
        return new Outcome(true, System.nanoTime() - t0, null, List.of());
    }
}
