package org.bgml.model.synthetic;

import java.util.ArrayList;
import java.util.List;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.BgmlFactory;
import org.bgml.model.Comparator;
import org.bgml.model.Component;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Latency;
import org.bgml.model.Member;
import org.bgml.model.Metric;
import org.bgml.model.Module;
import org.bgml.model.Node;
import org.bgml.model.Operation;
import org.bgml.model.Parameter;
import org.bgml.model.PrimitiveKind;
import org.bgml.model.Receptacle;
import org.bgml.model.Requirement;
import org.bgml.model.Statistic;
import org.bgml.model.Throughput;
import org.bgml.model.TypeRef;
import org.bgml.model.Unit;
import org.bgml.model.Workload;

/**
 * Large, valid benchmark models for measuring the tool itself. {@code components(n)} gives n CCM components
 * with 5 ports each (2 facets, 2 simplex receptacles, and an event source or sink), wired in a ring:
 * <ul>
 * <li>receptacle {@code echo_uses} of component i calls facet {@code echo} of component i+1, and
 * {@code cubit_uses} calls {@code cubit} of component i+2 (2n invocation connections);</li>
 * <li>the event source of each even component feeds the sink of the next one (n/2 event connections);</li>
 * <li>every 10th connection carries a latency metric with a p99 requirement, every 50th a throughput metric;</li>
 * <li>one deployment puts the components on 10 nodes with 10 processes each, all started together (the ring
 * has no server-first order).</li>
 * </ul>
 * For n = 1,000 that is 5,000 ports and 2,500 connections. The same n always gives the same model.
 * <p>
 * A target that cannot generate that model gets a {@link Variant} of it, which changes as little as the target needs.
 */
public final class SyntheticModels {
    /** Below this, the ring would connect a component to itself. */
    public static final int MIN_COMPONENTS = 3;
    private static final BgmlFactory F = BgmlFactory.eINSTANCE;
    private static final int NODES = 10;
    private static final int PROCESSES_PER_NODE = 10;

    private SyntheticModels() {
    }

    /** How a synthetic model differs from the one described above, for targets that refuse some of it. */
    public enum Variant {
        /** The model as described. */
        FULL("as described"),
        /** Every throughput metric on an event connection pushes from one thread (the ACE baseline's only way). */
        EVENTS_FROM_ONE_THREAD("event throughput pushed from one thread"),
        /** No event ports or connections, every metric on one thread, every process on one host. */
        CALLS_ON_ONE_HOST("calls only, one thread per metric, one host");

        private final String description;

        Variant(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    public static BenchmarkModel components(int n) {
        return components(n, Variant.FULL);
    }

    public static BenchmarkModel components(int n, Variant variant) {
        boolean events = variant != Variant.CALLS_ON_ONE_HOST;
        if (n < MIN_COMPONENTS) {
            throw new IllegalArgumentException("a synthetic model needs at least " + MIN_COMPONENTS + " components, not " + n);
        }
        BenchmarkModel model = F.createBenchmarkModel();
        model.setName("Synthetic" + n);
        model.setDescription("A synthetic model of " + n + " components for measuring load, validation and save times.");

        Module module = named(F.createModule(), "Bench");
        Interface echo = named(F.createInterface(), "Echo");
        Operation echoCall = operation("ping", PrimitiveKind.UNSIGNED_LONG_LONG);
        echo.getOperations().add(echoCall);
        Interface cubit = named(F.createInterface(), "Cubit");
        Operation cube = operation("cube_long", PrimitiveKind.LONG);
        cubit.getOperations().add(cube);
        Interface control = named(F.createInterface(), "Control");
        control.getBases().add(echo);
        Operation shutdown = F.createOperation();
        shutdown.setName("shutdown");
        shutdown.setOneway(true);
        control.getOperations().add(shutdown);
        EventType tick = named(F.createEventType(), "Tick");
        Member stamp = named(F.createMember(), "stamp");
        stamp.setType(primitive(PrimitiveKind.UNSIGNED_LONG_LONG));
        tick.getMembers().add(stamp);
        module.getDefinitions().add(echo);
        module.getDefinitions().add(cubit);
        module.getDefinitions().add(control);
        module.getDefinitions().add(tick);
        model.getModules().add(module);

        List<Component> components = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Component c = named(F.createComponent(), "Comp" + i);
            Facet echoFacet = named(F.createFacet(), "echo");
            echoFacet.setInterface(echo);
            Facet cubitFacet = named(F.createFacet(), "cubit");
            cubitFacet.setInterface(cubit);
            Receptacle echoUses = named(F.createReceptacle(), "echo_uses");
            echoUses.setInterface(echo);
            Receptacle cubitUses = named(F.createReceptacle(), "cubit_uses");
            cubitUses.setInterface(cubit);
            c.getPorts().add(echoFacet);
            c.getPorts().add(cubitFacet);
            c.getPorts().add(echoUses);
            c.getPorts().add(cubitUses);
            if (!events) {
                // no event port
            } else if (i % 2 == 0) {
                EventSource source = named(F.createEventSource(), "ticks_out");
                source.setEventType(tick);
                c.getPorts().add(source);
            } else {
                EventSink sink = named(F.createEventSink(), "ticks_in");
                sink.setEventType(tick);
                c.getPorts().add(sink);
            }
            components.add(c);
            model.getEntities().add(c);
        }

        int connections = 0;
        for (int i = 0; i < n; i++) {
            Component c = components.get(i);
            connect(model, "call" + i, c.getPorts().get(2), components.get((i + 1) % n).getPorts().get(0), echoCall, connections++, variant);
            connect(model, "cube" + i, c.getPorts().get(3), components.get((i + 2) % n).getPorts().get(1), cube, connections++, variant);
        }
        for (int i = 0; events && i + 1 < n; i += 2) {
            connect(model, "tick" + i, components.get(i).getPorts().get(4), components.get(i + 1).getPorts().get(4),
                    null, connections++, variant);
        }

        Deployment deployment = named(F.createDeployment(), "spread");
        List<org.bgml.model.Process> processes = new ArrayList<>();
        int nodes = variant == Variant.CALLS_ON_ONE_HOST ? 1 : NODES;
        for (int h = 0; h < nodes; h++) {
            Node node = named(F.createNode(), "node" + h);
            node.setHost("host" + h + ".bench");
            for (int p = 0; p < NODES * PROCESSES_PER_NODE / nodes; p++) {
                org.bgml.model.Process process = named(F.createProcess(), "proc" + p);
                node.getProcesses().add(process);
                processes.add(process);
            }
            deployment.getNodes().add(node);
        }
        for (int i = 0; i < n; i++) {
            processes.get(i % processes.size()).getEntities().add(components.get(i));
        }
        processes.removeIf(p -> p.getEntities().isEmpty());
        for (Node node : deployment.getNodes()) {
            node.getProcesses().removeIf(p -> p.getEntities().isEmpty());
        }
        deployment.getNodes().removeIf(node -> node.getProcesses().isEmpty());
        model.getDeployments().add(deployment);
        return model;
    }

    /** Number of ports of {@code components(n)}. */
    public static int ports(int n) {
        return ports(n, Variant.FULL);
    }

    public static int ports(int n, Variant variant) {
        return variant == Variant.CALLS_ON_ONE_HOST ? 4 * n : 5 * n;
    }

    /** Number of connections of {@code components(n)}. */
    public static int connections(int n) {
        return connections(n, Variant.FULL);
    }

    public static int connections(int n, Variant variant) {
        return variant == Variant.CALLS_ON_ONE_HOST ? 2 * n : 2 * n + n / 2;
    }

    private static void connect(BenchmarkModel model, String name, org.bgml.model.Port source, org.bgml.model.Port target,
            Operation operation, int index, Variant variant) {
        Connection c = named(F.createConnection(), name);
        c.setSource(source);
        c.setTarget(target);
        model.getConnections().add(c);
        if (index % 10 == 0) {
            Latency latency = named(F.createLatency(), "latency_" + name);
            measure(latency, c, operation, source);
            Requirement p99 = F.createRequirement();
            p99.setStatistic(Statistic.P99);
            p99.setComparator(Comparator.LE);
            p99.setValue(150);
            p99.setUnit(Unit.US);
            latency.setRequirement(p99);
            model.getMetrics().add(latency);
        }
        if (index % 50 == 0) {
            Throughput throughput = named(F.createThroughput(), "throughput_" + name);
            measure(throughput, c, operation, source);
            Workload workload = F.createWorkload();
            boolean oneThread = variant == Variant.CALLS_ON_ONE_HOST
                    || (variant == Variant.EVENTS_FROM_ONE_THREAD && operation == null);
            workload.setThreads(oneThread ? 1 : 2);
            workload.setIterations(100_000);
            throughput.setWorkload(workload);
            model.getMetrics().add(throughput);
        }
    }

    private static void measure(Metric metric, Connection c, Operation operation, org.bgml.model.Port source) {
        metric.setConnection(c);
        if (operation != null) {
            metric.setOperation(operation);
        } else {
            metric.setEventType(((EventSource) source).getEventType());
        }
        metric.setWarmupIterations(1000);
        metric.setSamples(10_000);
    }

    private static Operation operation(String name, PrimitiveKind kind) {
        Operation op = named(F.createOperation(), name);
        op.setReturnType(primitive(kind));
        Parameter in = named(F.createParameter(), "value");
        in.setType(primitive(kind));
        op.getParameters().add(in);
        return op;
    }

    private static TypeRef primitive(PrimitiveKind kind) {
        TypeRef ref = F.createTypeRef();
        ref.setPrimitive(kind);
        return ref;
    }

    private static <T extends org.bgml.model.NamedElement> T named(T element, String name) {
        element.setName(name);
        return element;
    }
}
