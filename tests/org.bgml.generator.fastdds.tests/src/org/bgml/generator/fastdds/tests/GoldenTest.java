package org.bgml.generator.fastdds.tests;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.RuntimeHeaders;
import org.junit.jupiter.api.Test;
import org.bgml.testing.GoldenFiles;

/**
 * The fastdds output for examples/roundtrip.bgml, examples/avionics-chain.bgml, examples/dba-color-2-nodes.bgml and
 * models/events.bgml, byte for byte against golden/NAME/ (all files but the copied runtime headers and sources), and
 * the cubit test's IDL and mains against golden/cubit/. Refresh with -Dbgml.updateGoldens=true (see README.md).
 */
class GoldenTest {

    @Test
    void roundtripMatchesGoldenFiles() throws IOException {
        assertMatches(Fixtures.generate(Fixtures.example("roundtrip")), "roundtrip", path -> true);
    }

    /** Events: a direct connection and an event channel with two sinks, measured at the sinks (models/events.bgml). */
    @Test
    void eventsMatchGoldenFiles() throws IOException {
        assertMatches(Fixtures.generate(Fixtures.model("events")), "events",
                path -> !path.startsWith(SUPPORT) || path.equals(SUPPORT + "events.h"));
    }

    /** An event chain: a timer, sink and facet actions, calls and publications carrying path stamps. */
    @Test
    void avionicsChainMatchesGoldenFiles() throws IOException {
        assertMatches(Fixtures.generate(Fixtures.example("avionics-chain")), "avionics-chain", path -> !path.startsWith(SUPPORT));
    }

    /**
     * DBA-color on 2 agents: oneway functional paths, the probe stamp in the requests, the probed requesters and
     * receivers, the manifest's substitution and the README's segments; of the support files only whitebox.h.
     */
    @Test
    void dbaColorMatchesGoldenFiles() throws IOException {
        assertMatches(Fixtures.generate(Fixtures.example("dba-color-2-nodes")), "dba-color-2-nodes",
                path -> !path.startsWith(SUPPORT) || path.equals(SUPPORT + "whitebox.h"));
    }

    /**
     * The support files are copied unchanged into every benchmark: the roundtrip's golden holds them, the events
     * golden only the one the roundtrip lacks (events.h), and the chain's none.
     */
    private static final String SUPPORT = "src/bgml_fastdds/";

    private static void assertMatches(MemoryOutput out, String golden, java.util.function.Predicate<String> checked) throws IOException {
        Map<String, byte[]> generated = new TreeMap<>();
        out.files().forEach((path, bytes) -> {
            boolean runtime = path.startsWith(RuntimeHeaders.INCLUDE_DIR + "/") || path.startsWith(RuntimeHeaders.SOURCE_DIR + "/");
            if (!runtime && checked.test(path)) {
                generated.put(path, bytes);
            }
        });
        GoldenFiles.assertMatches(generated, Fixtures.goldenDir(golden));
    }

    /**
     * The cubit test's topic types (a struct, sequences of it) and process mains (the cubing replies), against
     * golden/cubit/; the support files are the roundtrip golden's.
     */
    @Test
    void cubitMatchesGoldenFiles() throws IOException {
        MemoryOutput out = Fixtures.generate(Fixtures.example("cubit"));
        Map<String, byte[]> generated = new TreeMap<>();
        out.files().forEach((path, bytes) -> {
            if (path.startsWith("idl/") || (path.startsWith("src/") && path.endsWith("Process.cpp"))) {
                generated.put(path, bytes);
            }
        });
        GoldenFiles.assertMatches(generated, Fixtures.goldenDir("cubit"));
    }
}
