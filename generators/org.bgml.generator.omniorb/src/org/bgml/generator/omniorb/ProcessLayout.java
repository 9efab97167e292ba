package org.bgml.generator.omniorb;

import java.util.List;

import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.Operation;

/**
 * Everything the main of one process does, in the order it does it: activate servants and push consumers,
 * bind forwarding receptacles, connect consumers to channels, signal readiness (IOR files), run its loops,
 * serve until stopped.
 *
 * @param path      the model's element path of the process (results carry it)
 * @param role      server, client or both, as in the manifest
 * @param loops     every loop the process runs, connection by connection
 * @param iorFiles  the IOR files it writes once ready (its readiness signal)
 */
public record ProcessLayout(ProcessPlan plan, String path, String role, List<ServantPlan> servants,
        List<Consumer> consumers, List<Forward> forwards, List<Probe> probes, List<Driven> driven, List<LoopGroup> loops,
        List<String> iorFiles, OmniOrbOptions.Settings options, boolean usesEvents, boolean usesChannels,
        long timeoutSeconds) {

    public static final String SERVER = "server";
    public static final String CLIENT = "client";
    public static final String BOTH = "both";

    public String name() {
        return plan.name();
    }

    /** Hosts objects or consumers: runs until SIGTERM. */
    public boolean serves() {
        return !servants.isEmpty() || !consumers.isEmpty();
    }

    /** A push consumer for one event connection, and the streams (loops) it records. */
    public record Consumer(EventPlan event, List<LoopGroup> streams, String iorFile) {
    }

    /** A forwarding facet and the invocation its forwardTo receptacle makes. */
    public record Forward(ServantPlan servant, InvocationPlan target) {
    }

    /** Server-side segments (glue, executor) of a functional-path metric in component emulation. */
    public record Probe(ServantPlan servant, Operation operation, MetricPlan metric, int warmup, int samples) {
    }

    /** A connection this process drives (calls or pushes), with its loops; exactly one of the plans is set. */
    public record Driven(InvocationPlan invocation, EventPlan event, List<LoopGroup> loops) {
    }
}
