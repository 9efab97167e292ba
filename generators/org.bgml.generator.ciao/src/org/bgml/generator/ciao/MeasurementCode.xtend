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
 * metric from the same samples. Each loop is a block that needs {@code result} (a bgml::ResultFile) in scope.
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
        val op = loop.operation
        val args = cpp.arguments(op)
        val sized = cpp.sized(op)
        val holder = cpp.resultHolder(op)
        '''
            // «loop.metricNames»: «loop.operationPath» on «loop.elementPath»
            {
              «FOR a : args.filter[declaration !== null]»
              «a.declaration»
              «ENDFOR»
              «IF holder !== null»
              «holder»
              «ENDIF»
              «timedLoop(loop, sized, args.filter[sizing !== null].map[sizing].toList, cpp.call(op, target), '''«cpp.fixedPayload(op)»''')»
            }
        '''
    }

    /** Supplier loop of an event connection: pushes an event per iteration through {@code push}. */
    def eventLoop(EventPlan event, Loop loop, String push) {
        val type = event.eventType
        val stamp = type.allMembers.findFirst[cpp.is64Bit(it.type)]
        '''
            // «loop.metricNames»: events «ElementPaths.pathOf(type)» on «loop.elementPath»
            {
              ::«type.scoped»_var event = new «obv(type)» ();
              «timedLoop(loop, false, #[], '''«IF stamp !== null»event->«stamp.name» (start);
              «ENDIF»«push» (event.in ());''', '''«cpp.eventBytes(type)»''')»
            }
        '''
    }

    def private timedLoop(Loop loop, boolean sized, List<String> sizing, CharSequence call, String fixedPayload) '''
        const std::size_t warmup = bgml_support::warmup («loop.warmup»);
        const std::size_t iterations = bgml_support::iterations («loop.iterations»);
        bgml::SampleHistory history (warmup, iterations);
        «IF sized»
        static const std::size_t sizes[] = { «loop.payloadSizes.join(', ')» };
        for (std::size_t s = 0; s != sizeof sizes / sizeof sizes[0]; ++s)
          {
            const std::size_t size = sizes[s];
            «FOR line : sizing»
            «line»
            «ENDFOR»
            history.reset ();
            «runAndRecord(loop, call, 'size')»
          }
        «ELSE»
        «runAndRecord(loop, call, fixedPayload)»
        «ENDIF»
    '''

    def private runAndRecord(Loop loop, CharSequence call, String payload) '''
        «IF loop.preDelayMillis > 0»
        bgml_support::sleep_ms («loop.preDelayMillis»);
        «ENDIF»
        «IF loop.paced»
        bgml::Pacer pacer (bgml::period_from_hz («loop.rateHz»)«IF loop.deadlineMicros > 0», «loop.deadlineMicros»000u«ENDIF»);
        «ENDIF»
        «IF loop.countsContextSwitches»
        const long switches_before = bgml::thread_context_switches ();
        «ENDIF»
        std::uint64_t wall_start = bgml::now_ns ();
        for (std::size_t i = 0; i != warmup + iterations; ++i)
          {
            if (i == warmup)
              {
                wall_start = bgml::now_ns ();
                «IF loop.paced»
                pacer.start ();
                «ENDIF»
              }
            «IF loop.paced»
            if (i >= warmup)
              pacer.wait_for_period ();
            «ENDIF»
            const std::uint64_t start = bgml::now_ns ();
            «call»
            const std::uint64_t end = bgml::now_ns ();
            history.record (end - start);
            «IF loop.paced»
            if (i >= warmup)
              pacer.call_finished (end);
            «ENDIF»
          }
        const std::uint64_t wall_ns = bgml::now_ns () - wall_start;
        «IF loop.countsContextSwitches»
        const double switches = static_cast<double> (bgml::thread_context_switches () - switches_before)
                                / static_cast<double> (warmup + iterations);
        «ENDIF»
        «IF loop.postDelayMillis > 0»
        bgml_support::sleep_ms («loop.postDelayMillis»);
        «ENDIF»
        «FOR m : loop.metrics»
        bgml_support::add_timed (result, history, wall_ns, "«m.kind»", "«MetricLoops.metricPath(m)»",
                                 "«MetricLoops.elementPath(m, loop)»", "«loop.operationPath»", «payload»«extra(loop, m)»);
        «ENDFOR»
    '''

    def private extra(Loop loop, MetricPlan m) {
        if (m.kind == 'contextSwitch') {
            return if (loop.paced) ', &pacer, switches' else ', 0, switches'
        }
        return if (loop.paced) ', &pacer' else ''
    }

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
