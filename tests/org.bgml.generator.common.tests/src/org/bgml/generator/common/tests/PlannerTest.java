package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.List;

import org.bgml.generator.common.Naming;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.Planner;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
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
        BenchmarkModel model = F.createBenchmarkModel();
        model.setName("Two");
        Module m = F.createModule();
        m.setName("M");
        Interface i = F.createInterface();
        i.setName("I");
        m.getDefinitions().add(i);
        model.getModules().add(m);
        Server server = F.createServer();
        server.setName("S");
        Facet facet = F.createFacet();
        facet.setName("f");
        facet.setInterface(i);
        server.getPorts().add(facet);
        Client client = F.createClient();
        client.setName("C");
        Receptacle r = F.createReceptacle();
        r.setName("r");
        r.setInterface(i);
        client.getPorts().add(r);
        model.getEntities().addAll(List.of(server, client));
        Connection c = F.createConnection();
        c.setName("c");
        c.setSource(r);
        c.setTarget(facet);
        model.getConnections().add(c);
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
