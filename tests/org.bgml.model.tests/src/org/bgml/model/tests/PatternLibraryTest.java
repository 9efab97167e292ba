package org.bgml.model.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.Metric;
import org.bgml.model.Process;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.patterns.PatternDefinition;
import org.bgml.model.patterns.PatternException;
import org.bgml.model.patterns.PatternInstantiator;
import org.bgml.model.patterns.PatternLibrary;
import org.bgml.model.patterns.PatternParameter;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.ModelValidator;
import org.eclipse.emf.ecore.resource.Resource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The pattern library: every shipped pattern, at the low and high ends of each numeric parameter and with every
 * choice, gives a model that validates without a diagnostic and is written in canonical form; the same arguments give
 * the same bytes; two instances in one model never share a name; bad arguments are refused in one sentence; a pattern
 * file beside the models joins the library.
 */
class PatternLibraryTest {
    @TempDir
    Path dir;

    /** Each pattern with its parameters at their lower bounds, their defaults, their upper bounds and every choice. */
    static Stream<Arguments> corners() {
        List<Arguments> all = new ArrayList<>();
        for (PatternDefinition p : PatternLibrary.shipped()) {
            all.add(Arguments.of(p.name(), Map.of()));
            Map<String, String> low = new LinkedHashMap<>();
            Map<String, String> high = new LinkedHashMap<>();
            for (PatternParameter parameter : p.parameters()) {
                switch (parameter.type()) {
                case INT, NUMBER -> {
                    // big enough to matter, small enough for a unit test: samples and rates at their ends change no structure
                    low.put(parameter.name(), format(parameter.min()));
                    high.put(parameter.name(), format(Math.min(parameter.max(), structural(parameter) ? parameter.max() : 100)));
                }
                case CHOICE -> {
                    for (String c : parameter.choices()) {
                        all.add(Arguments.of(p.name(), Map.of(parameter.name(), c)));
                    }
                }
                case IDENTIFIER -> high.put(parameter.name(), "Zz_9");
                }
            }
            if (p.name().equals("mesh")) {
                low.put("cols", "2"); // one agent is refused (tested below)
                high.put("nodes", "16");
            }
            all.add(Arguments.of(p.name(), low));
            all.add(Arguments.of(p.name(), high));
        }
        return all.stream();
    }

    private static boolean structural(PatternParameter p) {
        return !p.name().equals("samples") && !p.name().equals("rate") && !p.name().equals("busyMicros");
    }

    private static String format(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("corners")
    void everyShippedPatternValidatesCleanAtItsBounds(String pattern, Map<String, String> args) throws Exception {
        BenchmarkModel model = instantiate(pattern, args);
        List<ModelDiagnostic> diagnostics = new ModelValidator().validate(model);
        List<String> expected = List.of();
        if ("differentCpus".equals(args.get("placement"))) {
            // the one placement whose round trip wakes an idle CPU: the validator says so, and that is what it measures
            expected = List.of("WARNING deployment.cross-cpu");
        }
        assertEquals(expected, diagnostics.stream().map(d -> d.severity() + " " + d.ruleId()).toList(),
                pattern + " " + args + ": " + diagnostics.stream().map(ModelDiagnostic::format).toList());
        assertTrue(!model.getMetrics().isEmpty(), "a pattern measures something");
        Set<Entity> placed = new HashSet<>();
        model.getDeployments().get(0).getNodes().forEach(n -> n.getProcesses().forEach(p -> placed.addAll(p.getEntities())));
        assertEquals(new HashSet<>(model.getEntities()), placed, "every entity has a process");

        byte[] first = bytes(model, dir.resolve("m.bgml"));
        BenchmarkModel again = instantiate(pattern, args);
        assertArrayEquals(first, bytes(again, dir.resolve("m.bgml")), "the same arguments give the same bytes");

        Path file = dir.resolve("m.bgml");
        Files.write(file, first);
        BenchmarkModel loaded = ModelFiles.loadModel(file);
        ModelFiles.save(loaded.eResource(), file);
        assertArrayEquals(first, Files.readAllBytes(file), "what a pattern writes is canonical: loading and saving it changes nothing");
    }

    @Test
    void proxyWithFivePairsHasFivePairsThroughOneRouter() throws Exception {
        BenchmarkModel m = instantiate("proxy", Map.of("pairs", "5", "mode", "route"));
        assertEquals(11, m.getEntities().size());
        assertEquals(10, m.getConnections().size());
        assertEquals(5, m.getMetrics().size());
        for (Metric metric : m.getMetrics()) {
            assertEquals("ProxyClientTest", metric.getParameters().getName(), "every metric uses the client block");
        }
        Process router = process(m, "ProxyRouterProcess");
        assertTrue(router.getStartOrder() > process(m, "ProxyServer1Process").getStartOrder(), "servers start before the router");
        assertTrue(process(m, "ProxyClient5Process").getStartOrder() > router.getStartOrder(), "clients start last");
    }

    @Test
    void connectOnlyLetsEachClientCallItsServerDirectly() throws Exception {
        BenchmarkModel m = instantiate("proxy", Map.of("pairs", "2", "mode", "connectOnly"));
        Connection direct = m.getConnections().stream().filter(c -> c.getName().equals("ProxyToServer2")).findFirst().orElseThrow();
        assertEquals("ProxyClient2", ((Entity) direct.getSource().eContainer()).getName());
        assertEquals("ProxyServer2", ((Entity) direct.getTarget().eContainer()).getName());
        Connection intro = m.getConnections().stream().filter(c -> c.getName().equals("ProxyToRouter2")).findFirst().orElseThrow();
        assertEquals("ProxyRouter", ((Entity) intro.getTarget().eContainer()).getName());
    }

    @Test
    void twoInstancesNeverClash() throws Exception {
        BenchmarkModel m = BgmlFactory.eINSTANCE.createBenchmarkModel();
        m.setName("Two");
        PatternDefinition proxy = PatternLibrary.ofShipped().find("proxy");
        assertEquals("Proxy", PatternInstantiator.instantiate(m, proxy, Map.of("pairs", "2"), null).prefix());
        assertEquals("Proxy2", PatternInstantiator.instantiate(m, proxy, Map.of("pairs", "3"), null).prefix());
        assertEquals("Other", PatternInstantiator.instantiate(m, proxy, Map.of(), "Other").prefix());
        assertEquals(List.of(), new ModelValidator().validate(m).stream().map(ModelDiagnostic::format).toList());
        assertEquals(1, m.getDeployments().size(), "all instances share the one deployment, so they run together");
        assertEquals(2 * 2 + 1 + 3 * 2 + 1 + 3 * 2 + 1, m.getEntities().size());

        PatternException clash = assertThrows(PatternException.class, () -> PatternInstantiator.instantiate(m, proxy, Map.of(), "Proxy2"));
        assertTrue(clash.getMessage().startsWith("prefix 'Proxy2' gives names the model already has: Proxy2"), clash.getMessage());
        assertThrows(PatternException.class, () -> PatternInstantiator.instantiate(m, proxy, Map.of(), "2bad"));
    }

    @Test
    void badArgumentsAreRefusedInOneSentence() throws Exception {
        assertRefused("proxy", Map.of("pairs", "0"), "parameter pairs=0 is out of bounds: it must be from 1 to 64");
        assertRefused("proxy", Map.of("pairs", "65"), "parameter pairs=65 is out of bounds: it must be from 1 to 64");
        assertRefused("proxy", Map.of("pairs", "two"), "parameter pairs=two is not a whole number");
        assertRefused("proxy", Map.of("rate", "-5"), "parameter rate=-5 is out of bounds: it must be from 0 to 1000000");
        assertRefused("proxy", Map.of("rate", "NaN"), "parameter rate=NaN is out of bounds: it must be from 0 to 1000000");
        assertRefused("proxy", Map.of("mode", "sideways"), "parameter mode=sideways is not one of route, connectOnly");
        assertRefused("proxy", Map.of("colour", "red"),
                "pattern proxy has no parameter 'colour'; its parameters are pairs, mode, behaviour, busyMicros, samples, rate");
        assertRefused("pipeline", Map.of("eventType", "9lives"),
                "parameter eventType=9lives is not an identifier (a letter, then letters, digits and single underscores)");
        assertRefused("mesh", Map.of("rows", "1", "cols", "1"), "pattern mesh needs at least 2 agents; rows=1 cols=1 gives 1");
        PatternException unknown = assertThrows(PatternException.class, () -> PatternLibrary.ofShipped().find("star"));
        assertEquals("unknown pattern 'star'; the patterns are clientServer, proxy, pipeline, fanOut, mesh", unknown.getMessage());
    }

    @Test
    void aPatternFileBesideTheModelsJoinsTheLibrary() throws Exception {
        Files.writeString(dir.resolve("pinger.bgmlpattern"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <!-- bgml-pattern
                description: One client pinging one server at a payload of its choosing.
                param payload int 64 0..65536 Payload bytes of each call.
                param calls int 500 1..1000000 Timed calls.
                -->
                <bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                    xmlns:bgml="http://bgml.org/bgml/1.0" name="Fragment">
                  <modules name="Ping">
                    <definitions xsi:type="bgml:Interface" name="Pinger">
                      <operations name="ping">
                        <returnType primitive="string"/>
                        <parameters name="v">
                          <type primitive="string"/>
                        </parameters>
                      </operations>
                    </definitions>
                  </modules>
                  <entities xsi:type="bgml:Server" name="Server">
                    <ports xsi:type="bgml:Facet" name="p" interface="#Ping::Pinger"/>
                  </entities>
                  <entities xsi:type="bgml:Client" name="Client">
                    <ports xsi:type="bgml:Receptacle" name="p" interface="#Ping::Pinger"/>
                  </entities>
                  <connections name="Calls" source="#Client/p" target="#Server/p"/>
                  <deployments name="d">
                    <nodes name="localhost">
                      <processes name="ServerProcess" entities="#Server"/>
                      <processes name="ClientProcess" entities="#Client" startOrder="1"/>
                    </nodes>
                  </deployments>
                  <metrics xsi:type="bgml:Latency" name="PingLatency" samples="${calls}" connection="#Calls" operation="#Ping::Pinger::ping">
                    <workload payloadBytes="${payload}"/>
                  </metrics>
                </bgml:BenchmarkModel>
                """, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("broken.bgmlpattern"), "<?xml version=\"1.0\"?>\n<!-- bgml-pattern\nparam x int 1 0..3 X.\n-->\n<a b=\"${y}\"/>\n");
        PatternLibrary library = PatternLibrary.of(dir);
        PatternDefinition pinger = library.find("pinger");
        assertEquals("One client pinging one server at a payload of its choosing.", pinger.description());
        assertEquals(List.of("payload", "calls"), pinger.parameters().stream().map(PatternParameter::name).toList());
        assertEquals(List.of(dir.resolve("broken.bgmlpattern") + ": uses ${y}, which its header does not declare"), library.problems());

        BenchmarkModel m = BgmlFactory.eINSTANCE.createBenchmarkModel();
        m.setName("Own");
        PatternInstantiator.instantiate(m, pinger, Map.of("calls", "42"), null);
        PatternInstantiator.instantiate(m, pinger, Map.of("payload", "8"), null);
        Metric first = m.getMetrics().get(0);
        assertEquals("PingerPingLatency", first.getName());
        assertEquals(42, first.getSamples());
        assertEquals(64, first.getWorkload().getPayloadBytes());
        assertEquals("Pinger2PingLatency", m.getMetrics().get(1).getName());
        assertEquals(8, m.getMetrics().get(1).getWorkload().getPayloadBytes());
        assertEquals(List.of(), new ModelValidator().validate(m).stream().map(ModelDiagnostic::format).toList());
        assertRefused(library, "pinger", Map.of("payload", "-1"), "parameter payload=-1 is out of bounds: it must be from 0 to 65536");
    }

    private static void assertRefused(String pattern, Map<String, String> args, String message) throws PatternException {
        assertRefused(PatternLibrary.ofShipped(), pattern, args, message);
    }

    private static void assertRefused(PatternLibrary library, String pattern, Map<String, String> args, String message)
            throws PatternException {
        PatternDefinition p = library.find(pattern);
        BenchmarkModel m = BgmlFactory.eINSTANCE.createBenchmarkModel();
        PatternException e = assertThrows(PatternException.class, () -> PatternInstantiator.instantiate(m, p, args, null));
        assertEquals(message, e.getMessage());
        assertEquals(List.of(), m.eContents(), "a refused instantiation adds nothing");
    }

    private static BenchmarkModel instantiate(String pattern, Map<String, String> args) throws PatternException {
        BenchmarkModel m = BgmlFactory.eINSTANCE.createBenchmarkModel();
        m.setName("Patterned");
        PatternInstantiator.instantiate(m, PatternLibrary.ofShipped().find(pattern), args, null);
        return m;
    }

    private static Process process(BenchmarkModel m, String name) {
        return m.getDeployments().get(0).getNodes().stream().flatMap(n -> n.getProcesses().stream()).filter(p -> p.getName().equals(name))
                .findFirst().orElseThrow();
    }

    private static byte[] bytes(BenchmarkModel model, Path file) throws Exception {
        Resource r = ModelBytes.resourceFor(model, file);
        return ModelBytes.serialise(r);
    }
}
