package org.bgml.generator.tao

import org.bgml.generator.common.plan.BenchmarkPlan
import org.bgml.model.EventChannel

/**
 * The process of a CosEvent channel ({@code src/Channel_<name>.cpp}): TAO's own TAO_CEC_EventChannel, set up
 * the way TAO's CosEvent_Service sets it up, with its IOR written atomically and SIGTERM handled like every
 * other server of the benchmark.
 */
class ChannelTemplate {
    val TaoNaming naming

    new(TaoNaming naming) {
        this.naming = naming
    }

    def main(BenchmarkPlan plan, EventChannel channel, TaoOptions.ProcessOptions options) {
        val process = naming.channelProcess(channel)
        '''
            // «process».cpp: the CosEvent channel «channel.name» of benchmark «plan.model.name» (TAO's TAO_CEC_EventChannel).
            // Suppliers and consumers find it through «naming.channelIorFile(channel)»; it runs until SIGTERM or SIGINT.
            «TaoText.generatedNoticePlain("//")»

            #include "orbsvcs/CosEvent/CEC_EventChannel.h"
            #include "orbsvcs/CosEvent/CEC_Default_Factory.h"
            #include "«naming.supportHeader»"
            «IF options.strategies»
            #include "tao/Strategies/advanced_resource.h"
            «ENDIF»

            int
            ACE_TMAIN (int argc, ACE_TCHAR *argv[])
            {
              bgml_tao::Stop_Signals stop_signals;
              bgml_tao::Options options («TaoText.cppString(process)», «TaoText.cppString(naming.channelResultFile(channel))»);
              std::string const command_line = bgml_tao::command_line (argc, argv);
              TAO_CEC_Default_Factory::init_svcs ();

              try
                {
                  CORBA::ORB_var orb = CORBA::ORB_init (argc, argv);

                  int const parsed = bgml_tao::parse_args (argc, argv, options);
                  if (parsed != 0)
                    return parsed > 0 ? 0 : 1;
                  if (!bgml_tao::place (options))
                    return 1;

                  bgml::ResultFile result («TaoText.cppString(org.bgml.model.io.ElementPaths.pathOf(channel))», "tao");
                  bgml_tao::add_labels (result, command_line, «cstring(plan.deployment)», «cstring(plan.configuration)»);
                  if (stop_signals.start (orb.in ()) != 0)
                    ACE_ERROR_RETURN ((LM_ERROR, ACE_TEXT ("ERROR: %C: cannot start the signal thread\n"), options.process), 1);
                  int status = 0;

                  CORBA::Object_var poa_object = orb->resolve_initial_references ("RootPOA");
                  PortableServer::POA_var root_poa = PortableServer::POA::_narrow (poa_object.in ());
                  PortableServer::POAManager_var poa_manager = root_poa->the_POAManager ();
                  poa_manager->activate ();

                  TAO_CEC_EventChannel_Attributes attributes (root_poa.in (), root_poa.in ());
                  TAO_CEC_EventChannel channel (attributes);
                  channel.activate ();
                  ::CosEventChannelAdmin::EventChannel_var reference = channel._this ();
                  if (!bgml_tao::write_ior (orb.in (), reference.in (), «TaoText.cppString(naming.channelIorFile(channel))», options))
                    return 1;

                  stop_signals.loops_done ();
                  orb->run ();
                  stop_signals.stop (); // the ORB's shutdown ends in the signal thread: join it before destroying

                  root_poa->destroy (true, true);
                  if (!bgml_tao::write_result (result, options))
                    status = 1;
                  orb->destroy ();
                  return status;
                }
              catch (const CORBA::Exception &ex)
                {
                  return stop_signals.exit_status (ex, options.process);
                }
            }
        '''
    }

    def cstring(String s) {
        if (s === null) "0" else TaoText.cppString(s)
    }
}
