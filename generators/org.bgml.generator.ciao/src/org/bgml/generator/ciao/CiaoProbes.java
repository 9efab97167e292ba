package org.bgml.generator.ciao;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.tao.TaoProbes;
import org.bgml.model.Component;
import org.bgml.model.Operation;

/**
 * White-box probes of the ciao target: a functional-path metric on a remote call from one component to another
 * becomes a loop of probed calls in the calling component, whose segments come from TAO's portable interceptors, with
 * the tao target's segment names and element (the connection) and its C++ ({@code bgml_tao_probes.h}, wrapped by
 * {@code cpp/bgml_ciao_probes.h}).
 * <ul>
 * <li>The calling component calls through a second ORB of its own, the only one with the client interceptors, so its
 * black-box loops (through the locality manager's ORB) never pass them.</li>
 * <li>The serving component adds the server interceptors to its locality manager's ORB at {@code ccm_activate}.</li>
 * <li>A two-way call's cycle is recorded by the calling component; a oneway call's by the receiving one, which writes
 * its tables once every sender has written its result file.</li>
 * </ul>
 * Not probed, so timed as whole calls at the client (the plan's notes say so): calls with a CORBA 2.x end, collocated
 * calls, calls between two hosts (their stamps would mix two clocks), and a oneway call whose receiver measures
 * before its sender (it would wait for a sender that waits for it).
 */
public final class CiaoProbes {
    /** The header a component that drives or serves a probed call includes. */
    public static final String HEADER = "bgml_ciao_probes.h";

    private final List<TaoProbes.Probed> probed = new ArrayList<>();
    private final List<String> whole = new ArrayList<>();
    private final CiaoDeployment deployment;

    public CiaoProbes(CiaoDeployment deployment) {
        this.deployment = deployment;
        BenchmarkPlan plan = deployment.plan();
        for (InvocationPlan i : plan.invocations()) {
            for (MetricPlan m : i.metrics()) {
                if (!"functionalPath".equals(m.kind())) {
                    continue;
                }
                Operation op = m.operation();
                if (op == null && !IdlTypes.allOperations(i.iface()).isEmpty()) {
                    op = IdlTypes.allOperations(i.iface()).get(0);
                }
                if (op == null || !probeable(plan, i, op)) {
                    whole.add(m.metric().getName());
                    continue;
                }
                probed.add(new TaoProbes.Probed(probed.size() + 1, i, m, op));
            }
        }
    }

    private boolean probeable(BenchmarkPlan plan, InvocationPlan i, Operation op) {
        if (!(i.client() instanceof Component client) || !(i.server() instanceof Component server) || i.collocated()
                || deployment.localityOf(client) == null || deployment.localityOf(server) == null
                || deployment.localityOf(client) == deployment.localityOf(server)) {
            return false;
        }
        if (!Objects.equals(host(plan, i.clientProcess()), host(plan, i.serverProcess()))) {
            return false;
        }
        if (op.isOneway() && deployment.drives(server)) {
            // the receiver writes its tables after its own loops and after the sender's: it must come after the sender
            List<Component> order = deployment.driverOrder();
            return order.indexOf(server) > order.indexOf(client);
        }
        return true;
    }

    /** Every probed metric, in plan order. */
    public List<TaoProbes.Probed> all() {
        return List.copyOf(probed);
    }

    /** Names of the functional-path metrics that stay whole calls timed at the client, in plan order. */
    public List<String> wholeCalls() {
        return List.copyOf(whole);
    }

    /** This metric of this connection is measured by probes, not by a black-box loop. */
    public boolean isProbed(InvocationPlan i, MetricPlan m) {
        return probed.stream().anyMatch(p -> p.invocation().equals(i) && p.metric().equals(m));
    }

    /** The probed loops the component drives over {@code i}, in plan order. */
    public List<TaoProbes.Probed> drivenOver(InvocationPlan i) {
        return probed.stream().filter(p -> p.invocation().equals(i)).toList();
    }

    /** {@code c} drives a probed call. */
    public boolean client(Component c) {
        return probed.stream().anyMatch(p -> p.invocation().client() == c);
    }

    /** {@code c} serves a probed call: it adds the server interceptors to its locality manager's ORB. */
    public boolean server(Component c) {
        return probed.stream().anyMatch(p -> p.invocation().server() == c);
    }

    public boolean uses(Component c) {
        return client(c) || server(c);
    }

    /** The oneway probes whose cycles end in {@code c}: it records their tables, in plan order. */
    public List<TaoProbes.Probed> onewayTablesIn(Component c) {
        return probed.stream().filter(p -> p.oneway() && p.invocation().server() == c).toList();
    }

    /** {@code c} records oneway cycles: it writes a result file once its senders have written theirs. */
    public boolean receivesOneway(Component c) {
        return !onewayTablesIn(c).isEmpty();
    }

    /** The components whose probed oneway calls end in {@code c}, in plan order, each once. */
    public List<Component> sendersTo(Component c) {
        List<Component> out = new ArrayList<>();
        for (TaoProbes.Probed p : onewayTablesIn(c)) {
            Component from = (Component) p.invocation().client();
            if (!out.contains(from)) {
                out.add(from);
            }
        }
        return out;
    }

    private static String host(BenchmarkPlan plan, String process) {
        ProcessPlan p = plan.findProcess(process);
        return p == null ? null : p.host();
    }
}
