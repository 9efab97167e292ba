package org.bgml.generator.ciao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Component;
import org.bgml.model.Entity;
import org.bgml.model.Node;

/**
 * How a plan maps onto CIAO and DAnCE. Processes hosting components become DAnCE localities (one
 * {@code dance_locality_manager} each, all instances of a process bound by a SameProcess constraint) on the
 * node manager of their node; processes hosting only CORBA 2.x entities become plain TAO executables. A
 * process that mixes both keeps its components in the locality and moves its CORBA 2.x entities into a
 * TAO process of its own ({@code <process>_corba2}), which the README and the plan's comments state.
 */
public final class CiaoDeployment {

    /** One DAnCE locality: a deployment process whose entities are components. */
    public record Locality(ProcessPlan process, String node, List<Component> components) {
    }

    /**
     * One plain TAO executable.
     *
     * @param servesOthers whether a client outside this process calls one of its servants
     */
    public record TaoProcess(ProcessPlan process, String splitFrom, boolean servesOthers) {
        public String name() {
            return process.name();
        }

        public boolean serves() {
            return !process.servants().isEmpty();
        }

        /**
         * Runs its ORB until it is stopped: it serves others, or only serves. A process whose servants only its own
         * clients call measures, writes its results and exits like a client.
         */
        public boolean longLived() {
            return serves() && (servesOthers || !drives());
        }

        /** Invocations this process measures (the others only give forward targets). */
        public List<InvocationPlan> measured() {
            return process.invocations().stream().filter(i -> !i.metrics().isEmpty()).toList();
        }

        public boolean drives() {
            return !measured().isEmpty();
        }
    }

    /**
     * A deployment process that mixes components and CORBA 2.x entities, split in two: the components stay in the
     * DAnCE locality {@code process}, the CORBA 2.x entities run in the TAO process {@code corba2Process}.
     *
     * @param crossing the invocations between the two halves: modelled as collocated, now calls over 127.0.0.1
     */
    public record Split(String process, String corba2Process, List<InvocationPlan> crossing) {
    }

    /** How long the first client component waits after ccm_activate before it measures. */
    public static final int SETTLE_MILLIS = 2000;

    private final BenchmarkPlan plan;
    private final CiaoNaming naming;
    private final List<Locality> localities = new ArrayList<>();
    private final List<TaoProcess> taoProcesses = new ArrayList<>();
    private final Map<Entity, String> processOf = new LinkedHashMap<>();
    private final Map<Component, Locality> localityOf = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private final List<Split> splits = new ArrayList<>();
    /** The measuring order of client components and each one's predecessor, computed on first use. */
    private List<Component> driverOrder;
    private CiaoChains chains;
    /** The white-box probes, computed on first use (they need the measuring order, which needs the chains). */
    private CiaoProbes probes;
    private final Map<Component, Component> predecessors = new java.util.HashMap<>();
    /**
     * Answers the templates ask again and again (per component, per file), kept once computed. They depend on the
     * chains, so {@link #chains(CiaoChains)} forgets them.
     */
    private List<Component> deployedComponents;
    private final Map<Component, Boolean> drives = new java.util.HashMap<>();
    private final Map<Locality, List<Component>> drivers = new java.util.IdentityHashMap<>();
    private final Map<String, List<Locality>> localitiesOn = new java.util.HashMap<>();

    public CiaoDeployment(BenchmarkPlan plan, CiaoNaming naming) {
        this.plan = plan;
        this.naming = naming;
        for (ProcessPlan p : plan.processes()) {
            List<Component> components = new ArrayList<>();
            List<Entity> others = new ArrayList<>();
            for (Entity e : p.entities()) {
                if (e instanceof Component c) {
                    components.add(c);
                } else {
                    others.add(e);
                }
            }
            if (!components.isEmpty()) {
                Locality l = new Locality(p, nodeName(plan, p.name()), List.copyOf(components));
                localities.add(l);
                components.forEach(c -> {
                    localityOf.put(c, l);
                    processOf.put(c, p.name());
                });
            }
            if (!others.isEmpty()) {
                if (components.isEmpty()) {
                    taoProcesses.add(new TaoProcess(p, null, servesOthers(plan, others)));
                    others.forEach(e -> processOf.put(e, p.name()));
                } else {
                    String name = p.name() + "_corba2";
                    taoProcesses.add(new TaoProcess(split(p, name, others), p.name(), servesOthers(plan, others)));
                    others.forEach(e -> processOf.put(e, name));
                    splits.add(new Split(p.name(), name, plan.invocations().stream()
                            .filter(i -> p.entities().contains(i.client()) && p.entities().contains(i.server())
                                    && (i.client() instanceof Component) != (i.server() instanceof Component))
                            .toList()));
                    notes.add("Process " + p.name() + " mixes components and CORBA 2.x entities; the CORBA 2.x entities ("
                            + String.join(", ", others.stream().map(Entity::getName).toList()) + ") run in the TAO process "
                            + name + ", so their calls to and from the components are not collocated.");
                }
            }
        }
        Set<String> multiplex = new LinkedHashSet<>();
        for (InvocationPlan i : plan.invocations()) {
            if (i.receptacle().isMultiplex() && !i.metrics().isEmpty() && i.client() instanceof Component
                    && plan.invocationsThrough(i.receptacle()).size() > 1) {
                multiplex.add(i.client().getName() + "/" + i.receptacle().getName());
            }
        }
        if (!multiplex.isEmpty()) {
            notes.add("Measured connections of multiplex receptacles (" + String.join(", ", multiplex) + ") are taken by their"
                    + " position in the plan's connection order, the order DAnCE connects them in.");
        }
        for (EventPlan e : plan.events()) {
            boolean supplierComponent = e.supplier() instanceof Component;
            boolean consumerComponent = e.consumer() instanceof Component;
            if (!supplierComponent || !consumerComponent) {
                notes.add("Event connection " + e.connection().getName()
                        + " has a CORBA 2.x end; the ciao target connects event ports between components only, so it is left out.");
            } else if (e.channel() != null) {
                notes.add("Event connection " + e.connection().getName() + " names channel " + e.channel()
                        + "; CIAO delivers component events directly, so the channel is not used.");
            }
        }
    }

    private static boolean servesOthers(BenchmarkPlan plan, List<Entity> entities) {
        return plan.invocations().stream().anyMatch(i -> entities.contains(i.server()) && !entities.contains(i.client()));
    }

    /** The TAO part of a mixed process, with the servants and invocations of its CORBA 2.x entities. */
    private ProcessPlan split(ProcessPlan p, String name, List<Entity> entities) {
        List<ServantPlan> servants = p.servants().stream().filter(s -> entities.contains(s.entity())).toList();
        List<InvocationPlan> invocations = p.invocations().stream().filter(i -> entities.contains(i.client())).toList();
        List<EventPlan> supplies = p.supplies().stream().filter(v -> entities.contains(v.supplier())).toList();
        List<EventPlan> consumes = p.consumes().stream().filter(v -> entities.contains(v.consumer())).toList();
        return new ProcessPlan(name, p.host(), p.cpus(), List.copyOf(entities), servants, invocations, supplies, consumes,
                List.of(), p.options(), naming.resultFile(name));
    }

    /** The model node of a planned process; "localhost" without a deployment. */
    private static String nodeName(BenchmarkPlan plan, String process) {
        Node node = plan.nodeOf(process);
        return node == null ? "localhost" : node.getName();
    }

    public BenchmarkPlan plan() {
        return plan;
    }

    public BenchmarkModel model() {
        return plan.model();
    }

    public List<Locality> localities() {
        return localities;
    }

    public List<TaoProcess> taoProcesses() {
        return taoProcesses;
    }

    /** TAO processes that serve until stopped: they start before DAnCE, because the plan may name their IORs. */
    public List<TaoProcess> taoServers() {
        return taoProcesses.stream().filter(TaoProcess::longLived).toList();
    }

    /** TAO processes that measure and exit: they run one after the other once the components are done. */
    public List<TaoProcess> taoClients() {
        return taoProcesses.stream().filter(t -> !t.longLived()).toList();
    }

    public boolean hasComponents() {
        return !localities.isEmpty();
    }

    /** The components this plan deploys, in locality order. */
    public List<Component> deployedComponents() {
        if (deployedComponents == null) {
            deployedComponents = localities.stream().flatMap(l -> l.components().stream()).toList();
        }
        return deployedComponents;
    }

    /** Node names in order of first use by a locality. */
    public List<String> nodes() {
        Set<String> nodes = new LinkedHashSet<>();
        localities.forEach(l -> nodes.add(l.node()));
        return new ArrayList<>(nodes);
    }

    public List<Locality> localitiesOn(String node) {
        return localitiesOn.computeIfAbsent(node, n -> localities.stream().filter(l -> l.node().equals(n)).toList());
    }

    public Locality localityOf(Component c) {
        return localityOf.get(c);
    }

    public String processOf(Entity e) {
        return processOf.get(e);
    }

    /** CPUs a node manager is pinned to: the union of its localities' CPUs (locality managers inherit them). */
    public List<Integer> nodeCpus(String node) {
        Set<Integer> cpus = new TreeSet<>();
        for (Locality l : localitiesOn(node)) {
            if (l.process().cpus().isEmpty()) {
                return List.of();
            }
            cpus.addAll(l.process().cpus());
        }
        return List.copyOf(cpus);
    }

    // ---- what each component does ----------------------------------------------------------------------

    /** Measured invocations a component drives through its receptacles. */
    public List<InvocationPlan> measuredInvocations(Component c) {
        return plan.invocationsFrom(c).stream().filter(i -> !i.metrics().isEmpty()).toList();
    }

    /** Measured event connections a component supplies. */
    public List<EventPlan> measuredSupplies(Component c) {
        return plan.eventsFrom(c).stream().filter(e -> e.consumer() instanceof Component && !e.metrics().isEmpty()).toList();
    }

    /** The event chains the components run (none unless {@link #chains(CiaoChains)} set them). */
    public CiaoChains chains() {
        return chains;
    }

    public void chains(CiaoChains chains) {
        this.chains = chains;
        drives.clear();
        drivers.clear();
        driverOrder = null;
        probes = null;
        predecessors.clear();
    }

    /**
     * A component that runs metric loops, rate generators (timer event sources) or the calls that start a path, on a
     * thread started by ccm_activate.
     */
    public boolean drives(Component c) {
        return drives.computeIfAbsent(c, k -> !measuredInvocations(k).isEmpty() || !measuredSupplies(k).isEmpty()
                || (chains != null && chains.originates(k)));
    }

    /**
     * A component that writes a result file: it drives, or end-to-end paths end at its ports (it writes them once
     * the rate generators have finished), or probed oneway calls end in it (it writes their tables once the senders
     * have finished).
     */
    public boolean writes(Component c) {
        return drives(c) || (chains != null && !chains.pathsEndingIn(c).isEmpty()) || probes().receivesOneway(c);
    }

    /**
     * A component whose metric loops run on the thread that runs its locality manager's ORB, not on its driver
     * thread ({@code bgml_ciao_orb_thread.h}): it only calls out, on one calling thread per metric, and nothing in
     * its locality is called from outside (no component there has a facet or a sink), so the event loop has
     * nothing else to do while it measures. A calling thread of its own would be a follower under TAO's
     * Leader/Followers, woken by the main thread with each reply. Components with rate generators, path calls,
     * white-box probes, event loops or several calling threads keep their driver thread.
     */
    public boolean callsOnOrbThread(Component c) {
        if (!drives(c)) {
            return false;
        }
        List<InvocationPlan> measured = measuredInvocations(c);
        if (measured.isEmpty() || !measuredSupplies(c).isEmpty()) {
            return false;
        }
        if ((chains != null && chains.chained(c)) || probes().uses(c)) {
            return false;
        }
        if (measured.stream().anyMatch(i -> i.metrics().stream().anyMatch(m -> m.threads() > 1))) {
            return false;
        }
        return localityOf(c).components().stream().allMatch(k -> k.getPorts().stream()
                .noneMatch(p -> p instanceof org.bgml.model.Facet || p instanceof org.bgml.model.EventSink));
    }

    /** Some component of the deployment runs its metric loops on its ORB's thread. */
    public boolean callsOnOrbThread() {
        return deployedComponents().stream().anyMatch(this::callsOnOrbThread);
    }

    /** The white-box probes of functional-path metrics between components. */
    public CiaoProbes probes() {
        if (probes == null) {
            probes = new CiaoProbes(this);
        }
        return probes;
    }

    /** Components of one locality that write result files. */
    public List<Component> drivers(Locality l) {
        List<Component> found = drivers.get(l);
        if (found == null) {
            found = l.components().stream().filter(this::writes).toList();
            drivers.put(l, found);
        }
        return found;
    }

    /**
     * The result file a driving component writes: its process's file when it is the process's only driver,
     * otherwise one per component next to it.
     */
    public String resultFile(Component c) {
        Locality l = localityOf(c);
        if (l == null) {
            return naming.resultFile(c.getName());
        }
        List<Component> drivers = drivers(l);
        return drivers.size() <= 1 ? l.process().resultFile() : naming.resultFile(l.process().name() + "." + c.getName());
    }

    /** Client components in the order they measure: each waits for the one before it, so no two overlap. */
    public List<Component> driverOrder() {
        if (driverOrder == null) {
            driverOrder = deployedComponents().stream().filter(this::drives).toList();
            Component before = null;
            for (Component c : driverOrder) {
                predecessors.put(c, before);
                before = c;
            }
        }
        return driverOrder;
    }

    /** The client component that measures just before {@code c}, or null for the first. */
    public Component predecessor(Component c) {
        driverOrder();
        return predecessors.get(c);
    }

    /** Result files written on one node, by its locality managers. */
    public List<String> resultFilesOn(String node) {
        List<String> files = new ArrayList<>();
        for (Locality l : localitiesOn(node)) {
            drivers(l).forEach(c -> files.add(resultFile(c)));
        }
        return files;
    }

    public List<String> componentResultFiles() {
        List<String> files = new ArrayList<>();
        nodes().forEach(n -> files.addAll(resultFilesOn(n)));
        return files;
    }

    /**
     * Component facets that CORBA 2.x clients call: the component writes their IOR files in ccm_activate, since
     * the deployment plan connects only ports of components.
     */
    public List<ServantPlan> publishedFacets(Component c) {
        Set<ServantPlan> facets = new LinkedHashSet<>();
        for (InvocationPlan i : plan.invocationsTo(c)) {
            if (!(i.client() instanceof Component)) {
                facets.add(i.servant());
            }
        }
        return new ArrayList<>(facets);
    }

    public List<String> publishedIorFiles() {
        List<String> files = new ArrayList<>();
        for (Component c : deployedComponents()) {
            publishedFacets(c).forEach(s -> files.add(s.iorFile()));
        }
        return files;
    }

    /** Connections from a component's receptacle to a CORBA 2.x facet: external references in the plan. */
    public List<InvocationPlan> externalInvocations() {
        return plan.invocations().stream()
                .filter(i -> i.client() instanceof Component && !(i.server() instanceof Component)).toList();
    }

    /** Connections between two components: internal endpoints in the plan. */
    public List<InvocationPlan> componentInvocations() {
        return plan.invocations().stream()
                .filter(i -> i.client() instanceof Component && i.server() instanceof Component).toList();
    }

    public List<EventPlan> componentEvents() {
        return plan.events().stream()
                .filter(e -> e.supplier() instanceof Component && e.consumer() instanceof Component).toList();
    }

    /** The element path of a process, as result files name it; the bare name when the model has no deployment. */
    public String processPath(String processName) {
        return plan.processPath(processName);
    }

    /** {@code "0,1"}: the CPU list of a process for bgml::parse_cpu_list; empty when unpinned. */
    public String cpuList(ProcessPlan p) {
        return String.join(",", p.cpus().stream().map(String::valueOf).toList());
    }

    /** Position of an invocation among the connections of its (multiplex) receptacle, in model order. */
    public int connectionIndex(InvocationPlan invocation) {
        List<InvocationPlan> through = plan.invocationsThrough(invocation.receptacle());
        for (int index = 0; index < through.size(); index++) {
            if (through.get(index) == invocation) {
                return index;
            }
        }
        return through.size();
    }

    /** The mixed processes split in two, in deployment order. */
    public List<Split> splits() {
        return splits;
    }

    /** Why parts of the model are not deployed as modelled; shown in the README. */
    public List<String> notes() {
        Set<String> whole = new TreeSet<>(probes().wholeCalls());
        if (whole.isEmpty()) {
            return notes;
        }
        List<String> out = new ArrayList<>(notes);
        out.add("Functional-path metrics (" + String.join(", ", whole) + ") are timed as whole calls at the client: the ciao"
                + " target probes calls between components of two locality managers on one host only (not collocated calls, calls"
                + " with a CORBA 2.x end, calls between hosts, or oneway calls to a receiver that measures before its sender),"
                + " so no per-segment figures are reported for them.");
        return out;
    }
}
