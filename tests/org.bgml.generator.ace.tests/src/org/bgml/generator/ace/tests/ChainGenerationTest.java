package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.bgml.generator.ace.UnsupportedModelException;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.Naming;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Component;
import org.bgml.model.Deployment;
import org.bgml.model.Metric;
import org.bgml.model.Node;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.junit.jupiter.api.Test;

/**
 * The event chain of models/chain.bgml as the ace target generates it: the ids each process stamps and records
 * are the common ChainPlan's, the rate generator and the serve-and-drive process say when they are done, and what
 * the ACE baseline cannot honour in a chain is refused, naming the element, before anything is written.
 */
class ChainGenerationTest {

    private static BenchmarkModel chain() {
        return Fixtures.load(Fixtures.testModel("chain"));
    }

    private static String text(MemoryOutput out, String file) {
        byte[] t = out.files().get(file);
        assertTrue(t != null, "no " + file + " in " + out.files().keySet());
        return new String(t, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void processesStampAndRecordTheCommonNumbering() {
        BenchmarkModel model = chain();
        MemoryOutput out = new MemoryOutput();
        Fixtures.generate(model, "remote", out);
        ChainPlan chains = ChainPlan.of(new Planner(new Naming()).plan(model, "remote", null));

        // the recorder at the display's read lists exactly the ChainPlan route, ids and names
        ChainPlan.Path toDisplay = chains.path((PathLatency) metric(model, "TickToDisplay"));
        String airframe = text(out, "src/AirframeProcess.cpp");
        String ids = toDisplay.segmentIds().stream().map(String::valueOf).collect(Collectors.joining(", "));
        assertTrue(airframe.contains("path_TickToDisplay(\"TickToDisplay\", " + toDisplay.origin().id() + ", { " + ids + " }"), airframe);
        for (String name : toDisplay.segmentNames()) {
            assertTrue(airframe.contains("\"" + name + "\""), name);
        }
        // the GPS publishes DataAvailable stamped with its action segment, closing the GpsReady segment at the airframe
        String gps = text(out, "src/GpsProcess.cpp");
        int gpsActions = chains.actionSegment(port(model, "Gps", "tick")).id();
        int gpsReady = chains.segment(connection(model, "GpsReady")).id();
        assertTrue(gps.contains("stamp_for_send(upcall, " + gpsActions + ")"), gps);
        assertTrue(gps.contains("GpsReady_action.push(GpsReady_event, stamp, " + gpsReady + ")"), gps);
        // the airframe's call to the GPS carries the stamp of its call scope, with typed out/inout holders
        assertTrue(airframe.contains("CallScope scope(upcall, " + chains.actionSegment(port(model, "Airframe", "gpsReady")).id() + ", "
                + chains.segment(connection(model, "AirframeReadsGps")).id() + ")"), airframe);
        assertTrue(airframe.contains("Avionics::Fix fix{}; // out holder"), airframe);
        assertTrue(airframe.contains("ACE_CDR::ULong serial = 3; // inout holder"), airframe);
        // the rate generator starts each path with the timer's origin id
        String rateGen = text(out, "src/RateGenProcess.cpp");
        assertTrue(rateGen.contains("run_timer(timer"), rateGen);
        assertTrue(rateGen.contains(", " + chains.originOf(port(model, "RateGen", "tick")).id() + ", 500.0, 2000.0,"), rateGen);
    }

    @Test
    void collocatedChainSaysWhenItsTimerIsDone() throws java.io.IOException {
        MemoryOutput out = new MemoryOutput();
        Fixtures.generate(chain(), "collocated", out);
        java.nio.file.Path file = java.nio.file.Files.createTempFile("bgml-ace-chain-", ".json");
        Manifest m;
        try {
            java.nio.file.Files.writeString(file, text(out, ManifestJson.FILE));
            m = ManifestJson.read(file);
        } finally {
            java.nio.file.Files.delete(file);
        }
        assertEquals(1, m.processes().size());
        Manifest.ProcessSpec p = m.processes().get(0);
        assertEquals("both", p.role());
        assertEquals(List.of("ChainProcess.done"), p.done().paths(), "the launcher stops the chain once the timer is done");
        String main = text(out, "src/ChainProcess.cpp");
        assertTrue(main.contains("GpsReady_action(Airframe_gpsReady, 1); // collocated: a direct call"), main);
        assertTrue(main.contains("signal_done(\"ChainProcess.done\")"), main);
    }

    @Test
    void forwardActionIsRefused() {
        BenchmarkModel model = chain();
        Action forward = BgmlFactory.eINSTANCE.createAction();
        forward.setKind(ActionKind.FORWARD);
        forward.setReceptacle((Receptacle) port(model, "Airframe", "gps"));
        org.bgml.model.Facet position = (org.bgml.model.Facet) port(model, "Airframe", "position");
        position.setBehaviour(BgmlFactory.eINSTANCE.createBehaviour());
        position.getBehaviour().getActions().add(forward);
        assertRefused(model, "remote", "Airframe/position has a forward action");
    }

    /**
     * A path whose origin is the display's calls through its receptacle: the display's process makes the metric's own
     * calls (warm-up and samples), each stamped with the path's origin and closing the connection's segment at the
     * airframe; the airframe records it.
     */
    @Test
    void pathStartingAtClientCallsIsDrivenByTheCaller() {
        BenchmarkModel model = chain();
        PathLatency path = (PathLatency) metric(model, "TickToDisplay");
        path.setPort(port(model, "Display", "airframe"));
        path.setOperation(((Receptacle) path.getPort()).getInterface().getOperations().get(0));
        MemoryOutput out = new MemoryOutput();
        Fixtures.generate(model, "remote", out);
        ChainPlan.Path planned = ChainPlan.of(new Planner(new Naming()).plan(model, "remote", null)).path(path);
        assertTrue(planned.fromCalls());
        String display = text(out, "src/DisplayProcess.cpp");
        assertTrue(display.contains("CallScope scope(stamp, " + chains(model).segment(connection(model, "DisplayReadsAirframe")).id() + ")"), display);
        assertTrue(display.contains(", nullptr, " + planned.origin().id() + ", 0.0, 0.0,"), display);
        assertTrue(display.contains("50 + options.timed(1000)"), display);
        String airframe = text(out, "src/AirframeProcess.cpp");
        assertTrue(airframe.contains("path_TickToDisplay(\"TickToDisplay\", " + planned.origin().id() + ", { "
                + planned.segmentIds().stream().map(String::valueOf).collect(Collectors.joining(", ")) + " }"), airframe);
    }

    private static ChainPlan chains(BenchmarkModel model) {
        return ChainPlan.of(new Planner(new Naming()).plan(model, "remote", null));
    }

    @Test
    void pathAcrossHostsIsRefused() {
        BenchmarkModel model = chain();
        Deployment remote = model.getDeployments().get(0);
        Node other = BgmlFactory.eINSTANCE.createNode();
        other.setName("avionics2");
        other.setHost("avionics2.example");
        org.bgml.model.Process gpsProcess = remote.getNodes().get(0).getProcesses().stream()
                .filter(p -> p.getName().equals("GpsProcess")).findFirst().orElseThrow();
        other.getProcesses().add(gpsProcess);
        remote.getNodes().add(other);
        assertRefused(model, "remote", "crosses hosts");
    }

    private static void assertRefused(BenchmarkModel model, String deployment, String expected) {
        MemoryOutput out = new MemoryOutput();
        UnsupportedModelException e = assertThrows(UnsupportedModelException.class, () -> Fixtures.generate(model, deployment, out));
        assertTrue(e.getMessage().startsWith("target ace: "), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertTrue(out.files().isEmpty(), "nothing is written: " + out.files().keySet());
    }

    private static Metric metric(BenchmarkModel model, String name) {
        return model.getMetrics().stream().filter(m -> m.getName().equals(name)).findFirst().orElseThrow();
    }

    private static Port port(BenchmarkModel model, String entity, String port) {
        Component c = (Component) model.getEntities().stream().filter(e -> e.getName().equals(entity)).findFirst().orElseThrow();
        return c.getPorts().stream().filter(p -> p.getName().equals(port)).findFirst().orElseThrow();
    }

    private static org.bgml.model.Connection connection(BenchmarkModel model, String name) {
        return model.getConnections().stream().filter(c -> c.getName().equals(name)).findFirst().orElseThrow();
    }
}
