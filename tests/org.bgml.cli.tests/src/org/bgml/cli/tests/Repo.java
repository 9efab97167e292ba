package org.bgml.cli.tests;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the repository checkout the tests run from (passed by the build as -Dbgml.repo). */
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
}
