package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.bgml.diagram.DiagramBenchmark;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.synthetic.SyntheticModels;
import org.junit.jupiter.api.Test;

/**
 * The server writes diagrams with its own element writer (GModelJson) instead of GLSP's reflective adapter: the
 * client must get exactly the JSON GLSP would have sent, for every example model and a large synthetic one.
 */
class GModelJsonTest {
    @Test
    void everyExampleDiagramIsWrittenAsGlspWritesIt() throws Exception {
        List<Path> examples;
        try (var files = Files.list(Repo.root().resolve("examples"))) {
            examples = files.filter(p -> p.getFileName().toString().endsWith(".bgml")).sorted().toList();
        }
        assertFalse(examples.isEmpty());
        for (Path example : examples) {
            DiagramBenchmark.Written written = DiagramBenchmark.json(ModelFiles.loadModel(example), 1);
            assertTrue(written.glsp().contains("\"children\""), example + ": " + written.glsp());
            assertEquals(written.glsp(), written.server(), example.getFileName().toString());
        }
    }

    @Test
    void thousandComponentsAreWrittenAsGlspWritesThemAndFaster() {
        BenchmarkModel model = SyntheticModels.components(1000);
        DiagramBenchmark.Written written = DiagramBenchmark.json(model, 3);
        assertEquals(written.glsp(), written.server());
        // printed, not asserted: a speed goal belongs in a benchmark
        System.out.printf(java.util.Locale.ROOT, "diagram JSON of 1,000 components (%,d chars): GLSP's writer %.1f ms, the server's %.1f ms%n",
                written.server().length(), written.glspMillis(), written.serverMillis());
    }
}
