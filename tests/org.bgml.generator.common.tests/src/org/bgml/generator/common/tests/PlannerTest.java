package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;

import org.bgml.generator.common.Naming;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.ManifestPlacement;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Deployments;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Metric;
import org.bgml.model.Module;
import org.bgml.model.Node;
import org.bgml.model.Process;
import org.bgml.model.Receptacle;
import org.bgml.model.Server;
import org.junit.jupiter.api.Test;

class PlannerTest {
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;

    /** Process names are unique per node only: two nodes may both have a "proc0". */
    @Test
    void sameProcessNamesOnTwoNodesStayDistinct() {
        BenchmarkModel model = model("Two");
        Facet facet = server(model);
        Server server = (Server) facet.eContainer();
        Client client = (Client) connect(model, "C", "c", facet).getSource().eContainer();
        Deployment d = F.createDeployment();
        d.setName("d");
        d.getNodes().add(node("n1", server));
        d.getNodes().add(node("n2", client));
        model.getDeployments().add(d);

        BenchmarkPlan plan = new Planner(new Naming()).plan(model, null, null);
        assertEquals(List.of("n1_proc0", "n2_proc0"), plan.processes().stream().map(ProcessPlan::name).toList());
        InvocationPlan invocation = plan.invocations().get(0);
        assertNotNull(invocation.servant());
        assertEquals("n2_proc0", invocation.clientProcess());
        assertEquals("n1_proc0", invocation.serverProcess());
        assertEquals(List.of("S_f.ior"), plan.process("n2_proc0").readsIors());
    }

    /**
     * The one lookup of "the deployment a plan uses": the plan holds the deployment it planned (the named one, or the
     * model's first when none is named, as HostCheck's placements and the launcher read it), and finds each planned
     * process's element, node and element path by the plan's process name, qualified names included; the manifest
     * places each process on that node. A name the model lacks is refused.
     */
    @Test
    void thePlanFindsItsDeploymentAndEachProcessNode() {
        BenchmarkModel model = model("Two");
        Facet facet = server(model);
        Server server = (Server) facet.eContainer();
        Client client = (Client) connect(model, "C", "c", facet).getSource().eContainer();
        Deployment first = F.createDeployment();
        first.setName("first");
        first.getNodes().add(node("n1", server));
        first.getNodes().add(node("n2", client));
        Deployment second = F.createDeployment();
        second.setName("second");
        Node both = node("solo", server);
        both.getProcesses().get(0).getEntities().add(client);
        second.getNodes().add(both);
        model.getDeployments().addAll(List.of(first, second));

        BenchmarkPlan byDefault = new Planner(new Naming()).plan(model, null, null);
        assertSame(first, byDefault.deploymentElement());
        assertSame(first, Deployments.chosen(model, null));
        assertEquals("first", byDefault.deployment());
        assertEquals("n2", byDefault.nodeOf("n2_proc0").getName());
        assertSame(first.getNodes().get(0).getProcesses().get(0), byDefault.processElement("n1_proc0"));
        assertEquals("first/n2/proc0", byDefault.processPath("n2_proc0"));
        assertNull(byDefault.nodeOf("proc0"), "the bare name is not a process of this plan");
        assertEquals("proc0", byDefault.processPath("proc0"));
        Manifest placed = ManifestPlacement.place(new Manifest(Manifest.SCHEMA_VERSION, "Two", "t", byDefault.deployment(), null,
                null, byDefault.processes().stream().map(p -> new Manifest.ProcessSpec(p.name(), "client", "x", List.of(), Map.of(), ".",
                        List.of(), Manifest.Readiness.none(), 1, 1, "exit", List.of())).toList()), byDefault);
        assertEquals(List.of("n1", "n2"), placed.processes().stream().map(Manifest.ProcessSpec::node).toList());

        BenchmarkPlan named = new Planner(new Naming()).plan(model, "second", null);
        assertSame(second, named.deploymentElement());
        assertSame(second, Deployments.chosen(model, "second"));
        assertEquals("solo", named.nodeOf("proc0").getName());
        assertEquals("second/solo/proc0", named.processPath("proc0"));

        BenchmarkModel bare = model("Bare");
        server(bare);
        BenchmarkPlan none = new Planner(new Naming()).plan(bare, null, null);
        assertNull(none.deploymentElement());
        assertNull(Deployments.chosen(bare, null));
        String process = none.processes().get(0).name();
        assertNull(none.nodeOf(process));
        assertEquals(process, none.processPath(process));
        assertNull(Deployments.chosen(model, "third"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new Planner(new Naming()).plan(model, "third", null));
        assertEquals("the model has no deployment named 'third'", refused.getMessage());
    }

    /**
     * The plan's lookups answer what a scan of every invocation would, in plan order, and each connection gets
     * the metrics on it or on one of its ports, in model order, each once.
     */
    @Test
    void lookupsAgreeWithAScanAndMetricsKeepModelOrder() {
        BenchmarkModel model = model("Fan");
        Facet facet = server(model);
        Server server = (Server) facet.eContainer();
        List<Connection> connections = List.of(connect(model, "A", "AS", facet), connect(model, "B", "BS", facet));
        Metric onB = F.createLatency();
        onB.setName("OnB");
        onB.setConnection(connections.get(1));
        Metric onFacet = F.createJitter();
        onFacet.setName("OnFacet");
        onFacet.setPort(facet);
        Metric onA = F.createLatency();
        onA.setName("OnA");
        onA.setConnection(connections.get(0));
        onA.setPort(facet);
        model.getMetrics().addAll(List.of(onB, onFacet, onA));

        BenchmarkPlan plan = new Planner(new Naming()).plan(model, null, null);
        List<InvocationPlan> all = plan.invocations();
        assertEquals(2, all.size());
        for (InvocationPlan inv : all) {
            assertEquals(all.stream().filter(j -> j.client() == inv.client()).toList(), plan.invocationsFrom(inv.client()));
            assertEquals(all.stream().filter(j -> j.server() == inv.server()).toList(), plan.invocationsTo(inv.server()));
            assertEquals(all.stream().filter(j -> j.receptacle() == inv.receptacle()).toList(), plan.invocationsThrough(inv.receptacle()));
            assertEquals(all.stream().filter(j -> j.serverProcess().equals(inv.serverProcess())).toList(),
                    plan.invocationsServedBy(inv.serverProcess()));
        }
        assertEquals(List.of(), plan.invocationsFrom(server));
        // OnA names connection AS and the facet: once on AS, and on BS through the facet
        assertEquals(List.of("OnFacet", "OnA"), all.get(0).metrics().stream().map(p -> p.metric().getName()).toList());
        assertEquals(List.of("OnB", "OnFacet", "OnA"), all.get(1).metrics().stream().map(p -> p.metric().getName()).toList());
        assertEquals(plan.processes().stream().flatMap(p -> p.servants().stream()).toList(), plan.servants());
    }

    /** A model with module M holding interface I. */
    private static BenchmarkModel model(String name) {
        BenchmarkModel model = F.createBenchmarkModel();
        model.setName(name);
        Module m = F.createModule();
        m.setName("M");
        Interface i = F.createInterface();
        i.setName("I");
        m.getDefinitions().add(i);
        model.getModules().add(m);
        return model;
    }

    /** Server S with facet f of I; returns the facet. */
    private static Facet server(BenchmarkModel model) {
        Server server = F.createServer();
        server.setName("S");
        Facet facet = F.createFacet();
        facet.setName("f");
        facet.setInterface(iface(model));
        server.getPorts().add(facet);
        model.getEntities().add(server);
        return facet;
    }

    private static Interface iface(BenchmarkModel model) {
        return (Interface) model.getModules().get(0).getDefinitions().get(0);
    }

    /** A client with receptacle r of I, connected to {@code facet} by a connection named {@code connection}. */
    private static Connection connect(BenchmarkModel model, String client, String connection, Facet facet) {
        Client c = F.createClient();
        c.setName(client);
        Receptacle r = F.createReceptacle();
        r.setName("r");
        r.setInterface(iface(model));
        c.getPorts().add(r);
        model.getEntities().add(c);
        Connection link = F.createConnection();
        link.setName(connection);
        link.setSource(r);
        link.setTarget(facet);
        model.getConnections().add(link);
        return link;
    }

    private static Node node(String name, org.bgml.model.Entity entity) {
        Node n = F.createNode();
        n.setName(name);
        Process p = F.createProcess();
        p.setName("proc0");
        p.getEntities().add(entity);
        n.getProcesses().add(p);
        return n;
    }
}
