package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The same model gives byte-identical output, file list and order included (each model loaded afresh). */
class DeterminismTest {

    static List<Path> models() {
        return Fixtures.allModels();
    }

    @ParameterizedTest
    @MethodSource("models")
    void generatingTwiceGivesTheSameBytes(Path model) {
        Map<String, byte[]> first = Fixtures.generate(model).files();
        Map<String, byte[]> second = Fixtures.generate(model).files();
        assertEquals(List.copyOf(first.keySet()), List.copyOf(second.keySet()), "files or their order differ");
        first.forEach((path, bytes) -> assertArrayEquals(bytes, second.get(path), path + " differs"));
    }
}
