package org.bgml.generator.omniorb;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.CRC32;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.BehaviourKind;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Interface;
import org.bgml.model.MissedDeadlines;
import org.bgml.model.Operation;
import org.bgml.model.PathLatency;
import org.bgml.model.Process;
import org.bgml.model.TypeRef;
import org.bgml.model.io.ElementPaths;

/** Computes the {@link BenchmarkLayout} of a plan. Pure: the same plan gives the same layout. */
public class Layouts {
    /** How long the event channel waits between transfers from its suppliers to its consumers (10 us). */
    public static final long CYCLE_PERIOD_NANOS = 10_000;
    private static final int FIRST_PORT = 20000;
    private static final int PORTS = 10000;

    private final OmniOrbNaming naming;
    private final OmniOrbTypes types;

    public Layouts(OmniOrbNaming naming, OmniOrbTypes types) {
        this.naming = naming;
        this.types = types;
    }

    public BenchmarkLayout layout(BenchmarkPlan plan) {
        // by identity: a plan's records hash and compare every field, metrics included
        Map<InvocationPlan, List<LoopGroup>> callLoops = new IdentityHashMap<>();
        for (InvocationPlan i : plan.invocations()) {
            callLoops.put(i, groups(i, null, loopMetrics(i.metrics(), null), new int[] { -1 }));
        }
        Map<EventPlan, List<LoopGroup>> eventLoops = new IdentityHashMap<>();
        int[] stream = { 0 };
        for (EventPlan e : plan.events()) {
            eventLoops.put(e, groups(null, e, loopMetrics(e.metrics(), e.source()), stream));
        }
        Map<String, ProcessLayout.Probe> probes = probes(plan);

        List<ProcessLayout> processes = new ArrayList<>();
        long allBudget = 0;
        for (List<LoopGroup> g : callLoops.values()) {
            allBudget += g.stream().mapToLong(LoopGroup::budgetMillis).sum();
        }
        for (List<LoopGroup> g : eventLoops.values()) {
            allBudget += g.stream().mapToLong(LoopGroup::budgetMillis).sum();
        }
        for (ProcessPlan p : plan.processes()) {
            processes.add(process(plan, p, callLoops, eventLoops, probes, allBudget));
        }
        List<EventType> eventTypes = distinctTypes(plan.events().stream().map(EventPlan::eventType).toList());
        List<EventType> consumed = distinctTypes(processes.stream().flatMap(p -> p.consumers().stream())
                .map(c -> c.event().eventType()).toList());
        List<ServantClass> servants = classes(plan, false);
        List<ServantClass> executors = classes(plan, true);
        Set<TypeRef> cubitRoots = new LinkedHashSet<>();
        boolean cubit = false;
        for (ServantClass c : concat(servants, executors)) {
            if (c.kinds().contains(BehaviourKind.CUBIT)) {
                cubit = true;
                for (Operation op : IdlTypes.allOperations(c.iface())) {
                    if (op.getReturnType() != null) {
                        cubitRoots.add(op.getReturnType());
                    }
                    op.getParameters().forEach(par -> cubitRoots.add(par.getType()));
                }
            }
        }
        return new BenchmarkLayout(plan, List.copyOf(processes), servants, executors, eventTypes, consumed, cubit,
                types.cubitTypes(cubitRoots), eventService(plan, eventLoops));
    }

    // ---- loops -----------------------------------------------------------------------------------------------

    /**
     * The metrics a connection's own loops measure: not the end-to-end paths (their origin publishes or calls as
     * the chain's actions say, see ChainCode), and nothing on a timer source, which publishes by itself.
     */
    static List<MetricPlan> loopMetrics(List<MetricPlan> metrics, EventSource source) {
        if (source != null && source.getTimer() != null) {
            return List.of();
        }
        return metrics.stream().filter(m -> !(m.metric() instanceof PathLatency)).toList();
    }

    /** Groups the metrics of one connection into loops, in model order of their first metric. */
    List<LoopGroup> groups(InvocationPlan invocation, EventPlan event, List<MetricPlan> metrics, int[] stream) {
        Map<List<Object>, List<MetricPlan>> byKey = new LinkedHashMap<>();
        for (MetricPlan m : metrics) {
            String kind = loopKind(m, event != null);
            List<Object> key = kind.equals(LoopGroup.FOOTPRINT) ? List.of(kind, m)
                    : List.of(kind, Objects.toString(m.operation() == null ? null : ElementPaths.pathOf(m.operation())),
                            m.warmup(), m.iterations(), m.threads(), m.rateHz(), deadline(m), m.durationMillis(),
                            m.preDelayMillis(), m.postDelayMillis(), m.payloadSizes(), "payloadSweep".equals(m.kind()));
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(m);
        }
        List<LoopGroup> groups = new ArrayList<>();
        for (Map.Entry<List<Object>, List<MetricPlan>> e : byKey.entrySet()) {
            MetricPlan m = e.getValue().get(0);
            String kind = (String) e.getKey().get(0);
            Operation op = m.operation();
            if (op == null && invocation != null && !IdlTypes.allOperations(invocation.iface()).isEmpty()) {
                op = IdlTypes.allOperations(invocation.iface()).get(0);
            }
            EventType eventType = event == null ? null : event.eventType();
            int id = -1;
            if (kind.equals(LoopGroup.EVENTS)) {
                id = stream[0];
                stream[0] += m.payloadSizes().size();
            }
            groups.add(new LoopGroup(kind, invocation, event, op, eventType, List.copyOf(e.getValue()), m.warmup(),
                    m.iterations(), m.threads(), m.rateHz(), deadline(m), m.durationMillis(), m.preDelayMillis(),
                    m.postDelayMillis(), m.payloadSizes(), "payloadSweep".equals(m.kind()), id));
        }
        // Lookups first: the first of them is the connection's cold lookup. White-box loops last, after every
        // black-box loop of the connection has run without client interceptors.
        List<LoopGroup> ordered = new ArrayList<>(groups.stream().filter(g -> g.kind().equals(LoopGroup.LOOKUP)).toList());
        groups.stream().filter(g -> !g.kind().equals(LoopGroup.LOOKUP) && !g.kind().equals(LoopGroup.PROBED))
                .forEach(ordered::add);
        groups.stream().filter(g -> g.kind().equals(LoopGroup.PROBED)).forEach(ordered::add);
        return List.copyOf(ordered);
    }

    private static String loopKind(MetricPlan m, boolean events) {
        if ("footprint".equals(m.kind())) {
            return LoopGroup.FOOTPRINT;
        }
        if (events) {
            return LoopGroup.EVENTS;
        }
        if ("functionalPath".equals(m.kind())) {
            return LoopGroup.PROBED;
        }
        return "lookupTime".equals(m.kind()) ? LoopGroup.LOOKUP : LoopGroup.CALLS;
    }

    private static double deadline(MetricPlan m) {
        return m.metric() instanceof MissedDeadlines d ? d.getDeadlineMicros() : 0.0;
    }

    /** Functional-path metrics on calls into component emulation: server-side segments, per facet and metric. */
    private Map<String, ProcessLayout.Probe> probes(BenchmarkPlan plan) {
        Map<String, ProcessLayout.Probe> probes = new LinkedHashMap<>();
        for (InvocationPlan i : plan.invocations()) {
            if (i.servant() == null || !i.servant().isComponent()) {
                continue;
            }
            for (MetricPlan m : i.metrics()) {
                if (!"functionalPath".equals(m.kind()) || m.operation() == null) {
                    continue;
                }
                String key = ElementPaths.pathOf(i.facet()) + " " + ElementPaths.pathOf(m.metric());
                ProcessLayout.Probe old = probes.get(key);
                int warmup = m.warmup() * m.threads(); // every calling thread runs the whole loop
                int samples = m.iterations() * m.threads();
                probes.put(key, old == null ? new ProcessLayout.Probe(i.servant(), m.operation(), m, warmup, samples)
                        : new ProcessLayout.Probe(i.servant(), m.operation(), m, old.warmup() + warmup, old.samples() + samples));
            }
        }
        return probes;
    }

    // ---- processes -------------------------------------------------------------------------------------------

    private ProcessLayout process(BenchmarkPlan plan, ProcessPlan p, Map<InvocationPlan, List<LoopGroup>> callLoops,
            Map<EventPlan, List<LoopGroup>> eventLoops, Map<String, ProcessLayout.Probe> probes, long allBudget) {
        Process element = plan.processElement(p.name());
        String path = element != null ? ElementPaths.pathOf(element)
                : p.entities().isEmpty() ? p.name() : ElementPaths.pathOf(p.entities().get(0));

        List<ProcessLayout.Consumer> consumers = new ArrayList<>();
        for (EventPlan e : p.consumes()) {
            consumers.add(new ProcessLayout.Consumer(e, eventLoops.get(e).stream().filter(LoopGroup::timed).toList(),
                    naming.consumerIorFile(e.consumer(), e.sink(), e.connection())));
        }
        List<ProcessLayout.Forward> forwards = new ArrayList<>();
        for (ServantPlan s : p.servants()) {
            if (s.behaviour() == BehaviourKind.FORWARD && s.facet().getBehaviour().getForwardTo() != null) {
                plan.invocationsThrough(s.facet().getBehaviour().getForwardTo()).stream().findFirst()
                        .ifPresent(i -> forwards.add(new ProcessLayout.Forward(s, i)));
            }
        }
        List<ProcessLayout.Probe> own = probes.values().stream().filter(pr -> p.servants().contains(pr.servant())).toList();
        List<ProcessLayout.Driven> driven = new ArrayList<>();
        for (InvocationPlan i : p.invocations()) {
            if (!callLoops.get(i).isEmpty()) {
                driven.add(new ProcessLayout.Driven(i, null, callLoops.get(i)));
            }
        }
        for (EventPlan e : p.supplies()) {
            if (!eventLoops.get(e).isEmpty()) {
                driven.add(new ProcessLayout.Driven(null, e, eventLoops.get(e)));
            }
        }
        List<LoopGroup> loops = driven.stream().flatMap(d -> d.loops().stream()).toList();
        List<String> iors = new ArrayList<>();
        p.servants().forEach(s -> iors.add(s.iorFile()));
        consumers.forEach(c -> iors.add(c.iorFile()));
        boolean serves = !p.servants().isEmpty() || !consumers.isEmpty();
        // a timer event source drives by itself (a rate generator); actions send on from upcalls
        boolean timers = p.entities().stream().flatMap(e -> e.getPorts().stream())
                .anyMatch(port -> port instanceof EventSource s && s.getTimer() != null);
        boolean chained = timers || p.entities().stream().flatMap(e -> e.getPorts().stream())
                .anyMatch(port -> !ChainPlan.actions(port).isEmpty());
        // so do the calls that start a path from a client's calls (the path metric's own loop)
        boolean pathCalls = !ChainPlan.of(plan).callPaths(p.entities()).isEmpty();
        boolean drives = !loops.isEmpty() || timers || pathCalls;
        String role = serves ? (drives ? ProcessLayout.BOTH : ProcessLayout.SERVER) : ProcessLayout.CLIENT;
        boolean events = !p.consumes().isEmpty() || driven.stream().anyMatch(d -> d.event() != null)
                || (chained && !p.supplies().isEmpty());
        boolean channels = p.consumes().stream().anyMatch(e -> e.channel() != null)
                || driven.stream().anyMatch(d -> d.event() != null && d.event().channel() != null)
                || (chained && p.supplies().stream().anyMatch(e -> e.channel() != null));
        long budget = serves ? allBudget : loops.stream().mapToLong(LoopGroup::budgetMillis).sum();
        long timeout = 120 + (budget + 999) / 1000;
        return new ProcessLayout(p, path, role, p.servants(), List.copyOf(consumers), List.copyOf(forwards), own,
                List.copyOf(driven), loops, List.copyOf(iors), OmniOrbOptions.of(plan.model(), plan.configuration(), element),
                events, channels, timeout);
    }

    // ---- classes ---------------------------------------------------------------------------------------------

    private List<ServantClass> classes(BenchmarkPlan plan, boolean components) {
        Map<Interface, Set<BehaviourKind>> kinds = new LinkedHashMap<>();
        for (ServantPlan s : plan.servants()) {
            if (s.isComponent() == components) {
                kinds.computeIfAbsent(s.iface(), i -> EnumSet.noneOf(BehaviourKind.class)).add(effective(s));
            }
        }
        List<ServantClass> classes = new ArrayList<>();
        kinds.keySet().stream().sorted(naming.byScopedName()).forEach(i -> classes.add(new ServantClass(i,
                components ? naming.executorClass(i) : naming.servantClass(i), components, new TreeSet<>(kinds.get(i)))));
        return List.copyOf(classes);
    }

    /** A facet's behaviour as generated: forwarding without a connected receptacle echoes. */
    public BehaviourKind effective(ServantPlan s) {
        BehaviourKind k = s.behaviour();
        if (k == BehaviourKind.FORWARD && s.facet().getBehaviour().getForwardTo() == null) {
            return BehaviourKind.ECHO;
        }
        return k;
    }

    private List<EventType> distinctTypes(List<EventType> all) {
        return new ArrayList<>(new LinkedHashSet<>(all)).stream().sorted(naming.<EventType>byScopedName()).toList();
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    // ---- event service ---------------------------------------------------------------------------------------

    private BenchmarkLayout.EventService eventService(BenchmarkPlan plan, Map<EventPlan, List<LoopGroup>> eventLoops) {
        Map<String, Long> channels = new LinkedHashMap<>();
        for (EventPlan e : plan.events()) {
            if (e.channel() != null) {
                long events = eventLoops.get(e).stream().mapToLong(g -> g.totalCalls() + 1).sum();
                channels.merge(e.channel(), events, Long::sum);
            }
        }
        if (channels.isEmpty()) {
            return null;
        }
        channels.replaceAll((name, n) -> Math.max(1024, Math.min(1_000_000, n)));
        return new BenchmarkLayout.EventService(port(plan), channels, CYCLE_PERIOD_NANOS);
    }

    /** A port for omniEvents derived from the model and deployment names, stable across generations. */
    static int port(BenchmarkPlan plan) {
        CRC32 crc = new CRC32();
        crc.update((plan.model().getName() + "/" + plan.deployment()).getBytes(StandardCharsets.UTF_8));
        return FIRST_PORT + (int) (crc.getValue() % PORTS);
    }
}
