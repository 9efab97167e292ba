package org.bgml.validation.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Locates the repository checkout the tests run from (the build passes it as -Dbgml.repo) and the model files in it. */
final class Repo {
    private Repo() {
    }

    static Path root() {
        String configured = System.getProperty("bgml.repo");
        Path start = configured != null ? Path.of(configured) : Path.of("").toAbsolutePath();
        for (Path p = start.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("tests/org.bgml.validation.tests/broken")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the repository root from " + start);
    }

    /** The deliberately broken models, one or more per validation rule. */
    static Path broken() {
        return root().resolve("tests/org.bgml.validation.tests/broken");
    }

    /** Every {@code .bgml} file under {@code folder} (recursively), sorted; empty when the folder does not exist. */
    static List<Path> modelFiles(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".bgml") && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
