package org.bgml.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The steps every build-and-run test of a CMake target takes with a generated benchmark: configure and build it
 * warning-free with its manifest's tools, run it from its manifest as {@code bgml run} does, require that every
 * process ended cleanly and left nothing behind, and read its result files.
 */
public final class BenchmarkRuns {
    private BenchmarkRuns() {
    }

    /** Configures (Release) and builds {@code dir} with 2 jobs: null when it built without a warning, else why not. */
    public static String build(Path dir) throws IOException, InterruptedException {
        return build(dir, List.of(), List.of());
    }

    /** Configures (Release, plus {@code configure}) and builds {@code dir}: as {@link #build(Path, List, List)}. */
    public static String build(Path dir, List<String> configure) throws IOException, InterruptedException {
        return build(dir, configure, List.of());
    }

    /**
     * Configures {@code dir} (Release, plus {@code configure}) and builds every target, or only {@code targets} and
     * what they need. Returns null when it built without a warning, else what failed with the end of build.log.
     */
    public static String build(Path dir, List<String> configure, List<String> targets) throws IOException, InterruptedException {
        Path log = dir.resolve("build.log");
        List<String> cmake = new ArrayList<>(List.of("cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"));
        cmake.addAll(configure);
        if (command(cmake, dir, Duration.ofMinutes(5), log) != 0) {
            return "cmake configure failed:\n" + tail(log, 40);
        }
        List<String> make = new ArrayList<>(List.of("cmake", "--build", "build", "-j", "2"));
        if (!targets.isEmpty()) {
            make.add("--target");
            make.addAll(targets);
        }
        if (command(make, dir, Duration.ofMinutes(20), log) != 0) {
            return "build failed:\n" + tail(log, 40);
        }
        return Files.readString(log, StandardCharsets.UTF_8).contains("warning:") ? "compiled with warnings:\n" + tail(log, 40)
                : null;
    }

    /**
     * Runs the processes of {@code manifest} with the launcher into {@code run}. Every one must end as the manifest
     * says (clients exit 0, servers stop cleanly on SIGTERM with 0) and leave no process of its group behind;
     * otherwise an AssertionError tells what happened.
     */
    public static RunOutcome runClean(Path dir, Manifest manifest, Path run) throws IOException, InterruptedException {
        List<Long> groups = new ArrayList<>();
        RunOutcome outcome = new ManifestRunner(dir, manifest).run(run, new RunListener() {
            @Override
            public void started(String process, long processGroup) {
                groups.add(processGroup);
            }
        });
        if (!outcome.ok()) {
            throw new AssertionError(outcome.describe());
        }
        for (ProcessOutcome p : outcome.processes()) {
            if (p.exitCode() != 0) {
                throw new AssertionError(p.name() + " did not end cleanly:\n" + outcome.describe());
            }
        }
        for (long group : groups) {
            if (!ProcessGroups.members(group).isEmpty()) {
                throw new AssertionError("processes left running in group " + group);
            }
        }
        return outcome;
    }

    /** A result file (or any JSON object file). */
    public static JsonObject json(Path file) throws IOException {
        return JsonParser.parseString(Files.readString(file)).getAsJsonObject();
    }

    /**
     * Runs {@code command} in {@code dir}, its output appended to {@code log} (null: dropped); its exit code, or -2
     * when it was killed at the limit.
     */
    public static int command(List<String> command, Path dir, Duration limit, Path log) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.redirectOutput(log == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process p = pb.start();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            p.waitFor();
            return -2;
        }
        return p.exitValue();
    }

    /** The last {@code lines} lines of {@code log}. */
    public static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
