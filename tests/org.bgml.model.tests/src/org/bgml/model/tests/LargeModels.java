package org.bgml.model.tests;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Connection;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Latency;
import org.bgml.model.Module;
import org.bgml.model.Operation;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Requirement;
import org.bgml.model.Server;
import org.bgml.model.TypeRef;

/**
 * Deterministic client/server models of a chosen size, for tests that need files large enough that writing one
 * takes measurable time. Two variants of the same size differ in every element, so a file that mixed them would
 * match neither.
 */
public final class LargeModels {
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;

    private LargeModels() {
    }

    /** {@code pairs} servers and clients, one connection and one latency metric per pair: about 1 KB per pair. */
    public static BenchmarkModel build(String variant, int pairs) {
        BenchmarkModel model = F.createBenchmarkModel();
        model.setName("Large" + variant);
        model.setDescription("Variant " + variant + " of a synthetic model with " + pairs + " client/server pairs.");
        Module module = F.createModule();
        module.setName("Bench" + variant);
        Interface echo = F.createInterface();
        echo.setName("Echo");
        Operation call = F.createOperation();
        call.setName("call_" + variant);
        TypeRef returns = F.createTypeRef();
        returns.setPrimitive(PrimitiveKind.UNSIGNED_LONG_LONG);
        call.setReturnType(returns);
        echo.getOperations().add(call);
        module.getDefinitions().add(echo);
        model.getModules().add(module);
        for (int i = 0; i < pairs; i++) {
            Server server = F.createServer();
            server.setName("Server" + variant + i);
            server.setDescription("Server " + i + " of variant " + variant + ": answers its client as fast as it can.");
            Facet facet = F.createFacet();
            facet.setName("echo");
            facet.setInterface(echo);
            server.getPorts().add(facet);
            Client client = F.createClient();
            client.setName("Client" + variant + i);
            client.setDescription("Client " + i + " of variant " + variant + ": calls its server in a closed loop.");
            Receptacle receptacle = F.createReceptacle();
            receptacle.setName("echo");
            receptacle.setInterface(echo);
            client.getPorts().add(receptacle);
            model.getEntities().add(server);
            model.getEntities().add(client);
            Connection connection = F.createConnection();
            connection.setName("c" + variant + i);
            connection.setSource(receptacle);
            connection.setTarget(facet);
            model.getConnections().add(connection);
            Latency latency = F.createLatency();
            latency.setName("latency" + variant + i);
            latency.setConnection(connection);
            latency.setOperation(call);
            latency.setSamples(1000 + i);
            latency.setWarmupIterations(i % 100);
            Requirement requirement = F.createRequirement();
            requirement.setValue(100 + i % 50);
            latency.setRequirement(requirement);
            model.getMetrics().add(latency);
        }
        return model;
    }
}
