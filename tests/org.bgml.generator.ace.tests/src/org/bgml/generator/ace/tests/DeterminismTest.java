package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.util.List;

import org.bgml.generator.common.MemoryOutput;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The same model gives byte-identical output, for every example. */
class DeterminismTest {

    static List<Path> examples() {
        return Fixtures.allModels();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void generatingTwiceGivesTheSameBytes(Path example) {
        MemoryOutput first = Fixtures.generate(example);
        MemoryOutput second = Fixtures.generate(example);
        assertFalse(first.files().isEmpty());
        assertEquals(List.copyOf(first.files().keySet()), List.copyOf(second.files().keySet()), "same files in the same order");
        first.files().forEach((path, bytes) -> assertArrayEquals(bytes, second.files().get(path), path));
        String dump = System.getProperty("bgml.ace.dump");
        if (dump != null && !dump.isEmpty()) { // -Dbgml.ace.dump=DIR keeps the output for inspection
            Path dir = Path.of(dump, Fixtures.baseName(example));
            first.files().forEach((path, bytes) -> {
                try {
                    java.nio.file.Files.createDirectories(dir.resolve(path).getParent());
                    java.nio.file.Files.write(dir.resolve(path), bytes);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
    }
}
