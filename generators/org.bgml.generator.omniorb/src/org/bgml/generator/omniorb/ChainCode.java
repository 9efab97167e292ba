package org.bgml.generator.omniorb;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.Connection;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.Facet;
import org.bgml.model.Metric;
import org.bgml.model.MissedDeadlines;
import org.bgml.model.Operation;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.model.Workload;
import org.bgml.model.io.ElementPaths;

/**
 * The C++ of event chains in one omniORB process main: a {@code bgml::PortChain} per facet or sink that
 * runs actions or ends a path (with its path ends), one sender per source or receptacle the
 * actions send on (resolving its peers on first use), and the rate generator loop of each timer source. Ids and
 * routes come from the {@link ChainPlan}, so they agree with every other target.
 */
public class ChainCode {
    /** How long a rate generator waits after its last tick so that the chain drains before teardown. */
    static final int DRAIN_MILLIS = 300;

    private final OmniOrbNaming naming;
    private final OmniOrbTypes types;
    private final CallCode calls;
    private final BenchmarkLayout layout;
    private final ChainPlan chains;

    public ChainCode(OmniOrbNaming naming, OmniOrbTypes types, BenchmarkLayout layout) {
        this.naming = naming;
        this.types = types;
        this.calls = new CallCode(types, naming);
        this.layout = layout;
        this.chains = ChainPlan.of(layout.plan());
    }

    /** The model has actions, timers or paths: the generated code carries stamps. */
    public static boolean active(BenchmarkLayout layout) {
        return !ChainPlan.of(layout.plan()).isEmpty();
    }

    /**
     * Refuses what this target cannot run yet, naming the element: a path whose end cannot be reached, a path
     * starting at an event connection (it starts at a timer source or at a client's calls), a timer source whose
     * connections also carry metric loops.
     */
    public void check() {
        for (ChainPlan.Path p : chains.paths()) {
            if (!p.reachable()) {
                throw new UnsupportedModelException(ElementPaths.pathOf(p.metric()) + ": the end "
                        + ElementPaths.pathOf(p.end()) + " cannot be reached from " + p.origin().name()
                        + " through connections and behaviour actions");
            }
            if (p.origin().timerSource() == null && !p.fromCalls()) {
                throw new UnsupportedModelException(ElementPaths.pathOf(p.metric())
                        + ": on omniorb a path starts at a timer event source or at a client's calls through a receptacle; "
                        + p.origin().name() + " is neither");
            }
            if (p.fromCalls() && p.operation() == null) {
                throw new UnsupportedModelException(ElementPaths.pathOf(p.metric()) + ": " + p.origin().name()
                        + " has no operation to call");
            }
        }
        for (EventPlan e : layout.plan().events()) {
            if (e.source().getTimer() != null && e.metrics().stream()
                    .anyMatch(m -> !(m.metric() instanceof PathLatency) && !(m.metric() instanceof MissedDeadlines))) {
                throw new UnsupportedModelException(ElementPaths.pathOf(e.connection())
                        + ": its source is a timer, which publishes by itself; put metrics on a PathLatency instead");
            }
        }
    }

    /** The process holds a port chain, a sender, a timer or the calls that start a path. */
    public boolean usedBy(ProcessLayout p) {
        return !chainPorts(p).isEmpty() || drivesPaths(p);
    }

    /** The process starts paths: it has a timer source, or makes the calls a path starts at. */
    public boolean drivesPaths(ProcessLayout p) {
        return !timers(p).isEmpty() || !callPaths(p).isEmpty();
    }

    /** The paths whose origin is calls that {@code p} makes, in model order. */
    public List<ChainPlan.Path> callPaths(ProcessLayout p) {
        return chains.callPaths(p.plan().entities());
    }

    // ---- setup (after activation, before readiness) ----------------------------------------------------------

    /** Port chains, recorders and senders of process {@code p}. */
    public String setup(ProcessLayout p) {
        List<String> lines = new ArrayList<>();
        lines.add("// Event chains: stamps travel in requests (interceptors) and in event envelopes.");
        lines.add("bgml_omniorb::install_path_interceptors();");
        Set<Connection> declared = new LinkedHashSet<>();
        for (Port on : sendPorts(p)) {
            lines.addAll(sender(p, on, declared));
        }
        for (ChainPlan.Path path : callPaths(p)) {
            lines.addAll(originSender(path, declared));
        }
        for (Port port : chainPorts(p)) {
            Entity e = (Entity) port.eContainer();
            String v = chainVariable(port);
            ChainPlan.Segment actionSegment = chains.actionSegment(port);
            lines.add("bgml::PortChain* " + v + " = new bgml::PortChain("
                    + CppText.literal(ElementPaths.pathOf(port)) + ", " + (actionSegment == null ? 0 : actionSegment.id())
                    + ", bgml_omniorb::exception_text); // lives as long as the process");
            List<ChainPlan.Path> ending = chains.pathsEndingAt(port);
            for (ChainPlan.Path path : ending) {
                lines.addAll(pathEnd(path, v));
            }
            if (!ending.isEmpty()) {
                lines.add("process.add_results([" + v + "]() { return " + v + "->measurements(); });");
            }
            for (Action a : ChainPlan.actions(port)) {
                String hop = a.getHopLimit() + "u";
                if (a.getKind() == ActionKind.BUSY_WORK) {
                    lines.add(v + "->add_busy_work(" + a.getMicros() + ", " + hop + ");");
                } else if (ChainPlan.sendsOn(a) != null && !chains.connectionsFrom(ChainPlan.sendsOn(a)).isEmpty()) {
                    lines.add(v + "->add_send(" + senderVariable(ChainPlan.sendsOn(a), operation(a)) + ", " + hop + ");");
                }
            }
            if (port instanceof Facet f) {
                for (ServantPlan s : p.servants()) {
                    if (s.facet() == f) {
                        lines.add(naming.servantVariable(e, f) + "->" + (s.isComponent() ? "executor_impl()." : "")
                                + "set_chain(" + v + ");");
                    }
                }
            } else {
                for (ProcessLayout.Consumer c : p.consumers()) {
                    if (c.event().sink() == port) {
                        lines.add(naming.consumerVariable(e, (EventSink) port, c.event().connection()) + "->set_chain(" + v + ");");
                    }
                }
            }
        }
        return String.join("\n", lines);
    }

    private List<String> pathEnd(ChainPlan.Path path, String chain) {
        PathLatency m = path.metric();
        List<String> lines = new ArrayList<>();
        lines.add("// " + ElementPaths.pathOf(m) + ": " + path.origin().name() + " -> " + ElementPaths.pathOf(path.end())
                + ", " + path.segments().size() + " segments" + (path.oneHost() ? "" : " (" + path.clockNote() + ")"));
        lines.add(chain + "->add_path(" + CppText.literal(ElementPaths.pathOf(m)) + ", " + path.origin().id() + ",");
        lines.add("    std::vector<std::uint32_t>{ " + path.segmentIds().stream().map(String::valueOf).collect(Collectors.joining(", "))
                + " },");
        lines.add("    std::vector<std::string>{ " + CppText.literals(path.segmentNames()) + " },");
        lines.add("    " + path.warmup() + ", " + path.samples() + ");");
        if (!path.oneHost()) {
            lines.add("process.add_label(" + CppText.literal("clock " + ElementPaths.pathOf(m)) + ", " + CppText.literal(path.clockNote()) + ");");
        }
        return lines;
    }

    /** The sender of a source (publish) or a receptacle (call of one operation) on each of its connections. */
    private List<String> sender(ProcessLayout p, Port on, Set<Connection> declared) {
        List<String> lines = new ArrayList<>();
        if (on instanceof EventSource s) {
            List<EventPlan> events = layout.plan().events().stream().filter(e -> e.source() == s).toList();
            for (EventPlan e : events) {
                lines.add(pushTarget(p, e));
            }
            String envelope = naming.envelopeCppName(s.getEventType());
            lines.add("bgml::Sender " + senderVariable(s, null) + " = [=](const bgml::PathStamp& stamp) {");
            for (EventPlan e : events) {
                lines.add("  {");
                lines.add("    " + envelope + " event;");
                lines.add("    event.sendTimeNs = bgml::now_ns();");
                lines.add("    event.stream = 0xffffffffu; // no metric stream: the path carries the figures");
                lines.add("    event.warmup = true;");
                lines.add("    event.last = false;");
                lines.add("    bgml_omniorb::encode(stamp, " + chains.segment(e.connection()).id() + ", event.path);");
                lines.add("    ::CORBA::Any data;");
                lines.add("    data <<= event;");
                lines.add("    " + targetVariable(e.connection().getName()) + "->get()->push(data);");
                lines.add("  }");
            }
            lines.add("};");
        } else if (on instanceof Receptacle r) {
            List<InvocationPlan> invocations = layout.plan().invocationsThrough(r);
            for (InvocationPlan i : invocations) {
                if (declared.add(i.connection())) {
                    lines.add(callTarget(i));
                }
            }
            for (Operation op : operationsCalled(p, r)) {
                lines.addAll(callSender(senderVariable(r, op), op, invocations));
            }
        }
        return lines;
    }

    /** The sender of a path from calls: the metric's operation over the origin's connections, stamp set. */
    private List<String> originSender(ChainPlan.Path path, Set<Connection> declared) {
        List<String> lines = new ArrayList<>();
        List<Connection> over = chains.callConnections(path.origin());
        List<InvocationPlan> invocations = layout.plan().invocations().stream().filter(i -> over.contains(i.connection())).toList();
        for (InvocationPlan i : invocations) {
            if (declared.add(i.connection())) {
                lines.add(callTarget(i));
            }
        }
        lines.addAll(callSender(originVariable(path.metric()), path.operation(), invocations));
        return lines;
    }

    /** A sender that calls {@code op} once on each invocation, each call carrying the stamp to its connection. */
    private List<String> callSender(String variable, Operation op, List<InvocationPlan> invocations) {
        List<String> lines = new ArrayList<>();
        lines.add("bgml::Sender " + variable + " = [=](const bgml::PathStamp& stamp) {");
        for (InvocationPlan i : invocations) {
            lines.add("  {");
            lines.add("    bgml::CallScope scope(stamp, " + chains.segment(i.connection()).id() + ");");
            lines.add("    const bgml_omniorb::OneThread loop;");
            lines.add("    const std::size_t t = 0;");
            lines.add("    const std::uint64_t start = bgml::now_ns();");
            lines.add("    (void) loop;");
            lines.add("    (void) t;");
            lines.add("    (void) start;");
            for (String line : calls.prepare(op, null)) {
                lines.add("    " + line);
            }
            lines.add("    " + naming.cppName(i.iface()) + "_ptr ref = " + targetVariable(i.connection().getName()) + "->get();");
            for (String line : calls.invoke(op, "ref")) {
                lines.add("    " + line);
            }
            lines.add("  }");
        }
        lines.add("};");
        return lines;
    }

    private String pushTarget(ProcessLayout p, EventPlan e) {
        String type;
        String resolve;
        if (e.channel() != null) {
            type = "CosEventChannelAdmin::ProxyPushConsumer";
            resolve = "bgml_omniorb::connect_supplier(" + naming.channelVariable(e.channel()) + ".in())";
        } else if (e.collocated()) {
            type = "CosEventComm::PushConsumer";
            resolve = "CosEventComm::PushConsumer::_narrow("
                    + naming.consumerVariable(e.consumer(), e.sink(), e.connection()) + "_ref.in())";
        } else {
            type = "CosEventComm::PushConsumer";
            resolve = "process.resolve<CosEventComm::PushConsumer>("
                    + CppText.literal(naming.consumerIorFile(e.consumer(), e.sink(), e.connection())) + ")";
        }
        return "bgml_omniorb::Lazy<" + type + ">* " + targetVariable(e.connection().getName()) + " = new bgml_omniorb::Lazy<"
                + type + ">([&]() { return " + resolve + "; }); // " + e.connection().getName() + ", resolved on first use";
    }

    private String callTarget(InvocationPlan i) {
        String iface = naming.cppName(i.iface());
        String resolve = i.collocated() ? iface + "::_narrow(" + naming.objectVariable(i.server(), i.facet()) + ".in())"
                : "process.resolve<" + iface + ">(" + CppText.literal(i.servant().iorFile()) + ")";
        return "bgml_omniorb::Lazy<" + iface + ">* " + targetVariable(i.connection().getName()) + " = new bgml_omniorb::Lazy<"
                + iface + ">([&]() { return " + resolve + "; }); // " + i.connection().getName() + ", resolved on first use";
    }

    // ---- timers (after the start line) -----------------------------------------------------------------------

    /** The rate generator loops of process {@code p}, one after the other. */
    public String timerLoops(ProcessLayout p) {
        List<String> lines = new ArrayList<>();
        for (EventSource s : timers(p)) {
            Workload w = s.getTimer();
            ChainPlan.Origin origin = chains.originOf(s);
            long count = w.getIterations() > 0 ? w.getIterations() : w.getDurationMillis() > 0 ? 0 : 1;
            lines.add("{");
            lines.add("  // " + ElementPaths.pathOf(s) + ": rate generator at " + CppText.number(w.getRateHz()) + " Hz, "
                    + (w.getIterations() > 0 ? w.getIterations() + " ticks" : w.getDurationMillis() + " ms")
                    + "; each tick starts a path (origin " + origin.id() + ")");
            lines.add("  bgml_omniorb::LoopResult loop(process.spec(0, " + count + ", 1, " + CppText.number(w.getRateHz()) + ", 0, "
                    + (w.getIterations() > 0 ? 0 : w.getDurationMillis()) + ", " + w.getPreDelayMillis() + ", 0));");
            lines.add("  bgml::PathStamp stamp;");
            lines.add("  bgml_omniorb::run_loop(loop, [&](std::size_t, std::uint64_t) {");
            lines.add("    stamp.begin(" + origin.id() + "); // the publication, not its scheduled time, starts the path");
            lines.add("    " + senderVariable(s, null) + "(stamp);");
            lines.add("  });");
            for (Metric m : layout.plan().model().getMetrics()) {
                if (m instanceof MissedDeadlines && m.getPort() == s) {
                    lines.add("  process.report(loop, \"missedDeadlines\", " + CppText.literal(ElementPaths.pathOf(m)) + ", "
                            + CppText.literal(ElementPaths.pathOf(s)) + ", " + CppText.literal(ElementPaths.pathOf(s.getEventType()))
                            + ", 0);");
                }
            }
            lines.add("  std::printf(\"%s " + ElementPaths.pathOf(s).replace("%", "%%")
                    + ": %llu ticks, %llu missed deadlines\\n\", process.name(), static_cast<unsigned long long>(loop.calls), static_cast<unsigned long long>(loop.missed));");
            lines.add("  std::fflush(stdout);");
            lines.add("  bgml::sleep_ms(" + (DRAIN_MILLIS + w.getPostDelayMillis()) + "); // the chain drains before teardown stops its processes");
            lines.add("}");
        }
        for (ChainPlan.Path path : callPaths(p)) {
            lines.addAll(callLoop(path));
        }
        return String.join("\n", lines);
    }

    /**
     * The calls that start a path from a client's calls: the metric's own loop, after the process's black-box
     * loops (which carry no stamp): its warm-up calls, then its timed ones, at its workload's rate, one thread.
     * Each call is stamped at its start and carries the stamp in its request.
     */
    private List<String> callLoop(ChainPlan.Path path) {
        PathLatency m = path.metric();
        Workload w = m.getWorkload();
        List<String> lines = new ArrayList<>();
        lines.add("{");
        lines.add("  // " + ElementPaths.pathOf(m) + ": calls of " + path.origin().name() + " (" + ElementPaths.pathOf(path.operation())
                + ") start the path (origin " + path.origin().id() + "): " + path.warmup() + " warm-up and " + path.samples()
                + " timed calls, " + (path.rateHz() > 0 ? CppText.number(path.rateHz()) + " Hz" : "back to back"));
        lines.add("  bgml_omniorb::LoopResult loop(process.spec(" + path.warmup() + ", " + path.samples() + ", 1, "
                + CppText.number(path.rateHz()) + ", 0, 0, " + (w == null ? 0 : w.getPreDelayMillis()) + ", 0));");
        lines.add("  bgml::PathStamp stamp;");
        lines.add("  bgml_omniorb::run_loop(loop, [&](std::size_t, std::uint64_t) {");
        lines.add("    stamp.begin(" + path.origin().id() + "); // the call's start starts the path");
        lines.add("    " + originVariable(m) + "(stamp);");
        lines.add("  });");
        lines.add("  std::printf(\"%s " + ElementPaths.pathOf(m).replace("%", "%%")
                + ": %llu calls started the path\\n\", process.name(), static_cast<unsigned long long>(loop.calls));");
        lines.add("  std::fflush(stdout);");
        lines.add("  bgml::sleep_ms(" + (DRAIN_MILLIS + (w == null ? 0 : w.getPostDelayMillis()))
                + "); // what the last call sent on drains before teardown stops the chain");
        lines.add("}");
        return lines;
    }

    // ---- what a process holds --------------------------------------------------------------------------------

    /** Channels the chain publications of {@code p} go through, each once. */
    public List<String> channels(ProcessLayout p) {
        Set<String> names = new LinkedHashSet<>();
        for (Port on : sendPorts(p)) {
            for (EventPlan e : layout.plan().events()) {
                if (e.source() == on && e.channel() != null) {
                    names.add(e.channel());
                }
            }
        }
        return List.copyOf(names);
    }

    /** Facets and sinks of {@code p}'s entities with actions or ending a path, in model order. */
    public List<Port> chainPorts(ProcessLayout p) {
        List<Port> ports = new ArrayList<>();
        for (Entity e : p.plan().entities()) {
            for (Port port : e.getPorts()) {
                if ((port instanceof Facet || port instanceof EventSink)
                        && (!ChainPlan.actions(port).isEmpty() || !chains.pathsEndingAt(port).isEmpty())) {
                    ports.add(port);
                }
            }
        }
        return ports;
    }

    /** Timer sources of {@code p}'s entities with at least one connection. */
    public List<EventSource> timers(ProcessLayout p) {
        List<EventSource> timers = new ArrayList<>();
        for (Entity e : p.plan().entities()) {
            for (Port port : e.getPorts()) {
                if (port instanceof EventSource s && s.getTimer() != null && !chains.connectionsFrom(s).isEmpty()) {
                    timers.add(s);
                }
            }
        }
        return timers;
    }

    /** Sources and receptacles some action or timer of {@code p} sends on, in model order, each once. */
    private List<Port> sendPorts(ProcessLayout p) {
        Set<Port> ports = new LinkedHashSet<>();
        for (Entity e : p.plan().entities()) {
            for (Port port : e.getPorts()) {
                for (Action a : ChainPlan.actions(port)) {
                    Port on = ChainPlan.sendsOn(a);
                    if (on != null && !chains.connectionsFrom(on).isEmpty()) {
                        ports.add(on);
                    }
                }
            }
        }
        ports.addAll(timers(p));
        return List.copyOf(ports);
    }

    /** The operations actions of {@code p} call through {@code r}, each once. */
    private List<Operation> operationsCalled(ProcessLayout p, Receptacle r) {
        Set<Operation> ops = new LinkedHashSet<>();
        for (Entity e : p.plan().entities()) {
            for (Port port : e.getPorts()) {
                for (Action a : ChainPlan.actions(port)) {
                    if (ChainPlan.sendsOn(a) == r) {
                        ops.add(operation(a));
                    }
                }
            }
        }
        return List.copyOf(ops);
    }

    /** The operation an action calls: its own, else the interface's first. */
    private Operation operation(Action a) {
        if (a.getKind() == ActionKind.PUBLISH) {
            return null;
        }
        if (a.getOperation() != null) {
            return a.getOperation();
        }
        List<Operation> all = IdlTypes.allOperations(a.getReceptacle().getInterface());
        if (all.isEmpty()) {
            throw new UnsupportedModelException(ElementPaths.pathOf(a.getReceptacle()) + ": its interface has no operation to call");
        }
        return all.get(0);
    }

    // ---- names -----------------------------------------------------------------------------------------------

    private String chainVariable(Port port) {
        return "chain_" + ((Entity) port.eContainer()).getName() + "_" + port.getName();
    }

    private String senderVariable(Port on, Operation op) {
        String base = "send_" + ((Entity) on.eContainer()).getName() + "_" + on.getName();
        return op == null ? base : base + "_" + op.getName();
    }

    private static String originVariable(PathLatency m) {
        return "origin_" + m.getName();
    }

    private static String targetVariable(String connection) {
        return "target_" + connection;
    }
}
