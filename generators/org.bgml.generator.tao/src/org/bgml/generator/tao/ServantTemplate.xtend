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
    /** The benchmark runs event chains: each upcall hands its stamp to the facet's chain first. */
    var boolean chained

    new(TaoNaming naming, TaoTypes types, TaoSignatures signatures) {
        this.naming = naming
        this.types = types
        this.signatures = signatures
    }

    def void setChained(boolean chained) {
        this.chained = chained
    }

    def isChained() {
        chained
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
            «IF chained»
            #include "«TaoChains.HEADER»"
            «ENDIF»

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
              «IF chained»
              «chainMember»
              «ENDIF»

            private:
              «members(kind)»
              «IF chained»
              «chainField»
              «ENDIF»
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

            «method(cls, m, kind, true)»
            «ENDFOR»
        '''
    }

    def method(String cls, Method m, Kind kind) {
        method(cls, m, kind, false)
    }

    /** One operation; {@code upcall}: the POA dispatches to this class (the executor's methods are not). */
    def method(String cls, Method m, Kind kind, boolean upcall) '''
        «m.returns»
        «cls»::«m.name» («m.parameters»)
        {
          «IF upcall && chained»
          «chainArrival»
          «ENDIF»
          // BEGIN USER CODE «m.regionId»
          «FOR line : signatures.body(m, kind.behaviour)»
          «line»
          «ENDFOR»
          // END USER CODE «m.regionId»
        }
    '''

    /** The setter of the chain a facet's upcalls hand their stamps to (event chains only). */
    def chainMember() '''
        «IF chained»

        /// The facet's behaviour actions and path ends: each call's stamp goes there first.
        void set_chain (bgml_tao::Port_Chain *chain) { this->chain_ = chain; }
        «ENDIF»
    '''

    def chainField() '''
        «IF chained»
        bgml_tao::Port_Chain *chain_ = 0;
        «ENDIF»
    '''

    /** The first statement of an upcall in a chained benchmark: the chain's actions run before the reply. */
    def chainArrival() '''
        «IF chained»
        if (this->chain_ != 0)
          this->chain_->arrive (bgml_tao::take_call_stamp ());
        «ENDIF»
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
