package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.Operation;

/**
 * The order in which a process main sets itself up. Servants that only answer are activated first; then the
 * references forwarding servants need (from IOR files, waiting, or from collocated servants); then the
 * forwarding servants; then every IOR file is written; then the references the process drives are resolved.
 * Writing IOR files before waiting for others' lets two processes call each other.
 */
public class TaoMainSteps {

    /** One step: activate a servant, or resolve the reference of an invocation. */
    public record Step(ServantPlan activate, InvocationPlan resolve) {
        public boolean isActivation() {
            return activate != null;
        }
    }

    /** The call struct of one operation over one connection. */
    public record CallKind(InvocationPlan invocation, Operation operation) {
    }

    private final TaoProcesses processes;

    public TaoMainSteps(TaoProcesses processes) {
        this.processes = processes;
    }

    /** Steps before the IOR files are written. */
    public List<Step> setup(ProcessPlan p) {
        List<Step> steps = new ArrayList<>();
        Set<ServantPlan> active = new LinkedHashSet<>();
        Set<InvocationPlan> resolved = new LinkedHashSet<>();
        for (ServantPlan s : p.servants()) {
            if (!processes.forwards(s)) {
                steps.add(new Step(s, null));
                active.add(s);
            }
        }
        List<ServantPlan> pending = new ArrayList<>(p.servants().stream().filter(processes::forwards).toList());
        while (!pending.isEmpty()) {
            boolean progress = false;
            for (ServantPlan s : new ArrayList<>(pending)) {
                InvocationPlan via = processes.forwardInvocation(s);
                boolean available = !via.collocated() || active.contains(via.servant());
                if (available) {
                    if (resolved.add(via)) {
                        steps.add(new Step(null, via));
                    }
                    steps.add(new Step(s, null));
                    active.add(s);
                    pending.remove(s);
                    progress = true;
                }
            }
            if (!progress) {
                throw new IllegalArgumentException("tao: the forwarding servants of process " + p.name()
                        + " forward to each other in a circle");
            }
        }
        return steps;
    }

    /** References resolved after the IOR files are written: the rest of what the process calls. */
    public List<Step> afterIors(ProcessPlan p) {
        Set<InvocationPlan> early = new LinkedHashSet<>();
        setup(p).stream().filter(s -> !s.isActivation()).forEach(s -> early.add(s.resolve()));
        List<Step> steps = new ArrayList<>();
        for (InvocationPlan i : processes.references(p)) {
            if (!early.contains(i)) {
                steps.add(new Step(null, i));
            }
        }
        return steps;
    }

    /** Call structs the metrics of a process need, in order of first use. */
    public List<CallKind> callKinds(ProcessPlan p) {
        Map<String, CallKind> kinds = new LinkedHashMap<>();
        for (InvocationPlan i : p.invocations()) {
            for (MetricPlan m : i.metrics()) {
                if (m.operation() != null && needsCall(m)) {
                    CallKind k = new CallKind(i, m.operation());
                    kinds.putIfAbsent(i.connection().getName() + "::" + m.operation().getName(), k);
                }
            }
        }
        return new ArrayList<>(kinds.values());
    }

    /** Metrics that time calls of the operation (every kind but footprint and lookup time). */
    public static boolean needsCall(MetricPlan m) {
        return !m.kind().equals("footprint") && !m.kind().equals("lookupTime");
    }
}
