package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.generator.tao.TaoMainSteps.CallKind;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.EventChannel;
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
 * Event chains on TAO: behaviour actions, rate generators and end-to-end paths. Ids and routes come from the
 * common {@link ChainPlan}, so a stamp means the same in every process and on every target. Per process it writes
 * a {@code bgml_tao::Port_Chain} for each facet or sink that runs actions or ends a path (with its
 * {@code bgml::PathRecorder}s), one sender per source or receptacle the actions send on (resolving its peers on
 * first use, a channel's proxy at set-up), and the rate generator loop of each timer source. The stamp travels in
 * the events' timed wrapper and, in calls, in a request service context (portable interceptors,
 * {@code cpp/bgml_tao_chain.h}).
 */
public class TaoChains {
    /** The header every process of a chained benchmark includes. */
    public static final String HEADER = "bgml_tao_chain.h";
    /** How long a rate generator waits after its last tick so that the chain drains before teardown. */
    static final int DRAIN_MILLIS = 300;

    private final BenchmarkPlan plan;
    private final ChainPlan chains;
    private final TaoNaming naming;
    private final TaoTypes types;
    private final TaoCalls calls;

    public TaoChains(BenchmarkPlan plan, TaoNaming naming, TaoTypes types, TaoCalls calls) {
        this.plan = plan;
        this.chains = ChainPlan.of(plan);
        this.naming = naming;
        this.types = types;
        this.calls = calls;
    }

    /** The model has actions, timers or paths: the generated code carries stamps. */
    public boolean active() {
        return !chains.isEmpty();
    }

    public ChainPlan plan() {
        return chains;
    }

    /**
     * Refuses what this target cannot run yet, naming the element: a path whose end cannot be reached, a path
     * starting at an event connection (it starts at a timer source or at a client's calls), a timer source whose
     * connections also carry metric loops.
     */
    public void check() {
        for (ChainPlan.Path p : chains.paths()) {
            if (!p.reachable()) {
                throw new IllegalArgumentException("tao: " + ElementPaths.pathOf(p.metric()) + ": the end "
                        + ElementPaths.pathOf(p.end()) + " cannot be reached from " + p.origin().name()
                        + " through connections and behaviour actions");
            }
            if (p.origin().timerSource() == null && !p.fromCalls()) {
                throw new IllegalArgumentException("tao: " + ElementPaths.pathOf(p.metric())
                        + ": on tao a path starts at a timer event source or at a client's calls through a receptacle; "
                        + p.origin().name() + " is neither");
            }
            if (p.fromCalls() && p.operation() == null) {
                throw new IllegalArgumentException("tao: " + ElementPaths.pathOf(p.metric()) + ": " + p.origin().name()
                        + " has no operation to call");
            }
        }
        for (EventPlan e : plan.events()) {
            if (e.source().getTimer() != null && e.metrics().stream()
                    .anyMatch(m -> !(m.metric() instanceof PathLatency) && !(m.metric() instanceof MissedDeadlines))) {
                throw new IllegalArgumentException("tao: " + ElementPaths.pathOf(e.connection())
                        + ": its source is a timer, which publishes by itself; put metrics on a PathLatency instead");
            }
        }
    }

    // ---- the plan the metric loops see -------------------------------------------------------------------------

    /**
     * The same plan with only the metrics that connections' own loops measure: no end-to-end paths (their origin
     * sends as the chain's actions say) and nothing on a timer source, which publishes by itself.
     */
    public static BenchmarkPlan loopPlan(BenchmarkPlan plan) {
        List<InvocationPlan> invocations = plan.invocations().stream().map(TaoChains::loopInvocation).toList();
        List<EventPlan> events = plan.events().stream().map(TaoChains::loopEvent).toList();
        List<ProcessPlan> processes = new ArrayList<>();
        for (ProcessPlan p : plan.processes()) {
            processes.add(new ProcessPlan(p.name(), p.host(), p.cpus(), p.entities(), p.servants(),
                    p.invocations().stream().map(TaoChains::loopInvocation).toList(),
                    p.supplies().stream().map(TaoChains::loopEvent).toList(),
                    p.consumes().stream().map(TaoChains::loopEvent).toList(), p.readsIors(), p.options(), p.resultFile()));
        }
        return plan.with(processes, invocations, events);
    }

    private static InvocationPlan loopInvocation(InvocationPlan i) {
        return new InvocationPlan(i.connection(), i.client(), i.receptacle(), i.server(), i.facet(), i.servant(),
                i.clientProcess(), i.serverProcess(), loopMetrics(i.metrics(), null));
    }

    private static EventPlan loopEvent(EventPlan e) {
        return new EventPlan(e.connection(), e.supplier(), e.source(), e.consumer(), e.sink(), e.channel(), e.supplierProcess(),
                e.consumerProcess(), loopMetrics(e.metrics(), e.source()));
    }

    private static List<MetricPlan> loopMetrics(List<MetricPlan> metrics, EventSource source) {
        if (source != null && source.getTimer() != null) {
            return List.of();
        }
        return metrics.stream().filter(m -> !(m.metric() instanceof PathLatency)).toList();
    }

    // ---- what a process holds ----------------------------------------------------------------------------------

    /** The process holds a port chain, a sender, a timer or the calls that start a path. */
    public boolean usedBy(ProcessPlan p) {
        return active() && (!chainPorts(p).isEmpty() || drivesPaths(p));
    }

    /** The process starts paths: it has a timer source, or makes the calls a path starts at. */
    public boolean drivesPaths(ProcessPlan p) {
        return !timers(p).isEmpty() || !callPaths(p).isEmpty();
    }

    /** The paths whose origin is calls {@code p} makes (the metric's own loop), in model order. */
    public List<ChainPlan.Path> callPaths(ProcessPlan p) {
        return chains.callPaths(p.entities());
    }

    /** The invocations the calls that start a path go over. */
    private List<InvocationPlan> callInvocations(ChainPlan.Path path) {
        List<Connection> over = chains.callConnections(path.origin());
        return plan.invocations().stream().filter(i -> over.contains(i.connection())).toList();
    }

    /** Facets and sinks of {@code p}'s entities with actions or ending a path, in model order. */
    public List<Port> chainPorts(ProcessPlan p) {
        List<Port> ports = new ArrayList<>();
        for (Entity e : p.entities()) {
            for (Port port : e.getPorts()) {
                if ((port instanceof Facet || port instanceof EventSink)
                        && (!ChainPlan.actions(port).isEmpty() || !chains.pathsEndingAt(port).isEmpty())) {
                    ports.add(port);
                }
            }
        }
        return ports;
    }

    /** Paths that end in {@code p}: its result file gets them once the ORB has stopped. */
    public List<ChainPlan.Path> pathsEndingIn(ProcessPlan p) {
        List<ChainPlan.Path> paths = new ArrayList<>();
        for (Port port : chainPorts(p)) {
            paths.addAll(chains.pathsEndingAt(port));
        }
        return paths;
    }

    /** Timer sources of {@code p}'s entities with at least one connection. */
    public List<EventSource> timers(ProcessPlan p) {
        List<EventSource> timers = new ArrayList<>();
        for (Entity e : p.entities()) {
            for (Port port : e.getPorts()) {
                if (port instanceof EventSource s && s.getTimer() != null && !chains.connectionsFrom(s).isEmpty()) {
                    timers.add(s);
                }
            }
        }
        return timers;
    }

    /** Sources and receptacles some action or timer of {@code p} sends on, in model order, each once. */
    public List<Port> sendPorts(ProcessPlan p) {
        Set<Port> ports = new LinkedHashSet<>();
        for (Entity e : p.entities()) {
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

    /** An invocation some action calls through: its server must be up, and is stopped after the caller. */
    public boolean chainCalled(InvocationPlan i) {
        for (ChainPlan.Path path : chains.paths()) {
            if (path.fromCalls() && chains.callConnections(path.origin()).contains(i.connection())) {
                return true;
            }
        }
        for (Entity e : List.of(i.client())) {
            for (Port port : e.getPorts()) {
                for (Action a : ChainPlan.actions(port)) {
                    if (ChainPlan.sendsOn(a) == i.receptacle()) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** A supply whose source the chain sends on (a timer or a publish action): pushed by the chain only. */
    public boolean chainSupplied(EventPlan e) {
        if (e.source().getTimer() != null) {
            return true;
        }
        for (Port port : e.supplier().getPorts()) {
            for (Action a : ChainPlan.actions(port)) {
                if (ChainPlan.sendsOn(a) == e.source()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The call structs the chain's call actions of {@code p} use, each (connection, operation) once. */
    public List<CallKind> callKinds(ProcessPlan p) {
        List<CallKind> kinds = new ArrayList<>();
        for (Port on : sendPorts(p)) {
            if (on instanceof Receptacle r) {
                for (Operation op : operationsCalled(p, r)) {
                    for (InvocationPlan i : plan.invocationsThrough(r)) {
                        kinds.add(new CallKind(i, op));
                    }
                }
            }
        }
        for (ChainPlan.Path path : callPaths(p)) {
            for (InvocationPlan i : callInvocations(path)) {
                kinds.add(new CallKind(i, path.operation()));
            }
        }
        return kinds;
    }

    /** Milliseconds the rate generators of {@code p} run, for its time limit. */
    public long timerMillis(ProcessPlan p) {
        long millis = 0;
        for (EventSource s : timers(p)) {
            Workload w = s.getTimer();
            double seconds = w.getIterations() > 0 && w.getRateHz() > 0 ? w.getIterations() / w.getRateHz() : 0;
            millis += Math.round(seconds * 1000) + w.getDurationMillis() + w.getPreDelayMillis() + w.getPostDelayMillis()
                    + DRAIN_MILLIS;
        }
        for (ChainPlan.Path path : callPaths(p)) {
            double seconds = path.rateHz() > 0 ? (path.warmup() + path.samples()) / path.rateHz() : 0;
            millis += Math.round(seconds * 1000) + DRAIN_MILLIS;
        }
        return millis;
    }

    // ---- set-up (after the servants and consumers exist, before the IOR files are written) ----------------

    /** Port chains, recorders and senders of process {@code p}. */
    public String setup(ProcessPlan p) {
        List<String> lines = new ArrayList<>();
        lines.add("// Event chains: stamps travel in the events' timed wrappers and in request service contexts.");
        Set<Connection> declared = new LinkedHashSet<>();
        for (Port on : sendPorts(p)) {
            lines.addAll(sender(p, on, declared));
        }
        for (ChainPlan.Path path : callPaths(p)) {
            List<InvocationPlan> invocations = callInvocations(path);
            for (InvocationPlan i : invocations) {
                if (declared.add(i.connection())) {
                    lines.add(callTarget(i));
                }
            }
            lines.addAll(callSender(originVariable(path.metric()), path.operation(), invocations));
        }
        for (Port port : chainPorts(p)) {
            String v = chainVariable(port);
            ChainPlan.Segment actionSegment = chains.actionSegment(port);
            lines.add("bgml_tao::Port_Chain *" + v + " = new bgml_tao::Port_Chain ("
                    + TaoText.cppString(ElementPaths.pathOf(port)) + ", " + (actionSegment == null ? 0 : actionSegment.id())
                    + "); // lives as long as the process");
            for (ChainPlan.Path path : chains.pathsEndingAt(port)) {
                lines.addAll(recorder(path, v));
            }
            for (Action a : ChainPlan.actions(port)) {
                String hop = a.getHopLimit() + "u";
                if (a.getKind() == ActionKind.BUSY_WORK) {
                    lines.add(v + "->add_busy_work (" + a.getMicros() + "UL, " + hop + ");");
                } else if (ChainPlan.sendsOn(a) != null && !chains.connectionsFrom(ChainPlan.sendsOn(a)).isEmpty()) {
                    lines.add(v + "->add_send (" + senderVariable(ChainPlan.sendsOn(a), operation(a)) + ", " + hop + ");");
                }
            }
            if (port instanceof Facet f) {
                for (ServantPlan s : p.servants()) {
                    if (s.facet() == f) {
                        lines.add(naming.servantVariable(s.entity(), f) + "->set_chain (" + v + ");");
                    }
                }
            } else {
                for (EventPlan e : p.consumes()) {
                    if (e.sink() == port) {
                        lines.add(naming.consumerVariable(e.connection()) + "->set_chain (" + v + ");");
                    }
                }
            }
        }
        return String.join("\n", lines);
    }

    private List<String> recorder(ChainPlan.Path path, String chain) {
        PathLatency m = path.metric();
        List<String> lines = new ArrayList<>();
        lines.add("// " + ElementPaths.pathOf(m) + ": " + path.origin().name() + " -> " + ElementPaths.pathOf(path.end()) + ", "
                + path.segments().size() + " segments" + (path.oneHost() ? "" : " (" + path.clockNote() + ")"));
        lines.add("bgml::PathRecorder *" + recorderVariable(m) + " = new bgml::PathRecorder (" + path.origin().id() + ",");
        lines.add("    std::vector<std::uint32_t> { " + path.segmentIds().stream().map(String::valueOf).collect(Collectors.joining(", "))
                + " },");
        lines.add("    std::vector<std::string> { " + path.segmentNames().stream().map(TaoText::cppString).collect(Collectors.joining(", "))
                + " },");
        lines.add("    " + path.warmup() + ", " + path.samples() + ");");
        lines.add(chain + "->add_recorder (" + recorderVariable(m) + ");");
        if (!path.oneHost()) {
            lines.add("result.add_label (" + TaoText.cppString("clock " + ElementPaths.pathOf(m)) + ", "
                    + TaoText.cppString(path.clockNote()) + ");");
        }
        return lines;
    }

    /** The sender of a source (publish) or a receptacle (call of one operation) on each of its connections. */
    private List<String> sender(ProcessPlan p, Port on, Set<Connection> declared) {
        List<String> lines = new ArrayList<>();
        if (on instanceof EventSource s) {
            List<EventPlan> events = plan.events().stream().filter(e -> e.source() == s).toList();
            for (EventPlan e : events) {
                lines.addAll(pushTarget(e));
            }
            String timed = naming.timedEventCpp(s.getEventType());
            lines.add("bgml_tao::Sender " + senderVariable(s, null) + " = [=] (const bgml::PathStamp &stamp) {");
            for (EventPlan e : events) {
                lines.add("  {");
                lines.add("    " + timed + " timed;");
                lines.add("    ::CORBA::ULong const count = 0;");
                lines.add("    ACE_UNUSED_ARG (count);");
                for (String line : types.fillMembers("timed.event", s.getEventType(), "count", "1")) {
                    lines.add("    " + line);
                }
                lines.add("    timed.series = bgml_tao::NO_SERIES; // no metric series: the path carries the figures");
                lines.add("    timed.warmup = true;");
                lines.add("    bgml_tao::encode (bgml_tao::Path_Wire (stamp, " + chains.segment(e.connection()).id() + "), timed.path);");
                lines.add("    timed.sent_ns = bgml::now_ns ();");
                lines.add("    ::CORBA::Any any;");
                lines.add("    any <<= timed;");
                lines.add("    " + targetVariable(e) + "->get ()->push (any);");
                lines.add("  }");
            }
            lines.add("};");
        } else if (on instanceof Receptacle r) {
            List<InvocationPlan> invocations = plan.invocationsThrough(r);
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

    /** A sender that calls {@code op} once on each invocation, each call carrying the stamp to its connection. */
    private List<String> callSender(String variable, Operation op, List<InvocationPlan> invocations) {
        List<String> lines = new ArrayList<>();
        lines.add("bgml_tao::Sender " + variable + " = [=] (const bgml::PathStamp &stamp) {");
        for (InvocationPlan i : invocations) {
            lines.add("  {");
            lines.add("    bgml_tao::Call_Scope scope (bgml_tao::Path_Wire (stamp, " + chains.segment(i.connection()).id() + "));");
            lines.add("    " + naming.callStruct(i.connection(), op) + " call (" + targetVariable(i) + "->get (), 0);");
            lines.add("    call (bgml::now_ns ());");
            lines.add("  }");
        }
        lines.add("};");
        return lines;
    }

    /**
     * What a chain pushes to: a channel's proxy consumer (connected now: the channel process runs before every
     * other), else the consumer, collocated or from its IOR file on first use.
     */
    private List<String> pushTarget(EventPlan e) {
        String v = targetVariable(e);
        String type = "::CosEventComm::PushConsumer";
        EventChannel channel = channel(e);
        if (channel != null) {
            return List.of(
                    "::CosEventComm::PushConsumer_ptr " + v + "_proxy = 0;",
                    "{",
                    "  CORBA::Object_var channel_object = bgml_tao::read_ior (orb.in (), " + TaoText.cppString(naming.channelIorFile(channel))
                            + ", options);",
                    "  ::CosEventChannelAdmin::EventChannel_var channel = ::CosEventChannelAdmin::EventChannel::_narrow (channel_object.in ());",
                    "  if (CORBA::is_nil (channel.in ()))",
                    "    ACE_ERROR_RETURN ((LM_ERROR, ACE_TEXT (\"ERROR: %C: no event channel " + channel.getName()
                            + " for the chain's supplier\\n\"), options.process), 1);",
                    "  ::CosEventChannelAdmin::SupplierAdmin_var admin = channel->for_suppliers ();",
                    "  ::CosEventChannelAdmin::ProxyPushConsumer_var proxy = admin->obtain_push_consumer ();",
                    "  proxy->connect_push_supplier (::CosEventComm::PushSupplier::_nil ());",
                    "  " + v + "_proxy = ::CosEventComm::PushConsumer::_duplicate (proxy.in ());",
                    "}",
                    "bgml_tao::Lazy< " + type + "> *" + v + " = new bgml_tao::Lazy< " + type + "> ([=] () { return " + v
                            + "_proxy; }); // " + e.connection().getName() + ", through channel " + channel.getName());
        }
        String resolve = e.collocated()
                ? "::CosEventComm::PushConsumer::_narrow (" + naming.consumerVariable(e.connection()) + "_object.in ())"
                : "bgml_tao::resolve_ior< " + type + "> (orb.in (), " + TaoText.cppString(naming.consumerIorFile(e.consumer(), e.sink()))
                        + ", options)";
        return List.of("bgml_tao::Lazy< " + type + "> *" + v + " = new bgml_tao::Lazy< " + type + "> ([&] () { return " + resolve
                + "; }); // " + e.connection().getName() + ", resolved on first use");
    }

    private String callTarget(InvocationPlan i) {
        String iface = types.cpp(i.iface());
        String resolve = i.collocated() ? iface + "::_narrow (" + naming.objectVariable(i.server(), i.facet()) + ".in ())"
                : "bgml_tao::resolve_ior< " + iface + "> (orb.in (), " + TaoText.cppString(i.servant().iorFile()) + ", options)";
        return "bgml_tao::Lazy< " + iface + "> *" + targetVariable(i) + " = new bgml_tao::Lazy< " + iface + "> ([&] () { return "
                + resolve + "; }); // " + i.connection().getName() + ", resolved on first use";
    }

    private EventChannel channel(EventPlan e) {
        if (e.channel() == null) {
            return null;
        }
        for (EventChannel c : plan.model().getEventChannels()) {
            if (c.getName().equals(e.channel())) {
                return c;
            }
        }
        return null;
    }

    // ---- timers (after the start line and the metric loops) ----------------------------------------------

    /** The rate generator loops of process {@code p}, one after the other. */
    public String timerLoops(ProcessPlan p) {
        List<String> lines = new ArrayList<>();
        for (EventSource s : timers(p)) {
            Workload w = s.getTimer();
            ChainPlan.Origin origin = chains.originOf(s);
            MissedDeadlines deadlines = null;
            for (Metric m : plan.model().getMetrics()) {
                if (m instanceof MissedDeadlines md && m.getPort() == s && deadlines == null) {
                    deadlines = md;
                }
            }
            long room = w.getIterations() > 0 ? w.getIterations()
                    : Math.max(1, Math.round(w.getRateHz() * w.getDurationMillis() / 1000.0) + 1);
            String metricPath = deadlines == null ? ElementPaths.pathOf(s) : ElementPaths.pathOf(deadlines);
            lines.add("");
            lines.add("// " + ElementPaths.pathOf(s) + ": rate generator at " + w.getRateHz() + " Hz, "
                    + (w.getIterations() > 0 ? w.getIterations() + " ticks" : w.getDurationMillis() + " ms")
                    + "; each tick starts a path (origin " + origin.id() + ")");
            lines.add("{");
            lines.add("  bgml::Measurement m (\"missedDeadlines\", " + TaoText.cppString(metricPath) + ", "
                    + TaoText.cppString(ElementPaths.pathOf(s)) + ");");
            lines.add("  m.operation = " + TaoText.cppString(ElementPaths.pathOf(s.getEventType())) + ";");
            lines.add("  bgml_tao::Loop_Spec spec (0, " + room + "); // the model's ticks, whatever -n says");
            if (w.getRateHz() > 0) {
                lines.add("  spec.rate_hz = " + w.getRateHz() + ";");
            }
            if (deadlines != null && deadlines.getDeadlineMicros() > 0) {
                lines.add("  spec.deadline_ns = " + Math.round(deadlines.getDeadlineMicros() * 1000.0) + ";");
            }
            if (w.getIterations() <= 0 && w.getDurationMillis() > 0) {
                lines.add("  spec.duration_ms = " + w.getDurationMillis() + ";");
            }
            if (w.getPreDelayMillis() > 0) {
                lines.add("  spec.pre_delay_ms = " + w.getPreDelayMillis() + ";");
            }
            lines.add("  spec.post_delay_ms = " + (DRAIN_MILLIS + w.getPostDelayMillis()) + "; // the chain drains before teardown");
            lines.add("  bgml_tao::Tick_Call tick (" + senderVariable(s, null) + ", " + origin.id() + "u);");
            lines.add("  if (!bgml_tao::measure (tick, spec, m, options))");
            lines.add("    status = 1;");
            if (deadlines != null) {
                lines.add("  result.add (m);");
            }
            lines.add("}");
        }
        for (ChainPlan.Path path : callPaths(p)) {
            lines.addAll(callLoop(path));
        }
        return String.join("\n", lines);
    }

    /**
     * The calls that start a path from a client's calls: the metric's own loop, after the process's black-box
     * loops (which carry an empty stamp): its warm-up calls, then its timed ones, at its workload's rate, one
     * thread. Each call is stamped at its start and carries the stamp in its request's service context.
     */
    private List<String> callLoop(ChainPlan.Path path) {
        PathLatency m = path.metric();
        Workload w = m.getWorkload();
        List<String> lines = new ArrayList<>();
        lines.add("");
        lines.add("// " + ElementPaths.pathOf(m) + ": calls of " + path.origin().name() + " (" + ElementPaths.pathOf(path.operation())
                + ") start the path (origin " + path.origin().id() + "): " + path.warmup() + " warm-up and " + path.samples()
                + " timed calls, " + (path.rateHz() > 0 ? path.rateHz() + " Hz" : "back to back"));
        lines.add("{");
        lines.add("  bgml::Measurement m (\"pathCalls\", " + TaoText.cppString(ElementPaths.pathOf(m)) + ", "
                + TaoText.cppString(ElementPaths.pathOf(path.origin().caller())) + "); // not reported: the end records the path");
        lines.add("  bgml_tao::Loop_Spec spec (" + path.warmup() + ", " + path.samples() + "); // the path's calls, whatever -n says");
        if (path.rateHz() > 0) {
            lines.add("  spec.rate_hz = " + path.rateHz() + ";");
        }
        if (w != null && w.getPreDelayMillis() > 0) {
            lines.add("  spec.pre_delay_ms = " + w.getPreDelayMillis() + ";");
        }
        lines.add("  spec.post_delay_ms = " + (DRAIN_MILLIS + (w == null ? 0 : w.getPostDelayMillis()))
                + "; // what the last call sent on drains before teardown");
        lines.add("  bgml_tao::Tick_Call calls (" + originVariable(m) + ", " + path.origin().id() + "u); // stamps each call at its start");
        lines.add("  if (!bgml_tao::measure (calls, spec, m, options))");
        lines.add("    status = 1;");
        lines.add("}");
        return lines;
    }

    // ---- results (once the ORB has stopped) -------------------------------------------------------------------

    /** The path measurements of {@code p} go into its result file. */
    public String collect(ProcessPlan p) {
        List<String> lines = new ArrayList<>();
        for (ChainPlan.Path path : pathsEndingIn(p)) {
            lines.add("bgml_tao::add_path_results (result, *" + recorderVariable(path.metric()) + ", "
                    + TaoText.cppString(ElementPaths.pathOf(path.metric())) + ", " + TaoText.cppString(ElementPaths.pathOf(path.end()))
                    + ", options);");
        }
        return String.join("\n", lines);
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    /** The operations actions of {@code p} call through {@code r}, each once. */
    private List<Operation> operationsCalled(ProcessPlan p, Receptacle r) {
        Set<Operation> ops = new LinkedHashSet<>();
        for (Entity e : p.entities()) {
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
    private static Operation operation(Action a) {
        if (a.getKind() == ActionKind.PUBLISH) {
            return null;
        }
        if (a.getOperation() != null) {
            return a.getOperation();
        }
        List<Operation> all = IdlTypes.allOperations(a.getReceptacle().getInterface());
        if (all.isEmpty()) {
            throw new IllegalArgumentException("tao: " + ElementPaths.pathOf(a.getReceptacle()) + ": its interface has no operation to call");
        }
        return all.get(0);
    }

    private static String chainVariable(Port port) {
        return "chain_" + ((Entity) port.eContainer()).getName() + "_" + port.getName();
    }

    private static String originVariable(PathLatency m) {
        return "origin_" + m.getName();
    }

    private static String recorderVariable(PathLatency m) {
        return "path_" + m.getName();
    }

    private static String senderVariable(Port on, Operation op) {
        String base = "send_" + ((Entity) on.eContainer()).getName() + "_" + on.getName();
        return op == null ? base : base + "_" + op.getName();
    }

    private static String targetVariable(EventPlan e) {
        return "chain_push_" + e.connection().getName();
    }

    private static String targetVariable(InvocationPlan i) {
        return "chain_call_" + i.connection().getName();
    }
}
