package org.bgml.model.patterns;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.BgmlFactory;
import org.bgml.model.Client;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Latency;
import org.bgml.model.Operation;
import org.bgml.model.ParameterBlock;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Server;

/**
 * The PPL proxy: N clients, N servers and one proxy between them. In {@code route} mode the proxy forwards every call
 * of client i to server i. In {@code connectOnly} mode it only introduces them: the generated benchmarks cannot yet hand
 * an object reference from one call to the next, so the model says what happens after the introduction. Each client
 * makes one {@code introduce} call to the proxy (measured once), then calls its server directly.
 */
final class ProxyPattern extends ShippedPattern {
    ProxyPattern() {
        super("proxy", "Proxy", "N client/server pairs through one proxy that routes every call (route) or only introduces"
                + " each client to its server, which it then calls directly (connectOnly).",
                PatternParameter.integer("pairs", 3, 1, 64, "Client/server pairs."),
                PatternParameter.choice("mode", "route", List.of("route", "connectOnly"),
                        "route: every call passes the proxy; connectOnly: the proxy only introduces client and server."),
                BEHAVIOUR, BUSY_MICROS, SAMPLES, RATE);
    }

    @Override
    public void build(PatternBuilder b, PatternArguments a) {
        int pairs = a.integer("pairs");
        boolean route = a.text("mode").equals("route");
        int samples = a.integer("samples");
        b.module("IDL of the proxy pattern.");
        Interface cubit = b.iface("Cubit", "What the clients call through the proxy or directly.");
        Operation cube = b.operation(cubit, "cube_long", PrimitiveKind.LONG, false, "l", PrimitiveKind.LONG);
        Interface introducer = null;
        Operation introduce = null;
        if (!route) {
            introducer = b.iface("Introducer", "The proxy's only service in connectOnly mode: introduce a client to its server.");
            introduce = b.operation(introducer, "introduce", PrimitiveKind.LONG, false, "pair", PrimitiveKind.LONG);
        }
        ParameterBlock serverParams = b.block("ServerParams", "What every server does per call.", 0, 1, a.text("behaviour"),
                a.integer("busyMicros"));
        ParameterBlock clientTest = b.block("ClientTest", "How every client calls: its rate.", a.number("rate"), 1, null, 0);

        List<Client> clients = new ArrayList<>();
        List<Server> servers = new ArrayList<>();
        for (int i = 1; i <= pairs; i++) {
            Server s = b.server("Server" + i, "Server " + i + ".");
            b.facet(s, "cubit", cubit).setParameters(serverParams);
            servers.add(s);
            clients.add(b.client("Client" + i, "Client " + i + "."));
        }
        Server proxy = b.server("Router", route ? "Routes every call of client i to server i and the reply back."
                : "Introduces client i to server i; carries no call after that.");
        for (int i = 1; i <= pairs; i++) {
            Client c = clients.get(i - 1);
            Facet serverFacet = (Facet) servers.get(i - 1).getPorts().get(0);
            if (route) {
                Facet front = b.facet(proxy, "front" + i, cubit);
                Receptacle back = b.receptacle(proxy, "back" + i, cubit, false);
                front.setBehaviour(b.forward(back));
                Connection toProxy = b.connect("ToRouter" + i, b.receptacle(c, "proxy", cubit, false), front,
                        "Client " + i + " to the proxy.");
                b.connect("ToServer" + i, back, serverFacet, "The proxy to server " + i + ".");
                ClientServerPattern.measure(b.metric(BgmlFactory.eINSTANCE.createLatency(), "Latency" + i,
                        "Client " + i + ": latency of cube_long through the proxy to server " + i + " and back.", toProxy, samples),
                        cube, clientTest);
            } else {
                Facet intro = b.facet(proxy, "intro" + i, introducer);
                Connection toProxy = b.connect("ToRouter" + i, b.receptacle(c, "introducer", introducer, false), intro,
                        "Client " + i + " asks the proxy for its server.");
                Connection direct = b.connect("ToServer" + i, b.receptacle(c, "server", cubit, false), serverFacet,
                        "Client " + i + " calls server " + i + " directly once introduced.");
                Latency once = b.metric(BgmlFactory.eINSTANCE.createLatency(), "Introduce" + i,
                        "Client " + i + ": the one introduction call.", toProxy, 1);
                once.setWarmupIterations(0);
                once.setOperation(introduce);
                ClientServerPattern.measure(b.metric(BgmlFactory.eINSTANCE.createLatency(), "Latency" + i,
                        "Client " + i + ": latency of cube_long straight to server " + i + ".", direct, samples), cube, clientTest);
            }
        }
        for (int i = 1; i <= pairs; i++) {
            b.process("Server" + i + "Process", PatternBuilder.LOCALHOST, 0, List.of(servers.get(i - 1)));
        }
        b.process("RouterProcess", PatternBuilder.LOCALHOST, 1, List.<Entity>of(proxy));
        for (int i = 1; i <= pairs; i++) {
            b.process("Client" + i + "Process", PatternBuilder.LOCALHOST, 2, List.of(clients.get(i - 1)));
        }
    }
}
