package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.bgml.model.Node;
import org.bgml.model.OptionSetting;
import org.bgml.model.Process;
import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.Severity;
import org.junit.jupiter.api.Test;

/**
 * The rules about where a deployment runs: what each message says and which element it lands on (the broken models
 * check the rule ids and element paths; this checks that a user can act on the words).
 */
class HostRulesTest {

    @Test
    void aCpuBeyondTheNodesCountNamesTheCpuAndTheCount() throws Exception {
        ModelDiagnostic d = only("deployment.pinning.bgml", "deployment.pinning", "Remote/node2/client", "is pinned to CPU 2");
        assertEquals(Severity.ERROR, d.severity());
        Process p = assertInstanceOf(Process.class, d.element());
        assertEquals("client", p.getName());
        assertTrue(d.message().contains("node 'node2' has 2 CPUs (ids 0 to 1)"), d.message());
    }

    @Test
    void twoNodesOnOneHostOfASeparateHostsDeploymentNameBothNodesAndTheHost() throws Exception {
        ModelDiagnostic d = only("deployment.separate-hosts.bgml", "deployment.separate-hosts", "Apart/node2", "");
        assertEquals(Severity.ERROR, d.severity());
        assertEquals("node2", assertInstanceOf(Node.class, d.element()).getName());
        assertTrue(d.message().contains("is on host 'HostA.example.', as node 'node1' (hosta.example) is"), d.message());
        assertTrue(d.message().contains("asks for separate hosts"), d.message());
        // every loopback name is this one machine
        ModelDiagnostic loopback = only("deployment.separate-hosts.bgml", "deployment.separate-hosts", "Apart/node4", "");
        assertTrue(loopback.message().contains("as node 'node3' (localhost) is"), loopback.message());
    }

    @Test
    void anInvalidHostSaysWhatIsWrongAndWhatWouldDo() throws Exception {
        ModelDiagnostic twoGaps = only("deployment.host.bgml", "deployment.host", "Remote/node5", "");
        assertTrue(twoGaps.message().contains("'fe80::1::2', which is not an IPv6 address ('::' may appear once)"), twoGaps.message());
        assertTrue(twoGaps.message().endsWith("an IPv4 address or an IPv6 address"), twoGaps.message());
        ModelDiagnostic nine = only("deployment.host.bgml", "deployment.host", "Remote/node6", "");
        assertTrue(nine.message().contains("9 groups; an address has 8"), nine.message());
        ModelDiagnostic label = only("deployment.host.bgml", "deployment.host", "Remote/node1", "");
        assertTrue(label.message().contains("the label 'bench_host'"), label.message());
    }

    @Test
    void aLoopbackSettingInAMultiHostDeploymentIsAWarningOnTheSetting() throws Exception {
        ModelDiagnostic d = only("deployment.loopback.bgml", "deployment.loopback", "Everywhere/settings[0]", "");
        assertEquals(Severity.WARNING, d.severity());
        OptionSetting s = assertInstanceOf(OptionSetting.class, d.element());
        assertEquals("giop:tcp:127.0.0.1:", s.getValue());
        assertTrue(d.message().contains("sets 'endPoint' to 'giop:tcp:127.0.0.1:', a loopback address"), d.message());
        assertTrue(d.message().contains("deployment 'TwoHosts' (2 hosts: hosta.example, hostb.example)"), d.message());
        assertTrue(d.message().contains("loopback settings only apply to single-host runs"), d.message());
        // a configuration scoped to one deployment's processes is judged by that deployment only
        ModelDiagnostic scoped = only("deployment.loopback.bgml", "deployment.loopback", "ClientOnly/settings[0]", "");
        assertTrue(scoped.message().contains("'iiop://[::1]:0'"), scoped.message());
    }

    /** The one diagnostic of {@code rule} on {@code path} in a broken model whose message contains {@code text}. */
    private static ModelDiagnostic only(String file, String rule, String path, String text) throws Exception {
        List<ModelDiagnostic> all = Validation.validate(Repo.broken().resolve(file));
        List<ModelDiagnostic> found = all.stream()
                .filter(d -> d.ruleId().equals(rule) && d.elementPath().equals(path) && d.message().contains(text)).toList();
        assertEquals(1, found.size(), file + ": " + rule + " on " + path + "\n" + Validation.describe(all));
        return found.get(0);
    }
}
