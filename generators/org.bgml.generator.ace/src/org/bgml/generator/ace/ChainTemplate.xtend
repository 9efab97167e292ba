package org.bgml.generator.ace

import org.bgml.generator.common.plan.ChainPlan
import org.bgml.generator.common.plan.ProcessPlan
import org.bgml.model.Action
import org.bgml.model.ActionKind
import org.bgml.model.EventSink
import org.bgml.model.EventSource
import org.bgml.model.Facet
import org.bgml.model.Interface
import org.bgml.model.Operation
import org.bgml.model.ParameterDirection
import org.bgml.model.Port
import org.bgml.model.PrimitiveKind
import org.bgml.model.RateKind

/**
 * The event-chain parts of a process main ({@code src/<Process>.cpp}): the recorders of the paths that end
 * here, the links and suppliers the actions and timers send over, each hooked facet's and sink's actions, the
 * timers, and the orderly stop. Numbering and routes come from the common ChainPlan.
 */
class ChainTemplate {
    val AceNaming naming
    val AceTypes types
    val AceProcesses processes
    val AceChains chains

    new(AceNaming naming, AceTypes types, AceProcesses processes, AceChains chains) {
        this.naming = naming
        this.types = types
        this.processes = processes
        this.chains = chains
    }

    // ---- declarations ---------------------------------------------------------------------------------------

    /** One recorder per path that ends in this process. */
    def pathEnds(ProcessPlan p) '''
        «FOR path : chains.pathEnds(p)»
        // «path.metric.name»: «path.origin.name» to «naming.path(path.end)», over «path.segmentNames.join(', ')».
        bgml::PathEnd «naming.pathEndVariable(path.metric)»("«naming.path(path.metric)»", «path.origin.id», { «path.segmentIds.join(', ')» },
            { «FOR n : path.segmentNames SEPARATOR ', '»"«n»"«ENDFOR» }, «path.warmup», options.timed(«path.samples»));
        «ENDFOR»'''

    /** The links, stubs, suppliers and events the process's actions and timers send with. */
    def senders(ProcessPlan p) '''
        «FOR s : chains.outgoing(p)»
        «IF s.event !== null»
        «naming.cppName(s.event.eventType)» «event(s)»;
        «naming.payload(s.event.eventType)»(«event(s)», 0);
        «IF s.collocated»
        «naming.qualifiedEventSupplier(s.event.eventType)» «naming.actionTargetVariable(s.connection)»(«sinkOf(s)», «processes.eventId(s.event)»); // collocated: a direct call
        «ELSE»
        bgml_ace::Link «naming.linkVariable(s.connection)»(options.server.socket, "«processes.endpointFile(s.event)»", options.wait_seconds);
        «naming.qualifiedEventSupplier(s.event.eventType)» «naming.actionTargetVariable(s.connection)»(«naming.linkVariable(s.connection)».connection(), «processes.eventId(s.event)»);
        «ENDIF»
        «ELSEIF !s.collocated»
        bgml_ace::Link «naming.linkVariable(s.connection)»(options.server.socket, "«s.invocation.servant.iorFile»", options.wait_seconds);
        «naming.qualifiedStubClass(s.invocation.iface)» «naming.actionTargetVariable(s.connection)»(«naming.linkVariable(s.connection)».connection());
        «ENDIF»
        «ENDFOR»'''

    def event(AceChains.Send s) {
        s.connection.name + "_event"
    }

    def sinkOf(AceChains.Send s) {
        naming.variable(s.event.consumer, s.event.sink)
    }

    // ---- hooks -------------------------------------------------------------------------------------------------

    /** Sets the actions of every hooked facet and sink of the process. */
    def hooks(ProcessPlan p) '''
        «FOR s : chains.actingFacets(p)»
        «processes.servantVariable(s)».on_call([&] {
          «s.facet.upcall»
        });
        «ENDFOR»
        «FOR k : processes.sinks(p).filter[chains.hooked(sink)]»
        «processes.sinkVariable(k)».on_event([&] {
          «k.sink.upcall»
        });
        «ENDFOR»'''

    /** What runs on each call or event a hooked port receives: record the paths that end here, then the actions. */
    def upcall(Port port) {
        val actions = ChainPlan.actions(port)
        '''
        const bgml::Arrival upcall = bgml::take_arrival();
        «FOR path : chains.pathsEndingAt(port)»
        «naming.pathEndVariable(path.metric)».arrive(upcall);
        «ENDFOR»
        «IF actions.empty»
        (void) upcall;
        «ELSE»
        try {
          «FOR a : actions»
          «IF a.hopLimit > 0»
          if (bgml::within_hop_limit(upcall, «a.hopLimit»)) {
            «a.action(port)»
          }
          «ELSE»
          «a.action(port)»
          «ENDIF»
          «ENDFOR»
        } catch (const std::exception& e) {
          bgml_ace::action_failures().failed("«naming.path(port)»", e);
        }
        «ENDIF»'''
    }

    def action(Action a, Port port) {
        switch a.kind {
            case ActionKind.BUSY_WORK: '''bgml::busy_work(«a.micros»);'''
            case ActionKind.PUBLISH: a.publish(port)
            case ActionKind.CALL: a.call(port)
            default: '''// «a.kind.literal»: refused on this target'''
        }
    }

    def publish(Action a, Port port) '''
        «FOR s : chains.sends(a)»
        { // publish on «naming.path(a.source)» over «s.connection.name»
          const bgml::PathStamp stamp = bgml::stamp_for_send(upcall, «chains.actionSegment(port)»);
          «IF !s.collocated»
          ACE_Guard<ACE_Thread_Mutex> guard(«naming.linkVariable(s.connection)».lock());
          «naming.linkVariable(s.connection)».ready();
          «ENDIF»
          «naming.actionTargetVariable(s.connection)».push(«event(s)», stamp, «chains.segment(s.connection)»);
        }
        «ENDFOR»'''

    def call(Action a, Port port) {
        val op = a.operation ?: firstOperation(a.receptacle.interface)
        '''
        «FOR s : chains.sends(a)»
        { // call «naming.path(op)» through «naming.path(a.receptacle)» over «s.connection.name»«IF s.collocated» (collocated: a direct call)«ENDIF»
          bgml::CallScope scope(upcall, «chains.actionSegment(port)», «chains.segment(s.connection)»);
          «s.invoke(op)»
        }
        «ENDFOR»'''
    }

    /** One call of {@code op} over a send's connection, inside a CallScope that set its stamp. */
    def invoke(AceChains.Send s, Operation op) '''
        «IF !s.collocated»
        ACE_Guard<ACE_Thread_Mutex> guard(«naming.linkVariable(s.connection)».lock());
        «naming.linkVariable(s.connection)».ready();
        «ENDIF»
        «FOR param : op.parameters»
        «types.cpp(param.type)» «param.name»«types.initialiser(param.type)»;«IF param.direction != ParameterDirection.IN» // «param.direction.literal» holder«ENDIF»
        «ENDFOR»
        «IF types.returnsByReference(op)»
        «types.cpp(op.returnType)» _return;
        «ENDIF»
        «FOR param : types.sent(op).filter[types.resolvedPrimitive(type) == PrimitiveKind.UNSIGNED_LONG_LONG && direction == ParameterDirection.IN]»
        «param.name» = bgml::now_ns();
        «ENDFOR»
        «IF s.collocated»«processes.target(s.invocation)»«ELSE»«naming.actionTargetVariable(s.connection)»«ENDIF».«op.name»«types.arguments(op)»;'''

    def Operation firstOperation(Interface i) {
        if (!i.operations.empty) return i.operations.head
        for (b : i.bases) {
            val o = firstOperation(b)
            if (o !== null) return o
        }
        null
    }

    // ---- timers ------------------------------------------------------------------------------------------------

    /** Connects the timers' and path calls' links before the start line, so that the first send does not pay for it. */
    def connectTimers(ProcessPlan p) '''
        «FOR t : chains.timers(p)»
        «FOR s : chains.timerSends(t).filter[!collocated]»
        «naming.linkVariable(s.connection)».ready();
        «ENDFOR»
        «ENDFOR»
        «FOR path : chains.callPaths(p)»
        «FOR s : chains.callSends(path).filter[!collocated]»
        «naming.linkVariable(s.connection)».ready();
        «ENDFOR»
        «ENDFOR»'''

    /**
     * The calls that start the paths from this process's calls: each path's own loop, after the process's black-box
     * loops (which carry no stamp), one thread: its warm-up, then its timed calls, at its workload's rate, each
     * stamped at its start; the stamp goes in the request to the connection's facet.
     */
    def callLoops(ProcessPlan p) '''
        «FOR path : chains.callPaths(p)»
        «path.driveCalls»
        «ENDFOR»'''

    def driveCalls(ChainPlan.Path path) {
        val op = path.operation
        '''
        { // «path.metric.name»: calls of «path.origin.name» («naming.path(op)») start the path (origin «path.origin.id»): «path.warmup» warm-up and «path.samples» timed calls, «IF path.rateHz > 0»«path.rateHz» Hz«ELSE»back to back«ENDIF»
          const bgml_ace::Timer calls = { "«path.metric.name» (calls of «path.origin.name»)", "«naming.path(path.origin.caller)»", nullptr, «path.origin.id», «path.rateHz», 0.0,
                                          «path.warmup», «path.warmup» + options.timed(«path.samples»), 0 };
          bgml_ace::run_timer(calls, *result, [&](const bgml::PathStamp& stamp) {
            «FOR s : chains.callSends(path)»
            { // call «naming.path(op)» over «s.connection.name»«IF s.collocated» (collocated: a direct call)«ENDIF»
              bgml::CallScope scope(stamp, «chains.segment(s.connection)»);
              «s.invoke(op)»
            }
            «ENDFOR»
          });
        }'''
    }

    def timers(ProcessPlan p) '''
        «FOR t : chains.timers(p)»
        «t.drive»
        «ENDFOR»'''

    def drive(EventSource t) {
        val w = t.timer
        val missed = chains.missedDeadlinesOf(t)
        val origin = chains.chains.originOf(t)
        val rate = if (w.rate == RateKind.FIXED) w.rateHz else 0.0
        '''
        { // rate generator «naming.path(t)»: «IF rate > 0»«rate» Hz«ELSE»back to back«ENDIF», «IF w.iterations == 0 && w.durationMillis > 0»for «w.durationMillis» ms«ELSE»«chains.timerIterations(t)» publications«ENDIF» after «chains.timerWarmup(t)» warm-up ones
          const bgml_ace::Timer timer = { "«(t.eContainer as org.bgml.model.Entity).name».«t.name»", "«naming.path(t)»", «IF missed === null»nullptr«ELSE»"«naming.path(missed)»"«ENDIF», «origin.id», «rate», «IF missed === null»0.0«ELSE»«missed.deadlineMicros»«ENDIF»,
                                          0, «chains.timerWarmup(t)» + options.timed(«chains.timerIterations(t)»), «IF w.iterations == 0 && w.durationMillis > 0»options.iterations > 0 ? 0 : «w.durationMillis»«ELSE»0«ENDIF» };
          bgml_ace::run_timer(timer, *result, [&](const bgml::PathStamp& stamp) {
            «FOR s : chains.timerSends(t)»
            «IF !s.collocated»
            «naming.linkVariable(s.connection)».ready();
            «ENDIF»
            «naming.actionTargetVariable(s.connection)».push(«event(s)», stamp, «chains.segment(s.connection)»);
            «ENDFOR»
          });
        }'''
    }

    // ---- stop ----------------------------------------------------------------------------------------------

    /** The links, closed once the process stops (its peers see the end of the stream). */
    def closeLinks(ProcessPlan p) '''
        «FOR s : chains.outgoing(p).filter[!collocated]»
        «naming.linkVariable(s.connection)».close();
        «ENDFOR»'''

    def reportPaths(ProcessPlan p) '''
        «FOR path : chains.pathEnds(p)»
        «naming.pathEndVariable(path.metric)».report(*result, "«naming.path(path.end)»", "«operationOf(path)»", "«path.metric.name»",
            "one host («path.hosts.join(', ')»): origin and end stamps from its CLOCK_MONOTONIC");
        «ENDFOR»'''

    /** What arrives at a path's end: the event type of a sink, else nothing. */
    def operationOf(ChainPlan.Path path) {
        val end = path.end
        if (end instanceof EventSink) naming.path(end.eventType) else if (end instanceof Facet) "" else ""
    }

    /** Headers the chain parts of a process need. */
    def includes(ProcessPlan p) {
        val h = <String>newLinkedHashSet
        if (!chains.inChain(p)) {
            return h
        }
        h += '"bgml_ace/chain.h"'
        h += '"ace/Guard_T.h"'
        for (s : chains.actingFacets(p)) {
            h += '''"«naming.actionsServantHeader(s.iface)»"'''
        }
        for (s : chains.outgoing(p)) {
            if (s.event !== null) {
                h += '''"«naming.eventsHeader(s.event.eventType)»"'''
            } else if (!s.collocated) {
                h += '''"«naming.stubHeader(s.invocation.iface)»"'''
            }
        }
        h
    }
}
