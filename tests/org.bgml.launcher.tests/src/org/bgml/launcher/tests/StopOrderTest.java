package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.Manifest.Readiness;
import org.bgml.generator.common.manifest.StopOrder;
import org.bgml.launcher.process.ProcessGroups;
import org.bgml.launcher.run.ManifestRunner;
import org.bgml.launcher.run.RunListener;
import org.bgml.launcher.run.RunOutcome;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher stops a chain from its drivers inward: a process is stopped only after every process that calls it,
 * whatever the start order, so that no process is in the middle of a call when the process it calls goes away.
 */
class StopOrderTest {
    @TempDir
    Path dir;

    @AfterEach
    void nothingLeft() {
        assertTrue(ProcessGroups.live().isEmpty(), "the launcher still tracks groups: " + ProcessGroups.live());
    }

    @Test
    void callersStopBeforeWhatTheyCallWhateverTheStartOrder() {
        // started: the channel, Display, Gps, Airframe; Display calls Airframe, Airframe calls Gps, the channel pushes to Gps
        List<ProcessSpec> started = List.of(spec("Channel", "Gps"), spec("Display", "Airframe"), spec("Gps"), spec("Airframe", "Gps"),
                spec("RateGen", "Channel"));
        assertEquals(List.of("RateGen", "Display", "Airframe", "Channel", "Gps"), StopOrder.names(started));
    }

    @Test
    void withoutCallsTheOrderIsReverseStartOrderAndACycleDoesNotBlock() {
        assertEquals(List.of("c", "b", "a"), StopOrder.names(List.of(spec("a"), spec("b"), spec("c"))));
        // a pushes to b and b calls a: neither can go strictly first; the one started last does, then the rest
        assertEquals(List.of("x", "b", "a"), StopOrder.names(List.of(spec("a", "b"), spec("b", "a"), spec("x", "a"))));
    }

    /**
     * A run whose servers were not started callee-first: Display (calls Airframe), Gps, Airframe (calls Gps). In
     * reverse start order Airframe would be stopped while Display still runs and calls it. Each server notes at SIGTERM
     * whether the processes that call it are still alive; none may be.
     */
    @Test
    void theRunnerStopsEachServerAfterTheProcessesThatCallIt() throws Exception {
        ProcessSpec display = server("Display", List.of("Airframe"));
        ProcessSpec gps = server("Gps", List.of());
        ProcessSpec airframe = server("Airframe", List.of("Gps"));
        Manifest m = new Manifest(Manifest.SCHEMA_VERSION, "Chain", "script", null, null, null, List.of(display, gps, airframe,
                client()));
        RunOutcome outcome = new ManifestRunner(dir, m).run(dir.resolve("run"), new RunListener() { });
        assertNull(outcome.failure(), outcome::describe);
        List<String> stops = Files.readAllLines(dir.resolve("run/stops.log"));
        assertEquals(List.of("Display callers-alive=", "Airframe callers-alive=", "Gps callers-alive="), stops);
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    private static ProcessSpec spec(String name, String... calls) {
        return new ProcessSpec(name, "server", "build/" + name, List.of(), Map.of(), ".", List.of(), Readiness.none(), 10, 60, "signal",
                List.of()).withCalls(List.of(calls));
    }

    /**
     * A server that writes its pid, then on SIGTERM appends to stops.log which of the processes calling it are still
     * alive (by their pid files).
     */
    private ProcessSpec server(String name, List<String> calls) throws IOException {
        List<String> callers = new ArrayList<>();
        if (name.equals("Airframe")) {
            callers.add("Display");
        } else if (name.equals("Gps")) {
            callers.add("Airframe");
        }
        StringBuilder check = new StringBuilder();
        for (String c : callers) {
            check.append("kill -0 $(cat ").append(c).append(".pid) 2>/dev/null && alive=\"$alive").append(c).append("\"; ");
        }
        String body = "#!/bin/bash\n"
                + "trap 'alive=; " + check + "echo \"" + name + " callers-alive=$alive\" >> stops.log; exit 0' TERM\n"
                + "echo $$ > " + name + ".pid\n"
                + "echo ready > " + name + ".ior\n"
                + "while true; do sleep 0.05; done\n";
        return new ProcessSpec(name, "server", script(name, body), List.of(), Map.of(), ".", List.of(),
                Readiness.files(List.of(name + ".ior")), 10, 60, "signal", List.of()).withCalls(calls);
    }

    private ProcessSpec client() throws IOException {
        return new ProcessSpec("client", "client", script("client", "#!/bin/bash\ntest -s Display.ior\n"), List.of(), Map.of(), ".",
                List.of(), Readiness.none(), 10, 30, "exit", List.of()).withCalls(List.of("Display"));
    }

    private String script(String name, String body) throws IOException {
        Path file = dir.resolve("stoporder-" + name + ".sh");
        Files.writeString(file, body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file.toString();
    }
}
