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
import org.bgml.model.Configuration;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.Facet;
import org.bgml.model.Node;
import org.bgml.model.OptionSetting;
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
     * A node's host is a host name (RFC 1123: letters, digits and hyphens in dot-separated labels of at most 63
     * characters, 253 in all, no label starting or ending with a hyphen), an IPv4 address or an IPv6 address: what a
     * launcher can resolve or map.
     */
    public static final String HOST = "deployment.host";
    /** A deployment that asks for separate hosts puts no two nodes on one host. */
    public static final String SEPARATE_HOSTS = "deployment.separate-hosts";
    /**
     * A configuration setting that binds to a loopback address (127.0.0.1, localhost, ::1) applies to single-host runs
     * only: it conflicts with a deployment of the processes it applies to that spans several hosts (warning).
     */
    public static final String LOOPBACK = "deployment.loopback";
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
            if (deployment.isSeparateHosts()) {
                checkSeparateHosts(deployment, sink);
            }
            for (Connection c : connections) {
                checkConnection(c, placement, sink);
            }
        }
        for (Configuration configuration : Elements.allOf(root, Configuration.class)) {
            checkLoopback(configuration, root, sink);
        }
    }

    /** Two nodes whose hosts are the same (the loopback names all count as this machine) are an error. */
    private static void checkSeparateHosts(Deployment deployment, DiagnosticSink sink) {
        Map<String, Node> first = new LinkedHashMap<>();
        for (Node node : deployment.getNodes()) {
            if (hostProblem(node.getHost()) != null) {
                continue; // reported by the host rule
            }
            Node earlier = first.putIfAbsent(sameHost(node.getHost()), node);
            if (earlier != null) {
                sink.error(SEPARATE_HOSTS, node, Elements.label(node) + " is on host " + Elements.quote(node.getHost()) + ", as node "
                        + Elements.quote(Elements.name(earlier)) + (node.getHost().equals(earlier.getHost()) ? "" : " (" + earlier.getHost() + ")")
                        + " is, but " + Elements.label(deployment) + " asks for separate hosts (separateHosts); give each node a host"
                        + " of its own, or let the nodes share hosts");
            }
        }
    }

    /** A host as two hosts compare: case and a final dot do not count, and every loopback name is one machine. */
    static String sameHost(String host) {
        String h = host == null ? "localhost" : host.toLowerCase(java.util.Locale.ROOT);
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        return isLoopbackHost(h) ? "localhost" : h;
    }

    private static boolean isLoopbackHost(String host) {
        return host.equals("localhost") || host.endsWith(".localhost") || host.matches("127(\\.\\d{1,3}){3}")
                || host.equals("::1") || host.matches("(0{1,4}:){7}0{0,3}1") || host.equals("ip6-localhost") || host.equals("ip6-loopback");
    }

    private static final java.util.regex.Pattern LOOPBACK_VALUE = java.util.regex.Pattern.compile(
            "(?i)(?<![\\w.-])(localhost|127(\\.\\d{1,3}){3}|\\[?::1\\]?)(?![\\w.-])");

    /**
     * A setting whose value binds to loopback, in a configuration that applies to processes of a deployment spanning
     * several hosts: the deployment's processes could not reach each other there.
     */
    private static void checkLoopback(Configuration configuration, EObject root, DiagnosticSink sink) {
        Set<Deployment> deployments = new LinkedHashSet<>();
        if (configuration.getProcesses().isEmpty()) {
            deployments.addAll(Elements.allOf(root, Deployment.class));
        } else {
            for (Process p : configuration.getProcesses()) {
                if (p != null && p.eContainer() instanceof Node n && n.eContainer() instanceof Deployment d) {
                    deployments.add(d);
                }
            }
        }
        List<String> spanning = new ArrayList<>();
        for (Deployment d : deployments) {
            Set<String> hosts = new LinkedHashSet<>();
            for (Node n : d.getNodes()) {
                if (!n.getProcesses().isEmpty()) {
                    hosts.add(sameHost(n.getHost()));
                }
            }
            if (hosts.size() > 1) {
                spanning.add(Elements.quote(Elements.name(d)) + " (" + hosts.size() + " hosts: " + String.join(", ", hosts) + ")");
            }
        }
        if (spanning.isEmpty()) {
            return;
        }
        for (OptionSetting s : configuration.getSettings()) {
            if (s.getValue() != null && LOOPBACK_VALUE.matcher(s.getValue()).find()) {
                String option = s.getOption() == null ? "an option" : Elements.quote(Elements.name(s.getOption()));
                sink.warning(LOOPBACK, s, Elements.label(configuration) + " sets " + option + " to " + Elements.quote(s.getValue())
                        + ", a loopback address, but applies to deployment" + (spanning.size() == 1 ? " " : "s ")
                        + String.join(", ", spanning) + "; loopback settings only apply to single-host runs, so processes on"
                        + " other hosts could not reach what binds there. Leave the address to the node, or run the deployment on one host");
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
                    + hostProblem + "; give a host name (e.g. n2 or bench2.example.org), an IPv4 address or an IPv6 address");
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

    /** Why {@code host} is not a host name, IPv4 address or IPv6 address, or null when it is one. */
    static String hostProblem(String host) {
        if (host == null || host.isEmpty()) {
            return "is empty";
        }
        if (host.contains(":")) {
            return ipv6Problem(host);
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

    private static final java.util.regex.Pattern HEX_GROUP = java.util.regex.Pattern.compile("[0-9A-Fa-f]{1,4}");

    /**
     * Why {@code host}, which has a colon, is not an IPv6 address (eight groups of 1 to 4 hex digits, one {@code ::}
     * standing for one or more zero groups, the last two groups optionally an IPv4 address), or null when it is one.
     */
    static String ipv6Problem(String host) {
        String address = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        String not = "is not an IPv6 address";
        int gap = address.indexOf("::");
        if (gap >= 0 && address.indexOf("::", gap + 1) >= 0) {
            return not + " ('::' may appear once)";
        }
        List<String> groups = new ArrayList<>();
        if (gap >= 0) {
            String head = address.substring(0, gap);
            String tail = address.substring(gap + 2);
            if (!head.isEmpty()) {
                groups.addAll(List.of(head.split(":", -1)));
            }
            if (!tail.isEmpty()) {
                groups.addAll(List.of(tail.split(":", -1)));
            }
        } else {
            groups.addAll(List.of(address.split(":", -1)));
        }
        int count = 0;
        for (int i = 0; i < groups.size(); i++) {
            String g = groups.get(i);
            if (i == groups.size() - 1 && g.contains(".")) {
                if (!IPV4.matcher(g).matches() || hostProblem(g) != null) {
                    return not + " (" + Elements.quote(g) + " is not an IPv4 address)";
                }
                count += 2;
            } else if (HEX_GROUP.matcher(g).matches()) {
                count++;
            } else {
                return not + " (" + (g.isEmpty() ? "an empty group" : "the group " + Elements.quote(g))
                        + "; groups are 1 to 4 hex digits)";
            }
        }
        if (gap >= 0 ? count > 7 : count != 8) {
            return not + " (" + count + " groups" + (gap >= 0 ? " beside '::'" : "") + "; an address has 8)";
        }
        return null;
    }
}
