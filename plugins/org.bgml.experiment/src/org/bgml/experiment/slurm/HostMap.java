package org.bgml.experiment.slurm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Deployment;
import org.bgml.model.Node;

/**
 * Which Slurm node each model node of a deployment runs on, for {@code bgml run --engine slurm}. A model node goes
 * where the host map ({@code --hosts modelNode=slurmNode,...}; a key may also be the node's host) sends it, else to
 * the Slurm node named like the model node or like its host. Whatever cannot be placed is an error before anything
 * is submitted, listing the cluster's nodes. Multi-host runs of what is single-host in this version (event channels
 * through the omniORB event service, the ciao target's DAnCE) are refused with the reason.
 */
public final class HostMap {
    private HostMap() {
    }

    /** {@code a=n1,b=n2}: the map; a malformed entry is an {@link IllegalArgumentException} naming it. */
    public static Map<String, String> parse(String text) {
        Map<String, String> map = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return map;
        }
        for (String entry : text.split(",")) {
            String[] kv = entry.strip().split("=", 2);
            if (kv.length != 2 || kv[0].isBlank() || kv[1].isBlank() || !kv[1].strip().matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
                throw new IllegalArgumentException("--hosts needs modelNode=slurmNode pairs separated by commas, got '" + entry.strip() + "'");
            }
            map.put(kv[0].strip(), kv[1].strip());
        }
        return map;
    }

    /**
     * Model node name to Slurm node, for every node of {@code deploymentName} (null: the model's first) that holds a
     * process.
     *
     * @param given      the host map from the command line (or the launch configuration)
     * @param slurmNodes the cluster's nodes ({@code sinfo -h -N -o %N})
     * @param target     the target the run generates for
     * @throws IllegalArgumentException naming every node that cannot be placed, or why a multi-host run is refused
     */
    public static Map<String, String> resolve(BenchmarkModel model, String deploymentName, Map<String, String> given,
            List<String> slurmNodes, String target) {
        Deployment deployment = model.getDeployments().stream()
                .filter(d -> deploymentName == null || deploymentName.equals(d.getName())).findFirst().orElse(null);
        if (deployment == null) {
            throw new IllegalArgumentException(deploymentName == null ? "the model has no deployment to place on Slurm nodes"
                    : "no deployment named '" + deploymentName + "'");
        }
        Set<String> known = new LinkedHashSet<>(slurmNodes);
        Map<String, String> placed = new LinkedHashMap<>();
        List<String> unknown = new ArrayList<>();
        for (Node node : deployment.getNodes()) {
            if (node.getProcesses().isEmpty()) {
                continue;
            }
            String name = node.getName();
            String host = node.getHost();
            String slurm = given.containsKey(name) ? given.get(name)
                    : host != null && given.containsKey(host) ? given.get(host)
                    : known.contains(name) ? name : host != null && known.contains(host) ? host : null;
            if (slurm == null || !known.contains(slurm)) {
                unknown.add("model node '" + name + "'" + (host == null || host.equals(name) ? "" : " (host " + host + ")")
                        + (slurm == null ? " is no Slurm node and is not in the host map" : " is mapped to '" + slurm + "', which is no Slurm node"));
            } else {
                placed.put(name, slurm);
            }
        }
        for (String key : given.keySet()) {
            boolean used = deployment.getNodes().stream().anyMatch(n -> key.equals(n.getName()) || key.equals(n.getHost()));
            if (!used) {
                unknown.add("the host map names '" + key + "', which is neither a node nor a host of deployment '" + deployment.getName() + "'");
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", unknown) + ". Slurm nodes: "
                    + (known.isEmpty() ? "(none)" : String.join(" ", known)) + ". Map model nodes with --hosts modelNode=slurmNode,...");
        }
        long hosts = placed.values().stream().distinct().count();
        if (hosts > 1 && "ciao".equals(target)) {
            throw new IllegalArgumentException("the ciao target deploys through one DAnCE node manager on one host in this version: "
                    + "a deployment across " + hosts + " Slurm nodes is refused (map every model node to one Slurm node to run it there)");
        }
        if (hosts > 1 && !model.getEventChannels().isEmpty()) {
            throw new IllegalArgumentException("the model's event channels go through one event service reached on 127.0.0.1, "
                    + "which is single-host in this version: a deployment across " + hosts + " Slurm nodes is refused "
                    + "(map every model node to one Slurm node to run it there)");
        }
        return placed;
    }
}
