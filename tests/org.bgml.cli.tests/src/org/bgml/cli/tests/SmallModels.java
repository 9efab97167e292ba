package org.bgml.cli.tests;

import java.io.IOException;
import java.nio.file.Path;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Latency;
import org.bgml.model.Member;
import org.bgml.model.Module;
import org.bgml.model.Node;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Server;
import org.bgml.model.Throughput;
import org.bgml.model.TypeRef;
import org.bgml.model.io.ModelFiles;
import org.eclipse.emf.ecore.resource.Resource;

/** The seed's round trip in miniature: one client calls one server; variants break it on purpose. */
final class SmallModels {
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;

    private SmallModels() {
    }

    /** A valid model: Test::RoundTrip, client C calls server S over connection "call", two metrics, one deployment. */
    static BenchmarkModel roundTrip() {
        BenchmarkModel model = F.createBenchmarkModel();
        model.setName("Small");
        Module test = F.createModule();
        test.setName("Test");
        Interface rt = F.createInterface();
        rt.setName("RoundTrip");
        Operation op = F.createOperation();
        op.setName("test_method");
        op.setReturnType(primitive(PrimitiveKind.UNSIGNED_LONG_LONG));
        Parameter sendTime = F.createParameter();
        sendTime.setName("send_time");
        sendTime.setType(primitive(PrimitiveKind.UNSIGNED_LONG_LONG));
        op.getParameters().add(sendTime);
        rt.getOperations().add(op);
        test.getDefinitions().add(rt);
        EventType tick = F.createEventType();
        tick.setName("Tick");
        Member stamp = F.createMember();
        stamp.setName("stamp");
        stamp.setType(primitive(PrimitiveKind.UNSIGNED_LONG_LONG));
        tick.getMembers().add(stamp);
        test.getDefinitions().add(tick);
        model.getModules().add(test);

        Server server = F.createServer();
        server.setName("S");
        Facet facet = F.createFacet();
        facet.setName("rt");
        facet.setInterface(rt);
        server.getPorts().add(facet);
        Client client = F.createClient();
        client.setName("C");
        Receptacle receptacle = F.createReceptacle();
        receptacle.setName("rt");
        receptacle.setInterface(rt);
        client.getPorts().add(receptacle);
        model.getEntities().add(server);
        model.getEntities().add(client);

        Connection call = F.createConnection();
        call.setName("call");
        call.setSource(receptacle);
        call.setTarget(facet);
        model.getConnections().add(call);

        Latency latency = F.createLatency();
        latency.setName("latency");
        latency.setConnection(call);
        latency.setOperation(op);
        latency.setSamples(250_000);
        Throughput throughput = F.createThroughput();
        throughput.setName("throughput");
        throughput.setConnection(call);
        throughput.setOperation(op);
        throughput.setSamples(1000);
        model.getMetrics().add(latency);
        model.getMetrics().add(throughput);

        Deployment deployment = F.createDeployment();
        deployment.setName("remote");
        org.bgml.model.Process serverProcess = process("server", server);
        serverProcess.setStartOrder(0);
        org.bgml.model.Process clientProcess = process("client", client);
        clientProcess.setStartOrder(1);
        deployment.getNodes().add(node("n1", serverProcess));
        deployment.getNodes().add(node("n2", clientProcess));
        model.getDeployments().add(deployment);
        return model;
    }

    /** {@link #roundTrip()} plus an event source on C wired to the facet S/rt: connection "bad" is of no legal kind. */
    static BenchmarkModel sourceToFacet() {
        BenchmarkModel model = roundTrip();
        Client client = (Client) model.getEntities().get(1);
        EventSource ticks = F.createEventSource();
        ticks.setName("ticks");
        ticks.setEventType((EventType) model.getModules().get(0).getDefinitions().get(1));
        client.getPorts().add(ticks);
        Connection bad = F.createConnection();
        bad.setName("bad");
        bad.setSource(ticks);
        bad.setTarget(model.getEntities().get(0).getPorts().get(0));
        model.getConnections().add(bad);
        return model;
    }

    /** Saves {@code model} to {@code file} the way the tool does. */
    static Path save(BenchmarkModel model, Path file) throws IOException {
        Resource resource = ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file));
        resource.getContents().add(model);
        ModelFiles.save(resource, file);
        return file;
    }

    private static Node node(String name, org.bgml.model.Process process) {
        Node node = F.createNode();
        node.setName(name);
        node.getProcesses().add(process);
        return node;
    }

    private static org.bgml.model.Process process(String name, org.bgml.model.Entity entity) {
        org.bgml.model.Process process = F.createProcess();
        process.setName(name);
        process.getEntities().add(entity);
        return process;
    }

    private static TypeRef primitive(PrimitiveKind kind) {
        TypeRef ref = F.createTypeRef();
        ref.setPrimitive(kind);
        return ref;
    }
}
