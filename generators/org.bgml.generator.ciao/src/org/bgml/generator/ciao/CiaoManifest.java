package org.bgml.generator.ciao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.generator.ciao.CiaoDeployment.TaoProcess;
import org.bgml.generator.ciao.MetricLoops.Loop;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.plan.ManifestPlacement;
import org.bgml.generator.common.manifest.Manifest.Build;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.generator.common.manifest.Manifest.Readiness;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.model.Component;
import org.bgml.model.io.ElementPaths;

/**
 * {@code manifest.json} of a CIAO benchmark: the same sequence as run_test.pl, without Perl. Every process
 * starts through {@code scripts/run.sh}, which puts the benchmark's {@code lib/} on the library path (the
 * locality managers inherit it and load the component libraries from there), turns {@code @BENCHMARK@} in
 * arguments into the benchmark folder, and runs a DAnCE tool from {@code $DANCE_ROOT/bin} or a program of the
 * benchmark from {@code bin/}. In start order:
 * <ol>
 * <li>CORBA 2.x servers (ready: their IOR files), since the plan may name their IORs;</li>
 * <li>one {@code dance_node_manager} per node (ready: its IOR file; done: the result files of the client
 * components its locality managers host); the locality managers inherit its CPU placement;</li>
 * <li>{@code dance_execution_manager} (ready: its IOR file);</li>
 * <li>{@code dance_plan_launcher}, which deploys the plan and exits; the client components start their metric
 * loops in ccm_activate, one after the other;</li>
 * <li>the completion step, {@code bin/<Model>_await}: it exits once every client component has written its result
 * file (and every facet IOR the components publish for CORBA 2.x clients exists), so nothing else runs while the
 * components measure;</li>
 * <li>CORBA 2.x clients, one after the other;</li>
 * <li>{@code dance_plan_launcher -s}: tears the plan down (ccm_passivate, ccm_remove, locality managers exit);
 * then the launcher stops the servers.</li>
 * </ol>
 */
public final class CiaoManifest {
    /** Arguments starting with, or containing, this name files in the benchmark folder (scripts/run.sh). */
    public static final String BENCHMARK = "@BENCHMARK@";
    /** Stands for $DANCE_ROOT in arguments (scripts/run.sh). */
    public static final String DANCE_ROOT = "@DANCE_ROOT@";
    public static final String RUN_SCRIPT = "scripts/run.sh";
    private static final int READY_SECONDS = 30;
    /** How long a CORBA 2.x process waits for an IOR file ({@code -t}): components publish theirs late. */
    public static final int IOR_WAIT_SECONDS = 60;

    private final CiaoNaming naming;
    private final CiaoDeployment deployment;
    private final CiaoOptions options;

    /** The plain TAO processes as the tao target plans them (their calls and delays), made on first use. */
    private CiaoTaoProcesses taoProcesses;

    public CiaoManifest(CiaoNaming naming, CiaoDeployment deployment, CiaoOptions options) {
        this.naming = naming;
        this.deployment = deployment;
        this.options = options;
    }

    CiaoManifest(CiaoNaming naming, CiaoDeployment deployment, CiaoOptions options, CiaoTaoProcesses taoProcesses) {
        this(naming, deployment, options);
        this.taoProcesses = taoProcesses;
    }

    private CiaoTaoProcesses taoProcesses() {
        if (taoProcesses == null) {
            org.bgml.generator.tao.TaoNaming taoNaming = new org.bgml.generator.tao.TaoNaming();
            taoNaming.index(deployment.model());
            taoProcesses = CiaoTaoProcesses.of(deployment, taoNaming);
        }
        return taoProcesses;
    }

    public Manifest build(List<String> sources) {
        String mwc = naming.mwcFile(deployment.model());
        Build build = new Build("mpc",
                List.of(List.of("sh", "-c", "\"$ACE_ROOT/bin/mwc.pl\" -type gnuace " + mwc), List.of("make", "-j2")),
                List.copyOf(sources));
        List<ProcessSpec> processes = new ArrayList<>();
        int total = totalSeconds();
        for (TaoProcess t : deployment.taoServers()) {
            processes.add(tao(t, total));
        }
        if (deployment.hasComponents()) {
            for (String node : deployment.nodes()) {
                processes.add(nodeManager(node, total));
            }
            processes.add(executionManager(total));
            processes.add(planLauncher(false));
            processes.add(await());
        }
        for (TaoProcess t : deployment.taoClients()) {
            processes.add(tao(t, total));
        }
        if (deployment.hasComponents()) {
            processes.add(planLauncher(true));
        }
        Manifest placed = ManifestPlacement.place(new Manifest(Manifest.SCHEMA_VERSION, deployment.model().getName(), CiaoTarget.ID,
                deployment.plan().deployment(), deployment.plan().configuration(), build, processes), deployment.plan());
        return placed.withProcesses(placed.processes().stream().map(this::placeSplit).toList()).withSubstitutions(substitutions());
    }

    /** The TAO half of a split process runs where the process is modelled: on the node of its DAnCE half. */
    private ProcessSpec placeSplit(ProcessSpec spec) {
        if (spec.node() != null) {
            return spec;
        }
        for (TaoProcess t : deployment.taoProcesses()) {
            if (t.name().equals(spec.name()) && t.splitFrom() != null) {
                for (CiaoDeployment.Locality l : deployment.localities()) {
                    if (l.process().name().equals(t.splitFrom())) {
                        return spec.withPlacement(l.node(), l.process().host());
                    }
                }
            }
        }
        return spec;
    }

    /** What a split process does to the figures of its connections: they are measured, but not collocated. */
    public static final String SPLIT_TEXT = "split (not collocated): the CORBA 2.x entities run in a TAO process of their own, so these calls cross 127.0.0.1";

    /**
     * One substitution per split process whose halves call each other: the connections between them and their
     * metrics, by element path, as the result files name them.
     */
    public List<Manifest.Substitution> substitutions() {
        List<Manifest.Substitution> out = new ArrayList<>();
        for (CiaoDeployment.Split split : deployment.splits()) {
            java.util.Set<String> elements = new java.util.LinkedHashSet<>();
            for (InvocationPlan i : split.crossing()) {
                elements.add(ElementPaths.pathOf(i.connection()));
                i.metrics().forEach(m -> elements.add(ElementPaths.pathOf(m.metric())));
            }
            if (!elements.isEmpty()) {
                out.add(new Manifest.Substitution(deployment.processPath(split.process()), List.copyOf(elements), SPLIT_TEXT));
            }
        }
        out.addAll(componentsOneAtATime());
        return out;
    }

    /** What a deployment whose clients run together gets from client components instead. */
    public static final String ONE_AT_A_TIME_TEXT = "one at a time (not together): client components measure one after "
            + "another inside DAnCE, before the CORBA 2.x clients start, although the deployment runs its clients together";

    /**
     * Client components are not held at the launcher's start line: DAnCE starts them, each waits for the one before
     * it, and the CORBA 2.x clients start once they are done. When the deployment asks for its clients together and
     * there is more than one driver, every component-driven metric says so.
     */
    private List<Manifest.Substitution> componentsOneAtATime() {
        if (!Manifest.CLIENTS_TOGETHER.equals(ManifestPlacement.clientsOf(deployment.plan().deploymentElement()))) {
            return List.of();
        }
        List<org.bgml.model.Component> components = deployment.driverOrder();
        long corbaDrivers = deployment.taoClients().stream().filter(t -> t.process().isClient()).count();
        if (components.isEmpty() || components.size() + corbaDrivers < 2) {
            return List.of();
        }
        List<Manifest.Substitution> out = new ArrayList<>();
        for (CiaoDeployment.Locality l : deployment.localities()) {
            java.util.Set<String> elements = new java.util.LinkedHashSet<>();
            for (org.bgml.model.Component c : deployment.drivers(l)) {
                for (InvocationPlan i : deployment.measuredInvocations(c)) {
                    elements.add(ElementPaths.pathOf(i.connection()));
                    i.metrics().forEach(m -> elements.add(ElementPaths.pathOf(m.metric())));
                }
                deployment.measuredSupplies(c).forEach(e -> e.metrics().forEach(m -> elements.add(ElementPaths.pathOf(m.metric()))));
            }
            if (!elements.isEmpty()) {
                out.add(new Manifest.Substitution(deployment.processPath(l.process().name()), List.copyOf(elements), ONE_AT_A_TIME_TEXT));
            }
        }
        return out;
    }

    private ProcessSpec tao(TaoProcess t, int total) {
        CiaoOptions.Options o = options.of(t.splitFrom() != null ? t.splitFrom() : t.name());
        List<String> args = new ArrayList<>(List.of(t.name(), "-r", t.process().resultFile(), "-t", String.valueOf(IOR_WAIT_SECONDS)));
        if (!t.process().cpus().isEmpty()) {
            args.add("-c");
            args.add(deployment.cpuList(t.process()));
        }
        args.addAll(orbArgs(o, t.name()));
        if (!t.longLived()) {
            return new ProcessSpec(t.name(), "client", RUN_SCRIPT, args, options(o), ".", t.process().cpus(), Readiness.none(),
                    READY_SECONDS, runSeconds(t), "exit", List.of(t.process().resultFile()));
        }
        List<String> iors = t.process().servants().stream().map(s -> s.iorFile()).toList();
        Readiness done = t.drives() ? Readiness.files(List.of(doneFile(t))) : null;
        return new ProcessSpec(t.name(), t.drives() ? "both" : "server", RUN_SCRIPT, args, options(o), ".", t.process().cpus(),
                Readiness.files(iors), READY_SECONDS, total, "signal", List.of(t.process().resultFile()), done);
    }

    /** The file a CORBA 2.x process that serves and drives writes once its loops are over (the tao target's). */
    public static String doneFile(TaoProcess t) {
        return new org.bgml.generator.tao.TaoNaming().doneFile(t.name());
    }

    private ProcessSpec nodeManager(String node, int total) {
        CiaoOptions.Options o = options.of(deployment.localitiesOn(node).get(0).process().name());
        List<String> args = new ArrayList<>(List.of("dance_node_manager", "-ORBEndpoint", "iiop://127.0.0.1",
                "-ORBDottedDecimalAddresses", "1", "-n", node + "=" + naming.nodeManagerIor(node), "-s",
                DANCE_ROOT + "/bin/dance_locality_manager", "-t", "30", "--server-args", String.join(" ", orbArgs(o, svcConfName(node)))));
        List<String> results = deployment.resultFilesOn(node);
        return new ProcessSpec(naming.nodeManagerProcess(node), results.isEmpty() ? "server" : "both", RUN_SCRIPT, args,
                options(o), ".", deployment.nodeCpus(node), Readiness.files(List.of(naming.nodeManagerIor(node))),
                READY_SECONDS, total, "signal", results, results.isEmpty() ? null : Readiness.files(results));
    }

    private ProcessSpec executionManager(int total) {
        List<String> args = new ArrayList<>(List.of("dance_execution_manager", "-ORBEndpoint", "iiop://127.0.0.1",
                "-ORBDottedDecimalAddresses", "1", "-e" + naming.executionManagerIor()));
        for (String node : deployment.nodes()) {
            args.add("-n");
            args.add(node + "=file://" + naming.nodeManagerIor(node));
        }
        return new ProcessSpec("ExecutionManager", "server", RUN_SCRIPT, args, Map.of(), ".", List.of(),
                Readiness.files(List.of(naming.executionManagerIor())), READY_SECONDS, total, "signal", List.of());
    }

    /** Launches the plan, or with {@code teardown} tears it down. */
    private ProcessSpec planLauncher(boolean teardown) {
        List<String> args = new ArrayList<>(List.of("dance_plan_launcher", "-k", "file://" + naming.executionManagerIor(), "-x",
                planArgument()));
        if (teardown) {
            args.add("-s");
        }
        return new ProcessSpec(teardown ? "PlanTeardown" : "PlanLauncher", "client", RUN_SCRIPT, args, Map.of(), ".",
                List.of(), Readiness.none(), READY_SECONDS, 120, "exit", List.of());
    }

    /** The completion step: waits for every client component's result file and every published facet IOR. */
    private ProcessSpec await() {
        int seconds = awaitSeconds();
        List<String> args = new ArrayList<>(List.of(naming.awaitProgram(deployment.model()), "-t", String.valueOf(seconds)));
        args.addAll(completionFiles());
        return new ProcessSpec("AwaitComponents", "client", RUN_SCRIPT, args, Map.of(), ".", List.of(), Readiness.none(),
                READY_SECONDS, seconds + 10, "exit", List.of());
    }

    /** Facet IORs components publish for CORBA 2.x clients, then the client components' result files. */
    public List<String> completionFiles() {
        List<String> files = new ArrayList<>(deployment.publishedIorFiles());
        files.addAll(deployment.componentResultFiles());
        return files;
    }

    public int awaitSeconds() {
        return 60 + deployment.deployedComponents().stream().mapToInt(this::runSeconds).sum();
    }

    public String planArgument() {
        return BENCHMARK + "/" + naming.planFile(deployment.plan().deployment(), deployment.model());
    }

    /** ORB arguments of a process: loopback endpoint, model options, and its svc.conf if it has one. */
    public List<String> orbArgs(CiaoOptions.Options o, String svcConfName) {
        List<String> args = new ArrayList<>(o.orbArgs());
        if (o.hasSvcConf()) {
            args.add("-ORBSvcConf");
            args.add(BENCHMARK + "/" + svcConfPath(svcConfName));
        }
        return args;
    }

    public String svcConfPath(String name) {
        return "config/" + name + ".svc.conf";
    }

    /** The svc.conf of a node's locality managers is named after the node. */
    public String svcConfName(String node) {
        return "node_" + node;
    }

    private static Map<String, String> options(CiaoOptions.Options o) {
        return new LinkedHashMap<>(o.environment());
    }

    // ---- time limits: 120 s plus 50 us per call of every thread, the delays and the paced time ------------

    /**
     * A CORBA 2.x process's limit, from the calls and delays of its loops (the tao target's: one loop per metric). One at
     * a time, its own calls count. Together, the processes behind the start line share the CPUs from the release on, so
     * the calls of all of them count, and the limit counts from the release.
     */
    private int runSeconds(TaoProcess t) {
        CiaoTaoProcesses tao = taoProcesses();
        long calls = together() ? tao.processes().stream().mapToLong(tao::calls).sum() : tao.calls(tao.process(t));
        return limit(calls, tao.delayMillis(tao.process(t)));
    }

    private boolean together() {
        return Manifest.CLIENTS_TOGETHER.equals(ManifestPlacement.clientsOf(deployment.plan().deploymentElement()));
    }

    /** A client component's limit; 0 for server components. */
    public int runSeconds(Component c) {
        long calls = 0;
        long delays = 0;
        for (InvocationPlan i : deployment.measuredInvocations(c)) {
            for (Loop l : MetricLoops.loops(i)) {
                calls += l.calls();
                delays += (l.preDelayMillis() + l.postDelayMillis()) * l.payloadSizes().size() + l.timedMillis() + l.pacedMillis();
            }
        }
        for (EventPlan e : deployment.measuredSupplies(c)) {
            for (Loop l : MetricLoops.loops(e)) {
                calls += (long) (l.warmup() + l.iterations()) * l.threads();
                delays += l.preDelayMillis() + l.postDelayMillis() + l.timedMillis();
            }
        }
        long timers = deployment.chains() == null ? 0 : deployment.chains().timerMillis(c);
        return calls == 0 && timers == 0 ? 0 : limit(calls, delays + timers);
    }

    private static int limit(long calls, long delayMillis) {
        return (int) (120 + (calls * 50 + 999_999) / 1_000_000 + (delayMillis + 999) / 1000);
    }

    /** Limit for processes that live through the whole run. */
    private int totalSeconds() {
        int total = 120;
        for (TaoProcess t : deployment.taoProcesses()) {
            total += runSeconds(t);
        }
        return total + awaitSeconds();
    }
}
