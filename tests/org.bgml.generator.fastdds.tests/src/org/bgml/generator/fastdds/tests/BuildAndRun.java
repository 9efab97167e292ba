package org.bgml.generator.fastdds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.ProcessOutcome;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * What the build-and-run tests of this bundle share: whether Fast DDS's toolchain is here, the CMake build of a
 * generated benchmark, a run from its manifest that must end cleanly and leave no process, the fastrtps_* files in
 * /dev/shm, and reading a result file.
 */
final class BuildAndRun {
    private BuildAndRun() {
    }

    static boolean toolchain() {
        return Files.isRegularFile(Path.of("/usr/bin/fastddsgen"))
                || Stream.of(System.getenv("PATH").split(":")).anyMatch(d -> Files.isExecutable(Path.of(d, "fastddsgen")));
    }

    static Set<String> shm() throws IOException {
        Set<String> names = new TreeSet<>();
        Path dir = Path.of("/dev/shm");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                files.map(p -> p.getFileName().toString()).filter(n -> n.contains("fastrtps")).forEach(names::add);
            }
        }
        return names;
    }

    static Set<String> newFastRtpsFiles(Set<String> before) throws IOException {
        Set<String> now = shm();
        now.removeAll(before);
        return now;
    }

    static String build(Path dir, List<String> extra) throws Exception {
        return build(dir, extra, List.of());
    }

    /** Configures and builds {@code dir}: every target, or only {@code targets} and what they need. */
    static String build(Path dir, List<String> extra, List<String> targets) throws Exception {
        Path log = dir.resolve("build.log");
        List<String> configure = new ArrayList<>(List.of("cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=Release"));
        configure.addAll(extra);
        if (command(configure, dir, Duration.ofMinutes(5), log) != 0) {
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
        String text = Files.readString(log, StandardCharsets.UTF_8);
        return text.contains("warning:") ? "compiled with warnings:\n" + tail(log, 40) : null;
    }

    static RunOutcome run(Path dir, Manifest manifest, Path run) throws IOException, InterruptedException {
        List<Long> groups = new ArrayList<>();
        RunOutcome outcome = new ManifestRunner(dir, manifest).run(run, new RunListener() {
            @Override
            public void started(String process, long processGroup) {
                groups.add(processGroup);
            }
        });
        assertTrue(outcome.ok(), outcome.describe());
        for (ProcessOutcome p : outcome.processes()) {
            assertEquals(0, p.exitCode(), p.name() + " did not end cleanly:\n" + outcome.describe());
        }
        for (long group : groups) {
            assertTrue(ProcessGroups.members(group).isEmpty(), "processes left running in group " + group);
        }
        return outcome;
    }

    static JsonObject json(Path file) throws IOException {
        return JsonParser.parseString(Files.readString(file)).getAsJsonObject();
    }

    private static int command(List<String> command, Path dir, Duration limit, Path log) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        Process p = pb.start();
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            p.waitFor();
            return -2;
        }
        return p.exitValue();
    }

    private static String tail(Path log, int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
