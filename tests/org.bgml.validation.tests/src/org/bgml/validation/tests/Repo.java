package org.bgml.validation.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.bgml.testing.RepositoryRoot;

/** Locates the repository checkout the tests run from (the build passes it as -Dbgml.repo) and the model files in it. */
final class Repo {
    private Repo() {
    }

    static Path root() {
        return RepositoryRoot.get();
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
