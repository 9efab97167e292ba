package org.bgml.generator.ciao;

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
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.Component;
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
 * Event chains between CCM components under DAnCE: behaviour actions, rate generators and end-to-end paths, with
 * the tao target's semantics and the common {@link ChainPlan}'s numbering. The C++ is the tao target's
 * ({@code bgml_tao_chain.h}: {@code Port_Chain}, {@code Path_Wire}, the request interceptors); what differs is
 * where it sits. Each chained component's executor holds the chains of its facets and sinks, one sender per
 * source or receptacle its actions send on (publishing through the context's {@code push_<source>}, calling
 * through its {@code get_connection_<receptacle>}), and runs its timers on the thread ccm_activate starts. The
 * stamp travels in the CCM event as the {@code bgml_path} member every root event type gets, and across facet
 * calls as a request service context: the portable interceptors are added to the locality manager's ORB at
 * ccm_activate ({@code bgml_ciao_chain.h}).
 */
public final class CiaoChains {
    /** The header the executors of a chained benchmark include. */
    public static final String HEADER = "bgml_ciao_chain.h";
    /** The member every root event type gets when the model has chains. */
    public static final String STAMP_MEMBER = "bgml_path";
    /** How long a rate generator waits after its last tick so that the chain drains (as on tao). */
    static final int DRAIN_MILLIS = 300;

    private final BenchmarkPlan plan;
    private final ChainPlan chains;

    public CiaoChains(BenchmarkPlan plan) {
        this.plan = plan;
        this.chains = ChainPlan.of(plan);
    }

    public boolean active() {
        return !chains.isEmpty();
    }

    public ChainPlan plan() {
        return chains;
    }

    /**
     * Refuses what ciao cannot run, naming the element: a path whose end cannot be reached or that does not start
     * at a timer source, a chain through a CORBA 2.x object or an event channel, a chained source with more than
     * one connection (a CCM push reaches all its consumers with one event, so the stamp cannot name the
     * connection), and metric loops on a timer's connections.
     */
    public void check() {
        for (ChainPlan.Path p : chains.paths()) {
            if (!p.reachable()) {
                throw new IllegalArgumentException("ciao: " + ElementPaths.pathOf(p.metric()) + ": the end "
                        + ElementPaths.pathOf(p.end()) + " cannot be reached from " + p.origin().name()
                        + " through connections and behaviour actions");
            }
            if (p.origin().timerSource() == null && !(p.fromCalls() && p.origin().caller().eContainer() instanceof Component)) {
                throw new IllegalArgumentException("ciao: " + ElementPaths.pathOf(p.metric())
                        + ": on ciao a path starts at a timer event source or at a component's receptacle; "
                        + p.origin().name() + " is neither");
            }
            if (p.fromCalls()) {
                checkSendPort(p.origin().caller());
            }
        }
        for (Entity e : plan.model().getEntities()) {
            for (Port port : e.getPorts()) {
                boolean chained = !ChainPlan.actions(port).isEmpty() || !chains.pathsEndingAt(port).isEmpty()
                        || (port instanceof EventSource s && s.getTimer() != null);
                if (chained && !(e instanceof Component)) {
                    throw new IllegalArgumentException("ciao: " + ElementPaths.pathOf(port)
                            + ": on ciao event chains run between components; " + e.getName() + " is a CORBA 2.x object");
                }
                for (Action a : ChainPlan.actions(port)) {
                    Port on = ChainPlan.sendsOn(a);
                    if (on != null) {
                        checkSendPort(on);
                    }
                }
                if (port instanceof EventSource s && s.getTimer() != null) {
                    checkSendPort(s);
                }
            }
        }
        for (EventPlan e : plan.events()) {
            if (e.source().getTimer() != null && e.metrics().stream()
                    .anyMatch(m -> !(m.metric() instanceof PathLatency) && !(m.metric() instanceof MissedDeadlines))) {
                throw new IllegalArgumentException("ciao: " + ElementPaths.pathOf(e.connection())
                        + ": its source is a timer, which publishes by itself; put metrics on a PathLatency instead");
            }
        }
    }

    private void checkSendPort(Port on) {
        for (EventPlan e : plan.events()) {
            if (e.source() == on && e.channel() != null) {
                throw new IllegalArgumentException("ciao: " + ElementPaths.pathOf(e.connection())
                        + ": on ciao a chain publishes CCM events directly, not through event channel " + e.channel());
            }
        }
        if (on instanceof EventSource && chains.connectionsFrom(on).size() > 1) {
            throw new IllegalArgumentException("ciao: " + ElementPaths.pathOf(on) + ": a chain publishes on it and it has "
                    + chains.connectionsFrom(on).size() + " connections; on ciao one push reaches every consumer with one "
                    + "event, so a chained source has one connection");
        }
        for (org.bgml.model.Connection c : chains.connectionsFrom(on)) {
            Port target = c.getTarget();
            if (!(target.eContainer() instanceof Component)) {
                throw new IllegalArgumentException("ciao: " + ElementPaths.pathOf(c)
                        + ": on ciao event chains run between components; " + ((Entity) target.eContainer()).getName()
                        + " is a CORBA 2.x object");
            }
        }
    }

    // ---- what a component holds ---------------------------------------------------------------------------

    /** The component runs chain code: a port chain, a timer or the calls that start a path. */
    public boolean chained(Component c) {
        return active() && (!chainPorts(c).isEmpty() || originates(c));
    }

    /** The component starts paths: it has a rate generator or makes the calls of a path from calls. */
    public boolean originates(Component c) {
        return !timers(c).isEmpty() || !callPaths(c).isEmpty();
    }

    /** Paths from calls through receptacles of {@code c}: it makes their calls after its black-box loops. */
    public List<ChainPlan.Path> callPaths(Component c) {
        return active() ? chains.callPaths(List.of(c)).stream().filter(ChainPlan.Path::reachable).toList() : List.of();
    }

    /** The invocations the calls that start {@code path} go over. */
    private List<InvocationPlan> callInvocations(ChainPlan.Path path) {
        List<org.bgml.model.Connection> over = chains.callConnections(path.origin());
        return plan.invocations().stream().filter(i -> over.contains(i.connection())).toList();
    }

    /** Facets and sinks of {@code c} with actions or ending a path, in model order. */
    public List<Port> chainPorts(Component c) {
        List<Port> ports = new ArrayList<>();
        if (!active()) {
            return ports;
        }
        for (Port port : c.getPorts()) {
            if ((port instanceof Facet || port instanceof EventSink)
                    && (!ChainPlan.actions(port).isEmpty() || !chains.pathsEndingAt(port).isEmpty())) {
                ports.add(port);
            }
        }
        return ports;
    }

    public boolean isChainPort(Port port) {
        return chainPorts((Component) port.eContainer()).contains(port);
    }

    /** Paths that end at ports of {@code c}. */
    public List<ChainPlan.Path> pathsEndingIn(Component c) {
        List<ChainPlan.Path> paths = new ArrayList<>();
        for (Port port : chainPorts(c)) {
            paths.addAll(chains.pathsEndingAt(port));
        }
        return paths;
    }

    /** Timer sources of {@code c} with at least one connection. */
    public List<EventSource> timers(Component c) {
        List<EventSource> timers = new ArrayList<>();
        if (!active()) {
            return timers;
        }
        for (Port port : c.getPorts()) {
            if (port instanceof EventSource s && s.getTimer() != null && !chains.connectionsFrom(s).isEmpty()) {
                timers.add(s);
            }
        }
        return timers;
    }

    /** Sources and receptacles the actions or timers of {@code c} send on, in model order, each once. */
    public List<Port> sendPorts(Component c) {
        Set<Port> ports = new LinkedHashSet<>();
        for (Port port : c.getPorts()) {
            for (Action a : ChainPlan.actions(port)) {
                Port on = ChainPlan.sendsOn(a);
                if (on != null && !chains.connectionsFrom(on).isEmpty()) {
                    ports.add(on);
                }
            }
        }
        ports.addAll(timers(c));
        return List.copyOf(ports);
    }

    /** Milliseconds the rate generators of {@code c} run, for its time limit. */
    public long timerMillis(Component c) {
        long millis = 0;
        for (EventSource s : timers(c)) {
            Workload w = s.getTimer();
            double seconds = w.getIterations() > 0 && w.getRateHz() > 0 ? w.getIterations() / w.getRateHz() : 0;
            millis += Math.round(seconds * 1000) + w.getDurationMillis() + w.getPreDelayMillis() + w.getPostDelayMillis()
                    + DRAIN_MILLIS;
        }
        for (ChainPlan.Path path : callPaths(c)) {
            Workload w = path.metric().getWorkload();
            double seconds = path.rateHz() > 0 ? (path.warmup() + path.samples()) / path.rateHz() : 0;
            millis += Math.round(seconds * 1000) + DRAIN_MILLIS + (w == null ? 0 : w.getPreDelayMillis() + w.getPostDelayMillis());
        }
        return millis;
    }

    // ---- C++ of the executor ------------------------------------------------------------------------------

    /** Members of the component executor: chains, recorders, senders. */
    public List<String> members(Component c) {
        List<String> lines = new ArrayList<>();
        for (Port port : chainPorts(c)) {
            lines.add("::bgml_tao::Port_Chain *" + chainMember(port) + ";");
        }
        for (ChainPlan.Path p : pathsEndingIn(c)) {
            lines.add("::bgml::PathRecorder *" + recorderMember(p.metric()) + ";");
        }
        for (Port on : sendPorts(c)) {
            if (on instanceof Receptacle r) {
                for (Operation op : operationsCalled(c, r)) {
                    lines.add("::bgml_tao::Sender " + senderMember(on, op) + ";");
                }
            } else {
                lines.add("::bgml_tao::Sender " + senderMember(on, null) + ";");
            }
        }
        for (ChainPlan.Path path : callPaths(c)) {
            lines.add("::bgml_tao::Sender " + originMember(path.metric()) + ";");
        }
        return lines;
    }

    /** Initialisers of the pointer members. */
    public List<String> initializers(Component c) {
        List<String> inits = new ArrayList<>();
        for (Port port : chainPorts(c)) {
            inits.add(chainMember(port) + " (0)");
        }
        for (ChainPlan.Path p : pathsEndingIn(c)) {
            inits.add(recorderMember(p.metric()) + " (0)");
        }
        return inits;
    }

    /** Statements of the executor's destructor. */
    public List<String> cleanup(Component c) {
        List<String> lines = new ArrayList<>();
        for (Port port : chainPorts(c)) {
            lines.add("delete this->" + chainMember(port) + ";");
        }
        for (ChainPlan.Path p : pathsEndingIn(c)) {
            lines.add("delete this->" + recorderMember(p.metric()) + ";");
        }
        return lines;
    }

    /**
     * Set-up in set_session_context, once the context is known: the senders (which reach their peers through the
     * context on each send), then the chains with their recorders and actions.
     */
    public List<String> setup(Component c, CiaoNaming naming, CppCode cpp, CiaoDeployment deployment, Executor executor) {
        List<String> lines = new ArrayList<>();
        lines.add("// Event chains: stamps travel in the events' " + STAMP_MEMBER + " member and in request service contexts.");
        if (!sendPorts(c).isEmpty() || !callPaths(c).isEmpty()) {
            lines.add(naming.contextType(c) + "_ptr chain_ctx = this->ciao_context_.in ();");
        }
        for (Port on : sendPorts(c)) {
            lines.addAll(sender(c, on, naming, cpp, deployment, executor));
        }
        for (ChainPlan.Path path : callPaths(c)) {
            Receptacle r = path.origin().caller();
            lines.add("// " + ElementPaths.pathOf(path.metric()) + ": the calls of " + path.origin().name() + " that start the path");
            lines.addAll(callSender(originMember(path.metric()), r, path.operation(), callInvocations(path), naming, cpp,
                    deployment, executor, c));
        }
        for (Port port : chainPorts(c)) {
            String v = "this->" + chainMember(port);
            ChainPlan.Segment actionSegment = chains.actionSegment(port);
            lines.add(v + " = new ::bgml_tao::Port_Chain (" + cppString(ElementPaths.pathOf(port)) + ", "
                    + (actionSegment == null ? 0 : actionSegment.id()) + ");");
            for (ChainPlan.Path path : chains.pathsEndingAt(port)) {
                PathLatency m = path.metric();
                String r = "this->" + recorderMember(m);
                lines.add("// " + ElementPaths.pathOf(m) + ": " + path.origin().name() + " -> " + ElementPaths.pathOf(path.end()) + ", "
                        + path.segments().size() + " segments" + (path.oneHost() ? "" : " (" + path.clockNote() + ")"));
                lines.add(r + " = new ::bgml::PathRecorder (" + path.origin().id() + ",");
                lines.add("    std::vector<std::uint32_t> { " + path.segmentIds().stream().map(String::valueOf)
                        .collect(Collectors.joining(", ")) + " },");
                lines.add("    std::vector<std::string> { " + path.segmentNames().stream().map(CiaoChains::cppString)
                        .collect(Collectors.joining(", ")) + " },");
                lines.add("    " + path.warmup() + ", " + path.samples() + ");");
                lines.add(v + "->add_recorder (" + r + ");");
            }
            for (Action a : ChainPlan.actions(port)) {
                String hop = a.getHopLimit() + "u";
                if (a.getKind() == ActionKind.BUSY_WORK) {
                    lines.add(v + "->add_busy_work (" + a.getMicros() + "UL, " + hop + ");");
                } else if (ChainPlan.sendsOn(a) != null && !chains.connectionsFrom(ChainPlan.sendsOn(a)).isEmpty()) {
                    lines.add(v + "->add_send (this->" + senderMember(ChainPlan.sendsOn(a), operation(a)) + ", " + hop + ");");
                }
            }
        }
        return lines;
    }

    private List<String> sender(Component c, Port on, CiaoNaming naming, CppCode cpp, CiaoDeployment deployment,
            Executor executor) {
        List<String> lines = new ArrayList<>();
        if (on instanceof EventSource s) {
            org.bgml.model.Connection connection = chains.connectionsFrom(s).get(0);
            String type = "::" + IdlTypes.scoped(s.getEventType());
            lines.add("this->" + senderMember(s, null) + " = [chain_ctx] (const ::bgml::PathStamp &stamp) {");
            lines.add("  // " + connection.getName() + ": one push reaches the consumer");
            lines.add("  " + type + "_var ev = new " + obv(s.getEventType()) + " ();");
            lines.add("  ::bgml_tao::encode (::bgml_tao::Path_Wire (stamp, " + chains.segment(connection).id() + "), ev->"
                    + STAMP_MEMBER + " ());");
            lines.add("  chain_ctx->push_" + s.getName() + " (ev.in ());");
            lines.add("};");
        } else if (on instanceof Receptacle r) {
            for (Operation op : operationsCalled(c, r)) {
                lines.addAll(callSender(senderMember(r, op), r, op, plan.invocationsThrough(r), naming, cpp, deployment,
                        executor, c));
            }
        }
        return lines;
    }

    /** A sender that calls {@code op} over each of {@code invocations} through {@code r}, each call stamped. */
    private List<String> callSender(String member, Receptacle r, Operation op, List<InvocationPlan> invocations,
            CiaoNaming naming, CppCode cpp, CiaoDeployment deployment, Executor executor, Component c) {
        List<String> lines = new ArrayList<>();
        String iface = naming.cppScoped(r.getInterface());
        lines.add("this->" + member + " = [chain_ctx] (const ::bgml::PathStamp &stamp) {");
        for (InvocationPlan i : invocations) {
            lines.add("  { // " + i.connection().getName());
            lines.add("    ::bgml_tao::Call_Scope scope (::bgml_tao::Path_Wire (stamp, " + chains.segment(i.connection()).id() + "));");
            lines.add("    " + iface + "_var target = "
                    + executor.connectionOf(c, r, deployment.connectionIndex(i)).toString().replace("this->ciao_context_", "chain_ctx") + ";");
            lines.add("    if (::CORBA::is_nil (target.in ()))");
            lines.add("      throw ::CORBA::TRANSIENT ();");
            lines.add("    const std::uint64_t start = ::bgml::now_ns ();");
            lines.add("    ACE_UNUSED_ARG (start);");
            for (CppCode.Argument a : cpp.arguments(op)) {
                if (a.declaration() != null) {
                    lines.add("    " + a.declaration());
                }
            }
            if (cpp.resultHolder(op) != null) {
                lines.add("    " + cpp.resultHolder(op));
            }
            lines.add("    " + cpp.call(op, "target"));
            lines.add("  }");
        }
        lines.add("};");
        return lines;
    }

    /** The body of the executor's {@code run_timers}: each rate generator of {@code c}, one after the other. */
    public List<String> timerLoops(Component c) {
        List<String> lines = new ArrayList<>();
        lines.add("int status = 0;");
        for (EventSource s : timers(c)) {
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
            lines.add("// " + ElementPaths.pathOf(s) + ": rate generator at " + w.getRateHz() + " Hz, "
                    + (w.getIterations() > 0 ? w.getIterations() + " ticks" : w.getDurationMillis() + " ms")
                    + "; each tick starts a path (origin " + origin.id() + ")");
            lines.add("{");
            lines.add("  ::bgml::LoopSpec spec (0, " + room + "); // the model's ticks, whatever -n says");
            if (w.getRateHz() > 0) {
                lines.add("  spec.period_ns = ::bgml::period_from_hz (" + w.getRateHz() + ");");
            }
            if (deadlines != null && deadlines.getDeadlineMicros() > 0) {
                lines.add("  spec.deadline_ns = " + Math.round(deadlines.getDeadlineMicros() * 1000.0) + "u;");
            }
            if (w.getIterations() <= 0 && w.getDurationMillis() > 0) {
                lines.add("  spec.duration_ns = " + w.getDurationMillis() + "u * 1000000u;");
            }
            lines.add("  ::bgml::SampleHistory history (0, " + room + ");");
            lines.add("  ::bgml::Pacer pacer (spec.period_ns, spec.deadline_ns);");
            lines.add("  ::bgml::sleep_ms (" + w.getPreDelayMillis() + ");");
            lines.add("  ::bgml_tao::Tick_Call tick (this->" + senderMember(s, null) + ", " + origin.id() + "u);");
            lines.add("  auto call = [&] (std::uint64_t at) {");
            lines.add("    if (this->stopping_.load ())");
            lines.add("      throw ::bgml_ciao_chain::Stopped (); // ccm_passivate or ccm_remove: no further tick");
            lines.add("    tick (at);");
            lines.add("  };");
            lines.add("  ::bgml::LoopTimes times = { 0, 0 };");
            lines.add("  try");
            lines.add("    {");
            lines.add("      times = ::bgml::timed_calls (call, history, spec, pacer);");
            lines.add("    }");
            lines.add("  catch (const ::bgml_ciao_chain::Stopped &)");
            lines.add("    {");
            lines.add("      result.add_label (" + cppString("stopped " + ElementPaths.pathOf(s))
                    + ", \"the component was passivated or removed before the last tick\");");
            lines.add("      return 1;");
            lines.add("    }");
            lines.add("  ::bgml::sleep_ms (" + (DRAIN_MILLIS + w.getPostDelayMillis()) + "); // the chain drains before the results");
            if (deadlines != null) {
                lines.add("  ::bgml_support::add_timed (result, history, times.wall_ns (), \"missedDeadlines\", "
                        + cppString(metricPath) + ", " + cppString(ElementPaths.pathOf(s)) + ", "
                        + cppString(ElementPaths.pathOf(s.getEventType())) + ", 0, &pacer, -1.0, &times);");
            } else {
                lines.add("  ACE_UNUSED_ARG (times);");
            }
            lines.add("}");
        }
        lines.add("return status;");
        return lines;
    }

    /**
     * The body of the executor's {@code run_path_calls}: the calls that start each path from calls through a
     * receptacle of {@code c}, the metric's own loop after the black-box loops (whose calls carry no stamp). Its
     * warm-up calls, then its timed ones, at its workload's rate (else back to back), on the driver thread; each call
     * is stamped at its start and carries the stamp in its request's service context. The end drops the warm-up
     * calls and records the others, hop by hop.
     */
    public List<String> callLoops(Component c) {
        List<String> lines = new ArrayList<>();
        lines.add("int status = 0;");
        for (ChainPlan.Path path : callPaths(c)) {
            PathLatency m = path.metric();
            Workload w = m.getWorkload();
            long calls = (long) path.warmup() + path.samples();
            lines.add("// " + ElementPaths.pathOf(m) + ": calls of " + path.origin().name() + " ("
                    + ElementPaths.pathOf(path.operation()) + ") start the path (origin " + path.origin().id() + "): "
                    + path.warmup() + " warm-up and " + path.samples() + " timed calls, "
                    + (path.rateHz() > 0 ? path.rateHz() + " Hz" : "back to back"));
            lines.add("{");
            lines.add("  ::bgml::LoopSpec spec (0, " + calls + "); // warm-up and timed calls alike: the end tells them apart");
            if (path.rateHz() > 0) {
                lines.add("  spec.period_ns = ::bgml::period_from_hz (" + path.rateHz() + ");");
            }
            lines.add("  ::bgml::SampleHistory history (0, " + calls + ");");
            lines.add("  ::bgml::Pacer pacer (spec.period_ns, spec.deadline_ns);");
            if (w != null && w.getPreDelayMillis() > 0) {
                lines.add("  ::bgml::sleep_ms (" + w.getPreDelayMillis() + ");");
            }
            lines.add("  ::bgml_tao::Tick_Call calls (this->" + originMember(m) + ", " + path.origin().id()
                    + "u); // stamps each call at its start");
            lines.add("  auto call = [&] (std::uint64_t at) {");
            lines.add("    if (this->stopping_.load ())");
            lines.add("      throw ::bgml_ciao_chain::Stopped (); // ccm_passivate or ccm_remove: no further call");
            lines.add("    calls (at);");
            lines.add("  };");
            lines.add("  try");
            lines.add("    {");
            lines.add("      ::bgml::LoopTimes times = ::bgml::timed_calls (call, history, spec, pacer);");
            lines.add("      ACE_UNUSED_ARG (times);");
            lines.add("    }");
            lines.add("  catch (const ::bgml_ciao_chain::Stopped &)");
            lines.add("    {");
            lines.add("      result.add_label (" + cppString("stopped " + ElementPaths.pathOf(m))
                    + ", \"the component was passivated or removed before the last call\");");
            lines.add("      return 1;");
            lines.add("    }");
            lines.add("  ::bgml::sleep_ms (" + (DRAIN_MILLIS + (w == null ? 0 : w.getPostDelayMillis()))
                    + "); // what the last call sent drains before the results");
            lines.add("}");
        }
        lines.add("return status;");
        return lines;
    }

    /** The body of the executor's {@code add_path_results}: the paths ending at its ports. */
    public List<String> collect(Component c, String process, String resultFile) {
        List<String> lines = new ArrayList<>();
        lines.add("::bgml_tao::Options options (" + cppString(process) + ", " + cppString(resultFile) + ");");
        for (ChainPlan.Path path : pathsEndingIn(c)) {
            lines.add("::bgml_tao::add_path_results (result, *this->" + recorderMember(path.metric()) + ", "
                    + cppString(ElementPaths.pathOf(path.metric())) + ", " + cppString(ElementPaths.pathOf(path.end()))
                    + ", options);");
            if (!path.oneHost()) {
                lines.add("result.add_label (" + cppString("clock " + ElementPaths.pathOf(path.metric())) + ", "
                        + cppString(path.clockNote()) + ");");
            }
        }
        for (Port port : chainPorts(c)) {
            lines.add("result.add_label (" + cppString("arrivals " + ElementPaths.pathOf(port)) + ", std::to_string (this->"
                    + chainMember(port) + "->arrivals ()));");
        }
        return lines;
    }

    /**
     * The result files of every component that starts paths (a timer or the calls of a path from calls): a component
     * where paths end waits for them.
     */
    public List<Component> timerComponents(CiaoDeployment deployment) {
        return deployment.deployedComponents().stream().filter(this::originates).toList();
    }

    // ---- helpers ----------------------------------------------------------------------------------------------

    /** The metrics of a plan that loops measure: none on timers, no paths (as on tao). */
    public static List<MetricPlan> loopMetrics(List<MetricPlan> metrics) {
        return metrics.stream().filter(m -> !(m.metric() instanceof PathLatency)).toList();
    }

    private List<Operation> operationsCalled(Component c, Receptacle r) {
        Set<Operation> ops = new LinkedHashSet<>();
        for (Port port : c.getPorts()) {
            for (Action a : ChainPlan.actions(port)) {
                if (ChainPlan.sendsOn(a) == r) {
                    ops.add(operation(a));
                }
            }
        }
        return List.copyOf(ops);
    }

    private static Operation operation(Action a) {
        if (a.getKind() == ActionKind.PUBLISH) {
            return null;
        }
        if (a.getOperation() != null) {
            return a.getOperation();
        }
        List<Operation> all = IdlTypes.allOperations(a.getReceptacle().getInterface());
        if (all.isEmpty()) {
            throw new IllegalArgumentException("ciao: " + ElementPaths.pathOf(a.getReceptacle()) + ": its interface has no operation to call");
        }
        return all.get(0);
    }

    public static String chainMember(Port port) {
        return "chain_" + port.getName() + "_";
    }

    private static String recorderMember(PathLatency m) {
        return "path_" + m.getName() + "_";
    }

    private static String originMember(PathLatency m) {
        return "origin_" + m.getName() + "_";
    }

    private static String senderMember(Port on, Operation op) {
        return "send_" + on.getName() + (op == null ? "" : "_" + op.getName()) + "_";
    }

    static String obv(org.bgml.model.EventType type) {
        String scoped = IdlTypes.scoped(type);
        int first = scoped.indexOf("::");
        return first < 0 ? "OBV_" + scoped : "OBV_" + scoped.substring(0, first) + "::" + scoped.substring(first + 2);
    }

    static String cppString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
