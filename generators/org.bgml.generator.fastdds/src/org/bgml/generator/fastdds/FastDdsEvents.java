package org.bgml.generator.fastdds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.SupportFiles;
import org.bgml.generator.common.idl.IdlTypes;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ChainPlan;
import org.bgml.generator.common.plan.EventPlan;
import org.bgml.generator.common.plan.InvocationPlan;
import org.bgml.generator.common.plan.MetricPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.common.plan.ServantPlan;
import org.bgml.model.Action;
import org.bgml.model.ActionKind;
import org.bgml.model.BehaviourKind;
import org.bgml.model.Entity;
import org.bgml.model.EventSink;
import org.bgml.model.EventSource;
import org.bgml.model.EventType;
import org.bgml.model.Facet;
import org.bgml.model.Member;
import org.bgml.model.Metric;
import org.bgml.model.MissedDeadlines;
import org.bgml.model.Operation;
import org.bgml.model.PathLatency;
import org.bgml.model.Port;
import org.bgml.model.Receptacle;
import org.bgml.model.Workload;
import org.bgml.model.io.ElementPaths;

/**
 * Events and event chains on the fastdds target: what the IDL, the process mains and the manifest add for event
 * sources (DataWriters), sinks (DataReaders), event metrics, timers, behaviour actions and path stamps. Topic per
 * event connection, or per event channel (one writer per source, one reader per sink on it). Ids and routes of
 * chains come from the {@link ChainPlan}, so they agree with every other target. The C++ it calls is
 * {@code cpp/bgml_fastdds/events.h}, written only into benchmarks that have events or chains.
 */
public final class FastDdsEvents {
    /** Metric kinds the sink of an event connection measures (one-way, from the sample's send time). */
    static final Set<String> SINK_KINDS = Set.of("latency", "throughput", "jitter");
    static final String SUPPORT = "bgml_fastdds/events.h";

    private final BenchmarkPlan plan;
    private final FastDdsNaming naming;
    private final ChainPlan chains;
    /** Source ids (bgml_from), in plan order of the event connections. */
    private final Map<EventSource, Integer> sourceIds = new LinkedHashMap<>();
    /** Event metric streams: the first stream id of each sink-measured metric of each connection. */
    private final Map<MetricPlan, Integer> streams = new LinkedHashMap<>();

    public FastDdsEvents(BenchmarkPlan plan, FastDdsNaming naming) {
        this.plan = plan;
        this.naming = naming;
        this.chains = ChainPlan.of(plan);
        int stream = 0;
        for (EventPlan e : plan.events()) {
            sourceIds.putIfAbsent(e.source(), sourceIds.size());
            for (MetricPlan m : e.metrics()) {
                if (SINK_KINDS.contains(m.kind())) {
                    streams.put(m, stream);
                    stream += m.payloadSizes().size();
                }
            }
        }
    }

    /** The benchmark has event connections, actions, timers or paths. */
    public boolean active() {
        return !plan.events().isEmpty() || !chains.isEmpty();
    }

    /** Requests carry a path stamp (a bgml_path member): the model has actions, timers or paths. */
    public boolean stamped() {
        return !chains.isEmpty();
    }

    /** Writes events.h when the benchmark needs it. */
    public void writeSupport(GeneratorOutput out) {
        if (active()) {
            SupportFiles.copy(FastDdsEvents.class, "/cpp-fastdds/" + SUPPORT, out, "src/" + SUPPORT);
        }
    }

    // ---- refusals ------------------------------------------------------------------------------------------

    /** Errors for what events and chains cannot do on fastdds, each element once (see {@link FastDdsRules}). */
    public static void check(BenchmarkPlan plan, Set<org.eclipse.emf.ecore.EObject> reported, Refuse refuse) {
        ChainPlan chains = ChainPlan.of(plan);
        for (ChainPlan.Path p : chains.paths()) {
            if (!p.reachable() && reported.add(p.metric())) {
                refuse.error(FastDdsRules.EVENTS, p.metric(), "path metric " + p.metric().getName() + ": the end "
                        + ElementPaths.pathOf(p.end()) + " cannot be reached from " + p.origin().name()
                        + " through connections and behaviour actions");
            } else if (p.origin().timerSource() == null && reported.add(p.metric())) {
                refuse.error(FastDdsRules.EVENTS, p.metric(), "path metric " + p.metric().getName()
                        + ": on fastdds a path starts at a timer event source; " + p.origin().name() + " is none");
            }
        }
        for (org.bgml.generator.common.plan.ServantPlan s : plan.servants()) {
            boolean chained = !ChainPlan.actions(s.facet()).isEmpty() || !chains.pathsEndingAt(s.facet()).isEmpty();
            for (InvocationPlan i : plan.invocationsTo(s.entity())) {
                if (i.facet() != s.facet()) {
                    continue;
                }
                for (Operation op : IdlTypes.allOperations(i.iface())) {
                    if (chained && op.isOneway() && reported.add(op)) {
                        refuse.error(FastDdsRules.EVENTS, op, "oneway operation " + ElementPaths.pathOf(op) + " of facet "
                                + s.entity().getName() + "/" + s.facet().getName() + ": on fastdds a facet with actions or a path end "
                                + "serves two-way operations only (its chain replier answers each request)");
                    }
                }
            }
        }
        Set<EventType> types = new LinkedHashSet<>();
        for (EventPlan e : plan.events()) {
            types.add(e.eventType());
            for (MetricPlan m : e.metrics()) {
                if (m.metric() instanceof PathLatency || m.metric() instanceof MissedDeadlines || "footprint".equals(m.kind())) {
                    continue;
                }
                if (e.source().getTimer() != null) {
                    if (reported.add(m.metric())) {
                        refuse.error(FastDdsRules.EVENTS, m.metric(), "metric " + m.metric().getName() + " on " + e.connection().getName()
                                + ": its source is a timer, which publishes by itself; put a PathLatency on it instead");
                    }
                } else if (!SINK_KINDS.contains(m.kind())) {
                    if (reported.add(m.metric())) {
                        refuse.error(FastDdsRules.EVENTS, m.metric(), "metric " + m.metric().getName() + " (" + m.kind() + ") on event connection "
                                + e.connection().getName() + ": a sink on fastdds measures latency, throughput and jitter of events");
                    }
                } else if (m.threads() > 1 && reported.add(m.metric())) {
                    refuse.error(FastDdsRules.THREADS, m.metric(), "metric " + m.metric().getName() + " asks for " + m.threads()
                            + " publishing threads; the fastdds target publishes from one thread per connection");
                } else if (m.durationMillis() > 0 && reported.add(m.metric())) {
                    refuse.error(FastDdsRules.EVENTS, m.metric(), "metric " + m.metric().getName()
                            + " runs for a duration; event metrics on fastdds publish a count of samples (set iterations or samples)");
                }
            }
        }
        for (EventType t : types) {
            for (Member member : IdlTypes.allMembers(t)) {
                if (!FastDdsTypes.carried(member.getType()) && reported.add(member)) {
                    refuse.error(FastDdsRules.PARAMETER_TYPE, member, "member " + member.getName() + " of event type " + t.getName()
                            + " has a type the fastdds target cannot carry (primitives, strings and sequences of primitives only)");
                }
            }
        }
    }

    /** Receives one refusal. */
    public interface Refuse {
        void error(String rule, org.eclipse.emf.ecore.EObject element, String message);
    }

    // ---- IDL ------------------------------------------------------------------------------------------------

    /** Event types some event connection carries: each becomes a topic type. */
    public boolean carried(Object definition) {
        return definition instanceof EventType t && plan.events().stream().anyMatch(e -> e.eventType() == t);
    }

    /** The topic type of an event type: its members (its bases' first), then what bgml adds to each sample. */
    public String idlStruct(EventType t) {
        List<String> lines = new ArrayList<>();
        lines.add("struct " + t.getName() + " {");
        for (Member m : IdlTypes.allMembers(t)) {
            lines.add("  " + FastDdsTypes.idl(m.getType()) + " " + m.getName() + ";");
        }
        lines.add("  unsigned long bgml_from;");
        lines.add("  unsigned long bgml_stream;");
        lines.add("  boolean bgml_warmup;");
        lines.add("  boolean bgml_last;");
        lines.add("  unsigned long long bgml_sent;");
        lines.add("  unsigned long long bgml_seq;");
        lines.add("  sequence<unsigned long long> bgml_path;");
        lines.add("};");
        return String.join("\n", lines);
    }

    /** The member a request adds when requests carry path stamps, else nothing. */
    public String requestMembers() {
        return stamped() ? "sequence<unsigned long long> bgml_path;" : "";
    }

    // ---- what a process holds -------------------------------------------------------------------------------

    /** The process consumes events: it serves (started first, stopped by signal) even without facets. */
    public boolean serves(ProcessPlan p) {
        return !p.consumes().isEmpty();
    }

    /** The process starts paths (a timer) or publishes an event metric's samples: it drives. */
    public boolean drives(ProcessPlan p) {
        return !timers(p).isEmpty() || !metricEvents(p).isEmpty();
    }

    /** The process holds event ports or action senders, so it sets up entities that must match. */
    public boolean holdsPorts(ProcessPlan p) {
        return !p.supplies().isEmpty() || !p.consumes().isEmpty() || !chainPorts(p).isEmpty() || !callSenders(p).isEmpty();
    }

    /** The file a process with event ports writes once they exist (its readiness). */
    public String readyFile(ProcessPlan p) {
        return p.name() + ".ports.ready";
    }

    /** The file a process with event ports writes once every writer, reader and action call matched both ways. */
    public String matchedFile(ProcessPlan p) {
        return p.name() + ".matched";
    }

    /** Seconds a driving process's timers and event loops take, at least. */
    public long runSeconds(ProcessPlan p) {
        double seconds = 0;
        for (EventSource s : timers(p)) {
            Workload w = s.getTimer();
            seconds += w.getIterations() > 0 && w.getRateHz() > 0 ? w.getIterations() / w.getRateHz() : w.getDurationMillis() / 1000.0;
            seconds += (w.getPreDelayMillis() + w.getPostDelayMillis()) / 1000.0 + 1;
        }
        for (EventPlan e : metricEvents(p)) {
            for (MetricPlan m : e.metrics()) {
                if (streams.containsKey(m)) {
                    seconds += m.calls() * FastDdsManifest.MICROS_PER_CALL / 1e6 + m.pacedMillis() / 1000.0
                            + (m.preDelayMillis() + m.postDelayMillis()) / 1000.0 + 1;
                }
            }
        }
        return (long) Math.ceil(seconds);
    }

    /** Event connections {@code p} supplies whose source publishes an event metric's samples. */
    private List<EventPlan> metricEvents(ProcessPlan p) {
        return p.supplies().stream().filter(e -> e.metrics().stream().anyMatch(streams::containsKey)).toList();
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

    /** Facets and sinks of {@code p}'s entities with actions or ending a path, in model order. */
    public List<Port> chainPorts(ProcessPlan p) {
        List<Port> ports = new ArrayList<>();
        for (Entity e : p.entities()) {
            for (Port port : e.getPorts()) {
                if ((port instanceof Facet || port instanceof EventSink) && chained(port)) {
                    ports.add(port);
                }
            }
        }
        return ports;
    }

    /** A facet or sink whose behaviour has actions or where a path ends: it gets a PortChain. */
    public boolean chained(Port port) {
        return !ChainPlan.actions(port).isEmpty() || !chains.pathsEndingAt(port).isEmpty();
    }

    /** (invocation, operation) pairs the actions of {@code p} call, each once, in model order. */
    private List<Call> callSenders(ProcessPlan p) {
        Map<String, Call> calls = new LinkedHashMap<>();
        for (Entity e : p.entities()) {
            for (Port port : e.getPorts()) {
                for (Action a : ChainPlan.actions(port)) {
                    if (a.getKind() == ActionKind.CALL || a.getKind() == ActionKind.FORWARD) {
                        Operation op = operation(a);
                        for (InvocationPlan i : plan.invocationsThrough(a.getReceptacle())) {
                            calls.putIfAbsent(i.connection().getName() + "/" + op.getName(), new Call(i, op));
                        }
                    }
                }
            }
        }
        return List.copyOf(calls.values());
    }

    private record Call(InvocationPlan invocation, Operation op) {
    }

    /** A writer: of one connection, or of one source on a channel. */
    private record Writer(String variable, String topic, EventSource source, int readers, List<EventPlan> events) {
    }

    /** A reader: of one connection, or of one sink on a channel. */
    private record Reader(String variable, String topic, EventSink sink, int writers, List<EventPlan> events) {
    }

    private List<Writer> writerList(ProcessPlan p) {
        Map<String, Writer> writers = new LinkedHashMap<>();
        for (EventPlan e : p.supplies()) {
            String topic = e.channel() != null ? e.channel() : e.connection().getName();
            String variable = e.channel() != null ? "writer_" + e.supplier().getName() + "_" + e.source().getName() + "_" + e.channel()
                    : "writer_" + e.connection().getName();
            Writer w = writers.get(variable);
            if (w == null) {
                int readers = e.channel() == null ? 1 : (int) plan.events().stream().filter(o -> e.channel().equals(o.channel()))
                        .map(EventPlan::sink).distinct().count();
                w = new Writer(variable, topic, e.source(), readers, new ArrayList<>());
                writers.put(variable, w);
            }
            w.events().add(e);
        }
        return List.copyOf(writers.values());
    }

    private List<Reader> readerList(ProcessPlan p) {
        Map<String, Reader> readers = new LinkedHashMap<>();
        for (EventPlan e : p.consumes()) {
            String topic = e.channel() != null ? e.channel() : e.connection().getName();
            String variable = e.channel() != null ? "reader_" + e.consumer().getName() + "_" + e.sink().getName() + "_" + e.channel()
                    : "reader_" + e.connection().getName();
            Reader r = readers.get(variable);
            if (r == null) {
                int writers = e.channel() == null ? 1 : (int) plan.events().stream().filter(o -> e.channel().equals(o.channel()))
                        .map(EventPlan::source).distinct().count();
                r = new Reader(variable, topic, e.sink(), writers, new ArrayList<>());
                readers.put(variable, r);
            }
            r.events().add(e);
        }
        return List.copyOf(readers.values());
    }

    // ---- C++ of a process main ------------------------------------------------------------------------------

    /** Writers, the requesters of action calls, and the port chains with their steps and path ends. */
    public String setup(ProcessPlan p) {
        if (!holdsPorts(p)) {
            return "";
        }
        List<String> lines = new ArrayList<>();
        lines.add("// Events and chains: writers, the requesters of action calls, the chains of facets and sinks.");
        for (Writer w : writerList(p)) {
            String type = sampleType(w.source().getEventType());
            lines.add("bgml_fastdds::EventWriter<" + type + ", " + type + "PubSubType> " + w.variable() + "(participant, "
                    + lit(w.topic()) + ", " + sourceIds.get(w.source()) + ", " + w.readers() + ");");
        }
        for (Call c : callSenders(p)) {
            InvocationPlan i = c.invocation();
            String req = naming.scopedType(i.iface(), naming.request(i.iface(), c.op()));
            String rep = naming.scopedType(i.iface(), naming.reply(i.iface(), c.op()));
            lines.add("bgml_fastdds::Requester<" + req + ", " + req + "PubSubType, " + rep + ", " + rep + "PubSubType> "
                    + callVariable(i, c.op()) + "(participant, " + lit(naming.topic(i, c.op())) + ", options.wait_seconds);");
            lines.add("std::mutex " + callVariable(i, c.op()) + "_lock; // actions of several ports may call at once");
        }
        for (Port on : sendPorts(p)) {
            lines.addAll(sender(p, on));
        }
        for (Port port : chainPorts(p)) {
            String v = chainVariable(port);
            ChainPlan.Segment actions = chains.actionSegment(port);
            lines.add("bgml::PortChain " + v + "(" + lit(ElementPaths.pathOf(port)) + ", " + (actions == null ? 0 : actions.id()) + ");");
            for (ChainPlan.Path path : chains.pathsEndingAt(port)) {
                lines.add("// " + ElementPaths.pathOf(path.metric()) + ": " + path.origin().name() + " -> " + ElementPaths.pathOf(path.end())
                        + ", " + path.segments().size() + " segments");
                lines.add(v + ".add_path(" + lit(ElementPaths.pathOf(path.metric())) + ", " + path.origin().id() + ",");
                lines.add("    std::vector<std::uint32_t>{ " + String.join(", ", path.segmentIds().stream().map(String::valueOf).toList()) + " },");
                lines.add("    std::vector<std::string>{ " + String.join(", ", path.segmentNames().stream().map(FastDdsEvents::lit).toList()) + " },");
                lines.add("    " + path.warmup() + ", " + path.samples() + ");");
            }
            for (Action a : ChainPlan.actions(port)) {
                String hop = a.getHopLimit() + "u";
                if (a.getKind() == ActionKind.BUSY_WORK) {
                    lines.add(v + ".add_busy_work(" + a.getMicros() + ", " + hop + ");");
                } else if (ChainPlan.sendsOn(a) != null && !chains.connectionsFrom(ChainPlan.sendsOn(a)).isEmpty()) {
                    lines.add(v + ".add_send(" + senderVariable(ChainPlan.sendsOn(a), operation(a)) + ", " + hop + ");");
                }
            }
        }
        return String.join("\n", lines);
    }

    /** Sources and receptacles some action or timer of {@code p} sends on, in model order, each once. */
    private List<Port> sendPorts(ProcessPlan p) {
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

    /** The senders of one source (publish on each of its writers) or receptacle (one per operation called). */
    private List<String> sender(ProcessPlan p, Port on) {
        List<String> lines = new ArrayList<>();
        if (on instanceof EventSource s) {
            List<Writer> ws = writerList(p).stream().filter(w -> w.source() == s).toList();
            lines.add("const bgml::Sender " + senderVariable(s, null) + " = [&](const bgml::PathStamp& stamp) {");
            for (Writer w : ws) {
                lines.add("  " + w.variable() + ".publish(stamp);");
            }
            if (ws.isEmpty()) {
                lines.add("  (void)stamp;");
            }
            lines.add("};");
        } else if (on instanceof Receptacle r) {
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
            for (Operation op : ops) {
                lines.add("const bgml::Sender " + senderVariable(r, op) + " = [&](const bgml::PathStamp& stamp) {");
                for (InvocationPlan i : plan.invocationsThrough(r)) {
                    String v = callVariable(i, op);
                    lines.add("  {");
                    lines.add("    std::lock_guard<std::mutex> guard(" + v + "_lock);");
                    lines.add("    auto& request = " + v + ".request();");
                    lines.add("    bgml_fastdds::encode_path(stamp, request.bgml_path());");
                    lines.add("    " + v + ".call();");
                    lines.add("  }");
                }
                lines.add("};");
            }
        }
        return lines;
    }

    /** The readers of {@code p}'s sinks, started once the chains exist; their samples go to streams and chains. */
    public String readers(ProcessPlan p) {
        List<String> lines = new ArrayList<>();
        for (Reader r : readerList(p)) {
            String type = sampleType(r.sink().getEventType());
            lines.add("// " + String.join(", ", r.events().stream().map(e -> e.connection().getName()).toList()) + ": "
                    + ((Entity) r.sink().eContainer()).getName() + "/" + r.sink().getName() + " reads " + r.topic());
            lines.add("bgml_fastdds::EventReader<" + type + ", " + type + "PubSubType> " + r.variable() + "(participant, "
                    + lit(r.topic()) + ", " + r.writers() + ");");
            for (EventPlan e : r.events()) {
                lines.add(r.variable() + ".route(" + sourceIds.get(e.source()) + ", " + chains.segment(e.connection()).id() + "); // "
                        + e.connection().getName());
                for (MetricPlan m : e.metrics()) {
                    Integer first = streams.get(m);
                    if (first == null) {
                        continue;
                    }
                    for (int k = 0; k < m.payloadSizes().size(); k++) {
                        lines.add(r.variable() + ".add_stream(" + (first + k) + ", &" + streamVariable(m, k) + ");");
                    }
                }
            }
            if (chained(r.sink())) {
                lines.add(r.variable() + ".set_chain(&" + chainVariable(r.sink()) + ");");
            }
            EventSink k = r.sink();
            boolean busy = k.getBehaviour() != null && k.getBehaviour().getKind() == BehaviourKind.BUSY_WORK
                    && k.getBehaviour().getActions().isEmpty();
            String region = ElementPaths.pathOf(k) + "/" + r.topic();
            lines.add(r.variable() + ".start([&](const " + type + "& event) {");
            if (busy) {
                lines.add("  bgml::busy_work(" + k.getBehaviour().getBusyWorkMicros() + ");");
            }
            lines.add("  " + org.bgml.generator.common.ProtectedRegions.BEGIN + region);
            lines.add("  (void)event;");
            lines.add("  " + org.bgml.generator.common.ProtectedRegions.END + region);
            lines.add("});");
        }
        return String.join("\n", lines);
    }

    /** The event metric streams a sink records into, declared before its readers (they live as long). */
    public String streams(ProcessPlan p) {
        List<String> lines = new ArrayList<>();
        for (EventPlan e : p.consumes()) {
            for (MetricPlan m : e.metrics()) {
                if (streams.containsKey(m)) {
                    for (int k = 0; k < m.payloadSizes().size(); k++) {
                        lines.add("bgml_fastdds::EventStream " + streamVariable(m, k) + "(" + m.warmup() + ", options.timed(" + m.iterations()
                                + ")); // " + ElementPaths.pathOf(m.metric()) + (m.payloadSizes().size() > 1 ? ", " + m.payloadSizes().get(k) + " B" : ""));
                    }
                }
            }
        }
        return String.join("\n", lines);
    }

    /** A chained facet's replier: a thread of its own runs the chain, then the served body. */
    public String chainReplier(ServantPlan s, InvocationPlan i, Operation op, String body) {
        String v = naming.variable(i, op);
        String req = naming.scopedType(i.iface(), naming.request(i.iface(), op));
        String rep = naming.scopedType(i.iface(), naming.reply(i.iface(), op));
        List<String> lines = new ArrayList<>();
        lines.add("// " + i.connection().getName() + ": " + s.entity().getName() + "/" + s.facet().getName() + " serves "
                + ElementPaths.pathOf(op) + " and runs its chain");
        lines.add("auto " + v + "_serve = [&](const " + req + "& in, " + rep + "& out, std::uint64_t at) {");
        lines.add("  " + chainVariable(s.facet()) + ".arrive(bgml_fastdds::decode_path(in.bgml_path()), "
                + chains.segment(i.connection()).id() + ", at);");
        for (String line : body.split("\n")) {
            lines.add("  " + line);
        }
        lines.add("};");
        lines.add("bgml_fastdds::ChainReplier<" + req + ", " + req + "PubSubType, " + rep + ", " + rep + "PubSubType, decltype("
                + v + "_serve)>");
        lines.add("    " + v + "(participant, " + lit(naming.topic(i, op)) + ", " + v + "_serve);");
        return String.join("\n", lines);
    }

    /** After the ready files: every writer and reader matched, every action requester answered; then the matched file. */
    public String awaitMatches(ProcessPlan p) {
        if (!holdsPorts(p)) {
            return "";
        }
        List<String> lines = new ArrayList<>();
        lines.add("if (!bgml::write_ior_file(" + lit(readyFile(p)) + ", \"ports\"))");
        lines.add("  throw bgml_fastdds::DdsError(\"cannot write " + readyFile(p) + "\");");
        lines.add("// Readiness both ways: each writer sees its readers, each reader its writers, each action call is answered.");
        for (Writer w : writerList(p)) {
            lines.add("bgml_fastdds::await([&]() { return " + w.variable() + ".matched(); }, options.wait_seconds, \"no match for \" + "
                    + w.variable() + ".describe());");
        }
        for (Reader r : readerList(p)) {
            lines.add("bgml_fastdds::await([&]() { return " + r.variable() + ".matched(); }, options.wait_seconds, \"no match for \" + "
                    + r.variable() + ".describe());");
        }
        for (Call c : callSenders(p)) {
            String v = callVariable(c.invocation(), c.op());
            lines.add("{");
            lines.add("  std::lock_guard<std::mutex> guard(" + v + "_lock);");
            lines.add("  " + v + ".handshake(options.wait_seconds);");
            lines.add("}");
        }
        lines.add("if (!bgml::write_ior_file(" + lit(matchedFile(p)) + ", \"matched\"))");
        lines.add("  throw bgml_fastdds::DdsError(\"cannot write " + matchedFile(p) + "\");");
        return String.join("\n", lines);
    }

    /** A driving process waits for every other process with event ports to have matched both ways. */
    public String awaitOthers(ProcessPlan p) {
        if (!drives(p)) {
            return "";
        }
        List<String> files = plan.processes().stream().filter(q -> q != p && holdsPorts(q)).map(q -> lit(matchedFile(q))).toList();
        if (files.isEmpty()) {
            return "";
        }
        return "bgml_fastdds::await_files({ " + String.join(", ", files) + " }, options.wait_seconds);";
    }

    /** After the start line: the event metrics' publications and the rate generators, one after the other. */
    public String loops(ProcessPlan p) {
        List<String> lines = new ArrayList<>();
        for (EventPlan e : metricEvents(p)) {
            Writer w = writerList(p).stream().filter(x -> x.events().contains(e)).findFirst().orElseThrow();
            Member carrier = payloadMember(e.eventType());
            for (MetricPlan m : e.metrics()) {
                Integer first = streams.get(m);
                if (first == null) {
                    continue;
                }
                lines.add("{");
                lines.add("  // " + ElementPaths.pathOf(m.metric()) + " (" + m.kind() + "): " + m.warmup() + " warm-up and " + m.iterations()
                        + " timed samples over " + e.connection().getName() + ", measured at the sink");
                lines.add("  std::lock_guard<std::mutex> guard(" + w.variable() + ".lock());");
                lines.add("  bgml_fastdds::run_publications(" + first + ", " + m.warmup() + ", options.timed(" + m.iterations() + "), "
                        + number(m.rateHz()) + ", { " + String.join(", ", m.payloadSizes().stream().map(String::valueOf).toList()) + " }, "
                        + m.preDelayMillis() + ", " + m.postDelayMillis() + ",");
                if (carrier != null) {
                    int element = FastDdsTypes.isSequence(carrier.getType()) ? FastDdsTypes.elementSize(carrier.getType()) : 1;
                    lines.add("      [&](std::size_t payload) { " + w.variable() + ".sample()." + carrier.getName() + "().resize(payload / "
                            + element + "); },");
                } else {
                    lines.add("      [](std::size_t) {},");
                }
                lines.add("      [&](std::uint32_t stream, std::uint64_t sent, bool warmup, bool last) { " + w.variable()
                        + ".publish_metric(stream, sent, warmup, last); });");
                lines.add("}");
            }
        }
        for (EventSource s : timers(p)) {
            Workload t = s.getTimer();
            ChainPlan.Origin origin = chains.originOf(s);
            String metric = null;
            for (Metric m : plan.model().getMetrics()) {
                if (m instanceof MissedDeadlines && m.getPort() == s) {
                    metric = lit(ElementPaths.pathOf(m));
                }
            }
            lines.add("{");
            lines.add("  // " + ElementPaths.pathOf(s) + ": rate generator at " + number(t.getRateHz()) + " Hz, "
                    + (t.getIterations() > 0 ? t.getIterations() + " ticks" : t.getDurationMillis() + " ms")
                    + "; each tick starts a path (origin " + origin.id() + ")");
            lines.add("  const bgml_fastdds::Timer timer = { " + lit(ElementPaths.pathOf(s)) + ", " + (metric == null ? "nullptr" : metric) + ", "
                    + lit(ElementPaths.pathOf(s.getEventType())) + ", " + origin.id() + ", " + number(t.getRateHz()) + ", "
                    + Math.max(0, t.getIterations()) + ", " + t.getDurationMillis() + ", " + t.getPreDelayMillis() + ", "
                    + t.getPostDelayMillis() + " };");
            lines.add("  bgml_fastdds::run_timer(timer, options, *result, " + senderVariable(s, null) + ");");
            lines.add("}");
        }
        return String.join("\n", lines);
    }

    /** Before the participant closes: the dispatch threads stop, then streams and chains report. */
    public String stopAndReport(ProcessPlan p) {
        if (!holdsPorts(p)) {
            return "";
        }
        List<String> lines = new ArrayList<>();
        for (Reader r : readerList(p)) {
            lines.add(r.variable() + ".stop();");
        }
        for (ServantPlan s : p.servants()) {
            if (chained(s.facet())) {
                for (InvocationPlan i : plan.invocationsTo(s.entity()).stream().filter(x -> x.facet() == s.facet()).toList()) {
                    for (Operation op : IdlTypes.allOperations(i.iface())) {
                        lines.add(naming.variable(i, op) + ".stop();");
                    }
                }
            }
        }
        for (EventPlan e : p.consumes()) {
            for (MetricPlan m : e.metrics()) {
                if (streams.containsKey(m)) {
                    for (int k = 0; k < m.payloadSizes().size(); k++) {
                        String label = m.metric().getName() + (m.payloadSizes().size() > 1 ? " " + m.payloadSizes().get(k) + " B" : "");
                        Member carrier = payloadMember(e.eventType());
                        long payload = carrier != null ? m.payloadSizes().get(k) : 0;
                        lines.add(streamVariable(m, k) + ".report(*result, " + lit(m.kind()) + ", " + lit(ElementPaths.pathOf(m.metric())) + ", "
                                + lit(ElementPaths.pathOf(e.connection())) + ", " + lit(ElementPaths.pathOf(e.eventType())) + ", " + payload
                                + ", " + lit(label) + ");");
                    }
                }
            }
        }
        for (Port port : chainPorts(p)) {
            lines.add(chainVariable(port) + ".report(*result);");
        }
        return String.join("\n", lines);
    }

    /** The README's part on events, metrics measured at sinks and paths. */
    public String readme() {
        List<String> lines = new ArrayList<>();
        lines.add("Each event connection is a topic named after it (a connection through an event channel: the channel's topic, one");
        lines.add("writer per source and one reader per sink); a sample carries the event's members, the writing source's id, the");
        lines.add("event metric it belongs to with its send time, and the path stamp of an event chain (`bgml_path`). A sink's");
        lines.add("reader is taken by a thread of its own, which runs the sink's actions.");
        lines.add("");
        for (EventPlan e : plan.events()) {
            List<String> measured = e.metrics().stream().filter(m -> !(m.metric() instanceof PathLatency))
                    .map(m -> m.metric().getName() + " (" + m.kind() + ")").toList();
            lines.add("- `" + e.connection().getName() + "` (" + e.supplierProcess() + " -> " + e.consumerProcess()
                    + (e.channel() != null ? ", channel " + e.channel() : "") + ")" + (measured.isEmpty() ? "" : ": " + String.join(", ", measured)));
        }
        for (ChainPlan.Path p : chains.paths()) {
            lines.add("- path `" + p.metric().getName() + "` from " + p.origin().name() + " to " + ElementPaths.pathOf(p.end()) + ": "
                    + String.join(" -> ", p.segmentNames()));
        }
        return String.join("\n", lines);
    }

    // ---- names and small helpers ----------------------------------------------------------------------------

    /** C++ name of the topic type of an event type: {@code Avionics::Tick}. */
    private static String sampleType(EventType t) {
        return IdlTypes.scoped(t).replaceFirst("^::", "");
    }

    private static Member payloadMember(EventType t) {
        for (Member m : IdlTypes.allMembers(t)) {
            if (FastDdsTypes.isSequence(m.getType())) {
                return m;
            }
        }
        return null;
    }

    /** The operation an action calls: its own, else the interface's first. */
    private static Operation operation(Action a) {
        if (a.getKind() == ActionKind.PUBLISH) {
            return null;
        }
        return a.getOperation() != null ? a.getOperation() : ChainPlan.firstOperation(a.getReceptacle().getInterface());
    }

    private static String chainVariable(Port port) {
        return "chain_" + ((Entity) port.eContainer()).getName() + "_" + port.getName();
    }

    private static String senderVariable(Port on, Operation op) {
        String base = "send_" + ((Entity) on.eContainer()).getName() + "_" + on.getName();
        return op == null ? base : base + "_" + op.getName();
    }

    private static String callVariable(InvocationPlan i, Operation op) {
        return "action_" + i.connection().getName() + "_" + op.getName();
    }

    private static String streamVariable(MetricPlan m, int k) {
        return "stream_" + m.metric().getName() + (k == 0 ? "" : "_" + k);
    }

    private static String lit(String text) {
        return "\"" + (text == null ? "" : text.replace("\\", "\\\\").replace("\"", "\\\"")) + "\"";
    }

    private static String number(double d) {
        return d == Math.rint(d) && !Double.isInfinite(d) ? String.valueOf((long) d) + ".0" : String.valueOf(d);
    }
}
