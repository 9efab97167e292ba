package org.bgml.diagram.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bgml.testing.RepositoryRoot;

/** The repository checkout the tests run in (examples/, the shipped models). */
final class Repo {
    private Repo() {
    }

    static Path root() {
        return RepositoryRoot.get();
    }

    /** A copy of the shipped example {@code name} (e.g. roundtrip.bgml) at {@code target}, which a test may change. */
    static Path copyExample(String name, Path target) throws IOException {
        return Files.copy(root().resolve("examples").resolve(name), target);
    }
}
