package org.bgml.generator.tao

import org.bgml.generator.common.plan.BenchmarkPlan
import org.bgml.model.BenchmarkModel
import org.bgml.model.EventType
import org.bgml.model.io.ElementPaths

/**
 * Events on TAO: the IDL of the timed wrappers events travel in (as CORBA::Any), and the CosEventComm push
 * consumer that times each event from its send time.
 */
class EventTemplate {
    val TaoNaming naming
    /** The benchmark runs event chains: wrappers carry a path stamp, consumers hand arrivals to their chain. */
    var boolean chained

    new(TaoNaming naming) {
        this.naming = naming
    }

    def void setChained(boolean chained) {
        this.chained = chained
    }

    def eventsIdl(BenchmarkPlan plan, TaoEvents events) {
        val model = plan.model
        '''
            // «naming.eventsIdlBase(model)».idl: what benchmark «model.name» pushes through CosEventComm: each event with
            // the series it belongs to (metric and payload size), a warm-up flag and its send time (CLOCK_MONOTONIC, ns).
            «TaoText.generatedNoticePlain("//")»
            #ifndef BGML_«model.name.toUpperCase»_EVENTS_IDL
            #define BGML_«model.name.toUpperCase»_EVENTS_IDL

            #include "«naming.idlFile(model)»"

            module «naming.eventsModule» {
              «IF chained»
              // The stamp of an end-to-end path (see bgml_tao_chain.h); empty when the event is on none.
              typedef sequence<unsigned long long> Path_Stamp;

              «ENDIF»
              «FOR e : events.eventTypes»
              struct «naming.timedEvent(e)» {
                unsigned long series;
                boolean warmup;
                unsigned long long sent_ns;
                ::«naming.scopedName(e)» event;
                «IF chained»
                Path_Stamp path;
                «ENDIF»
              };
              «ENDFOR»
            };

            #endif
        '''
    }

    def consumerHeader(BenchmarkModel model, EventType event) {
        val cls = naming.consumerClass(event)
        val path = naming.srcPath(naming.header(cls))
        '''
            // «naming.header(cls)»: push consumer of «naming.scopedName(event)» events for benchmark «model.name».
            «TaoText.generatedNotice»

            #ifndef «naming.guard(path)»
            #define «naming.guard(path)»

            #include "orbsvcs/CosEventCommS.h"
            #include "«naming.eventsStubHeader(model)»"
            #include "«naming.supportHeader»"
            «IF chained»
            #include "«TaoChains.HEADER»"
            «ENDIF»

            /// Receives «naming.scopedName(event)» events, directly or through a CosEvent channel, and times each one
            /// from the send time it carries (supplier and consumer share the host's CLOCK_MONOTONIC).
            class «cls»
              : public virtual POA_CosEventComm::PushConsumer
            {
            public:
              «cls» (const bgml_tao::Event_Series_Spec *series, std::size_t count, unsigned long busy_work_us);

              virtual void push (const ::CORBA::Any &data) override;
              virtual void disconnect_push_consumer () override;

              /// What was received, one measurement per series.
              void add_to (bgml::ResultFile &result, const bgml_tao::Options &options) const;
              «IF chained»

              /// The sink's behaviour actions and path ends: each event's stamp goes there.
              void set_chain (bgml_tao::Port_Chain *chain) { this->chain_ = chain; }
              «ENDIF»

            private:
              bgml_tao::Event_Series series_;
              unsigned long const busy_work_us_;
              «IF chained»
              bgml_tao::Port_Chain *chain_;
              «ENDIF»
              // BEGIN USER CODE «cls»/members
              // END USER CODE «cls»/members
            };

            #endif /* «naming.guard(path)» */
        '''
    }

    def consumerSource(BenchmarkModel model, EventType event) {
        val cls = naming.consumerClass(event)
        '''
            // «naming.source(cls)»: push consumer of «naming.scopedName(event)» events for benchmark «model.name».
            «TaoText.generatedNotice»

            #include "«naming.header(cls)»"

            «cls»::«cls» (const bgml_tao::Event_Series_Spec *series, std::size_t count, unsigned long busy_work_us)
              : series_ (series, count), busy_work_us_ (busy_work_us)«IF chained», chain_ (0)«ENDIF»
            {
            }

            void
            «cls»::push (const ::CORBA::Any &data)
            {
              std::uint64_t const now = bgml::now_ns ();
              const «naming.timedEventCpp(event)» *timed = 0;
              if (!(data >>= timed))
                return;
              this->series_.record (timed->series, timed->warmup, timed->sent_ns, now);
              «IF chained»
              if (this->chain_ != 0)
                {
                  bgml_tao::Path_Wire path;
                  bgml_tao::decode (timed->path, path);
                  this->chain_->arrive (path, now);
                }
              «ENDIF»
              // BEGIN USER CODE «ElementPaths.pathOf(event)»/push
              bgml::busy_work (this->busy_work_us_);
              // END USER CODE «ElementPaths.pathOf(event)»/push
            }

            void
            «cls»::disconnect_push_consumer ()
            {
            }

            void
            «cls»::add_to (bgml::ResultFile &result, const bgml_tao::Options &options) const
            {
              this->series_.add_to (result, options);
            }
        '''
    }
}
