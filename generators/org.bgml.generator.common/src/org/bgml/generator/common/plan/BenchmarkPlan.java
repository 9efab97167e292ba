package org.bgml.generator.common.plan;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import org.bgml.model.BenchmarkModel;
import org.bgml.model.Deployment;
import org.bgml.model.Entity;
import org.bgml.model.Node;
import org.bgml.model.Process;
import org.bgml.model.Receptacle;
import org.bgml.model.io.ElementPaths;

/**
 * Everything a target's templates need, computed once from the model, the chosen deployment and the chosen
 * configuration. Templates read this; they never decide placement, order or options themselves. The plan is
 * immutable, so the lookups templates make per process, entity or port are indexed once here rather than
 * searched for each time (a generation asks them once per element: a search would make it quadratic).
 */
public final class BenchmarkPlan {
    private final BenchmarkModel model;
    private final Deployment deployment;
    private final String configuration;
    private final List<ProcessPlan> processes;
    private final List<InvocationPlan> invocations;
    private final List<EventPlan> events;
    private final Map<String, ProcessPlan> processByName = new LinkedHashMap<>();
    private final Map<String, Process> processElements;
    private final List<ServantPlan> servants;
    private final Map<Entity, List<InvocationPlan>> invocationsByClient = new LinkedHashMap<>();
    private final Map<Entity, List<InvocationPlan>> invocationsByServer = new LinkedHashMap<>();
    private final Map<String, List<InvocationPlan>> invocationsByServerProcess = new LinkedHashMap<>();
    private final Map<Receptacle, List<InvocationPlan>> invocationsByReceptacle = new LinkedHashMap<>();
    private final Map<Entity, List<EventPlan>> eventsBySupplier = new LinkedHashMap<>();
    /** What targets derive from this plan, by key, each computed on first use (see {@link #derived}). */
    private final Map<Object, Object> derived = new ConcurrentHashMap<>();

    /**
     * @param deployment      the deployment planned, or null for a model without one
     * @param processElements the deployment's process element of each planned process, by the plan's process name
     *                        (which is qualified with the node's name where two nodes use one name)
     */
    public BenchmarkPlan(BenchmarkModel model, Deployment deployment, String configuration, List<ProcessPlan> processes,
            List<InvocationPlan> invocations, List<EventPlan> events, Map<String, Process> processElements) {
        this.model = model;
        this.deployment = deployment;
        this.processElements = Map.copyOf(processElements);
        this.configuration = configuration;
        this.processes = List.copyOf(processes);
        this.invocations = List.copyOf(invocations);
        this.events = List.copyOf(events);
        List<ServantPlan> all = new ArrayList<>();
        for (ProcessPlan p : this.processes) {
            processByName.putIfAbsent(p.name(), p);
            all.addAll(p.servants());
        }
        this.servants = List.copyOf(all);
        for (InvocationPlan i : this.invocations) {
            invocationsByClient.computeIfAbsent(i.client(), k -> new ArrayList<>()).add(i);
            invocationsByServer.computeIfAbsent(i.server(), k -> new ArrayList<>()).add(i);
            invocationsByServerProcess.computeIfAbsent(i.serverProcess(), k -> new ArrayList<>()).add(i);
            invocationsByReceptacle.computeIfAbsent(i.receptacle(), k -> new ArrayList<>()).add(i);
        }
        for (EventPlan e : this.events) {
            eventsBySupplier.computeIfAbsent(e.supplier(), k -> new ArrayList<>()).add(e);
        }
    }

    /**
     * The same model, deployment and configuration with other processes, invocations and events (a target's view
     * of the plan that leaves some metrics out); the process elements stay those of this plan.
     */
    public BenchmarkPlan with(List<ProcessPlan> otherProcesses, List<InvocationPlan> otherInvocations, List<EventPlan> otherEvents) {
        return new BenchmarkPlan(model, deployment, configuration, otherProcesses, otherInvocations, otherEvents, processElements);
    }

    public BenchmarkModel model() {
        return model;
    }

    /** The name of the deployment planned; null for a model without deployments. */
    public String deployment() {
        return deployment == null ? null : deployment.getName();
    }

    /**
     * The deployment planned (the one named, or the model's first): the one lookup of "the deployment this plan or
     * run uses" for every target and the manifest; null for a model without deployments.
     */
    public Deployment deploymentElement() {
        return deployment;
    }

    /** The deployment's element of the planned process of that name; null without a deployment or for another name. */
    public Process processElement(String processName) {
        return processElements.get(processName);
    }

    /** The model node the planned process of that name runs on; null without a deployment or for another name. */
    public Node nodeOf(String processName) {
        Process p = processElements.get(processName);
        return p == null ? null : (Node) p.eContainer();
    }

    /**
     * How result files and stored runs name a process: the element path of its process element
     * ({@code deployment/node/process}), or the plan's name where there is none (a model without deployments).
     */
    public String processPath(String processName) {
        Process p = processElements.get(processName);
        return p == null ? processName : ElementPaths.pathOf(p);
    }

    public String configuration() {
        return configuration;
    }

    /** In start order: pure servers first, then processes that serve and drive, then pure clients. */
    public List<ProcessPlan> processes() {
        return processes;
    }

    public List<InvocationPlan> invocations() {
        return invocations;
    }

    public List<EventPlan> events() {
        return events;
    }

    /** The process of that name, or null. */
    public ProcessPlan findProcess(String name) {
        return processByName.get(name);
    }

    public ProcessPlan process(String name) {
        ProcessPlan p = processByName.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no process " + name);
        }
        return p;
    }

    /** Every servant, process by process in start order. */
    public List<ServantPlan> servants() {
        return servants;
    }

    /** The invocations whose client is {@code client}, in plan order. */
    public List<InvocationPlan> invocationsFrom(Entity client) {
        return Collections.unmodifiableList(invocationsByClient.getOrDefault(client, List.of()));
    }

    /** The invocations whose server is {@code server}, in plan order. */
    public List<InvocationPlan> invocationsTo(Entity server) {
        return Collections.unmodifiableList(invocationsByServer.getOrDefault(server, List.of()));
    }

    /** The invocations whose server runs in the process named {@code process}, in plan order. */
    public List<InvocationPlan> invocationsServedBy(String process) {
        return Collections.unmodifiableList(invocationsByServerProcess.getOrDefault(process, List.of()));
    }

    /** The invocations (connections) through one receptacle, in plan order. */
    public List<InvocationPlan> invocationsThrough(Receptacle receptacle) {
        return Collections.unmodifiableList(invocationsByReceptacle.getOrDefault(receptacle, List.of()));
    }

    /** The event connections whose supplier is {@code supplier}, in plan order. */
    public List<EventPlan> eventsFrom(Entity supplier) {
        return Collections.unmodifiableList(eventsBySupplier.getOrDefault(supplier, List.of()));
    }

    /**
     * The event chains of this plan ({@link ChainPlan#of(BenchmarkPlan)}), computed once like any other
     * {@link #derived} view: templates ask for them per process, and each computation walks the whole model.
     */
    ChainPlan chains() {
        return derived(ChainPlan.class, ChainPlan::compute);
    }

    /**
     * A view a target derives from this plan alone, computed once per plan: templates ask for such views per
     * process or per element, and each computation walks the whole plan. {@code key} names the view (a constant
     * of the target); {@code compute} must give the same value every time, since a value computed twice at once
     * is kept only once.
     */
    @SuppressWarnings("unchecked")
    public <T> T derived(Object key, Function<BenchmarkPlan, T> compute) {
        Object value = derived.get(key);
        if (value == null) {
            value = compute.apply(this);
            Object first = derived.putIfAbsent(key, value);
            if (first != null) {
                value = first;
            }
        }
        return (T) value;
    }

    @Override
    public String toString() {
        return "BenchmarkPlan[model=" + model.getName() + ", deployment=" + deployment() + ", configuration=" + configuration
                + ", processes=" + processes.size() + ", invocations=" + invocations.size() + ", events=" + events.size() + "]";
    }
}
