package org.bgml.generator.tao

import org.bgml.generator.common.plan.BenchmarkPlan
import org.bgml.generator.common.plan.InvocationPlan
import org.bgml.generator.common.plan.MetricPlan
import org.bgml.generator.common.plan.ProcessPlan
import org.bgml.generator.common.plan.ServantPlan
import org.bgml.generator.tao.TaoMainSteps.CallKind
import org.bgml.generator.tao.TaoMainSteps.Step
import org.bgml.model.BehaviourKind

/**
 * The main of one process ({@code src/<Process>.cpp}), shaped like TAO's performance tests: ORB_init, the
 * RootPOA, servants activated and their IOR files written atomically, references read from IOR files, warm-up
 * and timed loops over the measurement runtime, a result file, and SIGTERM handled by a sigwait() thread.
 */
class ProcessTemplate {
    val TaoNaming naming
    val TaoTypes types
    val TaoCalls calls
    val TaoMetrics metrics
    val TaoServants servants
    val EventMainParts events

    new(TaoNaming naming, TaoTypes types, TaoCalls calls, TaoMetrics metrics, TaoServants servants, EventMainParts events) {
        this.naming = naming
        this.types = types
        this.calls = calls
        this.metrics = metrics
        this.servants = servants
        this.events = events
    }

    def main(BenchmarkPlan plan, ProcessPlan p, TaoProcesses processes, TaoOptions.ProcessOptions options) {
        val steps = new TaoMainSteps(processes)
        val model = plan.model
        '''
            // «p.name».cpp: process «p.name» of benchmark «model.name» (TAO).
            «FOR s : p.servants»
            // Serves «s.entity.name»/«s.facet.name» («naming.scopedName(s.iface)», «s.behaviour.literal»«IF s.isComponent», component emulation«ENDIF»).
            «ENDFOR»
            «FOR i : p.invocations»
            «IF processes.active(i)»
            // Calls «i.server.name»/«i.facet.name» over «i.connection.name»«IF i.collocated» (collocated)«ENDIF»«IF i.metrics.empty», forwarding only«ELSE»: «i.metrics.map[metric.name].join(', ')»«ENDIF».
            «ELSE»
            // Leaves «i.connection.name» to «i.server.name»/«i.facet.name» alone: no metric measures it and nothing forwards through it.
            «ENDIF»
            «ENDFOR»
            «FOR e : p.consumes»
            // Consumes «naming.scopedName(e.eventType)» events from «e.supplier.name»/«e.source.name» over «e.connection.name»«IF e.channel !== null» through channel «e.channel»«ENDIF».
            «ENDFOR»
            «FOR e : p.supplies»
            // Pushes «naming.scopedName(e.eventType)» events to «e.consumer.name»/«e.sink.name» over «e.connection.name»«IF e.channel !== null» through channel «e.channel»«ENDIF»«IF !e.metrics.empty»: «e.metrics.map[metric.name].join(', ')»«ENDIF».
            «ENDFOR»
            «IF processes.runsOrb(p)»
            // Runs until SIGTERM or SIGINT.
            «ELSE»
            // Ends by itself when its loops are done.
            «ENDIF»
            «TaoText.generatedNoticePlain("//")»

            «FOR h : servants.headers(p)»
            #include "«h»"
            «ENDFOR»
            «IF p.servants.empty»
            #include "«naming.stubHeader(model)»"
            «ENDIF»
            «IF processes.events.involves(p)»
            «events.includes(p, processes.events)»
            «ENDIF»
            #include "«naming.supportHeader»"
            «IF chained(processes)»
            #include "«TaoChains.HEADER»"
            «ENDIF»
            «IF processes.probes.uses(p)»
            #include "«TaoProbes.HEADER»"
            «ENDIF»
            «IF options.strategies»
            #include "tao/Strategies/advanced_resource.h"
            «ENDIF»
            «IF !callKinds(p, steps, processes).empty || !pushing(p).empty»

            namespace
            {
              «FOR k : callKinds(p, steps, processes) SEPARATOR '\n'»
              «callStruct(k)»
              «ENDFOR»
              «IF !callKinds(p, steps, processes).empty && !pushing(p).empty»

              «ENDIF»
              «FOR e : pushing(p) SEPARATOR '\n'»
              «events.pushStruct(e)»
              «ENDFOR»
            }
            «ENDIF»

            int
            ACE_TMAIN (int argc, ACE_TCHAR *argv[])
            {
              bgml_tao::Stop_Signals stop_signals;
              bgml_tao::Options options («TaoText.cppString(p.name)», «TaoText.cppString(p.resultFile)»);
              std::string const command_line = bgml_tao::command_line (argc, argv);

              try
                {
                  «IF chained(processes)»
                  bgml_tao::register_path_interceptors (); // stamps of the event chains ride in request service contexts
                  «ENDIF»
                  «IF processes.probes.uses(p)»
                  «IF processes.probes.client(p)»
                  std::vector<std::string> const probe_orb_arguments = bgml_tao::probes::orb_arguments (argc, argv);
                  «ENDIF»
                  bgml_tao::probes::register_interceptors («processes.probes.client(p)», «processes.probes.server(p)»); // white-box probes
                  «ENDIF»
                  CORBA::ORB_var orb = CORBA::ORB_init (argc, argv);

                  int const parsed = bgml_tao::parse_args (argc, argv, options);
                  if (parsed != 0)
                    return parsed > 0 ? 0 : 1;
                  if (!bgml_tao::place (options))
                    return 1;

                  bgml::ResultFile result («TaoText.cppString(processes.processPath(p))», «TaoText.cppString(processes.resultTarget)»);
                  bgml_tao::add_labels (result, command_line, «cstring(plan.deployment)», «cstring(plan.configuration)»);
                  if (stop_signals.start (orb.in ()) != 0)
                    ACE_ERROR_RETURN ((LM_ERROR, ACE_TEXT ("ERROR: %C: cannot start the signal thread\n"), options.process), 1);
                  int status = 0;
                  «FOR o : processes.probes.onewayTablesIn(p)»
                  «expectOneway(o)»
                  «ENDFOR»
                  «IF processes.serves(p)»

                  CORBA::Object_var poa_object = orb->resolve_initial_references ("RootPOA");
                  PortableServer::POA_var root_poa = PortableServer::POA::_narrow (poa_object.in ());
                  PortableServer::POAManager_var poa_manager = root_poa->the_POAManager ();
                  poa_manager->activate ();
                  «ENDIF»
                  «FOR step : steps.setup(p)»

                  «step(step, processes)»
                  «ENDFOR»
                  «FOR e : p.consumes»

                  «events.consumer(e, processes.events)»
                  «ENDFOR»
                  «IF chained(processes) && processes.chains.usedBy(p)»

                  «processes.chains.setup(p)»
                  «ENDIF»
                  «IF !p.servants.empty || !p.consumes.empty»

                  «FOR s : p.servants»
                  if (!bgml_tao::write_ior (orb.in (), «naming.objectVariable(s.entity, s.facet)».in (), «TaoText.cppString(s.iorFile)», options))
                    return 1;
                  «ENDFOR»
                  «events.consumerIors(p, processes.events)»
                  «ENDIF»
                  «FOR step : steps.afterIors(p)»

                  «step(step, processes)»
                  «ENDFOR»
                  «FOR e : p.supplies.filter[!chainOnly(it, processes)]»

                  «events.pushTarget(e, processes.events)»
                  «ENDFOR»
                  «IF processes.needsOrbThread(p)»

                  bgml_tao::ORB_Runner orb_runner (orb.in ());
                  if (orb_runner.activate (THR_NEW_LWP | THR_JOINABLE, 1) != 0)
                    ACE_ERROR_RETURN ((LM_ERROR, ACE_TEXT ("ERROR: %C: cannot start the ORB thread\n"), options.process), 1);
                  «ENDIF»
                  «IF processes.role(p) != "server"»

                  // Set-up done: the timed work starts together with the other load drivers (BGML_START_LINE).
                  if (!bgml_tao::wait_at_start_line (result, options))
                    return 1;
                  «ENDIF»
                  «FOR i : processes.measured(p)»
                  «FOR m : i.metrics.filter[!processes.probes.isProbed(i, it)]»

                  «metricBlock(i, m)»
                  «ENDFOR»
                  «ENDFOR»
                  «FOR probe : processes.probes.drivenBy(p)»

                  «probedLoop(probe)»
                  «ENDFOR»
                  «FOR e : pushing(p)»

                  «events.supplyBlocks(e, processes.events)»
                  «ENDFOR»
                  «IF chained(processes) && processes.chains.drivesPaths(p)»
                  «processes.chains.timerLoops(p)»
                  «ENDIF»

                  «ending(p, processes)»
                }
              catch (const CORBA::Exception &ex)
                {
                  return stop_signals.exit_status (ex, options.process);
                }
            }
        '''
    }

    /** Supplies with metrics: each gets a push struct and timed loops. */
    def pushing(ProcessPlan p) {
        p.supplies.filter[!it.metrics.empty].toList
    }

    /**
     * How the main ends: after its loops, after the ORB thread, or after orb->run (). A process that consumes
     * events writes its result file once the ORB has stopped, when every event is in.
     */
    def ending(ProcessPlan p, TaoProcesses processes) {
        if (processes.needsOrbThread(p)) '''
            «IF !collectsAtEnd(p, processes)»
            // Loops done: the result file and the done file say so; the ORB thread serves the others until SIGTERM.
            if (!bgml_tao::write_result (result, options))
              status = 1;
            «ELSE»
            // Loops done: the done file says so; the ORB thread serves the others and takes events until SIGTERM.
            «ENDIF»
            if (!bgml_tao::mark_done (stop_signals, «TaoText.cppString(naming.doneFile(p.name))», options))
              status = 1;
            orb_runner.wait ();
            if (orb_runner.failed ())
              status = 1;
            stop_signals.stop (); // the ORB's shutdown ends in the signal thread: join it before destroying

            root_poa->destroy (true, true);
            «IF collectsAtEnd(p, processes)»
            «events.collect(p)»
            «IF endsPaths(p, processes)»
            «processes.chains.collect(p)»
            «ENDIF»
            «probeResults(p, processes)»
            if (!bgml_tao::write_result (result, options))
              status = 1;
            «ENDIF»
            orb->destroy ();
            return status;
        ''' else if (processes.runsOrb(p)) '''
            stop_signals.loops_done (); // it has none: it serves until SIGTERM
            orb->run ();
            stop_signals.stop (); // the ORB's shutdown ends in the signal thread: join it before destroying

            root_poa->destroy (true, true);
            «events.collect(p)»
            «IF endsPaths(p, processes)»
            «processes.chains.collect(p)»
            «ENDIF»
            «probeResults(p, processes)»
            if (!bgml_tao::write_result (result, options))
              status = 1;
            orb->destroy ();
            return status;
        ''' else '''
            «events.collect(p)»
            «IF endsPaths(p, processes)»
            «processes.chains.collect(p)»
            «ENDIF»
            if (!bgml_tao::write_result (result, options))
              status = 1;
            «IF processes.serves(p)»
            root_poa->destroy (true, true);
            «ENDIF»
            stop_signals.stop ();
            orb->destroy ();
            return status;
        '''
    }

    /**
     * The result file waits until the ORB has stopped: the process consumes events, ends event paths, or records the
     * cycles of probed oneway calls (they keep arriving while its own loops run).
     */
    def collectsAtEnd(ProcessPlan p, TaoProcesses processes) {
        !p.consumes.empty || endsPaths(p, processes) || processes.probes.receivesOneway(p)
    }

    /**
     * What the server interceptors of a process saw (labels), and the cycles of the probed oneway calls it received,
     * once the ORB has stopped.
     */
    def probeResults(ProcessPlan p, TaoProcesses processes) '''
        «IF processes.probes.server(p)»
        bgml_tao::probes::add_server_labels (result);
        «ENDIF»
        «IF processes.probes.receivesOneway(p)»
        bgml_tao::probes::add_oneway_results (result, options);
        «ENDIF»
    '''

    /** The receiving side of a probed oneway call: the table its cycles end in, sized before the ORB serves. */
    def expectOneway(TaoProbes.Probed o) {
        val m = o.metric
        val payload = String.valueOf(m.payloadSizes.head ?: 0)
        '''
            bgml_tao::probes::expect_oneway («o.id», «TaoText.cppString(metrics.metricPath(m))», «TaoText.cppString(o.element)», «TaoText.cppString(org.bgml.model.io.ElementPaths.pathOf(o.operation))», «payloadExpression(m, payload)»,
                                            options.loop («m.warmup», «m.iterations»).samples); // oneway calls over «o.invocation.connection.name» end here
        '''
    }

    /** The benchmark runs event chains: stamps, interceptors, port chains. */
    def chained(TaoProcesses processes) {
        processes.chains !== null
    }

    /** Paths end in this process: its recorders go into the result file once the ORB has stopped. */
    def endsPaths(ProcessPlan p, TaoProcesses processes) {
        chained(processes) && !processes.chains.pathsEndingIn(p).empty
    }

    /** A supply only the chain pushes (no loop metric): its sender resolves the target, not the set-up. */
    def chainOnly(org.bgml.generator.common.plan.EventPlan e, TaoProcesses processes) {
        chained(processes) && e.metrics.empty && processes.chains.chainSupplied(e)
    }

    /** The call structs of the metric loops, then those the chain's call actions use, each once. */
    def callKinds(ProcessPlan p, TaoMainSteps steps, TaoProcesses processes) {
        val kinds = new java.util.LinkedHashMap<String, CallKind>
        for (k : steps.callKinds(p)) kinds.putIfAbsent(naming.callStruct(k.invocation.connection, k.operation), k)
        if (chained(processes)) {
            for (k : processes.chains.callKinds(p)) kinds.putIfAbsent(naming.callStruct(k.invocation.connection, k.operation), k)
        }
        kinds.values.toList
    }

    /**
     * A functional-path metric on a remote call: its calls go through the probes' ORB, whose client interceptors (with
     * the server's) stamp each call. A two-way call's cycle table goes into this process's result file; a oneway call's
     * stamps travel to the receiver, which records the table.
     */
    def probedLoop(TaoProbes.Probed probe) {
        val i = probe.invocation
        val m = probe.metric
        val iface = types.cpp(i.iface)
        val payload = String.valueOf(m.payloadSizes.head ?: 0)
        '''
            «IF probe.oneway»
            // «m.metric.name» (functionalPath): white-box segments of the oneway calls over «i.connection.name» from TAO's portable interceptors; «i.serverProcess» records them
            «ELSE»
            // «m.metric.name» (functionalPath): white-box segments of «i.connection.name» from TAO's portable interceptors
            «ENDIF»
            {
              CORBA::ORB_var probe_orb = bgml_tao::probes::probes_orb (probe_orb_arguments);
              CORBA::Object_var probe_object = bgml_tao::read_ior (probe_orb.in (), «TaoText.cppString(i.servant.iorFile)», options);
              «iface»_var probe_target = «iface»::_narrow (probe_object.in ());
              if (CORBA::is_nil (probe_target.in ()))
                ACE_ERROR_RETURN ((LM_ERROR, ACE_TEXT ("ERROR: %C: no «naming.scopedName(i.iface)» for the probes of «i.connection.name»\n"), options.process), 1);
              «naming.callStruct(i.connection, probe.operation)» call (probe_target.in (), «payload»);
              bgml_tao::Loop_Spec spec = options.loop («m.warmup», «m.iterations»);
              «IF probe.oneway»
              std::size_t unseen = 0;
              std::uint64_t begin = 0;
              std::uint64_t end = 0;
              bgml_tao::probes::run_oneway (call, probe_target.in (), «probe.id», spec.warmup, spec.samples, unseen, begin, end);
              ACE_DEBUG ((LM_INFO, ACE_TEXT ("%C: %C: %d oneway calls in %.3f s; «i.serverProcess» records their segments\n"), options.process,
                          «TaoText.cppString(metrics.metricPath(m))», static_cast<int> (spec.samples), (end - begin) / 1e9));
              if (unseen != 0)
                {
                  ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: %C: %d probed oneway calls were not seen by the client interceptors\n"),
                              options.process, static_cast<int> (unseen)));
                  status = 1;
                }
              «ELSE»
              bgml::SegmentTimer timer (bgml_tao::probes::segment_names (), spec.warmup, spec.samples);
              std::size_t incomplete = 0;
              std::uint64_t begin = 0;
              std::uint64_t end = 0;
              bgml_tao::probes::run (call, timer, spec.warmup, spec.samples, incomplete, begin, end);
              bgml_tao::probes::add_results (result, timer, «TaoText.cppString(metrics.metricPath(m))», «TaoText.cppString(probe.element)», «TaoText.cppString(org.bgml.model.io.ElementPaths.pathOf(probe.operation))», «payloadExpression(m, payload)», begin, end, options);
              if (incomplete != 0)
                {
                  ACE_ERROR ((LM_ERROR, ACE_TEXT ("ERROR: %C: %d probed calls were not seen whole by the interceptors\n"),
                              options.process, static_cast<int> (incomplete)));
                  status = 1;
                }
              «ENDIF»
              probe_orb->destroy ();
            }
        '''
    }

    def step(Step step, TaoProcesses processes) {
        if (step.isActivation) activation(step.activate, processes) else resolution(step.resolve)
    }

    /** Creates a servant (or a component's executor and glue), activates it, keeps its reference. */
    def activation(ServantPlan s, TaoProcesses processes) {
        val servant = naming.servantVariable(s.entity, s.facet)
        val object = naming.objectVariable(s.entity, s.facet)
        val cls = servants.activatedClass(s)
        '''
            «IF s.isComponent»
            «naming.executorClass(s.iface, s.behaviour)» «naming.executorVariable(s.entity, s.facet)»«constructorArguments(s, processes)»;
            «cls» *«servant» = 0;
            ACE_NEW_RETURN («servant», «cls» (&«naming.executorVariable(s.entity, s.facet)»), 1);
            «ELSE»
            «cls» *«servant» = 0;
            ACE_NEW_RETURN («servant», «cls»«constructorArguments(s, processes)», 1);
            «ENDIF»
            PortableServer::ServantBase_var «object»_owner («servant»);
            PortableServer::ObjectId_var «object»_id = root_poa->activate_object («servant»);
            CORBA::Object_var «object» = root_poa->id_to_reference («object»_id.in ());
        '''
    }

    def constructorArguments(ServantPlan s, TaoProcesses processes) {
        switch s.behaviour {
            case BehaviourKind.BUSY_WORK: ''' («s.busyWorkMicros»UL)'''
            case BehaviourKind.FORWARD: ''' («naming.referenceVariable(processes.forwardInvocation(s).connection)».in ())'''
            default: ''''''
        }
    }

    /** Narrows the reference an invocation calls through: from a collocated servant, or from an IOR file. */
    def resolution(InvocationPlan i) {
        val ref = naming.referenceVariable(i.connection)
        val iface = types.cpp(i.iface)
        '''
            «IF i.collocated»
            «iface»_var «ref» = «iface»::_narrow («naming.objectVariable(i.server, i.facet)».in ());
            «ELSE»
            CORBA::Object_var «ref»_object = bgml_tao::read_ior (orb.in (), «TaoText.cppString(i.servant.iorFile)», options);
            «iface»_var «ref» = «iface»::_narrow («ref»_object.in ());
            «ENDIF»
            if (CORBA::is_nil («ref».in ()))
              ACE_ERROR_RETURN ((LM_ERROR, ACE_TEXT ("ERROR: %C: no «naming.scopedName(i.iface)» for «i.connection.name»\n"), options.process), 1);
        '''
    }

    /** One call of one operation over one connection, with its arguments prepared outside the timed loop. */
    def callStruct(CallKind k) {
        val cls = naming.callStruct(k.invocation.connection, k.operation)
        val iface = types.cpp(k.invocation.iface)
        val members = calls.members(k.operation)
        val prepare = calls.prepare(k.operation, "count")
        '''
            /// One call of «naming.scopedName(k.operation.eContainer as org.bgml.model.Interface)»::«k.operation.name» over «k.invocation.connection.name».
            class «cls»
            {
            public:
              «cls» («iface»_ptr target, std::size_t payload_bytes)
                : target_ («iface»::_duplicate (target))
              {
                «IF prepare.empty»
                ACE_UNUSED_ARG (payload_bytes);
                «ELSE»
                CORBA::ULong const count = bgml_tao::elements (payload_bytes, «calls.payloadElementSize(k.operation)»);
                ACE_UNUSED_ARG (count);
                «FOR line : prepare»
                «line»
                «ENDFOR»
                «ENDIF»
              }

              void operator() (std::uint64_t now)
              {
                «IF !usesNow(k)»
                ACE_UNUSED_ARG (now);
                «ENDIF»
                «FOR line : calls.call(k.operation, "this->target_", "now")»
                «line»
                «ENDFOR»
              }

            private:
              «iface»_var target_;
              «FOR m : members»
              «m.type» «m.name»;
              «ENDFOR»
            };
        '''
    }

    def usesNow(CallKind k) {
        calls.call(k.operation, "this->target_", "now").exists[contains("(now)")]
    }

    /** One metric: a measurement per payload size, each in the result file. */
    def metricBlock(InvocationPlan i, MetricPlan m) {
        val description = TaoText.firstLine(m.metric.description)
        val sweep = m.payloadSizes.size > 1 && m.kind != "footprint" && m.kind != "lookupTime"
        '''
            // «m.metric.name» («m.kind»)«IF !description.empty»: «description»«ENDIF»
            «IF sweep»
            {
              static const std::size_t payloads[] = { «metrics.sizes(m)» };
              for (std::size_t k = 0; k != sizeof payloads / sizeof payloads[0]; ++k)
                {
                  «measurement(i, m, "payloads[k]")»
                }
            }
            «ELSE»
            {
              «measurement(i, m, String.valueOf(m.payloadSizes.head ?: 0))»
            }
            «ENDIF»
        '''
    }

    def measurement(InvocationPlan i, MetricPlan m, String payload) {
        val ref = naming.referenceVariable(i.connection)
        '''
            bgml::Measurement m («TaoText.cppString(m.kind)», «TaoText.cppString(metrics.metricPath(m))», «TaoText.cppString(metrics.elementPath(m))»);
            «IF m.operation !== null»
            m.operation = «TaoText.cppString(metrics.operationPath(m))»;
            «ENDIF»
            «IF m.kind == "footprint"»
            bgml_tao::measure_footprint (result, m);
            «ELSE»
            m.payload_bytes = «payloadExpression(m, payload)»;
            bgml_tao::Loop_Spec spec = options.loop («m.warmup», «m.iterations»);
            «FOR line : metrics.specLines(m, "spec")»
            «line»
            «ENDFOR»
            «IF m.kind == "lookupTime"»
            bgml_tao::Lookup_Call< «types.cpp(i.iface)»> call (orb.in (), «ref».in ());
            «ELSE»
            «naming.callStruct(i.connection, m.operation)» call («ref».in (), «payload»);
            «ENDIF»
            if (!bgml_tao::«IF m.kind == "contextSwitch"»measure_context_switches«ELSE»measure«ENDIF» (call, spec, m, options))
              status = 1;
            «ENDIF»
            result.add (m);
        '''
    }

    /** The payload bytes a measurement reports: the modelled size, or the bytes of the in arguments. */
    def payloadExpression(MetricPlan m, String payload) {
        if (m.operation === null || m.kind == "lookupTime") return "0"
        if (!calls.usesPayload(m.operation)) return String.valueOf(metrics.payloadBytes(m.operation, 0))
        if (payload.startsWith("payloads")) "static_cast<std::int64_t> (" + payload + ")" else payload
    }

    def cstring(String s) {
        if (s === null) "0" else TaoText.cppString(s)
    }
}
