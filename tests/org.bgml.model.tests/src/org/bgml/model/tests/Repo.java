package org.bgml.model.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.model.io.ModelFiles;
import org.bgml.testing.RepositoryRoot;

/** Locates the repository checkout the tests run from (passed by the build as -Dbgml.repo). */
public final class Repo {
    private Repo() {
    }

    public static Path root() {
        return RepositoryRoot.get();
    }

    public static Path examples() {
        return root().resolve("examples");
    }

    /** The option catalogues shipped inside the model bundle. */
    public static Path catalogs() {
        return root().resolve("metamodel/org.bgml.model/catalogs");
    }

    /** Every {@code .bgml} file under {@code examples/}, in name order (none yet is fine). */
    public static List<Path> exampleFiles() {
        return modelFilesUnder(examples());
    }

    /** Every example and every shipped catalogue, in name order. */
    public static List<Path> shippedModelFiles() {
        return Stream.concat(exampleFiles().stream(), modelFilesUnder(catalogs()).stream()).toList();
    }

    private static List<Path> modelFilesUnder(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith("." + ModelFiles.FILE_EXTENSION))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
