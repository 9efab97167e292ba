package org.bgml.generator.fastdds.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What the build-and-run tests of this bundle share beyond {@link org.bgml.testing.BenchmarkRuns} (the build, the
 * clean run, the result files): whether Fast DDS's toolchain is here, and the fastrtps_* files in /dev/shm.
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
}
