package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.Build;
import org.bgml.generator.common.manifest.Manifest.Library;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.Manifest.Readiness;
import org.bgml.launcher.build.BenchmarkBuilder;
import org.bgml.launcher.build.BuildCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build step's checks, with a stand-in build (shell commands) in a scratch benchmark folder, so they run
 * everywhere: a build that skips a program and still ends with 0 fails with the build system's reason; a library the
 * manifest names that is missing stops the build before any command runs.
 */
class BuildCheckTest {
    /** What MPC's gnuace makefiles print when a project's library is missing; make still ends with 0. */
    private static final String MPC_SKIP = "GpsProcess will not be built due to the following missing library: TAO_CosEvent_Skel TAO_CosEvent";

    @TempDir
    Path bench;

    @Test
    void aProgramTheBuildSkippedFailsTheBuildWithTheReasonFromTheLog() throws Exception {
        Manifest m = manifest(List.of(List.of("sh", "-c", "mkdir -p build && printf '#!/bin/sh\\n' > build/DisplayProcess"
                + " && chmod +x build/DisplayProcess && echo '" + MPC_SKIP + "' >&2")), null);
        BenchmarkBuilder.Outcome outcome = new BenchmarkBuilder().build(bench, m, Map.of());
        assertFalse(outcome.ok());
        assertTrue(outcome.failure().startsWith("the build ended without error but build/GpsProcess (process GpsProcess) was not built: "
                + "the build skipped it due to the following missing library: TAO_CosEvent_Skel TAO_CosEvent"), outcome.failure());
        assertFalse(outcome.failure().contains("DisplayProcess"), "the program that was built is not named");
        assertFalse(Files.exists(bench.resolve(BenchmarkBuilder.STAMP)), "a failed build leaves no stamp: the next run builds again");
    }

    @Test
    void aCompleteBuildIsStampedAndAMissingProgramLaterBuildsAgain() throws Exception {
        Manifest m = manifest(List.of(List.of("sh", "-c", "mkdir -p build && for p in DisplayProcess GpsProcess; do"
                + " printf '#!/bin/sh\\n' > build/$p; chmod +x build/$p; done; echo x >> build/count")), null);
        assertTrue(new BenchmarkBuilder().build(bench, m, Map.of()).ok());
        BenchmarkBuilder.Outcome again = new BenchmarkBuilder().build(bench, m, Map.of());
        assertTrue(again.ok());
        assertFalse(again.rebuilt(), "unchanged sources and every program there: nothing to do");
        Files.delete(bench.resolve("build/GpsProcess"));
        BenchmarkBuilder.Outcome third = new BenchmarkBuilder().build(bench, m, Map.of());
        assertTrue(third.ok() && third.rebuilt(), "a program went missing: built again");
        assertEquals(2, Files.readAllLines(bench.resolve("build/count")).size());
    }

    @Test
    void aMissingLibraryStopsTheBuildBeforeItStartsNamingWhoNeedsIt() throws Exception {
        Path lib = Files.createDirectories(bench.resolve("ace/lib"));
        Files.writeString(lib.resolve("libTAO.so.2.2.2"), "");
        Files.writeString(lib.resolve("libTAO_CosEvent.so"), "");
        List<Library> libraries = List.of(new Library("TAO", "$ACE_ROOT/lib", List.of("DisplayProcess", "GpsProcess")),
                new Library("TAO_CosEvent", "${ACE_ROOT}/lib", List.of("GpsProcess")),
                new Library("TAO_CosEvent_Skel", "$ACE_ROOT/lib", List.of("GpsProcess")));
        Manifest m = manifest(List.of(List.of("sh", "-c", "echo ran > ran")), libraries);
        Map<String, String> env = Map.of("ACE_ROOT", bench.resolve("ace").toString());

        BenchmarkBuilder.Outcome outcome = new BenchmarkBuilder().build(bench, m, env);
        assertEquals("the tao build lacks a library this benchmark links: TAO_CosEvent_Skel (not in " + lib
                + "; needed by GpsProcess). Build them in that middleware installation (or point its variables at one that has them),"
                + " then run again", outcome.failure());
        assertFalse(Files.exists(bench.resolve("ran")), "no build command ran");

        Files.writeString(lib.resolve("libTAO_CosEvent_Skel.a"), "");
        assertNull(BuildCheck.missingLibraries(m, env), "a static library counts");
        assertTrue(BuildCheck.missingLibraries(m, Map.of()).contains("TAO ($ACE_ROOT/lib: ACE_ROOT not set)"),
                BuildCheck.missingLibraries(m, Map.of()));
    }

    private static Manifest manifest(List<List<String>> commands, List<Library> libraries) {
        return new Manifest(Manifest.SCHEMA_VERSION, "Chain", "tao", null, null, new Build("mpc", commands, List.of(), libraries),
                List.of(process("GpsProcess", "signal"), process("DisplayProcess", "exit")));
    }

    private static ProcessSpec process(String name, String stop) {
        return new ProcessSpec(name, "server", "build/" + name, List.of(), Map.of(), ".", List.of(), Readiness.none(), 10, 60, stop,
                List.of());
    }
}
