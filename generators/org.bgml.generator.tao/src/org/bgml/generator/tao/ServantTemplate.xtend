package org.bgml.generator.tao

import org.bgml.generator.tao.TaoServants.Kind
import org.bgml.generator.tao.TaoSignatures.Method
import org.bgml.model.BehaviourKind
import org.bgml.model.BenchmarkModel

/**
 * The servant of a CORBA 2.x server: {@code <Iface>_i.h/.cpp}, a POA skeleton implementation in the style of
 * TAO's own tests. Each operation body is a user code region holding the behaviour's default.
 */
class ServantTemplate {
    val TaoNaming naming
    val TaoTypes types
    val TaoSignatures signatures

    new(TaoNaming naming, TaoTypes types, TaoSignatures signatures) {
        this.naming = naming
        this.types = types
        this.signatures = signatures
    }

    def header(BenchmarkModel model, Kind kind) {
        val cls = naming.servantClass(kind.iface, kind.behaviour)
        val path = naming.srcPath(naming.header(cls))
        '''
            // «naming.header(cls)»: servant of «naming.scopedName(kind.iface)» («kind.behaviour.literal») for benchmark «model.name».
            «TaoText.generatedNotice»

            #ifndef «naming.guard(path)»
            #define «naming.guard(path)»

            #include "«naming.skeletonHeader(model)»"

            /// Implements «naming.scopedName(kind.iface)»: «TaoText.behaviour(kind.behaviour)».
            class «cls»
              : public virtual «naming.skeleton(kind.iface)»
            {
            public:
              «IF hasConstructor(kind)»
              «constructorDeclaration(cls, kind)»

              «ENDIF»
              «FOR m : signatures.methods(kind.iface)»
              virtual «m.returns» «m.name» («m.parameters») override;
              «ENDFOR»

            private:
              «members(kind)»
              // BEGIN USER CODE «cls»/members
              // END USER CODE «cls»/members
            };

            #endif /* «naming.guard(path)» */
        '''
    }

    def source(BenchmarkModel model, Kind kind) {
        val cls = naming.servantClass(kind.iface, kind.behaviour)
        '''
            // «naming.source(cls)»: servant of «naming.scopedName(kind.iface)» («kind.behaviour.literal») for benchmark «model.name».
            «TaoText.generatedNotice»

            #include "«naming.header(cls)»"
            «IF kind.behaviour == BehaviourKind.BUSY_WORK || kind.behaviour == BehaviourKind.CUBIT»
            #include "«naming.supportHeader»"
            «ENDIF»
            «IF hasConstructor(kind)»

            «constructorDefinition(cls, kind)»
            «ENDIF»
            «FOR m : signatures.methods(kind.iface)»

            «method(cls, m, kind)»
            «ENDFOR»
        '''
    }

    def method(String cls, Method m, Kind kind) '''
        «m.returns»
        «cls»::«m.name» («m.parameters»)
        {
          // BEGIN USER CODE «m.regionId»
          «FOR line : signatures.body(m, kind.behaviour)»
          «line»
          «ENDFOR»
          // END USER CODE «m.regionId»
        }
    '''

    def hasConstructor(Kind kind) {
        kind.behaviour == BehaviourKind.BUSY_WORK || kind.behaviour == BehaviourKind.FORWARD
    }

    /** The constructor a behaviour needs: nothing, a spin time, or the object to forward to. */
    def constructorDeclaration(String cls, Kind kind) {
        switch kind.behaviour {
            case BUSY_WORK: '''explicit «cls» (unsigned long busy_work_us);'''
            case FORWARD: '''explicit «cls» («types.cpp(kind.iface)»_ptr target);'''
            default: '''«cls» ();'''
        }
    }

    def constructorDefinition(String cls, Kind kind) {
        switch kind.behaviour {
            case BUSY_WORK: '''
                «cls»::«cls» (unsigned long busy_work_us)
                  : «TaoBehaviours.BUSY_MEMBER» (busy_work_us)
                {
                }
            '''
            case FORWARD: '''
                «cls»::«cls» («types.cpp(kind.iface)»_ptr target)
                  : «TaoBehaviours.TARGET_MEMBER» («types.cpp(kind.iface)»::_duplicate (target))
                {
                }
            '''
            default: '''
                «cls»::«cls» ()
                {
                }
            '''
        }
    }

    def members(Kind kind) {
        switch kind.behaviour {
            case BUSY_WORK: '''
                /// Microseconds of CPU each call spends before it answers.
                unsigned long const «TaoBehaviours.BUSY_MEMBER»;
            '''
            case FORWARD: '''
                /// The object each call is made on again.
                «types.cpp(kind.iface)»_var «TaoBehaviours.TARGET_MEMBER»;
            '''
            default: ''''''
        }
    }
}
