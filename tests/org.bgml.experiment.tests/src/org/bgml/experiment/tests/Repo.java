package org.bgml.experiment.tests;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository checkout the tests run from (the build passes it as -Dbgml.repo). */
final class Repo {
    private Repo() {
    }

    static Path root() {
        String configured = System.getProperty("bgml.repo");
        Path start = configured != null ? Path.of(configured) : Path.of("").toAbsolutePath();
        for (Path p = start.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("examples")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the repository root from " + start);
    }

    static Path example(String name) {
        return root().resolve("examples").resolve(name);
    }

    static Path testModel(String name) {
        return root().resolve("tests/org.bgml.experiment.tests/models").resolve(name);
    }
}
