package org.bgml.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository checkout the tests run from: the build passes it as {@code -Dbgml.repo}; otherwise the nearest folder
 * above the working directory that holds the reactor's {@code pom.xml} and {@code examples/}.
 */
public final class RepositoryRoot {
    private RepositoryRoot() {
    }

    public static Path get() {
        String configured = System.getProperty("bgml.repo");
        Path start = Path.of(configured != null ? configured : System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = start; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("examples")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no repository root (a folder with pom.xml and examples/) above " + start);
    }

    /** {@code examples/NAME}, e.g. {@code example("roundtrip.bgml")}. */
    public static Path example(String fileName) {
        return get().resolve("examples").resolve(fileName);
    }
}
