package org.bgml.generator.common.plan;

import java.util.List;

import org.bgml.model.BenchmarkModel;

/**
 * Everything a target's templates need, computed once from the model, the chosen deployment and the chosen
 * configuration. Templates read this; they never decide placement, order or options themselves.
 *
 * @param processes in start order: pure servers first, then processes that serve and drive, then pure clients
 */
public record BenchmarkPlan(BenchmarkModel model, String deployment, String configuration, List<ProcessPlan> processes,
        List<InvocationPlan> invocations, List<EventPlan> events) {

    public ProcessPlan process(String name) {
        return processes.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no process " + name));
    }

    public List<ServantPlan> servants() {
        return processes.stream().flatMap(p -> p.servants().stream()).toList();
    }
}
