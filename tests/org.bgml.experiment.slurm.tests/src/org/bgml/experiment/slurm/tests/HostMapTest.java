package org.bgml.experiment.slurm.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.bgml.experiment.slurm.HostMap;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Deployment;
import org.bgml.model.Node;
import org.bgml.model.Process;
import org.junit.jupiter.api.Test;

/** Which Slurm node each model node of a multi-host run goes to, and what is refused before anything is submitted. */
class HostMapTest {
    private static final List<String> CLUSTER = List.of("n1", "n2", "n3");

    /** A model with one deployment "d" of nodes given as name, host pairs, each holding one process. */
    private static BenchmarkModel model(String... nameHost) {
        BgmlFactory f = BgmlFactory.eINSTANCE;
        BenchmarkModel m = f.createBenchmarkModel();
        m.setName("M");
        Deployment d = f.createDeployment();
        d.setName("d");
        for (int i = 0; i < nameHost.length; i += 2) {
            Node n = f.createNode();
            n.setName(nameHost[i]);
            n.setHost(nameHost[i + 1]);
            Process p = f.createProcess();
            p.setName("P" + i);
            n.getProcesses().add(p);
            d.getNodes().add(n);
        }
        m.getDeployments().add(d);
        return m;
    }

    @Test
    void placesByNodeNameByHostAndByTheMap() {
        BenchmarkModel m = model("n1", "localhost", "server", "n2", "edge", "edge.example", "far", "far.example");
        Map<String, String> placed = HostMap.resolve(m, null, HostMap.parse("edge=n3, far.example=n1"), CLUSTER, "omniorb");
        assertEquals(Map.of("n1", "n1", "server", "n2", "edge", "n3", "far", "n1"), placed);
    }

    @Test
    void theMapWinsOverNames() {
        BenchmarkModel m = model("n1", "n1", "n2", "n2");
        assertEquals(Map.of("n1", "n2", "n2", "n1"), HostMap.resolve(m, "d", HostMap.parse("n1=n2,n2=n1"), CLUSTER, "omniorb"));
    }

    @Test
    void anUnknownHostIsAnErrorNamingItAndListingTheSlurmNodes() {
        BenchmarkModel m = model("n1", "n1", "edge", "edge.example");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HostMap.resolve(m, null, Map.of(), CLUSTER, "omniorb"));
        assertTrue(e.getMessage().contains("model node 'edge' (host edge.example) is no Slurm node and is not in the host map"), e.getMessage());
        assertTrue(e.getMessage().contains("Slurm nodes: n1 n2 n3"), e.getMessage());
    }

    @Test
    void aMapToANodeSlurmDoesNotKnowOrOfANodeTheModelDoesNotHaveIsAnError() {
        BenchmarkModel m = model("n1", "n1", "edge", "edge.example");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HostMap.resolve(m, null, HostMap.parse("edge=n9,typo=n2"), CLUSTER, "omniorb"));
        assertTrue(e.getMessage().contains("'edge' (host edge.example) is mapped to 'n9', which is no Slurm node"), e.getMessage());
        assertTrue(e.getMessage().contains("the host map names 'typo'"), e.getMessage());
    }

    @Test
    void aMalformedMapIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> HostMap.parse("edge"));
        assertThrows(IllegalArgumentException.class, () -> HostMap.parse("edge=n1;rm -rf"));
        assertEquals(Map.of("a", "n1", "b", "n2"), HostMap.parse("a=n1,b=n2"));
    }

    @Test
    void ciaoAndEventChannelsAreRefusedAcrossHostsButRunOnOne() {
        BenchmarkModel m = model("n1", "n1", "n2", "n2");
        IllegalArgumentException ciao = assertThrows(IllegalArgumentException.class, () -> HostMap.resolve(m, null, Map.of(), CLUSTER, "ciao"));
        assertTrue(ciao.getMessage().contains("DAnCE"), ciao.getMessage());
        assertEquals(Map.of("n1", "n1", "n2", "n1"), HostMap.resolve(m, null, HostMap.parse("n2=n1"), CLUSTER, "ciao"));

        m.getEventChannels().add(BgmlFactory.eINSTANCE.createEventChannel());
        IllegalArgumentException events = assertThrows(IllegalArgumentException.class,
                () -> HostMap.resolve(m, null, Map.of(), CLUSTER, "omniorb"));
        assertTrue(events.getMessage().contains("event channels"), events.getMessage());
        assertEquals(Map.of("n1", "n2", "n2", "n2"), HostMap.resolve(m, null, HostMap.parse("n1=n2"), CLUSTER, "omniorb"));
    }
}
