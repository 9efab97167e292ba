package org.bgml.generator.common.plan;

import java.util.List;

import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Receptacle;

/** A receptacle-to-facet connection: who calls whom, in which processes, measured by which metrics. */
public record InvocationPlan(Connection connection, Entity client, Receptacle receptacle, Entity server, Facet facet,
        ServantPlan servant, String clientProcess, String serverProcess, List<MetricPlan> metrics) {

    public Interface iface() {
        return facet.getInterface();
    }

    /** Client and server share one process and one ORB. */
    public boolean collocated() {
        return clientProcess.equals(serverProcess);
    }
}
