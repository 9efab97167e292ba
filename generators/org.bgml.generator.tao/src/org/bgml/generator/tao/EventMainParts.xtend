package org.bgml.generator.tao

import org.bgml.generator.common.plan.EventPlan
import org.bgml.generator.common.plan.ProcessPlan
import org.bgml.model.BehaviourKind

/**
 * The event side of a process main: push consumers activated (and connected to their CosEvent channel),
 * push targets resolved for suppliers, the timed push loops, and the consumers' measurements collected at the
 * end.
 */
class EventMainParts {
    val TaoNaming naming
    val TaoTypes types
    val TaoMetrics metrics

    new(TaoNaming naming, TaoTypes types, TaoMetrics metrics) {
        this.naming = naming
        this.types = types
        this.metrics = metrics
    }

    def includes(ProcessPlan p, TaoEvents events) '''
        «FOR t : p.consumes.map[eventType].toSet»
        #include "«naming.header(naming.consumerClass(t))»"
        «ENDFOR»
        «IF !p.supplies.empty»
        #include "orbsvcs/CosEventCommC.h"
        #include "«naming.eventsStubHeader(p.supplies.head.connection.eContainer as org.bgml.model.BenchmarkModel)»"
        «ENDIF»
        «IF events.usesChannel(p)»
        #include "orbsvcs/CosEventChannelAdminC.h"
        «ENDIF»
    '''

    /** One push of one event over one connection, its wrapper prepared outside the timed loop. */
    def pushStruct(EventPlan e) {
        val cls = naming.pushStruct(e.connection)
        val event = e.eventType
        val fill = types.fillMembers("this->timed_.event", event, "count", "1")
        '''
            /// Pushes one «naming.scopedName(event)» event over «e.connection.name» with its series, warm-up flag and send time.
            class «cls»
            {
            public:
              «cls» (::CosEventComm::PushConsumer_ptr target, std::size_t payload_bytes, ::CORBA::ULong series, std::size_t warmup)
                : target_ (::CosEventComm::PushConsumer::_duplicate (target)), warmup_left_ (warmup)
              {
                ::CORBA::ULong const count = bgml_tao::elements (payload_bytes, «types.payloadElementSize(event)»);
                ACE_UNUSED_ARG (count);
                «FOR line : fill»
                «line»
                «ENDFOR»
                this->timed_.series = series;
              }

              void operator() (std::uint64_t now)
              {
                this->timed_.warmup = this->warmup_left_ != 0;
                if (this->warmup_left_ != 0)
                  --this->warmup_left_;
                this->timed_.sent_ns = now;
                ::CORBA::Any any;
                any <<= this->timed_;
                this->target_->push (any);
              }

            private:
              ::CosEventComm::PushConsumer_var target_;
              std::size_t warmup_left_;
              «naming.timedEventCpp(event)» timed_;
            };
        '''
    }

    /** A push consumer for one connection: created, activated, connected to its channel when it has one. */
    def consumer(EventPlan e, TaoEvents events) {
        val v = naming.consumerVariable(e.connection)
        val cls = naming.consumerClass(e.eventType)
        val series = events.series(e)
        val channel = events.channel(e)
        val busy = e.sink.behaviour !== null && e.sink.behaviour.kind == BehaviourKind.BUSY_WORK
        '''
            «IF !series.empty»
            static const bgml_tao::Event_Series_Spec «v»_series[] = {
              «FOR s : series SEPARATOR ','»
              { «TaoText.cppString(s.metric.kind)», «TaoText.cppString(metrics.metricPath(s.metric))», «TaoText.cppString(metrics.elementPath(s.metric))», «TaoText.cppString(org.bgml.model.io.ElementPaths.pathOf(e.eventType))», «s.metric.iterations * s.metric.threads», «s.payload» }
              «ENDFOR»
            };
            «ENDIF»
            «cls» *«v» = 0;
            ACE_NEW_RETURN («v», «cls» («IF series.empty»0, 0«ELSE»«v»_series, «series.size»«ENDIF», «IF busy»«e.sink.behaviour.busyWorkMicros»UL«ELSE»0UL«ENDIF»), 1);
            PortableServer::ServantBase_var «v»_owner («v»);
            PortableServer::ObjectId_var «v»_id = root_poa->activate_object («v»);
            CORBA::Object_var «v»_object = root_poa->id_to_reference («v»_id.in ());
            «IF channel !== null»
            {
              «channelReference("channel", channel, "consumer")»
              ::CosEventChannelAdmin::ConsumerAdmin_var admin = channel->for_consumers ();
              ::CosEventChannelAdmin::ProxyPushSupplier_var proxy = admin->obtain_push_supplier ();
              ::CosEventComm::PushConsumer_var consumer = ::CosEventComm::PushConsumer::_narrow («v»_object.in ());
              proxy->connect_push_consumer (consumer.in ());
            }
            «ENDIF»
        '''
    }

    def channelReference(String variable, org.bgml.model.EventChannel channel, String who) '''
        CORBA::Object_var «variable»_object = bgml_tao::read_ior (orb.in (), «TaoText.cppString(naming.channelIorFile(channel))», options);
        ::CosEventChannelAdmin::EventChannel_var «variable» = ::CosEventChannelAdmin::EventChannel::_narrow («variable»_object.in ());
        if (CORBA::is_nil («variable».in ()))
          ACE_ERROR_RETURN ((LM_ERROR, ACE_TEXT ("ERROR: %C: no event channel «channel.name» for the «who»\n"), options.process), 1);
    '''

    /** Consumers announce themselves, once connected, through their IOR files. */
    def consumerIors(ProcessPlan p, TaoEvents events) '''
        «FOR e : p.consumes.filter[events.consumerPublished(it)]»
        if (!bgml_tao::write_ior (orb.in (), «naming.consumerVariable(e.connection)»_object.in (), «TaoText.cppString(events.consumerIor(e))», options))
          return 1;
        «ENDFOR»
    '''

    /** What a supplier pushes to: its channel's proxy consumer, the consumer's object, or a collocated consumer. */
    def pushTarget(EventPlan e, TaoEvents events) {
        val v = naming.pushVariable(e.connection)
        val channel = events.channel(e)
        '''
            «IF channel !== null»
            «channelReference(v + "_channel", channel, "supplier")»
            ::CosEventChannelAdmin::SupplierAdmin_var «v»_admin = «v»_channel->for_suppliers ();
            ::CosEventChannelAdmin::ProxyPushConsumer_var «v»_proxy = «v»_admin->obtain_push_consumer ();
            «v»_proxy->connect_push_supplier (::CosEventComm::PushSupplier::_nil ());
            ::CosEventComm::PushConsumer_var «v» = ::CosEventComm::PushConsumer::_duplicate («v»_proxy.in ());
            «ELSEIF e.collocated»
            ::CosEventComm::PushConsumer_var «v» = ::CosEventComm::PushConsumer::_narrow («naming.consumerVariable(e.connection)»_object.in ());
            «ELSE»
            CORBA::Object_var «v»_object = bgml_tao::read_ior (orb.in (), «TaoText.cppString(events.consumerIor(e))», options);
            ::CosEventComm::PushConsumer_var «v» = ::CosEventComm::PushConsumer::_narrow («v»_object.in ());
            «ENDIF»
            if (CORBA::is_nil («v».in ()))
              ACE_ERROR_RETURN ((LM_ERROR, ACE_TEXT ("ERROR: %C: nothing to push «e.connection.name» events to\n"), options.process), 1);
        '''
    }

    /** The timed push loops of one connection: one measurement per series, on the supplier's side. */
    def supplyBlocks(EventPlan e, TaoEvents events) '''
        «FOR s : events.series(e) SEPARATOR '\n'»
        // «s.metric.metric.name» («s.metric.kind», «s.payload» B): the supplier's push calls; the consumer times delivery
        {
          bgml::Measurement m («TaoText.cppString(s.metric.kind)», «TaoText.cppString(metrics.metricPath(s.metric))», «TaoText.cppString(metrics.elementPath(s.metric))»);
          m.operation = «TaoText.cppString(org.bgml.model.io.ElementPaths.pathOf(e.eventType))»;
          m.segment = "push";
          m.payload_bytes = «s.payload»;
          bgml_tao::Loop_Spec spec = options.loop («s.metric.warmup», «s.metric.iterations»);
          «FOR line : metrics.specLines(s.metric, "spec")»
          «line»
          «ENDFOR»
          «naming.pushStruct(e.connection)» call («naming.pushVariable(e.connection)».in (), «s.payload», «s.index», spec.warmup);
          if (!bgml_tao::measure (call, spec, m, options))
            status = 1;
          result.add (m);
        }
        «ENDFOR»
    '''

    /** The consumers' measurements go into the result file. */
    def collect(ProcessPlan p) '''
        «FOR e : p.consumes»
        «naming.consumerVariable(e.connection)»->add_to (result, options);
        «ENDFOR»
    '''
}
