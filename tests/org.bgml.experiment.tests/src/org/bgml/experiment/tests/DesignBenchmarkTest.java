package org.bgml.experiment.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.bgml.experiment.bench.DesignBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Prints the design sizes for the 14 options of Table 1 and the runner's cost per run (numbers, not timed assertions). */
class DesignBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void printDesignSizesForTableOne() throws Exception {
        Path model = Repo.example("tao-options-experiment.bgml");
        DesignBenchmark.print(model, dir, System.out);
        List<DesignBenchmark.Row> rows = DesignBenchmark.sizes(model, null);
        assertEquals(16_384, rows.get(0).configurations());
        for (DesignBenchmark.Row r : rows.subList(1, rows.size() - 2)) { // fractional and covering t=2,3
            assertTrue(r.configurations() <= 16_384 / 100, r.design() + " needs " + r.configurations());
        }
    }
}
