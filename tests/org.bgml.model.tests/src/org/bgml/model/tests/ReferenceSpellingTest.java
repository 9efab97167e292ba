package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Facet;
import org.bgml.model.io.ModelFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hand-written files may spell same-file references with or without the leading '#'. Without special care EMF
 * reads a colon-holding token such as {@code Test::RoundTrip} as a type qualifier and drops it silently.
 */
class ReferenceSpellingTest {
    @TempDir
    Path dir;

    @Test
    void referencesWithoutHashLoadLikeCanonicalOnes() throws Exception {
        String canonical = Files.readString(Repo.examples().resolve("roundtrip.bgml"));
        String bare = canonical.replace("=\"#", "=\"");
        Path file = dir.resolve("bare.bgml");
        Files.writeString(file, bare);

        BenchmarkModel model = ModelFiles.loadModel(file);
        Facet facet = (Facet) model.getEntities().get(0).getPorts().get(0);
        assertNotNull(facet.getInterface(), "interface=\"Test::RoundTrip\" must resolve");
        assertEquals("RoundTrip", facet.getInterface().getName());
        for (Connection c : model.getConnections()) {
            assertNotNull(c.getSource(), c.getName());
            assertNotNull(c.getTarget(), c.getName());
        }
        ModelFiles.save(model.eResource(), file);
        assertEquals(canonical, Files.readString(file), "saving writes the canonical spelling back");
    }
}
