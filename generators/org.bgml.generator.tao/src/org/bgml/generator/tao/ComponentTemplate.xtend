package org.bgml.generator.tao

import org.bgml.generator.tao.TaoServants.Kind
import org.bgml.generator.tao.TaoSignatures.Method
import org.bgml.model.BehaviourKind
import org.bgml.model.BenchmarkModel
import org.bgml.model.Interface

/**
 * Component emulation on TAO: a component's facet is a glue servant registered with the POA that delegates
 * every call to an executor through a virtual call, the extra hop CIAO's generated servants add. The executor
 * holds the behaviour in user code regions.
 */
class ComponentTemplate {
    val TaoNaming naming
    val TaoSignatures signatures
    val ServantTemplate servants

    new(TaoNaming naming, TaoSignatures signatures, ServantTemplate servants) {
        this.naming = naming
        this.signatures = signatures
        this.servants = servants
    }

    def executorBase(BenchmarkModel model, Interface iface) {
        val cls = naming.executorBase(iface)
        val path = naming.srcPath(naming.header(cls))
        '''
            // «naming.header(cls)»: the executor side of «naming.scopedName(iface)» in component emulation (benchmark «model.name»).
            «TaoText.generatedNoticePlain("//")»

            #ifndef «naming.guard(path)»
            #define «naming.guard(path)»

            #include "«naming.stubHeader(model)»"

            /// What the glue servant of «naming.scopedName(iface)» calls: the local interface a CCM executor implements.
            class «cls»
            {
            public:
              virtual ~«cls» () {}

              «FOR m : signatures.methods(iface)»
              virtual «m.returns» «m.name» («m.parameters») = 0;
              «ENDFOR»
            };

            #endif /* «naming.guard(path)» */
        '''
    }

    def executorHeader(BenchmarkModel model, Kind kind) {
        val cls = naming.executorClass(kind.iface, kind.behaviour)
        val path = naming.srcPath(naming.header(cls))
        '''
            // «naming.header(cls)»: executor of «naming.scopedName(kind.iface)» («kind.behaviour.literal») for benchmark «model.name».
            «TaoText.generatedNotice»

            #ifndef «naming.guard(path)»
            #define «naming.guard(path)»

            #include "«naming.header(naming.executorBase(kind.iface))»"

            /// Executes «naming.scopedName(kind.iface)» behind its glue servant: «TaoText.behaviour(kind.behaviour)».
            class «cls»
              : public «naming.executorBase(kind.iface)»
            {
            public:
              «IF servants.hasConstructor(kind)»
              «servants.constructorDeclaration(cls, kind)»

              «ENDIF»
              «FOR m : signatures.methods(kind.iface)»
              virtual «m.returns» «m.name» («m.parameters») override;
              «ENDFOR»

            private:
              «servants.members(kind)»
              // BEGIN USER CODE «cls»/members
              // END USER CODE «cls»/members
            };

            #endif /* «naming.guard(path)» */
        '''
    }

    def executorSource(BenchmarkModel model, Kind kind) {
        val cls = naming.executorClass(kind.iface, kind.behaviour)
        '''
            // «naming.source(cls)»: executor of «naming.scopedName(kind.iface)» («kind.behaviour.literal») for benchmark «model.name».
            «TaoText.generatedNotice»

            #include "«naming.header(cls)»"
            «IF kind.behaviour == BehaviourKind.BUSY_WORK || kind.behaviour == BehaviourKind.CUBIT»
            #include "«naming.supportHeader»"
            «ENDIF»
            «IF servants.hasConstructor(kind)»

            «servants.constructorDefinition(cls, kind)»
            «ENDIF»
            «FOR m : signatures.methods(kind.iface)»

            «servants.method(cls, m, kind)»
            «ENDFOR»
        '''
    }

    def glueHeader(BenchmarkModel model, Interface iface) {
        val cls = naming.glueClass(iface)
        val path = naming.srcPath(naming.header(cls))
        '''
            // «naming.header(cls)»: glue servant of «naming.scopedName(iface)» in component emulation (benchmark «model.name»).
            «TaoText.generatedNoticePlain("//")»

            #ifndef «naming.guard(path)»
            #define «naming.guard(path)»

            #include "«naming.skeletonHeader(model)»"
            #include "«naming.header(naming.executorBase(iface))»"
            «IF servants.chained»
            #include "«TaoChains.HEADER»"
            «ENDIF»

            /// The servant the POA dispatches to; it hands every call to the executor, as CIAO's servants do.
            class «cls»
              : public virtual «naming.skeleton(iface)»
            {
            public:
              explicit «cls» («naming.executorBase(iface)» *executor);

              «FOR m : signatures.methods(iface)»
              virtual «m.returns» «m.name» («m.parameters») override;
              «ENDFOR»
              «IF servants.chained»
              «servants.chainMember»
              «ENDIF»

            private:
              «naming.executorBase(iface)» *executor_;
              «IF servants.chained»
              «servants.chainField»
              «ENDIF»
            };

            #endif /* «naming.guard(path)» */
        '''
    }

    def glueSource(BenchmarkModel model, Interface iface) {
        val cls = naming.glueClass(iface)
        '''
            // «naming.source(cls)»: glue servant of «naming.scopedName(iface)» in component emulation (benchmark «model.name»).
            «TaoText.generatedNoticePlain("//")»

            #include "«naming.header(cls)»"

            «cls»::«cls» («naming.executorBase(iface)» *executor)
              : executor_ (executor)
            {
            }
            «FOR m : signatures.methods(iface)»

            «delegate(cls, m)»
            «ENDFOR»
        '''
    }

    def delegate(String cls, Method m) '''
        «m.returns»
        «cls»::«m.name» («m.parameters»)
        {
          «IF servants.chained»
          «servants.chainArrival»
          «ENDIF»
          «IF m.returnsValue»return «ENDIF»this->executor_->«m.name» («m.arguments»);
        }
    '''
}
