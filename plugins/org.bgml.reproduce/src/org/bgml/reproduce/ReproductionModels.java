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
 * The models the reproductions run: the shipped ones (two examples and the models of {@code reproductions/}, inside
 * this bundle; those of {@code reproductions/} are the patterns' output, built here), written into the work folder as copies sized for a quick or a full run. The shipped files hold the full
 * run's sizes; a quick copy has fewer samples, fewer payload sizes and shorter loops. Nothing here touches the examples.
 */
public final class ReproductionModels {
    /** Where the bundle carries the models (copied there by its Maven build). */
    static final String RESOURCES = "/reproduction-models/";

    public static final String PAYLOAD_SWEEP = "payload-sweep.bgml";
    public static final String ROUNDTRIP = "roundtrip.bgml";
    public static final String DBA_COLOR = "dba-color.bgml";
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

    /**
     * The proxy penalty's model, built from the shipped patterns: a {@code clientServer} instance (prefix {@code Direct},
     * cubit servant, throughput) for the direct pair and a {@code proxy} instance (prefix {@code Proxy}, 3 pairs,
     * {@code route}, cubit servants) for the proxied pairs. Then what the finding needs beyond the patterns: every
     * client measures calls per second for the same time ({@link #PROXY_LOOP_MS}), the direct client first and alone,
     * the proxied clients together after it ({@link #PROXY_DELAY_MS}); and the loopback configurations of the examples.
     * {@code reproductions/proxy-penalty.bgml} is this model as saved, byte for byte (a test checks it).
     */
    public static BenchmarkModel proxyPenalty(Path file) throws org.bgml.model.patterns.PatternException {
        BenchmarkModel model = org.bgml.model.BgmlFactory.eINSTANCE.createBenchmarkModel();
        model.setName("ProxyPenalty");
        model.setDescription("The PPL proxy finding in one run, from the clientServer and proxy patterns: one client calling its cubit"
                + " server directly, then three clients calling three cubit servers through one routing proxy at the same time. Every"
                + " client measures cube_long calls per second for the same time; the direct client measures first, alone, and the"
                + " three proxied clients start together after it.");
        ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file)).getContents().add(model);
        org.bgml.model.patterns.PatternLibrary library = org.bgml.model.patterns.PatternLibrary.ofShipped();
        String samples = Integer.toString(PROXY_SAMPLES);
        org.bgml.model.patterns.PatternInstantiator.instantiate(model, library.find("clientServer"),
                java.util.Map.of("behaviour", "cubit", "testType", "throughput", "samples", samples), "Direct");
        org.bgml.model.patterns.PatternInstantiator.instantiate(model, library.find("proxy"),
                java.util.Map.of("pairs", "3", "mode", "route", "behaviour", "cubit", "samples", samples), "Proxy");
        Deployment deployment = model.getDeployments().get(0);
        deployment.setName("remote");
        deployment.setDescription("Every object in its own process over loopback, unpinned, as the PPL ran them on separate machines;"
                + " servers first, then the proxy, then the clients, which start behind one start line. The direct client's loop runs"
                + " first; the proxied clients wait out their pre-delay, then run together.");
        deployment.getNodes().forEach(n -> n.setCpuCount(2));
        // The direct client starts with the proxied ones, after the proxy: all four meet at one start line.
        deployment.getNodes().forEach(n -> n.getProcesses().stream().filter(p -> p.getName().equals("DirectClientProcess"))
                .forEach(p -> p.setStartOrder(2)));
        for (Metric m : List.copyOf(model.getMetrics())) {
            if (m.getName().equals("DirectThroughput")) {
                m.setName("DirectCallsPerSecond");
                m.setDescription("The direct pair: cube_long calls per second for 3 s, alone.");
                loop(m, 0);
            } else if (m.getName().startsWith("ProxyLatency")) {
                String i = m.getName().substring("ProxyLatency".length());
                Throughput t = org.bgml.model.BgmlFactory.eINSTANCE.createThroughput();
                t.setName("ProxyCallsPerSecond" + i);
                t.setDescription("Client " + i + " through the proxy: cube_long calls per second for 3 s, after the direct loop,"
                        + " together with the other two.");
                t.setConnection(m.getConnection());
                t.setOperation(m.getOperation());
                t.setParameters(m.getParameters());
                t.setSamples(m.getSamples());
                loop(t, PROXY_DELAY_MS);
                model.getMetrics().set(model.getMetrics().indexOf(m), t);
            }
        }
        loopback(model);
        return model;
    }

    /** The prefix of the DBA-color reproduction's mesh instance, and the names the mesh pattern gives its elements. */
    public static final String DBA_PREFIX = "Dba";
    /** The link whose cycle finding 6 reads: the second agent's messages to the first, the probed one. */
    public static final String DBA_LINK = DBA_PREFIX + "L_0_1_to_0_0";
    public static final String DBA_VALUE_CYCLE = DBA_PREFIX + "ValueCycle";
    public static final String DBA_IMPROVEMENT_CYCLE = DBA_PREFIX + "ImprovementCycle";

    /**
     * DBA-color on two agents, built from the shipped {@code mesh} pattern (1 row, 2 columns, prefix {@link #DBA_PREFIX}):
     * each agent the other's only neighbour, the value and improvement cycles probed at the first agent. Then what the
     * finding needs beyond the pattern: the deployment named {@code remote} with both processes pinned to CPU 0 (as in
     * {@code examples/dba-color-2-nodes.bgml}, so that the ACE and ORB cycles meet the same scheduling), and the loopback
     * configurations. {@code reproductions/dba-color.bgml} is this model as saved, byte for byte (a test checks it).
     */
    public static BenchmarkModel dbaColor(Path file) throws org.bgml.model.patterns.PatternException {
        BenchmarkModel model = newModel(file, "DbaColor", "DBA-color (seed 004) on two agents from the mesh pattern: each agent the"
                + " other's only neighbour, exchanging value and improvement messages by oneway calls; white-box probes cut both halves"
                + " of a cycle at the first agent into segments. Segment sums and ACE against the ORB read this run.");
        org.bgml.model.patterns.PatternInstantiator.instantiate(model, org.bgml.model.patterns.PatternLibrary.ofShipped().find("mesh"),
                java.util.Map.of("rows", "1", "cols", "2", "nodes", "1", "samples", "10000"), DBA_PREFIX);
        Deployment deployment = model.getDeployments().get(0);
        deployment.setName("remote");
        deployment.setDescription("One process per agent over loopback, both pinned to CPU 0.");
        for (Node n : deployment.getNodes()) {
            n.setCpuCount(2);
            n.getProcesses().forEach(p -> p.getCpus().add(0));
        }
        loopback(model);
        return model;
    }

    /** The placements finding 7 sets side by side: the prefix of each clientServer instance, and its placement. */
    static final List<List<String>> PLACEMENTS = List.of(List.of("SameCpu", "sameCpu"), List.of("CrossCpu", "differentCpus"),
            List.of("Unpinned", "unpinned"));

    /**
     * One round trip in three placements, built from the shipped {@code clientServer} pattern: three instances (prefixes
     * {@code SameCpu}, {@code CrossCpu} and {@code Unpinned}, cubit servants, latency) with the placements
     * {@code sameCpu}, {@code differentCpus} and {@code unpinned}. Then what the finding needs: the pairs measured one
     * at a time (so that no pair's round trips meet another's), a warm-up, and the loopback configurations.
     * {@code reproductions/placement.bgml} is this model as saved, byte for byte (a test checks it).
     */
    public static BenchmarkModel placement(Path file) throws org.bgml.model.patterns.PatternException {
        BenchmarkModel model = newModel(file, "Placement", "Where the two processes of a round trip sit on this machine, from the"
                + " clientServer pattern's placements: on the same CPU, on different CPUs, and wherever the scheduler puts them. The seeds"
                + " ran every process on a machine of its own; on a 2-CPU machine the placement is itself a factor.");
        org.bgml.model.patterns.PatternDefinition clientServer = org.bgml.model.patterns.PatternLibrary.ofShipped().find("clientServer");
        for (List<String> p : PLACEMENTS) {
            org.bgml.model.patterns.PatternInstantiator.instantiate(model, clientServer, java.util.Map.of("behaviour", "cubit", "testType",
                    "latency", "samples", "50000", "placement", p.get(1)), p.get(0));
        }
        Deployment deployment = model.getDeployments().get(0);
        deployment.setName("remote");
        deployment.setDescription("Each pair in two processes over loopback; the three pairs are measured one at a time.");
        deployment.setClients(org.bgml.model.ClientStart.ONE_AT_ATIME);
        model.getMetrics().forEach(m -> m.setWarmupIterations(1000));
        loopback(model);
        return model;
    }

    private static BenchmarkModel newModel(Path file, String name, String description) {
        BenchmarkModel model = org.bgml.model.BgmlFactory.eINSTANCE.createBenchmarkModel();
        model.setName(name);
        model.setDescription(description);
        ModelFiles.newResourceSet().createResource(ModelFiles.uriOf(file)).getContents().add(model);
        return model;
    }

    /** The loopback configurations of the examples, for omniORB and for TAO. */
    private static void loopback(BenchmarkModel model) {
        configuration(model, "omniorbLoopback", "Keeps every omniORB process on the loopback interface; applies to all processes.",
                "omniorb.bgml#endPoint", "giop:tcp:127.0.0.1:");
        org.bgml.model.Configuration tao = configuration(model, "taoLoopback", "Keeps every TAO process on the loopback interface and"
                + " puts addresses, not host names, in IORs; applies to all processes.", "tao.bgml#ORBEndpoint", "iiop://127.0.0.1");
        setting(tao, "tao.bgml#ORBDottedDecimalAddresses", "1");
    }

    /** The shipped proxy loops: 3 s each; the proxied clients start after the direct loop and a gap of 1.5 s. */
    static final long PROXY_LOOP_MS = 3000;
    static final long PROXY_DELAY_MS = PROXY_LOOP_MS + PROXY_GAP_MS;
    /** More calls than a loop makes in its time: the duration ends it. */
    static final int PROXY_SAMPLES = 10_000_000;

    private static void loop(Metric m, long delay) {
        m.setWarmupIterations(2000);
        org.bgml.model.Workload w = org.bgml.model.BgmlFactory.eINSTANCE.createWorkload();
        w.setDurationMillis(PROXY_LOOP_MS);
        w.setPreDelayMillis(delay);
        m.setWorkload(w);
    }

    private static org.bgml.model.Configuration configuration(BenchmarkModel model, String name, String description, String option,
            String value) {
        org.bgml.model.Configuration c = org.bgml.model.BgmlFactory.eINSTANCE.createConfiguration();
        c.setName(name);
        c.setDescription(description);
        model.getConfigurations().add(c);
        setting(c, option, value);
        return c;
    }

    /** A setting of a catalogue option, referred to as the examples do ({@code bgml:/catalogs/...}). */
    private static void setting(org.bgml.model.Configuration c, String option, String value) {
        org.bgml.model.OptionSetting s = org.bgml.model.BgmlFactory.eINSTANCE.createOptionSetting();
        org.bgml.model.OptionDefinition d = org.bgml.model.BgmlFactory.eINSTANCE.createOptionDefinition();
        ((org.eclipse.emf.ecore.InternalEObject) d).eSetProxyURI(org.eclipse.emf.common.util.URI.createURI(ModelFiles.CATALOGS + option));
        s.setOption(d);
        s.setValue(value);
        c.getSettings().add(s);
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
