package org.bgml.diagram.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The repository checkout the tests run in (examples/, the shipped models). */
final class Repo {
    private Repo() {
    }

    static Path root() {
        String given = System.getProperty("bgml.repo");
        for (Path p = Path.of(given != null ? given : System.getProperty("user.dir")).toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("examples")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository with examples/ above " + given);
    }

    /** A copy of the shipped example {@code name} (e.g. roundtrip.bgml) at {@code target}, which a test may change. */
    static Path copyExample(String name, Path target) throws IOException {
        return Files.copy(root().resolve("examples").resolve(name), target);
    }
}
