package org.bgml.validation.rules;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.model.Assembly;
import org.bgml.model.Component;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.Facet;
import org.bgml.model.Node;
import org.bgml.model.Port;
import org.bgml.model.Process;
import org.bgml.model.Receptacle;
import org.bgml.validation.DiagnosticSink;
import org.bgml.validation.RuleSet;
import org.eclipse.emf.ecore.EObject;

/**
 * The deployment viewpoint: every entity runs in exactly one process, and CPU pinning is possible and does
 * not distort what is measured. Placing an assembly places all its components; an assembly counts as placed
 * when all its components are.
 */
public final class DeploymentRules implements RuleSet {
    /** Each deployment places every server, client and component (nested ones included) in a process. */
    public static final String UNPLACED = "deployment.unplaced";
    /** No deployment places an entity in more than one process, nor twice in one. */
    public static final String PLACED_TWICE = "deployment.placed-twice";
    /** Pinned CPU ids are 0 or more, not repeated, and below the node's CPU count when it is known. */
    public static final String PINNING = "deployment.pinning";
    /** A process that holds no entity starts nothing (warning). */
    public static final String EMPTY_PROCESS = "deployment.empty-process";
    /**
     * The two ends of a connection run in processes on one node pinned to disjoint CPUs: each round trip then
     * wakes an idle CPU, which on small machines dominates and splits the latency distribution (warning).
     */
    public static final String CROSS_CPU = "deployment.cross-cpu";
    /**
     * A node's host is a host name (letters, digits and hyphens in dot-separated labels of at most 63 characters, 253
     * in all, no label starting or ending with a hyphen) or an IPv4 address: what a launcher can resolve or map.
     */
    public static final String HOST = "deployment.host";
    /** A client process starts before a server process it calls (warning). */
    public static final String START_ORDER = "deployment.start-order";

    @Override
    public void check(EObject root, DiagnosticSink sink) {
        List<Entity> leaves = new ArrayList<>();
        for (Entity e : Elements.allOf(root, Entity.class)) {
            if (!(e instanceof Assembly)) {
                leaves.add(e);
            }
        }
        List<Connection> connections = Elements.allOf(root, Connection.class);
        for (Deployment deployment : Elements.allOf(root, Deployment.class)) {
            Map<Entity, List<Process>> placement = placement(deployment);
            for (Entity e : leaves) {
                List<Process> in = placement.getOrDefault(e, List.of());
                if (in.isEmpty()) {
                    sink.error(UNPLACED, deployment, Elements.label(deployment) + " places " + Elements.label(e)
                            + " in no process; every entity runs in exactly one");
                } else if (in.size() > 1) {
                    Set<Process> distinct = new LinkedHashSet<>(in);
                    sink.error(PLACED_TWICE, deployment, Elements.label(deployment) + " places " + Elements.label(e)
                            + (distinct.size() == 1 ? " twice in process " + Elements.quote(Elements.path(in.get(0)))
                                    + " (directly and through its assembly, or listed twice)"
                                    : " in " + distinct.size() + " processes (" + paths(distinct) + ")")
                            + "; every entity runs in exactly one");
                }
            }
            for (Node node : deployment.getNodes()) {
                checkNode(node, sink);
            }
            for (Connection c : connections) {
                checkConnection(c, placement, sink);
            }
        }
    }

    /** Where a deployment puts each entity that is not an assembly: the processes listing it or its assembly. */
    static Map<Entity, List<Process>> placement(Deployment deployment) {
        Map<Entity, List<Process>> placement = new LinkedHashMap<>();
        for (Node node : deployment.getNodes()) {
            for (Process p : node.getProcesses()) {
                for (Entity listed : p.getEntities()) {
                    Entity e = Elements.resolved(listed);
                    if (e instanceof Assembly a) {
                        for (Component c : a.getComponents()) {
                            placement.computeIfAbsent(c, k -> new ArrayList<>()).add(p);
                        }
                    } else if (e != null) {
                        placement.computeIfAbsent(e, k -> new ArrayList<>()).add(p);
                    }
                }
            }
        }
        return placement;
    }

    private static void checkNode(Node node, DiagnosticSink sink) {
        // a host that is unsafe on a command line (or empty) is reported by the identifier rules already
        String hostProblem = TextSafety.wordProblem(node.getHost()) == null ? hostProblem(node.getHost()) : null;
        if (hostProblem != null) {
            sink.error(HOST, node, Elements.label(node) + " has host " + Elements.quote(String.valueOf(node.getHost())) + ", which "
                    + hostProblem + "; give a host name (e.g. n2 or bench2.example.org) or an IPv4 address");
        }
        if (node.getCpuCount() < 0) {
            sink.error(PINNING, node, Elements.label(node) + " has " + node.getCpuCount() + " CPUs; use 0 when the count is unknown");
        }
        for (Process p : node.getProcesses()) {
            if (p.getEntities().isEmpty()) {
                sink.warning(EMPTY_PROCESS, p, Elements.label(p) + " holds no entity; it would start nothing");
            }
            Set<Integer> seen = new HashSet<>();
            for (Integer cpu : p.getCpus()) {
                if (cpu == null) {
                    continue;
                }
                if (cpu < 0) {
                    sink.error(PINNING, p, Elements.label(p) + " is pinned to CPU " + cpu + "; CPU ids start at 0");
                } else if (node.getCpuCount() > 0 && cpu >= node.getCpuCount()) {
                    sink.error(PINNING, p, Elements.label(p) + " is pinned to CPU " + cpu + ", but node "
                            + Elements.quote(Elements.name(node)) + " has " + node.getCpuCount() + " CPUs (ids 0 to "
                            + (node.getCpuCount() - 1) + ")");
                }
                if (!seen.add(cpu)) {
                    sink.error(PINNING, p, Elements.label(p) + " lists CPU " + cpu + " twice");
                }
            }
        }
    }

    private static void checkConnection(Connection c, Map<Entity, List<Process>> placement, DiagnosticSink sink) {
        Port source = Elements.resolved(c.getSource());
        Port target = Elements.resolved(c.getTarget());
        Process client = source == null ? null : processOf(source.eContainer(), placement);
        Process server = target == null ? null : processOf(target.eContainer(), placement);
        if (client == null || server == null || client == server) {
            return;
        }
        if (client.eContainer() == server.eContainer() && !client.getCpus().isEmpty() && !server.getCpus().isEmpty()
                && disjoint(client.getCpus(), server.getCpus())) {
            sink.warning(CROSS_CPU, client, Elements.label(client) + " (CPUs " + client.getCpus() + ") and "
                    + Elements.label(server) + " (CPUs " + server.getCpus() + ") are the two ends of "
                    + Elements.label(c) + " and are pinned to different CPUs of one node; each round trip then wakes an "
                    + "idle CPU, which on small machines costs tens of microseconds and makes the results bimodal. "
                    + "Pin both to the same CPU, or accept that the figures include the wake-up");
        }
        if (source instanceof Receptacle && target instanceof Facet && client.getStartOrder() < server.getStartOrder()) {
            sink.warning(START_ORDER, client, Elements.label(client) + " (start order " + client.getStartOrder()
                    + ") starts before " + Elements.label(server) + " (start order " + server.getStartOrder()
                    + "), which it calls through " + Elements.label(c) + "; start servers first");
        }
    }

    /** The one process an entity runs in; for an assembly, the process all its components share. */
    private static Process processOf(EObject entity, Map<Entity, List<Process>> placement) {
        if (entity instanceof Assembly a) {
            Process shared = null;
            for (Component c : a.getComponents()) {
                Process p = processOf(c, placement);
                if (p == null || (shared != null && shared != p)) {
                    return null;
                }
                shared = p;
            }
            return shared;
        }
        List<Process> in = entity instanceof Entity e ? placement.get(e) : null;
        return in == null || in.size() != 1 ? null : in.get(0);
    }

    private static boolean disjoint(List<Integer> a, List<Integer> b) {
        for (Integer x : a) {
            if (b.contains(x)) {
                return false;
            }
        }
        return true;
    }

    private static String paths(Set<Process> processes) {
        return String.join(", ", processes.stream().map(p -> Elements.quote(Elements.path(p))).toList());
    }

    private static final java.util.regex.Pattern LABEL = java.util.regex.Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?");
    private static final java.util.regex.Pattern IPV4 = java.util.regex.Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

    /** Why {@code host} is not a host name or IPv4 address, or null when it is one. */
    static String hostProblem(String host) {
        if (host == null || host.isEmpty()) {
            return "is empty";
        }
        if (host.length() > 253) {
            return "is longer than 253 characters";
        }
        if (IPV4.matcher(host).matches()) {
            for (String part : host.split("\\.")) {
                if (Integer.parseInt(part) > 255) {
                    return "is not an IPv4 address (" + part + " is above 255)";
                }
            }
            return null;
        }
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        for (String label : name.split("\\.", -1)) {
            if (!LABEL.matcher(label).matches()) {
                return label.isEmpty() ? "has an empty label" : "has the label " + Elements.quote(label)
                        + " (labels are letters, digits and inner hyphens, 1 to 63 characters)";
            }
        }
        return null;
    }
}
