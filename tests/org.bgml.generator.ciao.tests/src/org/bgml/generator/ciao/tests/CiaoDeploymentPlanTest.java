package org.bgml.generator.ciao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import javax.xml.parsers.DocumentBuilderFactory;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Component;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventSourceKind;
import org.bgml.model.Facet;
import org.bgml.model.Node;
import org.bgml.model.Port;
import org.bgml.model.Process;
import org.bgml.model.Receptacle;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The DAnCE deployment plans, parsed with the JDK's XML parser: well-formed, in the Deployment namespace, every
 * instance's implementation and every implementation's artifacts declared, every connection endpoint naming an
 * existing instance and a port of the right kind on its component, every modelled connection of a component
 * present, and the instances of one deployment process sharing a SameProcess constraint while instances of
 * different processes never do.
 */
class CiaoDeploymentPlanTest {
    private static final String DEPLOYMENT_NS = "http://www.omg.org/Deployment";
    private static final String XMI_NS = "http://www.omg.org/XMI";

    @TestFactory
    Stream<DynamicTest> everyPlanIsConsistentWithItsModel() {
        List<DynamicTest> tests = new ArrayList<>();
        for (var file : Examples.all()) {
            BenchmarkModel model = Examples.load(file);
            for (String deployment : Examples.deployments(model)) {
                tests.add(DynamicTest.dynamicTest(file.getFileName() + " " + deployment, () -> check(Examples.load(file), deployment)));
            }
        }
        return tests.stream();
    }

    @Test
    void collocatedRoundtripComponentsShareOneProcess() throws Exception {
        BenchmarkModel model = Examples.load(Examples.example("roundtrip.bgml"));
        Plan plan = parse(Examples.generate(model, "collocated"), "descriptors/collocated.cdp");
        List<Set<String>> same = plan.constraints("SameProcess");
        assertTrue(same.contains(Set.of("RoundTrip.CiaoCiaoServer", "RoundTrip.CiaoCiaoClient")), same.toString());
    }

    @Test
    void remoteRoundtripComponentsAreApartAndTaoCiaoUsesTheServersIor() throws Exception {
        BenchmarkModel model = Examples.load(Examples.example("roundtrip.bgml"));
        Plan plan = parse(Examples.generate(model, "remote"), "descriptors/remote.cdp");
        assertTrue(plan.constraints("SameProcess").isEmpty());
        assertEquals(List.of(Set.of("RoundTrip.CiaoTaoServer", "RoundTrip.CiaoCiaoServer", "RoundTrip.TaoCiaoClient",
                "RoundTrip.CiaoCiaoClient")), plan.constraints("DifferentProcess"));
        Element taoCiao = plan.connections.get("TaoCiao");
        assertNotNull(taoCiao);
        assertEquals("file://TaoCiaoServer_rt.ior", text(child(child(taoCiao, "externalReference"), "location")));
        assertEquals("SimplexReceptacle", text(child(child(taoCiao, "internalEndpoint"), "kind")));
    }

    private void check(BenchmarkModel model, String deployment) throws Exception {
        MemoryOutput out = Examples.generate(model, deployment);
        String path = "descriptors/" + (deployment == null ? model.getName() : deployment) + ".cdp";
        List<Component> deployed = deployedComponents(model, deployment);
        if (deployed.isEmpty()) {
            assertFalse(out.files().containsKey(path), "a plan without components: " + path);
            return;
        }
        Plan plan = parse(out, path);
        Map<String, Component> byInstance = new HashMap<>();
        for (Component c : deployed) {
            byInstance.put(moduleOf(model) + "." + c.getName(), c);
        }
        assertEquals(byInstance.keySet(), plan.instances.keySet(), "one instance per deployed component");
        for (Map.Entry<String, Element> e : plan.instances.entrySet()) {
            String implementation = child(e.getValue(), "implementation").getAttributeNS(XMI_NS, "idref");
            assertTrue(plan.implementations.containsKey(implementation), e.getKey() + " names a missing implementation " + implementation);
            assertFalse(text(child(e.getValue(), "node")).isEmpty(), e.getKey() + " has no node");
        }
        for (Map.Entry<String, Element> e : plan.implementations.entrySet()) {
            for (Element artifact : children(e.getValue(), "artifact")) {
                assertTrue(plan.artifacts.containsKey(artifact.getAttributeNS(XMI_NS, "idref")), e.getKey() + " names a missing artifact");
            }
            Set<String> parameters = new HashSet<>();
            children(e.getValue(), "execParameter").forEach(p -> parameters.add(text(child(p, "name"))));
            assertTrue(parameters.containsAll(Set.of("component factory", "edu.vanderbilt.dre.CIAO.ExecutorArtifact",
                    "edu.vanderbilt.dre.CIAO.ServantEntrypoint", "edu.vanderbilt.dre.CIAO.ServantArtifact")), parameters.toString());
        }
        for (Map.Entry<String, Element> e : plan.connections.entrySet()) {
            List<Element> endpoints = children(e.getValue(), "internalEndpoint");
            int external = children(e.getValue(), "externalReference").size();
            assertEquals(2, endpoints.size() + external, e.getKey() + ": two ends");
            for (Element endpoint : endpoints) {
                String instance = child(endpoint, "instance").getAttributeNS(XMI_NS, "idref");
                Component c = byInstance.get(instance);
                assertNotNull(c, e.getKey() + " names a missing instance " + instance);
                String portName = text(child(endpoint, "portName"));
                Port port = c.getPorts().stream().filter(p -> p.getName().equals(portName)).findFirst().orElse(null);
                assertNotNull(port, e.getKey() + ": " + c.getName() + " has no port " + portName);
                assertEquals(kindOf(port), text(child(endpoint, "kind")), e.getKey() + ": kind of " + portName);
                assertEquals(String.valueOf(port instanceof Facet || port instanceof EventSink), text(child(endpoint, "provider")));
            }
        }
        for (Connection c : model.getConnections()) {
            Entity from = (Entity) c.getSource().eContainer();
            Entity to = (Entity) c.getTarget().eContainer();
            if (from instanceof Component && deployed.contains(from) && (to instanceof Component ? deployed.contains(to) : true)) {
                assertTrue(plan.connections.containsKey(c.getName()), "connection " + c.getName() + " is missing");
            }
        }
        // Locality: a SameProcess constraint per process with several components; the others kept apart.
        Map<String, Set<String>> processes = processesOf(model, deployment);
        List<Set<String>> same = plan.constraints("SameProcess");
        Map<String, Integer> seen = new HashMap<>();
        for (Set<String> group : same) {
            assertTrue(processes.containsValue(group), "SameProcess " + group + " is not one deployment process");
            group.forEach(i -> seen.merge(i, 1, Integer::sum));
        }
        for (Set<String> group : plan.constraints("DifferentProcess")) {
            group.forEach(i -> seen.merge(i, 1, Integer::sum));
        }
        for (Map.Entry<String, Set<String>> p : processes.entrySet()) {
            if (p.getValue().size() > 1) {
                assertTrue(same.contains(p.getValue()), "process " + p.getKey() + " has no SameProcess constraint");
            }
        }
        for (String instance : plan.instances.keySet()) {
            assertEquals(1, seen.getOrDefault(instance, 0), instance + " must be in exactly one locality constraint");
        }
    }

    private static String kindOf(Port port) {
        if (port instanceof Facet) {
            return "Facet";
        }
        if (port instanceof Receptacle r) {
            return r.isMultiplex() ? "MultiplexReceptacle" : "SimplexReceptacle";
        }
        if (port instanceof EventSource s) {
            return s.getKind() == EventSourceKind.EMITS ? "EventEmitter" : "EventPublisher";
        }
        return "EventConsumer";
    }

    private static String moduleOf(BenchmarkModel model) {
        return model.getModules().stream().anyMatch(m -> m.getName().equals(model.getName())) ? model.getName() + "_CCM" : model.getName();
    }

    private static List<Component> deployedComponents(BenchmarkModel model, String deployment) {
        List<Component> components = new ArrayList<>();
        for (Deployment d : model.getDeployments()) {
            if (d.getName().equals(deployment)) {
                for (Node n : d.getNodes()) {
                    for (Process p : n.getProcesses()) {
                        for (Entity e : p.getEntities()) {
                            if (e instanceof Component c) {
                                components.add(c);
                            } else if (e instanceof org.bgml.model.Assembly a) {
                                components.addAll(a.getComponents());
                            }
                        }
                    }
                }
            }
        }
        if (deployment == null) {
            for (Entity e : model.getEntities()) {
                if (e instanceof Component c) {
                    components.add(c);
                } else if (e instanceof org.bgml.model.Assembly a) {
                    components.addAll(a.getComponents());
                }
            }
        }
        return components;
    }

    /** Instance names of the components of each deployment process. */
    private static Map<String, Set<String>> processesOf(BenchmarkModel model, String deployment) {
        Map<String, Set<String>> processes = new LinkedHashMap<>();
        for (Deployment d : model.getDeployments()) {
            if (d.getName().equals(deployment)) {
                for (Node n : d.getNodes()) {
                    for (Process p : n.getProcesses()) {
                        Set<String> instances = new HashSet<>();
                        for (Entity e : p.getEntities()) {
                            List<Component> cs = e instanceof Component c ? List.of(c)
                                    : e instanceof org.bgml.model.Assembly a ? a.getComponents() : List.of();
                            cs.forEach(c -> instances.add(moduleOf(model) + "." + c.getName()));
                        }
                        if (!instances.isEmpty()) {
                            processes.put(p.getName(), instances);
                        }
                    }
                }
            }
        }
        return processes;
    }

    // ---- the plan, parsed ------------------------------------------------------------------------------

    private static final class Plan {
        final Map<String, Element> implementations = new LinkedHashMap<>();
        final Map<String, Element> instances = new LinkedHashMap<>();
        final Map<String, Element> artifacts = new LinkedHashMap<>();
        final Map<String, Element> connections = new LinkedHashMap<>();
        final List<Element> localities = new ArrayList<>();

        List<Set<String>> constraints(String kind) {
            List<Set<String>> groups = new ArrayList<>();
            for (Element l : localities) {
                if (text(child(l, "constraint")).equals(kind)) {
                    Set<String> group = new HashSet<>();
                    children(l, "constrainedInstance").forEach(i -> group.add(i.getAttributeNS(XMI_NS, "idref")));
                    groups.add(group);
                }
            }
            return groups;
        }
    }

    private static Plan parse(MemoryOutput out, String path) throws Exception {
        byte[] bytes = out.files().get(path);
        assertNotNull(bytes, "no plan " + path);
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(bytes));
        Element root = doc.getDocumentElement();
        assertEquals(DEPLOYMENT_NS, root.getNamespaceURI());
        assertEquals("DeploymentPlan", root.getLocalName());
        assertFalse(text(child(root, "UUID")).isEmpty());
        Plan plan = new Plan();
        for (Element e : children(root, null)) {
            switch (e.getLocalName()) {
            case "implementation" -> plan.implementations.put(e.getAttributeNS(XMI_NS, "id"), e);
            case "instance" -> plan.instances.put(e.getAttributeNS(XMI_NS, "id"), e);
            case "artifact" -> plan.artifacts.put(e.getAttributeNS(XMI_NS, "id"), e);
            case "connection" -> plan.connections.put(text(child(e, "name")), e);
            case "localityConstraint" -> plan.localities.add(e);
            default -> {
            }
            }
        }
        return plan;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> result = new ArrayList<>();
        for (var n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && (name == null || name.equals(e.getLocalName()))) {
                result.add(e);
            }
        }
        return result;
    }

    private static Element child(Element parent, String name) {
        List<Element> found = children(parent, name);
        assertEquals(1, found.size(), "one <" + name + "> in <" + parent.getLocalName() + ">");
        return found.get(0);
    }

    private static String text(Element e) {
        return e.getTextContent().trim();
    }
}
