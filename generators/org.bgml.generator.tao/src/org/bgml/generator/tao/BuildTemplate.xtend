package org.bgml.generator.tao

import java.util.ArrayList
import java.util.List
import org.bgml.generator.common.RuntimeHeaders
import org.bgml.generator.common.plan.BenchmarkPlan
import org.bgml.generator.common.plan.ProcessPlan
import org.bgml.model.EventChannel

/**
 * The MPC files: one {@code .mpc} with an IDL project (tao_idl runs once) and one executable project per
 * process deriving from {@code taoserver} or {@code taoclient} (and the CosEvent base projects where events
 * flow), and the {@code .mwc} workspace that {@code mwc.pl -type gnuace} turns into GNUmakefiles.
 */
class BuildTemplate {
    val TaoNaming naming
    val TaoServants servants

    new(TaoNaming naming, TaoServants servants) {
        this.naming = naming
        this.servants = servants
    }

    def mpc(BenchmarkPlan plan, TaoProcesses processes, (String)=>TaoOptions.ProcessOptions options, boolean anys) {
        val model = plan.model
        val events = processes.events
        val order = new ArrayList<String>
        events.channels.forEach[order += naming.project(naming.channelProcess(it))]
        plan.processes.forEach[order += naming.project(name)]
        '''
            // «naming.mpcFile(model)»: MPC projects of benchmark «model.name» for TAO.
            // Build: $ACE_ROOT/bin/mwc.pl -type gnuace «naming.mwcFile(model)» && make
            «TaoText.generatedNoticePlain("//")»

            project(«naming.idlProject(model)»): taoidldefaults {
              custom_only = 1
              idlflags += -o idl -Iidl
              «IF anys»
              idlflags -= -Sa -St
              «ENDIF»
              IDL_Files {
                «naming.idlPath(model)»
                «IF events.any»
                «naming.eventsIdlPath(model)»
                «ENDIF»
              }
            }
            «FOR c : events.channels»

            «channelProject(plan, c, options.apply(naming.channelProcess(c)), previous(order, naming.channelProcess(c)))»
            «ENDFOR»
            «FOR p : plan.processes»

            «project(plan, p, processes, options.apply(p.name), anys, previous(order, p.name))»
            «ENDFOR»
        '''
    }

    /** The project built before this one: projects share object files, so they build one after another. */
    def previous(List<String> order, String project) {
        val index = order.indexOf(project)
        if (index <= 0) null else order.get(index - 1)
    }

    /** The MPC base projects of a process's project. */
    def bases(ProcessPlan p, TaoProcesses processes, TaoOptions.ProcessOptions options, boolean anys) {
        val bases = new ArrayList<String>
        bases += if (processes.serves(p)) "taoserver" else "taoclient"
        if (!p.consumes.empty) bases += "event_skel"
        if (p.consumes.empty && !p.supplies.empty) bases += "event"
        if (options.strategies) bases += "strategies"
        if (anys) bases += "anytypecode"
        // event chains: the portable interceptors that carry path stamps in requests (both sides in every process)
        // and the white-box probes of functional-path metrics
        if (processes.chains !== null || processes.probes.uses(p)) bases += "pi_server"
        bases
    }

    /** The MPC base projects of a channel's project. */
    def channelBases(TaoOptions.ProcessOptions options) {
        val bases = new ArrayList<String>
        bases += "taoserver"
        bases += "event_serv"
        if (options.strategies) bases += "strategies"
        bases
    }

    /** The libraries every project links, for the manifest's pre-build check. */
    def libraries(BenchmarkPlan plan, TaoProcesses processes, (String)=>TaoOptions.ProcessOptions options, boolean anys) {
        val libraries = new TaoLibraries
        processes.events.channels.forEach[c|libraries.add(naming.channelProcess(c), channelBases(options.apply(naming.channelProcess(c))))]
        plan.processes.forEach[p|libraries.add(p.name, bases(p, processes, options.apply(p.name), anys))]
        libraries.libraries
    }

    def project(BenchmarkPlan plan, ProcessPlan p, TaoProcesses processes, TaoOptions.ProcessOptions options, boolean anys,
        String previous) {
        val model = plan.model
        val serves = processes.serves(p)
        val bases = bases(p, processes, options, anys)
        '''
            project(«naming.project(p.name)»): «bases.join(', ')» {
              «common(model, naming.project(p.name), options, previous)»
              Source_Files {
                «naming.stubSource(model)»
                «IF serves»
                «naming.skeletonSource(model)»
                «ENDIF»
                «IF processes.events.involves(p)»
                «naming.eventsStubSource(model)»
                «ENDIF»
                «FOR s : servants.sources(p)»
                «s»
                «ENDFOR»
                «FOR t : p.consumes.map[eventType].toSet»
                «naming.srcPath(naming.source(naming.consumerClass(t)))»
                «ENDFOR»
                «naming.mainSource(p.name)»
              }
              IDL_Files {
              }
            }
        '''
    }

    def channelProject(BenchmarkPlan plan, EventChannel c, TaoOptions.ProcessOptions options, String previous) '''
        project(«naming.project(naming.channelProcess(c))»): «channelBases(options).join(', ')» {
          «common(plan.model, naming.project(naming.channelProcess(c)), options, previous)»
          Source_Files {
            «naming.mainSource(naming.channelProcess(c))»
          }
          IDL_Files {
          }
        }
    '''

    def common(org.bgml.model.BenchmarkModel model, String project, TaoOptions.ProcessOptions options, String previous) '''
        after    += «naming.idlProject(model)»«IF previous !== null» «previous»«ENDIF»
        exename   = «project»
        exeout    = «naming.exeDir»
        includes += «RuntimeHeaders.INCLUDE_DIR» idl src
        «FOR e : options.macros.entrySet»
        macros   += «e.key»«IF !e.value.empty»=«e.value»«ENDIF»
        «ENDFOR»
    '''

    def mwc(BenchmarkPlan plan) {
        val model = plan.model
        '''
            // «naming.mwcFile(model)»: MPC workspace of benchmark «model.name».
            // $ACE_ROOT/bin/mwc.pl -type gnuace «naming.mwcFile(model)» writes the GNUmakefiles; make builds «naming.exeDir»/*.
            «TaoText.generatedNoticePlain("//")»

            workspace {
              «naming.mpcFile(model)»
            }
        '''
    }
}
