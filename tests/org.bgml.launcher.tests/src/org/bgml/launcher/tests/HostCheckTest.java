package org.bgml.launcher.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import org.bgml.launcher.run.HostCheck;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Deployment;
import org.bgml.model.Node;
import org.bgml.model.Server;
import org.junit.jupiter.api.Test;

/** What the local engine takes for this machine, and how it refuses or collapses a deployment on other hosts. */
class HostCheckTest {
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;

    @Test
    void loopbackNamesAndAddressesAreThisMachine() {
        for (String host : List.of("localhost", "LOCALHOST.", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "0:0:0:0:0:0:0:1")) {
            assertTrue(HostCheck.isThisMachine(host), host);
        }
    }

    @Test
    void theMachinesOwnNameAndInterfaceAddressesAreThisMachine() throws Exception {
        Path kernel = Path.of("/proc/sys/kernel/hostname");
        String name = Files.isReadable(kernel) ? Files.readString(kernel).trim() : InetAddress.getLocalHost().getHostName();
        assertTrue(HostCheck.isThisMachine(name), name);
        assertTrue(HostCheck.isThisMachine(name.toUpperCase(java.util.Locale.ROOT)), name);
        int checked = 0;
        for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress a : Collections.list(nif.getInetAddresses())) {
                String literal = a.getHostAddress();
                int scope = literal.indexOf('%');
                assertTrue(HostCheck.isThisMachine(scope < 0 ? literal : literal.substring(0, scope)), literal + " of " + nif.getName());
                checked++;
            }
        }
        assertTrue(checked > 0, "no interface address to check");
    }

    @Test
    void otherNamesAndAddressesAreNot() {
        for (String host : List.of("hosta.example", "n2", "192.0.2.7", "2001:db8::7")) {
            assertFalse(HostCheck.isThisMachine(host), host);
        }
    }

    @Test
    void aDeploymentOnOtherHostsIsRefusedNamingTheNodesAndBothWaysOut() {
        BenchmarkModel model = model("hosta.example", "localhost", "hostb.example");
        HostCheck.ForeignHostsException e = assertThrows(HostCheck.ForeignHostsException.class,
                () -> HostCheck.check(model, null, false));
        assertEquals(List.of(new HostCheck.Placement("a", "hosta.example"), new HostCheck.Placement("c", "hostb.example")), e.foreign());
        assertTrue(e.getMessage().startsWith("deployment 'spread' places processes on hosts other than this machine ("), e.getMessage());
        assertTrue(e.getMessage().contains("node a on hosta.example, node c on hostb.example;"), e.getMessage());
        assertTrue(e.getMessage().contains("--all-on-this-host"), e.getMessage());
        assertTrue(e.getMessage().contains("--engine slurm and a host map (--hosts a=SLURM_NODE,c=SLURM_NODE)"), e.getMessage());
    }

    @Test
    void collapsingOnPurposeGivesTheWarningTheRunRecords() {
        BenchmarkModel model = model("hosta.example", "localhost", "hostb.example");
        Optional<String> warning = HostCheck.check(model, null, true);
        assertTrue(warning.isPresent());
        assertTrue(warning.get().startsWith("deployment collapsed onto this host: nodes a (hosta.example), c (hostb.example) ran on "),
                warning.get());
        assertEquals(warning, HostCheck.collapse(List.of("some other warning", warning.get())));
    }

    @Test
    void aDeploymentOnThisMachineNeedsNothing() {
        assertEquals(Optional.empty(), HostCheck.check(model("localhost", "127.0.0.1", "::1"), null, false));
        assertEquals(Optional.empty(), HostCheck.check(F.createBenchmarkModel(), null, false), "a model without deployments");
    }

    @Test
    void aNodeWithoutProcessesDoesNotCount() {
        BenchmarkModel model = model("localhost", "localhost", "localhost");
        Node empty = F.createNode();
        empty.setName("spare");
        empty.setHost("spare.example");
        model.getDeployments().get(0).getNodes().add(empty);
        assertEquals(Optional.empty(), HostCheck.check(model, "spread", false));
    }

    /** One deployment "spread" with nodes a, b, c on the given hosts, one server process each. */
    private static BenchmarkModel model(String... hosts) {
        BenchmarkModel model = F.createBenchmarkModel();
        model.setName("Hosts");
        Deployment d = F.createDeployment();
        d.setName("spread");
        char name = 'a';
        for (String host : hosts) {
            Server s = F.createServer();
            s.setName("S" + name);
            model.getEntities().add(s);
            org.bgml.model.Process p = F.createProcess();
            p.setName("p" + name);
            p.getEntities().add(s);
            Node n = F.createNode();
            n.setName(String.valueOf(name++));
            n.setHost(host);
            n.getProcesses().add(p);
            d.getNodes().add(n);
        }
        model.getDeployments().add(d);
        return model;
    }
}
