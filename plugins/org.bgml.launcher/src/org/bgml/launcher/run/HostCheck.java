package org.bgml.launcher.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Deployment;
import org.bgml.model.Deployments;
import org.bgml.model.Node;

/**
 * Whether a deployment can run on the local engine: every node that holds a process must be this machine. The
 * local engine never quietly runs a two-host deployment as processes of one machine; collapsing it is a choice the
 * user makes ({@code --all-on-this-host}), and the run then carries {@link #collapsed a warning} saying so, which the
 * store, {@code bgml results --run} and the report show.
 * <p>
 * "This machine" is {@code localhost}, the loopback addresses (127.0.0.0/8, ::1), the machine's host name (and its
 * first label), its canonical name and the addresses of its network interfaces. Model host names are compared, never
 * looked up: a name that only DNS would map to this machine counts as another host.
 */
public final class HostCheck {
    /** Every collapse warning starts with this, so the stored run can be asked whether it was collapsed. */
    public static final String COLLAPSED = "deployment collapsed onto this host: ";

    /** A model node and its host. */
    public record Placement(String node, String host) {
        @Override
        public String toString() {
            return node + " (" + host + ")";
        }
    }

    /** The local engine cannot run the deployment as it is: some of its nodes are other hosts. */
    public static final class ForeignHostsException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final String deployment;
        private final transient List<Placement> foreign;

        public ForeignHostsException(String deployment, List<Placement> foreign) {
            super(refusal(deployment, foreign));
            this.deployment = deployment;
            this.foreign = List.copyOf(foreign);
        }

        public String deployment() {
            return deployment;
        }

        /** The nodes on other hosts, in the model's order. */
        public List<Placement> foreign() {
            return foreign;
        }
    }

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static volatile Set<String> local;

    private HostCheck() {
    }

    /**
     * The nodes of the deployment that hold a process and sit on another host than this machine, in the model's
     * order. {@code deploymentName} null means the model's first deployment, as the generators read it; a model
     * without deployments, or a name it does not have (generation reports that), has none.
     */
    public static List<Placement> foreign(BenchmarkModel model, String deploymentName) {
        List<Placement> foreign = new ArrayList<>();
        for (Placement p : placements(model, deploymentName)) {
            if (!isThisMachine(p.host())) {
                foreign.add(p);
            }
        }
        return foreign;
    }

    /** Every node of the deployment that holds a process, with its host ({@code localhost} when none is given). */
    public static List<Placement> placements(BenchmarkModel model, String deploymentName) {
        Deployment deployment = Deployments.chosen(model, deploymentName);
        List<Placement> placements = new ArrayList<>();
        if (deployment != null) {
            for (Node node : deployment.getNodes()) {
                if (!node.getProcesses().isEmpty()) {
                    placements.add(new Placement(node.getName(), node.getHost() == null ? "localhost" : node.getHost()));
                }
            }
        }
        return placements;
    }

    /** The deployment a run of {@code deploymentName} uses: {@link Deployments#chosen}, the one rule the plan follows too. */
    public static Deployment deployment(BenchmarkModel model, String deploymentName) {
        return Deployments.chosen(model, deploymentName);
    }

    /**
     * Refuses the deployment with a {@link ForeignHostsException} when some node is on another host, unless
     * {@code allOnThisHost}; then returns the warning to record with the run ({@link #collapsed}), or empty when
     * every node is this machine anyway.
     */
    public static Optional<String> check(BenchmarkModel model, String deploymentName, boolean allOnThisHost) {
        List<Placement> foreign = foreign(model, deploymentName);
        if (foreign.isEmpty()) {
            return Optional.empty();
        }
        Deployment d = Deployments.chosen(model, deploymentName);
        if (!allOnThisHost) {
            throw new ForeignHostsException(d == null ? deploymentName : d.getName(), foreign);
        }
        return Optional.of(collapsed(foreign));
    }

    /** The sentence that refuses a deployment, with both ways out as {@code bgml} options. */
    public static String refusal(String deployment, List<Placement> foreign) {
        return what(deployment, foreign) + ". Either run them all here on purpose with --all-on-this-host (the stored run and its"
                + " report then say that the deployment was collapsed), or run each process on its own host with --engine slurm"
                + " and a host map (--hosts " + String.join(",", foreign.stream().map(p -> p.node() + "=SLURM_NODE").toList()) + ")";
    }

    /** The first half of {@link #refusal}: which nodes are elsewhere and why the local engine will not run them. */
    public static String what(String deployment, List<Placement> foreign) {
        return "deployment " + (deployment == null ? "" : "'" + deployment + "' ") + "places processes on "
                + (foreign.size() == 1 ? "a host" : "hosts") + " other than this machine (" + thisHostName() + "): "
                + String.join(", ", foreign.stream().map(p -> "node " + p.node() + " on " + p.host()).toList())
                + "; the local engine starts every process here, so its figures would not be those of that deployment";
    }

    /** The warning a collapsed run carries: {@code deployment collapsed onto this host: nodes a (hosta), b (hostb)}. */
    public static String collapsed(List<Placement> foreign) {
        return COLLAPSED + (foreign.size() == 1 ? "node " : "nodes ") + String.join(", ", foreign.stream().map(Placement::toString).toList())
                + " ran on " + thisHostName();
    }

    /** The collapse warning among a run's warnings, if the run was collapsed. */
    public static Optional<String> collapse(List<String> warnings) {
        return warnings.stream().filter(w -> w.startsWith(COLLAPSED)).findFirst();
    }

    /** Whether {@code host} names this machine: loopback, its names, or one of its interface addresses. */
    public static boolean isThisMachine(String host) {
        if (host == null || host.isBlank()) {
            return true; // a node without a host is the default, localhost
        }
        String h = normalise(host);
        if (localNames().contains(h)) {
            return true;
        }
        if (IPV4.matcher(h).matches() || h.contains(":")) {
            try {
                InetAddress a = InetAddress.getByName(h); // a literal: no lookup
                return a.isLoopbackAddress() || localNames().contains(normalise(a.getHostAddress()));
            } catch (UnknownHostException e) {
                return false;
            }
        }
        return false;
    }

    /** This machine's host name, as a message names it. */
    public static String thisHostName() {
        String name = hostName();
        return name == null ? "localhost" : name;
    }

    private static String normalise(String host) {
        String h = host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        int scope = h.indexOf('%');
        if (scope >= 0 && h.contains(":")) {
            h = h.substring(0, scope);
        }
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        if (h.contains(":")) {
            try {
                h = InetAddress.getByName(h).getHostAddress().toLowerCase(Locale.ROOT); // one spelling of an IPv6 literal
                int s = h.indexOf('%');
                h = s >= 0 ? h.substring(0, s) : h;
            } catch (UnknownHostException e) {
                // not a literal after all: compared as written
            }
        }
        return h;
    }

    /** The names and addresses of this machine, found once. */
    static Set<String> localNames() {
        Set<String> names = local;
        if (names != null) {
            return names;
        }
        Set<String> found = new LinkedHashSet<>(List.of("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"));
        String name = hostName();
        if (name != null) {
            addName(found, name);
        }
        try {
            InetAddress self = InetAddress.getLocalHost();
            addName(found, self.getHostName());
            addName(found, self.getCanonicalHostName());
            found.add(normalise(self.getHostAddress()));
        } catch (UnknownHostException | SecurityException e) {
            // the host name does not resolve here: the interfaces below still count
        }
        try {
            for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                for (InetAddress a : Collections.list(nif.getInetAddresses())) {
                    found.add(normalise(a.getHostAddress()));
                }
            }
        } catch (SocketException | NullPointerException e) {
            // no interfaces to list: names and loopback only
        }
        local = Set.copyOf(found);
        return local;
    }

    private static void addName(Set<String> names, String name) {
        if (name == null || name.isBlank()) {
            return;
        }
        String n = normalise(name);
        names.add(n);
        if (!IPV4.matcher(n).matches() && !n.contains(":") && n.contains(".")) {
            names.add(n.substring(0, n.indexOf('.'))); // bench1 for bench1.example.org
        }
    }

    /** The kernel's host name (as {@code hostname} prints it), without a lookup; null if unknown. */
    private static String hostName() {
        try {
            Path file = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(file)) {
                String s = Files.readString(file).trim();
                if (!s.isEmpty()) {
                    return s;
                }
            }
        } catch (IOException | RuntimeException e) {
            // fall back to Java's view below
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }
}
