package org.bgml.cli.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.bgml.targets.Targets;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bgml generate}: every target writes a manifest; an invalid model is refused with its diagnostics. */
class GenerateCommandTest {
    @TempDir
    Path dir;

    @Test
    void everyTargetGeneratesTheSmallRoundTrip() throws Exception {
        Path model = SmallModels.save(SmallModels.roundTrip(), dir.resolve("rt.bgml"));
        assertTrue(Targets.ids().containsAll(List.of("omniorb", "ace", "ciao", "tao")), "every target bundle is in this runtime: " + Targets.ids());
        for (String target : Targets.ids()) {
            Path out = dir.resolve(target);
            Cli.Result r = Cli.run("generate", model.toString(), "--target", target, "--out", out.toString());
            assertEquals(0, r.code(), target + ": " + r);
            assertTrue(r.out().startsWith("generated "), r.toString());
            assertTrue(Files.isRegularFile(out.resolve("manifest.json")), target + " wrote no manifest.json");
            assertTrue(Files.isRegularFile(out.resolve("runtime/include/bgml/bgml.h")), target + " lacks the C++ runtime");
        }
    }

    @Test
    void anInvalidModelIsRefusedWithItsDiagnosticsAndNothingIsWritten() throws Exception {
        Path model = SmallModels.save(SmallModels.sourceToFacet(), dir.resolve("bad.bgml"));
        Path out = dir.resolve("out");
        Cli.Result r = Cli.run("generate", model.toString(), "--target", "omniorb", "--out", out.toString());
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("error: ") && r.err().contains("[connection.kind]"), r.toString());
        assertTrue(r.err().contains("nothing was generated"), r.toString());
        assertFalse(Files.exists(out.resolve("manifest.json")));
    }

    @Test
    void anUnknownTargetIsAUsageError() throws Exception {
        Path model = SmallModels.save(SmallModels.roundTrip(), dir.resolve("rt.bgml"));
        Cli.Result r = Cli.run("generate", model.toString(), "--target", "orbix", "--out", dir.resolve("o").toString());
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("unknown target 'orbix'; choose one of " + String.join(", ", Targets.ids())), r.toString());
    }
}
