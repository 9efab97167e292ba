package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.model.Operation;

/**
 * White-box probes of the tao target: a functional-path metric on a remote two-way call becomes a loop of probed
 * calls whose segments come from TAO's portable interceptors ({@code cpp/bgml_tao_probes.h}), with the omniorb
 * target's segment names. The loop calls through a second ORB that alone has the client interceptors, so black-box
 * loops never pass them. A collocated or oneway call, or one between two hosts, keeps its black-box figure.
 */
public final class TaoProbes {
    /** The header a process that drives or serves a probed call includes. */
    public static final String HEADER = "bgml_tao_probes.h";

    /** One probed metric on one connection. */
    public record Probed(InvocationPlan invocation, MetricPlan metric, Operation operation) {
    }

    private final List<Probed> probed = new ArrayList<>();

    /**
     * The probed metrics of a plan, in plan order. A call between two hosts is not probed (its stamps would mix two
     * hosts' clocks): its functional-path metric stays a black-box figure taken at the client.
     */
    public TaoProbes(BenchmarkPlan plan) {
        for (InvocationPlan i : plan.invocations()) {
            for (MetricPlan m : i.metrics()) {
                if (!"functionalPath".equals(m.kind()) || i.collocated()) {
                    continue;
                }
                Operation op = m.operation();
                if (op == null && !IdlTypes.allOperations(i.iface()).isEmpty()) {
                    op = IdlTypes.allOperations(i.iface()).get(0);
                }
                if (op == null || op.isOneway()) {
                    continue;
                }
                if (!Objects.equals(host(plan, i.clientProcess()), host(plan, i.serverProcess()))) {
                    continue; // stamps of two hosts' clocks would mix: the whole call is timed at the client instead
                }
                probed.add(new Probed(i, m, op));
            }
        }
    }

    public List<Probed> all() {
        return List.copyOf(probed);
    }

    /** This metric of this connection is measured by probes, not by a black-box loop. */
    public boolean isProbed(InvocationPlan i, MetricPlan m) {
        return probed.stream().anyMatch(p -> p.invocation().equals(i) && p.metric().equals(m));
    }

    /** The probed loops {@code p} drives, in plan order. */
    public List<Probed> drivenBy(ProcessPlan p) {
        return probed.stream().filter(x -> x.invocation().clientProcess().equals(p.name())).toList();
    }

    /** {@code p} drives a probed call: its white-box loops need the probes' ORB and its client interceptors. */
    public boolean client(ProcessPlan p) {
        return !drivenBy(p).isEmpty();
    }

    /** {@code p} serves a probed call: its ORB gets the server interceptors. */
    public boolean server(ProcessPlan p) {
        return probed.stream().anyMatch(x -> x.invocation().serverProcess().equals(p.name()));
    }

    public boolean uses(ProcessPlan p) {
        return client(p) || server(p);
    }

    private static String host(BenchmarkPlan plan, String process) {
        ProcessPlan p = plan.findProcess(process);
        return p == null ? null : p.host();
    }
}
