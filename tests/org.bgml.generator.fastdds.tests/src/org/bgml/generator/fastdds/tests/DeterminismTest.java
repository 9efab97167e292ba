package org.bgml.generator.fastdds.tests;

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
        return Fixtures.examples();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void generatingTwiceGivesTheSameBytes(Path example) {
        MemoryOutput first = Fixtures.generate(example);
        MemoryOutput second = Fixtures.generate(example);
        assertFalse(first.files().isEmpty());
        assertEquals(List.copyOf(first.files().keySet()), List.copyOf(second.files().keySet()), "same files in the same order");
        first.files().forEach((path, bytes) -> assertArrayEquals(bytes, second.files().get(path), path));
    }
}
