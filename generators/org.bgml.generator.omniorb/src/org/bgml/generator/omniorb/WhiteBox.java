package org.bgml.generator.omniorb;

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
 * White-box probes of the omniorb target: every functional-path metric on a call connection becomes a loop of
 * probed calls whose segments come from omniORB's interceptors ({@code cpp/bgml_omniorb_probes.h}). This class
 * numbers them (the id travels in the request service context), decides their shape (two-way: the client
 * assembles the cycle from the server's stamps in the reply; oneway: the server assembles it at the end of the
 * upcall; collocated: the client sees the upcall itself), and which processes install the server interceptors.
 */
public final class WhiteBox {
    public static final String TWO_WAY = "two_way";
    public static final String ONE_WAY = "one_way";
    public static final String COLLOCATED = "collocated";

    /** One probed metric on one connection; {@code id} is unique in the benchmark, from 1. */
    public record Probed(int id, InvocationPlan invocation, MetricPlan metric, Operation operation, String shape) {
        public boolean oneway() {
            return ONE_WAY.equals(shape);
        }
    }

    private WhiteBox() {
    }

    /**
     * Every probed metric, in plan order. Refuses a probed call between two hosts: its segments would mix two
     * clocks (the stamps of both sides are CLOCK_MONOTONIC, which only one host shares).
     */
    public static List<Probed> probed(BenchmarkPlan plan) {
        return plan.derived(WhiteBox.class, WhiteBox::compute); // asked per process and per loop
    }

    private static List<Probed> compute(BenchmarkPlan plan) {
        List<Probed> out = new ArrayList<>();
        for (InvocationPlan i : plan.invocations()) {
            for (MetricPlan m : i.metrics()) {
                if (!"functionalPath".equals(m.kind())) {
                    continue;
                }
                Operation op = m.operation();
                if (op == null && !IdlTypes.allOperations(i.iface()).isEmpty()) {
                    op = IdlTypes.allOperations(i.iface()).get(0);
                }
                if (op == null) {
                    continue;
                }
                if (!i.collocated() && !sameHost(plan, i)) {
                    throw new IllegalArgumentException("target omniorb: functional-path metric "
                            + ElementPaths.pathOf(m.metric()) + " probes connection " + i.connection().getName()
                            + ", whose ends run on different hosts (" + host(plan, i.clientProcess()) + ", "
                            + host(plan, i.serverProcess()) + "); white-box segments need both ends on one host, "
                            + "because their stamps come from one monotonic clock. Place both processes on one node.");
                }
                String shape = i.collocated() ? COLLOCATED : op.isOneway() ? ONE_WAY : TWO_WAY;
                out.add(new Probed(out.size() + 1, i, m, op, shape));
            }
        }
        return List.copyOf(out);
    }

    /** The probe of this metric on this connection, or null. */
    public static Probed of(BenchmarkPlan plan, InvocationPlan i, MetricPlan m) {
        return probed(plan).stream().filter(p -> p.invocation() == i && p.metric() == m).findFirst().orElse(null);
    }

    /** The process serves a probed remote call, so it installs the server interceptors after ORB_init. */
    public static boolean installsServer(BenchmarkPlan plan, String process) {
        return probed(plan).stream().anyMatch(p -> !COLLOCATED.equals(p.shape())
                && process.equals(p.invocation().serverProcess()));
    }

    /** Oneway probes whose cycles end in this process (the server records their table). */
    public static List<Probed> onewayTablesIn(BenchmarkPlan plan, String process) {
        return probed(plan).stream().filter(p -> p.oneway() && process.equals(p.invocation().serverProcess())).toList();
    }

    /** The process includes the probes header (it drives or serves a probed call). */
    public static boolean uses(BenchmarkPlan plan, String process) {
        return probed(plan).stream().anyMatch(p -> process.equals(p.invocation().clientProcess())
                || process.equals(p.invocation().serverProcess()));
    }

    private static boolean sameHost(BenchmarkPlan plan, InvocationPlan i) {
        return Objects.equals(host(plan, i.clientProcess()), host(plan, i.serverProcess()));
    }

    private static String host(BenchmarkPlan plan, String process) {
        ProcessPlan p = plan.findProcess(process);
        return p == null ? null : p.host();
    }
}
