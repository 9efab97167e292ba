package org.bgml.generator.common.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.Naming;
import org.bgml.model.Assembly;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.Connection;
import org.bgml.model.Deployment;
import org.bgml.model.Deployments;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Facet;
import org.bgml.model.Interface;
import org.bgml.model.Metric;
import org.bgml.model.Node;
import org.bgml.model.Operation;
import org.bgml.model.OptionDefinition;
import org.bgml.model.OptionSetting;
import org.bgml.model.PayloadSweep;
import org.bgml.model.Port;
import org.bgml.model.Process;
import org.bgml.model.Receptacle;
import org.eclipse.emf.ecore.EObject;

/** Computes the {@link BenchmarkPlan} of a valid model. */
public final class Planner {
    private final Naming naming;

    public Planner(Naming naming) {
        this.naming = naming;
    }

    /**
     * @param deploymentName    the deployment to plan, or null for the model's first (or, when the model has
     *                          none, one process per top-level entity on localhost)
     * @param configurationName the configuration whose settings apply, or null for the first (or none)
     */
    public BenchmarkPlan plan(BenchmarkModel model, String deploymentName, String configurationName) {
        return planWith(model, deploymentName, pick(model.getConfigurations(), configurationName, "configuration"));
    }

    /**
     * The same, with exactly that configuration's settings applied, or none when it is null (a target whose
     * middleware no configuration of the model is for).
     */
    public BenchmarkPlan planWith(BenchmarkModel model, String deploymentName, Configuration configuration) {
        Deployment deployment = Deployments.chosen(model, deploymentName);
        if (deployment == null && deploymentName != null) {
            throw new IllegalArgumentException("the model has no deployment named '" + deploymentName + "'");
        }

        Map<String, Placement> placements = placements(model, deployment);
        Map<Entity, String> processOf = new LinkedHashMap<>();
        placements.forEach((name, p) -> p.entities.forEach(e -> processOf.put(e, name)));

        Map<Facet, ServantPlan> servants = new LinkedHashMap<>();
        for (Map.Entry<Entity, String> e : processOf.entrySet()) {
            for (Port port : e.getKey().getPorts()) {
                if (port instanceof Facet facet) {
                    servants.put(facet, new ServantPlan(e.getKey(), facet, naming.iorFile(e.getKey(), facet)));
                }
            }
        }

        MetricIndex metricIndex = new MetricIndex(model);
        List<InvocationPlan> invocations = new ArrayList<>();
        List<EventPlan> events = new ArrayList<>();
        for (Connection c : model.getConnections()) {
            if (c.getSource() instanceof Receptacle r && c.getTarget() instanceof Facet f) {
                Entity client = (Entity) r.eContainer();
                Entity server = (Entity) f.eContainer();
                invocations.add(new InvocationPlan(c, client, r, server, f, servants.get(f), processOf.get(client),
                        processOf.get(server), metrics(metricIndex, c, r, f, f.getInterface())));
            } else if (c.getSource() instanceof EventSource s && c.getTarget() instanceof EventSink k) {
                Entity supplier = (Entity) s.eContainer();
                Entity consumer = (Entity) k.eContainer();
                events.add(new EventPlan(c, supplier, s, consumer, k,
                        c.getChannel() == null ? null : c.getChannel().getName(), processOf.get(supplier),
                        processOf.get(consumer), metrics(metricIndex, c, s, k, null)));
            }
        }

        // each process's share, grouped once in plan order
        Map<String, List<ServantPlan>> servantsOf = new LinkedHashMap<>();
        servants.values().forEach(s -> servantsOf.computeIfAbsent(processOf.get(s.entity()), k -> new ArrayList<>()).add(s));
        Map<String, List<InvocationPlan>> drivenBy = new LinkedHashMap<>();
        invocations.forEach(i -> drivenBy.computeIfAbsent(i.clientProcess(), k -> new ArrayList<>()).add(i));
        Map<String, List<EventPlan>> suppliedBy = new LinkedHashMap<>();
        Map<String, List<EventPlan>> consumedBy = new LinkedHashMap<>();
        for (EventPlan v : events) {
            suppliedBy.computeIfAbsent(v.supplierProcess(), k -> new ArrayList<>()).add(v);
            consumedBy.computeIfAbsent(v.consumerProcess(), k -> new ArrayList<>()).add(v);
        }
        List<ProcessPlan> processes = new ArrayList<>();
        Map<String, Integer> declared = new LinkedHashMap<>();
        for (Map.Entry<String, Placement> e : placements.entrySet()) {
            String name = e.getKey();
            Placement placement = e.getValue();
            declared.put(name, declared.size());
            List<InvocationPlan> drives = List.copyOf(drivenBy.getOrDefault(name, List.of()));
            Set<String> iors = new LinkedHashSet<>();
            drives.stream().filter(i -> !i.collocated()).forEach(i -> iors.add(i.servant().iorFile()));
            processes.add(new ProcessPlan(name, placement.host, placement.cpus, List.copyOf(placement.entities),
                    List.copyOf(servantsOf.getOrDefault(name, List.of())), drives,
                    List.copyOf(suppliedBy.getOrDefault(name, List.of())), List.copyOf(consumedBy.getOrDefault(name, List.of())),
                    List.copyOf(iors), options(configuration, placement.process), naming.resultFile(name)));
        }
        processes.sort(Comparator.comparingInt(Planner::role)
                .thenComparingInt(p -> placements.get(p.name()).startOrder)
                .thenComparingInt(p -> declared.get(p.name())));
        Map<String, Process> elements = new LinkedHashMap<>();
        placements.forEach((name, p) -> {
            if (p.process != null) {
                elements.put(name, p.process);
            }
        });
        return new BenchmarkPlan(model, deployment, configuration == null ? null : configuration.getName(), List.copyOf(processes),
                List.copyOf(invocations), List.copyOf(events), elements);
    }

    /** 0 pure server, 1 serves and drives, 2 pure client. */
    private static int role(ProcessPlan p) {
        return p.isServer() ? (p.isClient() ? 1 : 0) : 2;
    }

    private static final class Placement {
        final String host;
        final List<Integer> cpus;
        final int startOrder;
        final Process process;
        final List<Entity> entities = new ArrayList<>();

        Placement(String host, List<Integer> cpus, int startOrder, Process process) {
            this.host = host;
            this.cpus = cpus;
            this.startOrder = startOrder;
            this.process = process;
        }
    }

    private Map<String, Placement> placements(BenchmarkModel model, Deployment deployment) {
        Map<String, Placement> placements = new LinkedHashMap<>();
        if (deployment == null) {
            for (Entity e : model.getEntities()) {
                Placement p = new Placement("localhost", List.of(), 0, null);
                p.entities.addAll(expand(e));
                placements.put(naming.defaultProcess(e), p);
            }
            return placements;
        }
        Map<String, Integer> uses = new LinkedHashMap<>();
        deployment.getNodes().forEach(n -> n.getProcesses().forEach(p -> uses.merge(p.getName(), 1, Integer::sum)));
        for (Node node : deployment.getNodes()) {
            for (Process process : node.getProcesses()) {
                Placement p = new Placement(node.getHost() == null ? "localhost" : node.getHost(),
                        List.copyOf(process.getCpus()), process.getStartOrder(), process);
                for (Entity e : process.getEntities()) {
                    p.entities.addAll(expand(e));
                }
                placements.put(processName(node, process, uses), p);
            }
        }
        return placements;
    }

    /**
     * A process's name is unique only within its node; where two nodes use the same name, the plan qualifies
     * it with the node's ({@code node1_proc0}) so executables and result files stay distinct.
     */
    private static String processName(Node node, Process process, Map<String, Integer> uses) {
        return uses.get(process.getName()) > 1 ? node.getName() + "_" + process.getName() : process.getName();
    }

    /** An assembly stands for its components; other entities for themselves. */
    private static List<Entity> expand(Entity e) {
        if (e instanceof Assembly a) {
            return new ArrayList<Entity>(a.getComponents());
        }
        return List.of(e);
    }

    /** The model's metrics by the connection and the port they measure, as positions in model order. */
    private static final class MetricIndex {
        final List<Metric> metrics;
        final Map<EObject, List<Integer>> byTarget = new java.util.HashMap<>();

        MetricIndex(BenchmarkModel model) {
            metrics = model.getMetrics();
            for (int i = 0; i < metrics.size(); i++) {
                Metric m = metrics.get(i);
                if (m.getConnection() != null) {
                    byTarget.computeIfAbsent(m.getConnection(), k -> new ArrayList<>()).add(i);
                }
                if (m.getPort() != null) {
                    byTarget.computeIfAbsent(m.getPort(), k -> new ArrayList<>()).add(i);
                }
            }
        }

        /** Metrics on any of {@code targets}, each once, in model order. */
        List<Metric> on(EObject... targets) {
            java.util.TreeSet<Integer> hits = new java.util.TreeSet<>();
            for (EObject t : targets) {
                hits.addAll(byTarget.getOrDefault(t, List.of()));
            }
            return hits.stream().map(metrics::get).toList();
        }
    }

    private static List<MetricPlan> metrics(MetricIndex index, Connection c, Port from, Port to, Interface iface) {
        List<MetricPlan> plans = new ArrayList<>();
        for (Metric m : index.on(c, from, to)) {
            Operation op = m.getOperation();
            if (op == null && iface != null) {
                op = firstOperation(iface);
            }
            plans.add(new MetricPlan(m, kindOf(m), op, m.getEventType(), payloadSizes(m)));
        }
        return plans;
    }

    private static Operation firstOperation(Interface iface) {
        if (!iface.getOperations().isEmpty()) {
            return iface.getOperations().get(0);
        }
        for (Interface base : iface.getBases()) {
            Operation op = firstOperation(base);
            if (op != null) {
                return op;
            }
        }
        return null;
    }

    /** latency, throughput, jitter, footprint, payloadSweep, functionalPath, lookupTime, contextSwitch, missedDeadlines. */
    public static String kindOf(Metric m) {
        String n = m.eClass().getName();
        return Character.toLowerCase(n.charAt(0)) + n.substring(1);
    }

    /** The payload sizes a metric runs at: the sweep's geometric series, or the workload's single size. */
    public static List<Integer> payloadSizes(Metric m) {
        List<Integer> sizes = new ArrayList<>();
        if (m instanceof PayloadSweep sweep) {
            double size = sweep.getMinBytes();
            while (size <= sweep.getMaxBytes() + 1e-9) {
                int rounded = (int) Math.round(size);
                if (sizes.isEmpty() || sizes.get(sizes.size() - 1) != rounded) {
                    sizes.add(rounded);
                }
                size *= sweep.getMultiplier();
            }
        } else {
            sizes.add(m.getWorkload() == null ? 0 : m.getWorkload().getPayloadBytes());
        }
        return List.copyOf(sizes);
    }

    private static OptionPlan options(Configuration configuration, Process process) {
        Map<String, List<String>> svcConf = new LinkedHashMap<>();
        List<String> orbArgs = new ArrayList<>();
        Map<String, String> configFile = new LinkedHashMap<>();
        Map<String, String> environment = new LinkedHashMap<>();
        Map<String, String> macros = new LinkedHashMap<>();
        if (configuration != null && (configuration.getProcesses().isEmpty() || configuration.getProcesses().contains(process))) {
            for (OptionSetting s : configuration.getSettings()) {
                OptionDefinition o = s.getOption();
                String key = o.getKey() == null || o.getKey().isEmpty() ? o.getName() : o.getKey();
                switch (o.getLanding()) {
                case SVC_CONF -> {
                    List<String> args = svcConf.computeIfAbsent(o.getFactory() == null ? "Resource_Factory" : o.getFactory(),
                            f -> new ArrayList<>());
                    args.add(key);
                    args.add(s.getValue());
                }
                case ORB_ARGUMENT -> {
                    orbArgs.add(key);
                    orbArgs.add(s.getValue());
                }
                case CONFIG_FILE -> configFile.put(key, s.getValue());
                case ENVIRONMENT -> environment.put(key, s.getValue());
                case COMPILE_MACRO -> macros.put(key, s.getValue());
                default -> throw new IllegalStateException("unknown landing " + o.getLanding());
                }
            }
        }
        return new OptionPlan(svcConf, orbArgs, configFile, environment, macros);
    }

    private static <T extends EObject> T pick(List<T> candidates, String name, String what) {
        if (name == null) {
            return candidates.isEmpty() ? null : candidates.get(0);
        }
        for (T t : candidates) {
            if (name.equals(((org.bgml.model.NamedElement) t).getName())) {
                return t;
            }
        }
        throw new IllegalArgumentException("the model has no " + what + " named '" + name + "'");
    }

}
