package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.bgml.generator.common.Naming;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.Behaviour;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Component;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Module;
import org.bgml.model.Node;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.Process;
import org.bgml.model.RateKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Workload;
import org.junit.jupiter.api.Test;

/**
 * The chain planner on the avionics shape: a timer source ticks a GPS, which publishes to an airframe, which
 * reads the GPS and publishes to a display, which reads the airframe.
 */
class ChainPlanTest {
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;

    private final BenchmarkModel model = F.createBenchmarkModel();
    private final Module module = F.createModule();
    private final EventType tick = eventType("Tick");
    private final EventType ready = eventType("Ready");
    private final Interface position = F.createInterface();

    private final Component rate = component("Rate");
    private final Component gps = component("Gps");
    private final Component airframe = component("Airframe");
    private final Component display = component("Display");

    private final EventSource pulse = source(rate, "pulse", tick);
    private final EventSink gpsTick = sink(gps, "tick", tick);
    private final EventSource gpsReady = source(gps, "ready", ready);
    private final Facet gpsPos = facet(gps, "pos");
    private final EventSink afReady = sink(airframe, "ready", ready);
    private final Receptacle afGps = receptacle(airframe, "gps");
    private final EventSource afOut = source(airframe, "out", ready);
    private final Facet afPos = facet(airframe, "pos");
    private final EventSink dispIn = sink(display, "in", ready);
    private final Receptacle dispAf = receptacle(display, "airframe");

    private final Connection c1 = connect("Tick", pulse, gpsTick);
    private final Connection c2 = connect("GpsReady", gpsReady, afReady);
    private final Connection c3 = connect("AirframeGps", afGps, gpsPos);
    private final Connection c4 = connect("AirframeOut", afOut, dispIn);
    private final Connection c5 = connect("DisplayRead", dispAf, afPos);

    ChainPlanTest() {
        model.setName("Avionics");
        module.setName("M");
        position.setName("Position");
        module.getDefinitions().add(position);
        model.getModules().add(module);
        Workload timer = F.createWorkload();
        timer.setRate(RateKind.FIXED);
        timer.setRateHz(100);
        timer.setIterations(50);
        pulse.setTimer(timer);
        actions(gpsTick, busy(10), publish(gpsReady));
        actions(afReady, call(afGps), publish(afOut));
        actions(dispIn, call(dispAf));
    }

    @Test
    void numbersOriginsConnectionsAndActionBlocksInModelOrder() {
        PathLatency toRead = path("EndToEnd", pulse, afPos);
        ChainPlan chains = ChainPlan.of(model);

        assertEquals(1, chains.origins().size(), "the timer source is the path's origin too, numbered once");
        assertEquals(0, chains.originOf(pulse).id());
        assertEquals("Rate.pulse", chains.originOf(pulse).name());
        assertEquals(pulse, chains.originOf(pulse).timerSource());
        assertEquals(List.of("Tick", "GpsReady", "AirframeGps", "AirframeOut", "DisplayRead", "Gps.tick actions",
                "Airframe.ready actions", "Display.in actions"),
                chains.segments().stream().map(ChainPlan.Segment::name).toList());
        for (int i = 0; i < chains.segments().size(); i++) {
            assertEquals(i + 1, chains.segments().get(i).id());
        }
        assertEquals(3, chains.segment(c3).id());
        assertEquals("Airframe.ready actions", chains.actionSegment(afReady).name());
        assertNull(chains.actionSegment(gpsPos), "a facet without actions has no action segment");
        assertNotNull(chains.path(toRead));
    }

    @Test
    void routeFollowsActionsFromTheTickToTheDisplaysRead() {
        PathLatency toRead = path("EndToEnd", pulse, afPos);
        PathLatency toDisplay = path("ToDisplay", pulse, dispIn);
        ChainPlan chains = ChainPlan.of(model);

        ChainPlan.Path p = chains.path(toRead);
        assertTrue(p.reachable());
        assertEquals(List.of("Tick", "Gps.tick actions", "GpsReady", "Airframe.ready actions", "AirframeOut",
                "Display.in actions", "DisplayRead"), p.segmentNames());
        assertEquals("DisplayRead", p.last().name());
        assertEquals(List.of("Tick", "Gps.tick actions", "GpsReady", "Airframe.ready actions", "AirframeOut"),
                chains.path(toDisplay).segmentNames());
        assertEquals(List.of(chains.path(toDisplay)), chains.pathsEndingAt(dispIn));
        assertEquals(2, chains.pathsFrom(pulse).size());
        assertTrue(p.oneHost(), "no deployment: one host");
        assertNull(p.clockNote());
    }

    @Test
    void unreachableEndAndHopLimitsGiveNoRoute() {
        PathLatency toGpsPos = path("NeverReached", pulse, afOut);
        ChainPlan chains = ChainPlan.of(model);
        assertFalse(chains.path(toGpsPos).reachable(), "an event source is not where a path arrives");

        // the display reads only while the stamp has passed fewer than 3 hops; it arrives after 5
        ((EventSink) dispIn).getBehaviour().getActions().get(0).setHopLimit(3);
        PathLatency toRead = path("Limited", pulse, afPos);
        assertFalse(ChainPlan.of(model).path(toRead).reachable());
        ((EventSink) dispIn).getBehaviour().getActions().get(0).setHopLimit(6);
        assertTrue(ChainPlan.of(model).path(toRead).reachable());
    }

    @Test
    void aPathAcrossTwoHostsSaysWhichClocksItMixes() {
        PathLatency toRead = path("EndToEnd", pulse, afPos);
        Deployment d = F.createDeployment();
        d.setName("split");
        d.getNodes().add(node("a", "hostA", rate, gps));
        d.getNodes().add(node("b", "hostB", airframe, display));
        model.getDeployments().add(d);
        BenchmarkPlan plan = new Planner(new Naming()).plan(model, "split", null);

        ChainPlan.Path p = ChainPlan.of(plan).path(toRead);
        assertEquals(List.of("hostA", "hostB"), p.hosts());
        assertFalse(p.oneHost());
        assertTrue(p.clockNote().contains("hostA, hostB"), p.clockNote());
    }

    /**
     * The launcher's live count of a chain: every tick of a connected timer (50 here, whatever its paths' samples),
     * plus the timed calls of a path from a client's calls (warm-up excluded); a timer with no connection publishes
     * nothing. The plan's total then matches what the rate generators count as they run, so the progress line never
     * reads "600 of 0".
     */
    @Test
    void driversCountEveryTickAndEveryTimedPathCall() {
        PathLatency fromTicks = path("EndToEnd", pulse, afPos);
        fromTicks.setSamples(500);
        EventSource idle = source(rate, "idle", tick);
        Workload idleTimer = F.createWorkload();
        idleTimer.setRate(RateKind.FIXED);
        idleTimer.setRateHz(10);
        idleTimer.setIterations(7);
        idle.setTimer(idleTimer);
        assertEquals(50, ChainPlan.of(model).driverSamples(), "one unconnected timer and one connected: its 50 ticks");

        PathLatency fromCalls = path("ReadToGps", afGps, gpsPos);
        fromCalls.setWarmupIterations(20);
        fromCalls.setSamples(300);
        assertEquals(50 + 300, ChainPlan.of(model).driverSamples(), "the ticks and the path's timed calls");

        Workload byTime = F.createWorkload();
        byTime.setRate(RateKind.FIXED);
        byTime.setRateHz(200);
        byTime.setDurationMillis(1500);
        assertEquals(300, ChainPlan.timerPublications(byTime), "a duration counts as its rate times its length");
    }

    private PathLatency path(String name, Port origin, Port end) {
        PathLatency m = F.createPathLatency();
        m.setName(name);
        m.setPort(origin);
        m.setEnd(end);
        model.getMetrics().add(m);
        return m;
    }

    private EventType eventType(String name) {
        EventType t = F.createEventType();
        t.setName(name);
        module.getDefinitions().add(t);
        return t;
    }

    private Component component(String name) {
        Component c = F.createComponent();
        c.setName(name);
        model.getEntities().add(c);
        return c;
    }

    private static EventSource source(Component c, String name, EventType type) {
        EventSource s = F.createEventSource();
        s.setName(name);
        s.setEventType(type);
        c.getPorts().add(s);
        return s;
    }

    private static EventSink sink(Component c, String name, EventType type) {
        EventSink s = F.createEventSink();
        s.setName(name);
        s.setEventType(type);
        c.getPorts().add(s);
        return s;
    }

    private Facet facet(Component c, String name) {
        Facet f = F.createFacet();
        f.setName(name);
        f.setInterface(position);
        c.getPorts().add(f);
        return f;
    }

    private Receptacle receptacle(Component c, String name) {
        Receptacle r = F.createReceptacle();
        r.setName(name);
        r.setInterface(position);
        c.getPorts().add(r);
        return r;
    }

    private Connection connect(String name, Port from, Port to) {
        Connection c = F.createConnection();
        c.setName(name);
        c.setSource(from);
        c.setTarget(to);
        model.getConnections().add(c);
        return c;
    }

    private static void actions(EventSink sink, Action... actions) {
        Behaviour b = F.createBehaviour();
        b.getActions().addAll(List.of(actions));
        sink.setBehaviour(b);
    }

    private static Action busy(int micros) {
        Action a = F.createAction();
        a.setKind(ActionKind.BUSY_WORK);
        a.setMicros(micros);
        return a;
    }

    private static Action publish(EventSource s) {
        Action a = F.createAction();
        a.setKind(ActionKind.PUBLISH);
        a.setSource(s);
        return a;
    }

    private static Action call(Receptacle r) {
        Action a = F.createAction();
        a.setKind(ActionKind.CALL);
        a.setReceptacle(r);
        return a;
    }

    private static Node node(String name, String host, Component... entities) {
        Node n = F.createNode();
        n.setName(name);
        n.setHost(host);
        Process p = F.createProcess();
        p.setName(name + "p");
        p.getEntities().addAll(List.of(entities));
        n.getProcesses().add(p);
        return n;
    }
}
