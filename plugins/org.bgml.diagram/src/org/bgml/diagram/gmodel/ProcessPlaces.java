package org.bgml.diagram.gmodel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.launcher.results.ProcessPlacements;
import org.bgml.launcher.run.HostCheck;
import org.bgml.model.Deployment;
import org.bgml.model.Environment;
import org.bgml.model.Node;
import org.bgml.model.Process;
import org.bgml.model.ResultSet;
import org.bgml.model.io.ElementPaths;

/**
 * Where the shown run placed each process of the drawn deployment, read from the run's stored environment
 * ({@link ProcessPlacements}), and whether that is the host the model gives the process's node. A process that ran
 * elsewhere is either collapsed onto this host (the local engine, {@code --all-on-this-host}) or mapped to another host
 * (a Slurm run through a host map).
 */
final class ProcessPlaces {
    /** Why a process ran on another host than its node's. */
    static final String COLLAPSED = "collapsed onto this host";
    static final String MAPPED = "mapped to another host";

    /**
     * Where one process ran.
     *
     * @param modelled the host of its node in the model
     * @param why      null when it ran on that host, else {@link #COLLAPSED} or {@link #MAPPED}
     */
    record Place(ProcessPlacements.Placement ran, String modelled, String why, String runId) {
        boolean moved() {
            return why != null;
        }

        /**
         * The lines the process box shows, each cut to {@code maxChars} (with an ellipsis): {@code ran on n2 · CPU 0},
         * the kernel, and when the process ran elsewhere than its node, why (the box's first line names the node's host).
         */
        List<String> lines(int maxChars) {
            List<String> lines = new ArrayList<>();
            String cpu = ran.pinned() ? "CPU " + ran.cpus().get(0)
                    : !ran.cpus().isEmpty() ? "CPUs " + String.join(",", ran.cpus().stream().map(String::valueOf).toList())
                    : ran.cpuObserved() == null ? null : "CPU " + ran.cpuObserved();
            lines.add(cut("ran on " + ran.host() + (cpu == null ? "" : " · " + cpu), maxChars));
            if (ran.kernel() != null) {
                lines.add(cut(ran.kernel(), maxChars));
            }
            if (why != null) {
                lines.add(cut(why, maxChars));
            }
            return lines;
        }

        private static String cut(String line, int maxChars) {
            return line.length() <= maxChars ? line : line.substring(0, Math.max(1, maxChars - 1)) + "…";
        }

        /** {@code ran on n2 · CPU 0 (pinned) · Linux 6.1.0-18-amd64}, with {@code , not hostb.example (why)} after the host. */
        String text() {
            StringBuilder b = new StringBuilder("ran on ").append(ran.host());
            if (moved()) {
                b.append(", not ").append(modelled).append(" (").append(why).append(')');
            }
            if (ran.cpuText() != null) {
                b.append(" · ").append(ran.cpuText());
            }
            if (ran.kernel() != null) {
                b.append(" · ").append(ran.kernel());
            }
            return b.toString();
        }

        /** The arguments of PROTOCOL.md's placement label. */
        Map<String, Object> args() {
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("detail", text());
            args.put("ranOn", ran.host());
            if (ran.kernel() != null) {
                args.put("kernel", ran.kernel());
            }
            if (!ran.cpus().isEmpty()) {
                args.put("cpus", String.join(",", ran.cpus().stream().map(String::valueOf).toList()));
            }
            if (ran.cpuObserved() != null) {
                args.put("cpuObserved", ran.cpuObserved());
            }
            if (why != null) {
                args.put("placement", why);
            }
            args.put("runId", runId == null ? "" : runId);
            return args;
        }
    }

    private final Map<Process, Place> places = new LinkedHashMap<>();

    private ProcessPlaces() {
    }

    /** The places of {@code drawn}'s processes in {@code run}; none when there is no run or it ran another deployment. */
    static ProcessPlaces of(ResultSet run, Deployment drawn) {
        ProcessPlaces out = new ProcessPlaces();
        Environment env = run == null ? null : run.getEnvironment();
        if (env == null || drawn == null
                || run.getDeploymentName() != null && drawn.getName() != null && !run.getDeploymentName().equals(drawn.getName())) {
            return out;
        }
        List<ProcessPlacements.Placement> placements = ProcessPlacements.parse(env.getCpuPlacement(), env.getHost(), env.getKernel());
        for (Node node : drawn.getNodes()) {
            String modelled = node.getHost() == null || node.getHost().isBlank() ? "localhost" : node.getHost();
            for (Process p : node.getProcesses()) {
                ProcessPlacements.Placement ran = ProcessPlacements.find(placements, ElementPaths.pathOf(p));
                if (ran == null || ran.host() == null) {
                    continue;
                }
                out.places.put(p, new Place(ran, modelled, why(modelled, ran.host()), run.getRunId()));
            }
        }
        return out;
    }

    /** Null when {@code ran} is the modelled host, else why it is not. */
    static String why(String modelled, String ran) {
        if (ProcessPlacements.sameName(modelled, ran)) {
            return null;
        }
        boolean ranHere = HostCheck.isThisMachine(ran);
        if (ranHere && HostCheck.isThisMachine(modelled)) {
            return null; // localhost and this machine's name are one machine
        }
        return ranHere ? COLLAPSED : MAPPED;
    }

    /** Where {@code p} ran in the run, or null when the run does not say. */
    Place of(Process p) {
        return places.get(p);
    }
}
