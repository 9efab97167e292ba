package org.bgml.generator.tao

import org.bgml.generator.common.plan.BenchmarkPlan

/**
 * {@code config/<Process>.svc.conf}: the ACE Service Configurator directives TAO reads through
 * {@code -ORBSvcConf}, one {@code static Factory "options"} line per factory the configuration sets.
 */
class SvcConfTemplate {
    val TaoNaming naming

    new(TaoNaming naming) {
        this.naming = naming
    }

    def svcConf(BenchmarkPlan plan, String process, TaoOptions.ProcessOptions options) '''
        # «process».svc.conf: service configuration of process «process» (benchmark «plan.model.name»«IF plan.configuration !== null», configuration «plan.configuration»«ENDIF»).
        # TAO reads it through -ORBSvcConf «naming.svcConfFromRun(process)» (the run folder is the working directory).
        «TaoText.generatedNoticePlain("#")»
        «IF options.directives.empty»
        # The configuration sets no factory option for this process: TAO's defaults apply.
        «ELSE»
        «IF options.strategies»
        # The Advanced_Resource_Factory (TAO_Strategies) replaces the Resource_Factory and takes its options too.
        «ENDIF»
        «FOR d : options.directives»
        «d.line»
        «ENDFOR»
        «ENDIF»
    '''
}
