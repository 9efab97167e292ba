package org.bgml.reproduce;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.Metric;
import org.bgml.model.Node;
import org.bgml.model.PayloadSweep;
import org.bgml.model.Port;
import org.bgml.model.Throughput;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.emf.ecore.util.EcoreUtil;

/**
 * The models the reproductions run: the shipped ones (three examples and the models of {@code reproductions/}, inside
 * this bundle), written into the work folder as copies sized for a quick or a full run. The shipped files hold the full
 * run's sizes; a quick copy has fewer samples, fewer payload sizes and shorter loops. Nothing here touches the examples.
 */
public final class ReproductionModels {
    /** Where the bundle carries the models (copied there by its Maven build). */
    static final String RESOURCES = "/reproduction-models/";

    public static final String PAYLOAD_SWEEP = "payload-sweep.bgml";
    public static final String ROUNDTRIP = "roundtrip.bgml";
    public static final String DBA_COLOR = "dba-color-2-nodes.bgml";
    public static final String PROXY = "proxy-penalty.bgml";
    public static final String PLACEMENT = "placement.bgml";

    /** The quick run's proxy loops: each client's timed loop, and the gap the proxied clients leave for the direct one. */
    static final long QUICK_PROXY_LOOP_MS = 1000;
    static final long PROXY_GAP_MS = 1500;

    private ReproductionModels() {
    }

    /**
     * Writes the model {@code name}, sized for {@code quick} or full and for the deployment it will run, into {@code folder};
     * returns its path ({@code roundtrip-collocated.bgml} and {@code roundtrip-remote.bgml} differ in their loop lengths).
     */
    public static Path write(String name, String deployment, boolean quick, Path folder) throws IOException, ModelLoadException {
        return write(name, deployment, quick, false, folder);
    }

    /**
     * As {@link #write(String, String, boolean, Path)}; {@code acrossNodes} also moves the processes onto separate model
     * nodes ({@link #acrossNodes}) and names the file {@code NAME-nodes.bgml}.
     */
    public static Path write(String name, String deployment, boolean quick, boolean acrossNodes, Path folder) throws IOException,
            ModelLoadException {
        Files.createDirectories(folder);
        Path shipped = folder.resolve("shipped-" + name); // the .bgml extension chooses the model loader
        try (InputStream in = ReproductionModels.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IOException("the reproduction model " + name + " is missing from the org.bgml.reproduce bundle");
            }
            Files.copy(in, shipped, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        BenchmarkModel model = ModelFiles.loadModel(shipped);
        size(name, deployment, model, quick);
        if (acrossNodes) {
            acrossNodes(name, deployment, model);
        }
        Path out = folder.resolve(ROUNDTRIP.equals(name) ? name.replace(".bgml", "-" + deployment + ".bgml")
                : acrossNodes ? name.replace(".bgml", "-nodes.bgml") : name);
        ModelFiles.save(model.eResource(), out);
        Files.delete(shipped);
        return out;
    }

    /** Sizes a loaded model for the run; the roundtrip example is also cut down to the two scenarios the findings use. */
    static void size(String name, String deployment, BenchmarkModel model, boolean quick) {
        switch (name) {
            case PAYLOAD_SWEEP -> {
                if (quick) {
                    // The knee rule reads the plain sweep only; the component sweep is a second curve on the plot, and two
                    // processes fewer to build and run.
                    keepOnly(model, Set.of("TaoTao"));
                }
                for (Metric m : model.getMetrics()) {
                    if (quick && m instanceof PayloadSweep sweep) {
                        // The whole plateau from 4 B stays: the knee rule measures a step against the median step, and
                        // with only a few sizes before 8 KiB the steps after it set that median. Only 64 KiB goes.
                        sweep.setMaxBytes(32768);
                        sweep.setSamples(1500);
                        sweep.setWarmupIterations(200);
                    }
                }
            }
            case ROUNDTRIP -> {
                boolean collocated = "collocated".equals(deployment);
                // Collocation reads the remote TAO-TAO pair, the glue the collocated pairs: a quick run builds only those.
                keepOnly(model, quick && !collocated ? Set.of("TaoTao") : Set.of("TaoTao", "CiaoCiao"));
                model.getMetrics().removeIf(m -> !(m instanceof Throughput));
                // A collocated call takes about 0.1 µs: its loop needs millions of calls to last long enough to count.
                for (Metric m : model.getMetrics()) {
                    m.setSamples(collocated ? (quick ? 1_000_000 : 3_000_000) : (quick ? 30_000 : m.getSamples()));
                }
            }
            case DBA_COLOR -> {
                if (quick) {
                    model.getMetrics().forEach(m -> m.setSamples(5_000));
                }
            }
            case PROXY -> {
                if (quick) {
                    for (Metric m : model.getMetrics()) {
                        m.getWorkload().setDurationMillis(QUICK_PROXY_LOOP_MS);
                        if (m.getWorkload().getPreDelayMillis() > 0) {
                            m.getWorkload().setPreDelayMillis(QUICK_PROXY_LOOP_MS + PROXY_GAP_MS);
                        }
                    }
                }
            }
            case PLACEMENT -> {
                if (quick) {
                    model.getMetrics().forEach(m -> m.setSamples(10_000));
                }
            }
            default -> throw new IllegalArgumentException("no reproduction model " + name);
        }
    }

    /**
     * The model nodes of the reproductions that run across nodes, in the order they are placed on a cluster's nodes by
     * default: the proxy penalty puts its servers, its proxy and its clients on three nodes (the direct pair's server
     * with the servers, its client with the clients), DBA-color each agent on its own node.
     */
    public static final java.util.Map<String, List<String>> ACROSS_NODES = java.util.Map.of(PROXY, List.of("servers", "proxy", "clients"),
            DBA_COLOR, List.of("agent0", "agent1"));

    /**
     * Moves the deployment's processes onto the nodes of {@link #ACROSS_NODES}, keeping each process as it is (entities,
     * pinning, start order). A process of the proxy model goes by what it holds: a client to {@code clients}, a server
     * with receptacles (it calls on) to {@code proxy}, any other server to {@code servers}.
     */
    static void acrossNodes(String name, String deploymentName, BenchmarkModel model) {
        List<String> names = ACROSS_NODES.get(name);
        if (names == null) {
            throw new IllegalArgumentException("the reproduction " + name + " does not run across nodes");
        }
        Deployment deployment = model.getDeployments().stream().filter(d -> deploymentName.equals(d.getName())).findFirst().orElseThrow();
        Node first = deployment.getNodes().get(0);
        List<org.bgml.model.Process> processes = new ArrayList<>();
        deployment.getNodes().forEach(n -> processes.addAll(n.getProcesses()));
        List<Node> nodes = new ArrayList<>();
        for (String n : names) {
            Node node = org.bgml.model.BgmlFactory.eINSTANCE.createNode();
            node.setName(n);
            node.setCpuCount(first.getCpuCount());
            nodes.add(node);
        }
        for (int i = 0; i < processes.size(); i++) {
            org.bgml.model.Process p = processes.get(i);
            int at;
            if (PROXY.equals(name)) {
                boolean client = p.getEntities().stream().anyMatch(e -> e instanceof org.bgml.model.Client);
                boolean forwards = p.getEntities().stream().anyMatch(e -> e.getPorts().stream().anyMatch(q -> q instanceof org.bgml.model.Receptacle));
                at = client ? 2 : forwards ? 1 : 0;
            } else {
                at = Math.min(i, nodes.size() - 1);
            }
            nodes.get(at).getProcesses().add(p);
        }
        deployment.getNodes().clear();
        deployment.getNodes().addAll(nodes);
        deployment.setDescription((deployment.getDescription() == null ? "" : deployment.getDescription() + " ")
                + "Here on separate nodes, as the paper ran them: " + String.join(", ", names) + ".");
    }

    /** Removes every connection not named in {@code keep}, with its metrics, its entities and the processes left empty. */
    static void keepOnly(BenchmarkModel model, Set<String> keep) {
        List<Connection> drop = new ArrayList<>();
        for (Connection c : model.getConnections()) {
            if (!keep.contains(c.getName())) {
                drop.add(c);
            }
        }
        for (Connection c : drop) {
            model.getMetrics().removeIf(m -> m.getConnection() == c);
            List<Entity> ends = new ArrayList<>();
            for (Port p : List.of(c.getSource(), c.getTarget())) {
                if (p != null && p.eContainer() instanceof Entity e) {
                    ends.add(e);
                }
            }
            EcoreUtil.delete(c, true);
            ends.forEach(e -> EcoreUtil.delete(e, true));
        }
        for (Deployment d : model.getDeployments()) {
            for (Node n : d.getNodes()) {
                n.getProcesses().removeIf(p -> p.getEntities().isEmpty());
            }
        }
    }
}
