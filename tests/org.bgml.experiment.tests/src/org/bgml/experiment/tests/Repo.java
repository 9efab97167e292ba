package org.bgml.experiment.tests;

import java.nio.file.Path;
import org.bgml.testing.RepositoryRoot;

/** The repository checkout the tests run from (the build passes it as -Dbgml.repo). */
final class Repo {
    private Repo() {
    }

    static Path root() {
        return RepositoryRoot.get();
    }

    static Path example(String name) {
        return root().resolve("examples").resolve(name);
    }

    static Path testModel(String name) {
        return root().resolve("tests/org.bgml.experiment.tests/models").resolve(name);
    }
}
