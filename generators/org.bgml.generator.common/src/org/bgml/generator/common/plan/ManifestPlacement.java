package org.bgml.generator.common.plan;

import java.util.ArrayList;
import java.util.List;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.model.ClientStart;
import org.bgml.model.Deployment;
import org.bgml.model.Node;

/**
 * What every target's manifest says about the deployment, written in one place: whether the clients start together
 * or one at a time, and the model node and host of each process. A process of the manifest that is not a process
 * of the plan (an event service, a deployment manager) stays unplaced: it runs beside the launcher.
 */
public final class ManifestPlacement {
    /** The node of a model without deployments: every process on this machine. */
    public static final String DEFAULT_NODE = "localhost";

    private ManifestPlacement() {
    }

    public static Manifest place(Manifest manifest, BenchmarkPlan plan) {
        List<ProcessSpec> placed = new ArrayList<>();
        for (ProcessSpec spec : manifest.processes()) {
            ProcessPlan process = plan.findProcess(spec.name());
            if (process == null) {
                placed.add(spec);
                continue;
            }
            Node node = plan.nodeOf(spec.name());
            placed.add(node == null ? spec.withPlacement(DEFAULT_NODE, process.host())
                    : spec.withPlacement(node.getName(), process.host()));
        }
        return manifest.withProcesses(placed).withClients(clientsOf(plan.deploymentElement()));
    }

    /** The deployment's choice; a model without deployments runs its clients together, as the metamodel's default. */
    public static String clientsOf(Deployment deployment) {
        ClientStart mode = deployment == null ? ClientStart.TOGETHER : deployment.getClients();
        return mode.getLiteral(); // the manifest's words are the metamodel's literals
    }
}
