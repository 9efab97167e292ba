package org.bgml.results.tests;

import java.nio.file.Path;
import org.bgml.testing.RepositoryRoot;

/** Locates the repository checkout the tests run from (passed by the build as -Dbgml.repo). */
final class Repo {
    private Repo() {
    }

    static Path root() {
        return RepositoryRoot.get();
    }

    static Path example(String name) {
        return root().resolve("examples").resolve(name);
    }
}
