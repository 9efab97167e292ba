package org.bgml.diagram.tests;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;

import org.bgml.model.synthetic.SyntheticModels;
import org.bgml.diagram.DiagramBenchmark;
import org.bgml.diagram.DiagramTimings;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;

/**
 * The benchmark hook: the 100-node mesh and a 1,000-component synthetic model load and lay out on the server.
 * Prints validate / ELK layout / model→GModel times (compare with the browser's time to first render); asserts
 * only that everything was placed.
 */
class DiagramBenchmarkTest {
    @Test
    void meshAndThousandComponentsLayOut() throws Exception {
        try (var meshes = Files.list(Repo.root().resolve("examples"))) {
            for (Path mesh : meshes.filter(p -> p.getFileName().toString().startsWith("dba-color-mesh")).toList()) {
                long t0 = System.nanoTime();
                BenchmarkModel model = ModelFiles.loadModel(mesh);
                long load = System.nanoTime() - t0;
                report(mesh.getFileName().toString(), model, load);
            }
        }
        for (int run = 0; run < 2; run++) { // the first run includes class loading and JIT warm-up
            long t0 = System.nanoTime();
            BenchmarkModel synthetic = SyntheticModels.components(1000);
            report("synthetic 1000 components (run " + (run + 1) + ")", synthetic, System.nanoTime() - t0);
        }
    }

    private static void report(String name, BenchmarkModel model, long loadNanos) {
        DiagramTimings t = DiagramBenchmark.measure(model);
        t.loadNanos = loadNanos;
        System.out.println("diagram server benchmark: " + name + ": " + t);
        assertTrue(t.nodes >= model.getEntities().size());
    }
}
