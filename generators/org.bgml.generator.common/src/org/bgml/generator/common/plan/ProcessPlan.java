package org.bgml.generator.common.plan;

import java.util.List;

import org.bgml.model.Entity;

/**
 * One benchmark process: the entities it hosts, the objects it activates, the connections it drives and
 * the options it runs with. A process with servants is a server (it runs until stopped); one without only
 * drives its metrics and exits.
 */
public record ProcessPlan(String name, String host, List<Integer> cpus, List<Entity> entities,
        List<ServantPlan> servants, List<InvocationPlan> invocations, List<EventPlan> supplies,
        List<EventPlan> consumes, List<String> readsIors, OptionPlan options, String resultFile) {

    /** Serves objects or consumes events for others: started first, stopped by the launcher at the end. */
    public boolean isServer() {
        return !servants.isEmpty() || !consumes.isEmpty();
    }

    /** Drives at least one metric loop. */
    public boolean isClient() {
        return !invocations.isEmpty() || !supplies.isEmpty();
    }

    public boolean isPinned() {
        return !cpus.isEmpty();
    }
}
