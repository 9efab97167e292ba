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
import org.bgml.model.io.ElementPaths;

/**
 * White-box probes of the tao target: a functional-path metric on a remote call becomes a loop of probed calls whose
 * segments come from TAO's portable interceptors ({@code cpp/bgml_tao_probes.h}), with the omniorb target's segment
 * names and element (the connection). The loop calls through a second ORB that alone has the client interceptors, so
 * black-box loops never pass them. A two-way call's cycle is recorded by the calling process, from the server's stamps
 * in the reply; a oneway call's by the receiving process, from the client's stamps in the request (there is no reply).
 * A collocated call, or one between two hosts, keeps its black-box figure.
 */
public final class TaoProbes {
    /** The header a process that drives or serves a probed call includes. */
    public static final String HEADER = "bgml_tao_probes.h";

    /**
     * One probed metric on one connection; {@code id} is unique in the benchmark, from 1 (a oneway call's request
     * context carries it, so that the receiver knows the table of the cycle).
     */
    public record Probed(int id, InvocationPlan invocation, MetricPlan metric, Operation operation) {
        /** No reply: the receiving process records the cycle, which ends with the upcall. */
        public boolean oneway() {
            return operation.isOneway();
        }

        /** The measured element, as the omniorb target names it: the connection. */
        public String element() {
            return ElementPaths.pathOf(invocation.connection());
        }
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
                if (op == null) {
                    continue;
                }
                if (!Objects.equals(host(plan, i.clientProcess()), host(plan, i.serverProcess()))) {
                    continue; // stamps of two hosts' clocks would mix: the whole call is timed at the client instead
                }
                probed.add(new Probed(probed.size() + 1, i, m, op));
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

    /** The oneway probes whose cycles end in {@code p}: it records their tables, in plan order. */
    public List<Probed> onewayTablesIn(ProcessPlan p) {
        return probed.stream().filter(x -> x.oneway() && x.invocation().serverProcess().equals(p.name())).toList();
    }

    /** {@code p} records oneway cycles: it writes its result file once the ORB has stopped, when every call is in. */
    public boolean receivesOneway(ProcessPlan p) {
        return !onewayTablesIn(p).isEmpty();
    }

    public boolean uses(ProcessPlan p) {
        return client(p) || server(p);
    }

    private static String host(BenchmarkPlan plan, String process) {
        ProcessPlan p = plan.findProcess(process);
        return p == null ? null : p.host();
    }
}
