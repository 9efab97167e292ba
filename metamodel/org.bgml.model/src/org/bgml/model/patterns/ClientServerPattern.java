package org.bgml.model.patterns;

import java.util.List;

import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Connection;
import org.bgml.model.Interface;
import org.bgml.model.Metric;
import org.bgml.model.Node;
import org.bgml.model.Operation;
import org.bgml.model.ParameterBlock;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Server;

/**
 * One client calling one server: the PPL's simplest scenario. Its {@code placement} pins the two processes: both to
 * CPU 0 ({@code sameCpu}), the server to CPU 0 and the client to CPU 1 ({@code differentCpus}), or neither
 * ({@code unpinned}, the default). A pinned pair's node says it has 2 CPUs, the fewest the placements need.
 */
final class ClientServerPattern extends ShippedPattern {
    ClientServerPattern() {
        super("clientServer", "ClientServer", "One client calls one server's cube_long; latency and/or throughput at the client.",
                BEHAVIOUR, BUSY_MICROS,
                PatternParameter.choice("testType", "latency", List.of("latency", "throughput", "both"),
                        "What the client measures."),
                SAMPLES, RATE,
                PatternParameter.choice("placement", "unpinned", List.of("unpinned", "sameCpu", "differentCpus"),
                        "Where the two processes run: unpinned, both on CPU 0, or the server on CPU 0 and the client on CPU 1."));
    }

    @Override
    public void build(PatternBuilder b, PatternArguments a) {
        b.module("IDL of the client-server pattern.");
        Interface cubit = b.iface("Cubit", "What the client calls.");
        Operation cube = b.operation(cubit, "cube_long", PrimitiveKind.LONG, false, "l", PrimitiveKind.LONG);
        ParameterBlock serverParams = b.block("ServerParams", "What the server does per call.", 0, 1, a.text("behaviour"),
                a.integer("busyMicros"));
        ParameterBlock clientTest = b.block("ClientTest", "How the client calls: its rate.", a.number("rate"), 1, null, 0);
        Server server = b.server("Server", "Serves cube_long as its parameter block says.");
        b.facet(server, "cubit", cubit).setParameters(serverParams);
        Client client = b.client("Client", "Calls the server.");
        Connection call = b.connect("Call", b.receptacle(client, "cubit", cubit, false), server.getPorts().get(0),
                "The client's calls to the server.");
        String test = a.text("testType");
        if (!test.equals("throughput")) {
            measure(b.metric(BgmlFactory.eINSTANCE.createLatency(), "Latency", "Round-trip latency of cube_long.", call,
                    a.integer("samples")), cube, clientTest);
        }
        if (!test.equals("latency")) {
            measure(b.metric(BgmlFactory.eINSTANCE.createThroughput(), "Throughput", "cube_long calls per second.", call,
                    a.integer("samples")), cube, clientTest);
        }
        org.bgml.model.Process serverProcess = b.process("ServerProcess", PatternBuilder.LOCALHOST, 0, List.of(server));
        org.bgml.model.Process clientProcess = b.process("ClientProcess", PatternBuilder.LOCALHOST, 1, List.of(client));
        String placement = a.text("placement");
        if (!placement.equals("unpinned")) {
            serverProcess.getCpus().add(0);
            clientProcess.getCpus().add(placement.equals("sameCpu") ? 0 : 1);
            Node node = b.node(PatternBuilder.LOCALHOST);
            node.setCpuCount(Math.max(node.getCpuCount(), 2));
        }
    }

    static void measure(Metric m, Operation op, ParameterBlock block) {
        m.setOperation(op);
        m.setParameters(block);
    }
}
