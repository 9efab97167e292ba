package org.bgml.launcher.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where each process of a run ran: its host, kernel and CPUs. A run stores this in its environment's CPU placement
 * ({@link EnvironmentRecord#cpuPlacement()}, and the annotated model's {@code Environment.cpuPlacement}), one entry per
 * process separated by {@code "; "}:
 *
 * <pre>
 * PROCESS: [on HOST [(kernel KERNEL)], ]CPUS
 * CPUS = pinned to CPU n [(ran on m)] | unpinned, CPUs a,b [(ran on m)] | CPUs unknown [(ran on m)]
 * </pre>
 *
 * A run on one host leaves the host and kernel out of the entries: they are the environment's. This class writes
 * that text and reads it back, so that the report, {@code bgml results} and the diagram's deployment view all say the
 * same thing about where a process ran.
 */
public final class ProcessPlacements {
    private ProcessPlacements() {
    }

    /**
     * Where one process ran.
     *
     * @param process     the process as its result file names it (its element path, e.g. {@code twoHosts/n2/ServerProcess})
     * @param host        the host it ran on ({@code gethostname()} of the process), or null if unknown
     * @param kernel      the kernel it ran under, or null if unknown
     * @param cpus        the CPUs it could run on; empty if unknown
     * @param cpuObserved the CPU it was seen running on, or null
     */
    public record Placement(String process, String host, String kernel, List<Integer> cpus, Integer cpuObserved) {
        public Placement {
            cpus = cpus == null ? List.of() : List.copyOf(cpus);
        }

        /** The process's own name: the last segment of its path. */
        public String name() {
            return ResultMeasurement.lastName(process);
        }

        /** Pinned: it could run on exactly one CPU. */
        public boolean pinned() {
            return cpus.size() == 1;
        }

        /** {@code CPU 0 (pinned)}, {@code CPUs 0,1 (ran on 1)}, {@code CPU 1 (seen)}; null when nothing is known. */
        public String cpuText() {
            if (pinned()) {
                return "CPU " + cpus.get(0) + " (pinned)";
            }
            if (!cpus.isEmpty()) {
                return "CPUs " + join(cpus) + (cpuObserved == null ? "" : " (ran on " + cpuObserved + ")");
            }
            return cpuObserved == null ? null : "CPU " + cpuObserved + " (seen)";
        }
    }

    /** The text of one process's entry. */
    static String entry(String process, String host, String kernel, boolean withHost, List<Integer> cpus, Integer observed) {
        return process + ": " + (withHost ? "on " + host + (kernel == null ? "" : " (kernel " + kernel + ")") + ", " : "")
                + cpus(cpus, observed);
    }

    /** {@code pinned to CPU 0 (ran on 0)}, {@code unpinned, CPUs 0,1}, {@code CPUs unknown}. */
    static String cpus(List<Integer> affinity, Integer observed) {
        String cpus = affinity.isEmpty() ? "CPUs unknown" : (affinity.size() == 1 ? "pinned to CPU " : "unpinned, CPUs ") + join(affinity);
        return cpus + (observed == null ? "" : " (ran on " + observed + ")");
    }

    private static String join(List<Integer> cpus) {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static final Pattern ENTRY = Pattern.compile(
            "(?<process>[^;]+?): (?:on (?<host>[^\\s,]+)(?: \\(kernel (?<kernel>[^)]*)\\))?, )?(?<cpus>.*)");
    private static final Pattern CPUS = Pattern.compile(
            "(?:pinned to CPU (?<one>\\d+)|unpinned, CPUs (?<many>[\\d,]+)|CPUs unknown)(?: \\(ran on (?<seen>\\d+)\\))?");

    /**
     * The placements an environment records, in its order; an entry without its own host gets the environment's host
     * and kernel. Entries that do not read as a placement are left out.
     */
    public static List<Placement> of(EnvironmentRecord environment) {
        return environment == null ? List.of() : parse(environment.cpuPlacement(), environment.host(), environment.kernel());
    }

    /**
     * Reads {@code text} (the grammar above); {@code host} and {@code kernel} are the run's, for entries without their
     * own (several hosts joined with ", " are no one host: such entries get none).
     */
    public static List<Placement> parse(String text, String host, String kernel) {
        List<Placement> out = new ArrayList<>();
        if (text == null || text.isBlank()) {
            return out;
        }
        String oneHost = host == null || host.contains(", ") ? null : host;
        String oneKernel = kernel == null || kernel.contains("; ") ? null : kernel;
        for (String part : text.split("; ")) {
            Matcher m = ENTRY.matcher(part.strip());
            if (!m.matches()) {
                continue;
            }
            Matcher c = CPUS.matcher(m.group("cpus").strip());
            List<Integer> cpus = new ArrayList<>();
            Integer seen = null;
            if (c.matches()) {
                if (c.group("one") != null) {
                    cpus.add(Integer.valueOf(c.group("one")));
                } else if (c.group("many") != null) {
                    for (String s : c.group("many").split(",")) {
                        if (!s.isEmpty()) {
                            cpus.add(Integer.valueOf(s));
                        }
                    }
                }
                seen = c.group("seen") == null ? null : Integer.valueOf(c.group("seen"));
            }
            boolean own = m.group("host") != null;
            out.add(new Placement(m.group("process").strip(), own ? m.group("host") : oneHost,
                    own ? m.group("kernel") : oneKernel, cpus, seen));
        }
        return out;
    }

    /** The placement of the process named {@code name} (its path, or its last segment), or null. */
    public static Placement find(List<Placement> placements, String name) {
        if (name == null) {
            return null;
        }
        String last = ResultMeasurement.lastName(name);
        for (Placement p : placements) {
            if (p.process().equals(name)) {
                return p;
            }
        }
        for (Placement p : placements) {
            if (p.name().equals(last)) {
                return p;
            }
        }
        return null;
    }

    /** Whether two host names name the same machine as written: equal, or equal up to the first dot. */
    public static boolean sameName(String a, String b) {
        if (a == null || b == null) {
            return false;
        }
        String x = a.strip().toLowerCase(Locale.ROOT);
        String y = b.strip().toLowerCase(Locale.ROOT);
        return x.equals(y) || firstLabel(x).equals(firstLabel(y));
    }

    private static String firstLabel(String host) {
        if (host.matches("\\d{1,3}(\\.\\d{1,3}){3}") || host.contains(":")) {
            return host;
        }
        int dot = host.indexOf('.');
        return dot < 0 ? host : host.substring(0, dot);
    }
}
