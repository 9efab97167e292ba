package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.omniorb.Behaviours;
import org.bgml.generator.omniorb.BenchmarkLayout;
import org.bgml.generator.omniorb.Layouts;
import org.bgml.generator.omniorb.LoopGroup;
import org.bgml.generator.omniorb.OmniOrbNaming;
import org.bgml.generator.omniorb.OmniOrbOptions;
import org.bgml.generator.omniorb.OmniOrbTypes;
import org.bgml.generator.omniorb.ProcessLayout;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Operation;
import org.junit.jupiter.api.Test;

/** The helpers the templates read: processes, loops, options, behaviours, as small checks. */
class LayoutTest {
    private final OmniOrbNaming naming = new OmniOrbNaming();
    private final OmniOrbTypes types = new OmniOrbTypes();

    private BenchmarkLayout layout(String example) {
        return new Layouts(naming, types).layout(Fixtures.plan(Fixtures.example(example)));
    }

    private static ProcessLayout process(BenchmarkLayout layout, String name) {
        return layout.processes().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void roundtripMetricsShareOneLoopPerConnection() {
        BenchmarkLayout layout = layout("roundtrip");
        ProcessLayout client = process(layout, "TaoTaoClientProcess");
        assertEquals(ProcessLayout.CLIENT, client.role());
        assertEquals(1, client.loops().size());
        LoopGroup loop = client.loops().get(0);
        assertEquals(List.of("latency", "throughput", "jitter"), loop.metrics().stream().map(m -> m.kind()).toList());
        assertEquals(250_000, loop.samples());
        assertEquals(1000, loop.warmup());
        ProcessLayout server = process(layout, "TaoTaoServerProcess");
        assertEquals(ProcessLayout.SERVER, server.role());
        assertEquals(List.of("TaoTaoServer_rt.ior"), server.iorFiles());
        assertEquals("remote/localhost/TaoTaoServerProcess", server.path());
        assertEquals(List.of("RoundTrip_i"), layout.servants().stream().map(c -> c.className()).toList());
        assertEquals(List.of("RoundTrip_exec_i"), layout.executors().stream().map(c -> c.className()).toList());
        assertNull(layout.eventService(), "no channels, no omniEvents");
    }

    @Test
    void endpointDefaultsToLoopbackUnlessTheModelSetsIt() {
        OmniOrbOptions.Settings set = process(layout("roundtrip"), "TaoTaoServerProcess").options();
        assertEquals(List.of(), set.orbArgs(), "the model's configuration file sets endPoint");
        assertEquals(Map.of("endPoint", "giop:tcp:127.0.0.1:"), set.configFile());

        OmniOrbOptions.Settings tao = process(layout("tao-options-experiment"), "ServerProcess").options();
        assertEquals(List.of("-ORBendPoint", OmniOrbOptions.DEFAULT_ENDPOINT), tao.orbArgs());
        assertTrue(tao.configFile().isEmpty());
        assertTrue(tao.ignored().stream().anyMatch(s -> s.startsWith("-ORBEndpoint=")), "TAO settings are listed as left out: " + tao.ignored());
    }

    @Test
    void proxyForwardsThroughItsReceptacle() {
        BenchmarkLayout layout = layout("proxy-pattern");
        ProcessLayout proxy = process(layout, "ProxyProcess");
        assertEquals(3, proxy.forwards().size());
        assertEquals("ToServer1", proxy.forwards().get(0).target().connection().getName());
        assertEquals(ProcessLayout.SERVER, proxy.role(), "the proxy drives no metric of its own");
        assertEquals("Cubit_i", layout.servants().get(0).className());
        assertEquals(List.of(BehaviourKind.CUBIT, BehaviourKind.FORWARD), List.copyOf(layout.servants().get(0).kinds()));
    }

    @Test
    void cubitCubesStructsAndSequences() {
        BenchmarkLayout layout = layout("cubit");
        assertTrue(layout.cubit());
        assertEquals(List.of("Many", "OctetSeq", "LongSeq", "ManySeq"), layout.cubitTypes().stream().map(t -> t.getName()).toList());
        Operation struct = op(layout, "cube_struct");
        assertEquals("return bgml_cubit::cubed(many);", new Behaviours(types, naming).body(layout.servants().get(0), struct));
        Operation seq = op(layout, "cube_long_sequence");
        assertEquals("return bgml_cubit::cubed_copy(input);", new Behaviours(types, naming).body(layout.servants().get(0), seq));
    }

    @Test
    void eventsGetStreamsAndAChannelInOmniEvents() {
        BenchmarkLayout layout = new Layouts(naming, types).layout(Fixtures.plan(Fixtures.features()));
        assertNotNull(layout.eventService());
        int port = layout.eventService().port();
        assertTrue(port >= 20000 && port < 30000, "port " + port);
        assertEquals("corbaloc::127.0.0.1:" + port + "/omniEvents", layout.eventService().factoryUri());
        assertEquals(List.of("readings"), List.copyOf(layout.eventService().channels().keySet()));
        ProcessLayout monitor = process(layout, "MonitorProcess");
        assertEquals(2, monitor.consumers().size());
        assertTrue(monitor.usesChannels());
        ProcessLayout front = process(layout, "FrontProcess");
        assertEquals(ProcessLayout.BOTH, front.role());
        assertEquals(1, front.probes().size());
        assertEquals(List.of("Base_exec_i"), layout.executors().stream().map(c -> c.className()).toList());
        ProcessLayout driver = process(layout, "DriverProcess");
        assertEquals(LoopGroup.LOOKUP, driver.loops().get(0).kind(), "the lookup runs before any other call");
    }

    private Operation op(BenchmarkLayout layout, String name) {
        return IdlTypes.allOperations(layout.servants().get(0).iface()).stream().filter(o -> o.getName().equals(name)).findFirst()
                .orElseThrow();
    }
}
