package org.bgml.experiment.slurm.tests;

import java.nio.file.Path;
import org.bgml.testing.RepositoryRoot;

/** The repository checkout the tests run from (the build may pass it as -Dbgml.repo). */
final class Repo {
    private Repo() {
    }

    static Path root() {
        return RepositoryRoot.get();
    }
}
