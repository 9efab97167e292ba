package org.bgml.generator.ciao

import java.util.List
import org.bgml.generator.common.plan.EventPlan
import org.bgml.generator.common.plan.MetricPlan
import org.bgml.generator.ciao.MetricLoops.Loop
import org.bgml.model.EventType
import org.bgml.model.io.ElementPaths

import static extension org.bgml.generator.common.idl.IdlTypes.*

/**
 * The timed loops a client runs, shared by the CORBA 2.x client processes and the client components'
 * executors: warm-up calls untimed, samples into a history allocated before the loop, one measurement per
 * metric from the same samples: {@code bgml_support::run_loop} of the support header runs each loop, the code
 * here describes it. Each loop is a block that needs {@code result} (a bgml::ResultFile) in scope.
 */
class MeasurementCode {
    val CppCode cpp

    new(CppCode cpp) {
        this.cpp = cpp
    }

    /** The loops measuring the calls made on {@code target} (a C++ expression of a {@code _var}). */
    def invocationLoops(List<Loop> loops, String target) '''
        «FOR loop : loops SEPARATOR '\n'»
        «invocationLoop(loop, target)»
        «ENDFOR»
    '''

    def invocationLoop(Loop loop, String target) {
        if (loop.threaded) return threadedInvocationLoop(loop, target)
        val op = loop.operation
        val args = cpp.arguments(op)
        val sized = cpp.sized(op)
        val holder = cpp.resultHolder(op)
        val call = cpp.call(op, target).toString
        '''
            // «loop.metricNames»: «loop.operationPath» on «loop.elementPath»
            {
              «FOR a : args.filter[declaration !== null]»
              «a.declaration»
              «ENDFOR»
              «IF holder !== null»
              «holder»
              «ENDIF»
              «loop.description(sized, cpp.fixedPayload(op))»
              bgml_support::run_loop (result, loop,
                                      [&] (std::size_t«IF sized» size«ENDIF») {«FOR line : args.filter[sizing !== null].map[sizing]» «line»«ENDFOR» },
                                      [&] (std::uint64_t«IF call.contains("start")» start«ENDIF») { «call» });
            }
        '''
    }

    /**
     * A loop on several calling threads ({@code bgml_support::run_threads}): each thread declares and sizes
     * arguments of its own, so no two threads share a holder, and runs its calls through {@code thread.run}.
     */
    def threadedInvocationLoop(Loop loop, String target) {
        val op = loop.operation
        val args = cpp.arguments(op)
        val sized = cpp.sized(op)
        val holder = cpp.resultHolder(op)
        val call = cpp.call(op, target).toString
        '''
            // «loop.metricNames»: «loop.operationPath» on «loop.elementPath», «loop.threads» threads
            {
              «loop.description(sized, cpp.fixedPayload(op))»
              bgml_support::run_threads (result, loop, «loop.threads», [&] (std::size_t«IF sized» size«ENDIF», bgml_support::Thread_Loop& thread) {
                «FOR a : args.filter[declaration !== null]»
                «a.declaration»
                «ENDFOR»
                «IF holder !== null»
                «holder»
                «ENDIF»
                «FOR line : args.filter[sizing !== null].map[sizing]»
                «line»
                «ENDFOR»
                thread.run ([&] (std::uint64_t«IF call.contains("start")» start«ENDIF») { «call» });
              });
            }
        '''
    }

    /** Supplier loop of an event connection: pushes an event per iteration through {@code push}. */
    def eventLoop(EventPlan event, Loop loop, String push) {
        if (loop.threaded) return threadedEventLoop(event, loop, push)
        val type = event.eventType
        val stamp = type.allMembers.findFirst[cpp.is64Bit(it.type)]
        '''
            // «loop.metricNames»: events «ElementPaths.pathOf(type)» on «loop.elementPath»
            {
              ::«type.scoped»_var event = new «obv(type)» ();
              «loop.description(false, cpp.eventBytes(type))»
              bgml_support::run_loop (result, loop, [] (std::size_t) {},
                                      [&] (std::uint64_t«IF stamp !== null» start«ENDIF») { «IF stamp !== null»event->«stamp.name» (start); «ENDIF»«push» (event.in ()); });
            }
        '''
    }

    /** The same pushed from several threads, each with an event of its own. */
    def threadedEventLoop(EventPlan event, Loop loop, String push) {
        val type = event.eventType
        val stamp = type.allMembers.findFirst[cpp.is64Bit(it.type)]
        '''
            // «loop.metricNames»: events «ElementPaths.pathOf(type)» on «loop.elementPath», «loop.threads» threads
            {
              «loop.description(false, cpp.eventBytes(type))»
              bgml_support::run_threads (result, loop, «loop.threads», [&] (std::size_t, bgml_support::Thread_Loop& thread) {
                ::«type.scoped»_var event = new «obv(type)» ();
                thread.run ([&] (std::uint64_t«IF stamp !== null» start«ENDIF») { «IF stamp !== null»event->«stamp.name» (start); «ENDIF»«push» (event.in ()); });
              });
            }
        '''
    }

    /** The {@code bgml_support::Loop} of a loop: its counts, sizes, pacing, duration and delays, and its metrics. */
    def private description(Loop loop, boolean sized, int fixedBytes) '''
        const bgml_support::Loop loop = {
          "«loop.operationPath»", «loop.warmup», «loop.iterations», {«IF sized» «loop.payloadSizes.join(', ')» «ENDIF»}, «fixedBytes»,
          «loop.rateHz», «loop.deadlineMicros», «loop.durationMillis», «loop.preDelayMillis», «loop.postDelayMillis», «loop.countsContextSwitches»,
          {
            «FOR m : loop.metrics SEPARATOR ','»
            { "«m.kind»", "«MetricLoops.metricPath(m)»", "«MetricLoops.elementPath(m, loop)»" }
            «ENDFOR»
          }
        };'''

    /** Footprint metrics of a connection: one reading after the loops. */
    def footprints(List<MetricPlan> metrics, String element) '''
        «FOR m : MetricLoops.footprints(metrics)»
        bgml_support::add_footprint (result, "«MetricLoops.metricPath(m)»", "«element»");
        «ENDFOR»
    '''

    /** The concrete class of an event type: {@code OBV_Test::Tick}. */
    def obv(EventType type) {
        val scoped = type.scoped
        val first = scoped.indexOf('::')
        if (first < 0) '''OBV_«scoped»''' else '''OBV_«scoped.substring(0, first)»::«scoped.substring(first + 2)»'''
    }
}
