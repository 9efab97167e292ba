package org.bgml.generator.tao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.bgml.targets.GenerationService;
import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.tao.TaoOptions;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Configuration;
import org.bgml.model.Deployment;
import org.bgml.model.OptionCatalog;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** Fragments of the generated files, checked one behaviour at a time. */
class TaoTemplateTest {

    // ---- options -------------------------------------------------------------------------------------------

    @Test
    void resourceFactoryOptionsJoinTheAdvancedFactoryWhenItIsLoaded() {
        Map<String, List<String>> byFactory = new LinkedHashMap<>();
        byFactory.put("Server_Strategy_Factory", List.of("-ORBConcurrency", "reactive"));
        byFactory.put("Resource_Factory", List.of("-ORBReactorMaskSignals", "0"));
        byFactory.put("Advanced_Resource_Factory", List.of("-ORBReactorThreadQueue", "FIFO"));
        List<String> lines = TaoOptions.directives(byFactory).stream().map(TaoOptions.Directive::line).toList();
        assertEquals(List.of("static Advanced_Resource_Factory \"-ORBReactorMaskSignals 0 -ORBReactorThreadQueue FIFO\"",
                "static Server_Strategy_Factory \"-ORBConcurrency reactive\""), lines);
    }

    @Test
    void aPurgingStrategyOutsideTaoCoreNeedsTheAdvancedFactory() {
        Map<String, List<String>> byFactory = new LinkedHashMap<>();
        byFactory.put("Resource_Factory", List.of("-ORBConnectionPurgingStrategy", "LFU"));
        assertEquals("static Advanced_Resource_Factory \"-ORBConnectionPurgingStrategy LFU\"",
                TaoOptions.directives(byFactory).get(0).line());
        byFactory.put("Resource_Factory", List.of("-ORBConnectionPurgingStrategy", "LRU"));
        assertEquals("static Resource_Factory \"-ORBConnectionPurgingStrategy LRU\"", TaoOptions.directives(byFactory).get(0).line());
    }

    @Test
    void svcConfOrbArgumentsAndMacrosComeFromTheConfiguration() throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        Configuration c = configuration(model, "skollLike", Map.of(
                "-ORBReactorMaskSignals", "0", "-ORBFlushingStrategy", "blocking", "-ORBInputCDRAllocator", "null",
                "-ORBConcurrency", "reactive", "-ORBClientConnectionHandler", "RW", "-ORBTransportMuxStrategy", "EXCLUSIVE",
                "-ORBDebugLevel", "0", "TAO_HAS_INTERCEPTORS", "0"));
        MemoryOutput out = generate(model, null, c.getName());

        String svcConf = out.text("config/TaoTaoServerProcess.svc.conf");
        assertTrue(svcConf.contains("\nstatic Advanced_Resource_Factory \"-ORBReactorMaskSignals 0 -ORBFlushingStrategy blocking"
                + " -ORBInputCDRAllocator null\"\nstatic Server_Strategy_Factory \"-ORBConcurrency reactive\"\n"
                + "static Client_Strategy_Factory \"-ORBClientConnectionHandler RW -ORBTransportMuxStrategy EXCLUSIVE\"\n"), svcConf);
        String mpc = out.text("RoundTrip.mpc");
        assertTrue(mpc.contains("project(TaoTaoServerProcess): taoserver, strategies {"), mpc);
        assertTrue(mpc.contains("project(TaoTaoClientProcess): taoclient, strategies {"), mpc);
        assertTrue(mpc.contains("  macros   += TAO_HAS_INTERCEPTORS=0\n"), mpc);
        assertTrue(out.text("src/TaoTaoServerProcess.cpp").contains("#include \"tao/Strategies/advanced_resource.h\"\n"));

        List<String> args = args(out, "TaoTaoClientProcess");
        assertEquals(List.of("-r", "results/TaoTaoClientProcess.json", "-c", "0", "-ORBSvcConf",
                "../config/TaoTaoClientProcess.svc.conf", "-ORBEndpoint", "iiop://127.0.0.1:", "-ORBDebugLevel", "0"), args);
    }

    @Test
    void theModelsEndpointReplacesTheLoopbackDefaultAndOtherOrbsOptionsAreListed() throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        Configuration tao = configuration(model, "ownEndpoint", Map.of("-ORBEndpoint", "iiop://127.0.0.1:0"));
        MemoryOutput out = generate(model, null, tao.getName());
        List<String> args = args(out, "TaoTaoServerProcess");
        assertEquals(1, args.stream().filter(a -> a.equals("-ORBEndpoint")).count(), args.toString());
        assertTrue(args.contains("iiop://127.0.0.1:0"), args.toString());
        assertEquals("", out.text("config/TaoTaoServerProcess.svc.conf").lines().filter(l -> l.startsWith("static")).findFirst().orElse(""));

        String omniorb = model.getConfigurations().stream().filter(c -> c.getSettings().stream()
                .anyMatch(s -> s.getOption().eContainer() instanceof OptionCatalog cat && cat.getMiddleware().getLiteral().equals("omniorb")))
                .map(Configuration::getName).findFirst().orElse(null);
        if (omniorb != null) {
            MemoryOutput foreign = generate(model, null, omniorb);
            assertTrue(args(foreign, "TaoTaoServerProcess").contains("iiop://127.0.0.1:"), "loopback even under an omniORB configuration");
            assertTrue(foreign.text("README.md").contains("not a TAO option"), foreign.text("README.md"));
        }
    }

    // ---- processes -----------------------------------------------------------------------------------------

    @Test
    void remoteServersRunUntilSignalledAndClientsEndByThemselves() throws Exception {
        MemoryOutput out = TaoFixtures.generate(TaoFixtures.load(TaoFixtures.example("roundtrip")), null);
        JsonObject server = process(out, "TaoTaoServerProcess");
        assertEquals("server", server.get("role").getAsString());
        assertEquals("signal", server.get("stop").getAsString());
        assertEquals("file", server.getAsJsonObject("ready").get("kind").getAsString());
        assertEquals("TaoTaoServer_rt.ior", server.getAsJsonObject("ready").getAsJsonArray("paths").get(0).getAsString());
        assertEquals("build/TaoTaoServerProcess", server.get("executable").getAsString());
        JsonObject client = process(out, "TaoTaoClientProcess");
        assertEquals("client", client.get("role").getAsString());
        assertEquals("exit", client.get("stop").getAsString());
        assertEquals("none", client.getAsJsonObject("ready").get("kind").getAsString());
        // 3 metrics x (1000 warm-up + 250000 samples) x 50 us = 37.65 s over the base 120 s
        assertEquals(158, client.get("timeoutSeconds").getAsInt());
        assertTrue(server.get("timeoutSeconds").getAsInt() > client.get("timeoutSeconds").getAsInt());

        JsonObject manifest = JsonParser.parseString(out.text("manifest.json")).getAsJsonObject();
        JsonArray commands = manifest.getAsJsonObject("build").getAsJsonArray("commands");
        assertEquals("\"$ACE_ROOT/bin/mwc.pl\" -type gnuace RoundTrip.mwc", commands.get(0).getAsJsonArray().get(2).getAsString());
        assertEquals("make", commands.get(1).getAsJsonArray().get(0).getAsString());

        String main = out.text("src/TaoTaoServerProcess.cpp");
        assertTrue(main.contains("  bgml_tao::Stop_Signals stop_signals;\n"), "signals are blocked before ORB_init");
        assertTrue(main.indexOf("Stop_Signals stop_signals") < main.indexOf("ORB_init"));
        assertTrue(main.indexOf("write_ior") > main.indexOf("activate_object"), "IOR files only once servants are active");
        assertTrue(main.contains("      orb->run ();\n"));
        String servant = out.text("src/RoundTrip_i.h");
        assertTrue(servant.contains("class RoundTrip_i\n  : public virtual POA_Test::RoundTrip\n"), servant);
        assertTrue(servant.contains("  virtual ::Test::Timestamp test_method (::Test::Timestamp send_time) override;\n"), servant);
    }

    @Test
    void collocatedEntitiesShareOneProcessAndCallThroughTheReference() throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        String collocated = model.getDeployments().stream().map(Deployment::getName).filter(n -> n.equals("collocated")).findFirst().orElse(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(collocated != null, "roundtrip.bgml has no collocated deployment");
        MemoryOutput out = TaoFixtures.generate(model, collocated);
        JsonObject p = process(out, "TaoTaoProcess");
        assertEquals("both", p.get("role").getAsString());
        assertEquals("exit", p.get("stop").getAsString());
        String main = out.text("src/TaoTaoProcess.cpp");
        assertTrue(main.contains("::Test::RoundTrip_var taoTao_ref = ::Test::RoundTrip::_narrow (taoTaoServer_rt.in ());"), main);
        assertFalse(main.contains("orb->run ()"), "a collocated benchmark needs no event loop");
        assertFalse(main.contains("read_ior"), main);
    }

    @Test
    void behavioursFillTheUserCodeRegions() throws Exception {
        BenchmarkModel cubit = TaoFixtures.load(TaoFixtures.example("cubit"));
        MemoryOutput out = TaoFixtures.generate(cubit, null);
        String servant = out.files().keySet().stream().filter(p -> p.matches("src/.*_Cubit_i\\.cpp")).map(out::text).findFirst()
                .orElseThrow(() -> new AssertionError("no cubit servant in " + out.files().keySet()));
        assertTrue(servant.contains("  return bgml_tao::cube (l);\n"), servant);
        assertTrue(servant.contains("  // BEGIN USER CODE CubitTest::Cubit::cube_long\n"), servant);
    }

    @Test
    void forwardingServantsGetTheirTargetBeforeTheyAreActivated() throws Exception {
        BenchmarkModel proxy = TaoFixtures.load(TaoFixtures.example("proxy-pattern"));
        MemoryOutput out = TaoFixtures.generate(proxy, null);
        String main = out.text("src/ProxyProcess.cpp");
        int read = main.indexOf("read_ior (orb.in (), \"Server1_cubit.ior\"");
        int forwarder = main.indexOf("Cubit_Forward_i (toServer1_ref.in ())");
        assertTrue(read > 0 && forwarder > read, main);
        assertTrue(main.indexOf("write_ior") > forwarder, "IOR files once every servant is active");
        assertTrue(out.text("src/Cubit_Forward_i.cpp").contains("  return this->target_->cube_long (l);\n"));
        JsonObject p = process(out, "ProxyProcess");
        assertEquals("signal", p.get("stop").getAsString());
    }

    @Test
    void eventsGoThroughACosEventChannelProcessOrStraightToTheConsumer() throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.fixture("events"));
        MemoryOutput out = TaoFixtures.generate(model, null);
        JsonObject manifest = JsonParser.parseString(out.text("manifest.json")).getAsJsonObject();
        JsonObject first = manifest.getAsJsonArray("processes").get(0).getAsJsonObject();
        assertEquals("Channel_Bus", first.get("name").getAsString(), "the channel starts first");
        assertEquals("channel_Bus.ior", first.getAsJsonObject("ready").getAsJsonArray("paths").get(0).getAsString());
        JsonObject sink = process(out, "SinkProcess");
        assertEquals("[\"Sink_inbox.ior\",\"Sink_in2.ior\"]", sink.getAsJsonObject("ready").getAsJsonArray("paths").toString(),
                "consumers are ready once connected");
        assertEquals("signal", sink.get("stop").getAsString());
        assertTrue(out.text("idl/Ev_Events.idl").contains("struct Timed_EvTest_Tick {"));
        String mpc = out.text("Ev.mpc");
        assertTrue(mpc.contains("project(Channel_Bus): taoserver, event_serv {"), mpc);
        assertTrue(mpc.contains("  idlflags -= -Sa -St\n"), "events travel in Anys: tao_idl must generate them");
        String consumer = out.text("src/EvTest_Tick_Consumer.cpp");
        assertTrue(consumer.contains("if (!(data >>= timed))"), consumer);
        assertTrue(consumer.contains("  // BEGIN USER CODE EvTest::Tick/push\n"), consumer);
        String source = out.text("src/SourceProcess.cpp");
        assertTrue(source.contains("ticks_push_admin->obtain_push_consumer ()"), source);
        assertTrue(source.contains("read_ior (orb.in (), \"Sink_in2.ior\", options)"), source);
    }

    @Test
    void theRealTimeEventServiceIsRefusedWithTheChannelsName() throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.fixture("events"));
        model.getEventChannels().get(0).setService(org.bgml.model.EventServiceKind.REALTIME_EVENT);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TaoFixtures.generate(model, null));
        assertTrue(e.getMessage().contains("tao: event channel Bus asks for TAO's real-time event service"), e.getMessage());
    }

    // ---- chains of processes that serve and drive ------------------------------------------------------------

    /**
     * models/chain.bgml: Airframe serves Display and reads Gps in its own loop. The launcher must not stop it (nor
     * anything it calls) before its loops are done, and must stop it before Gps: its done file, its calls, and the stop
     * order of run_test.pl, the same as the launcher's.
     */
    @Test
    void aProcessThatServesAndDrivesSaysWhenItIsDoneAndWhomItCalls() throws Exception {
        MemoryOutput out = TaoFixtures.generate(TaoFixtures.load(TaoFixtures.fixture("chain")), null);
        JsonObject airframe = process(out, "AirframeProcess");
        assertEquals("both", airframe.get("role").getAsString());
        assertEquals("signal", airframe.get("stop").getAsString());
        assertEquals("[\"AirframeProcess.done\"]", airframe.getAsJsonObject("done").getAsJsonArray("paths").toString());
        assertEquals("[\"GpsProcess\"]", airframe.getAsJsonArray("calls").toString());
        assertEquals("[\"GpsProcess\"]", process(out, "Channel_Bus").getAsJsonArray("calls").toString(), "the channel pushes to Gps");
        assertEquals("[\"Channel_Bus\"]", process(out, "RateGenProcess").getAsJsonArray("calls").toString());
        assertEquals("[\"AirframeProcess\"]", process(out, "DisplayProcess").getAsJsonArray("calls").toString());
        assertFalse(process(out, "GpsProcess").has("calls"), "Gps calls nobody");
        assertFalse(process(out, "GpsProcess").has("done"), "Gps only serves");

        assertTrue(out.text("run_test.pl").contains(
                "my @stop_order = ('RateGenProcess', 'DisplayProcess', 'AirframeProcess', 'Channel_Bus', 'GpsProcess');\n"),
                out.text("run_test.pl"));
        assertTrue(out.text("run_test.pl").contains("'AirframeProcess.done'],\n"), "run_test.pl waits for the done file");

        String main = out.text("src/AirframeProcess.cpp");
        int loop = main.indexOf("bgml_tao::measure (call, spec, m, options)");
        int done = main.indexOf("bgml_tao::mark_done (stop_signals, \"AirframeProcess.done\", options)");
        int join = main.indexOf("stop_signals.stop ();");
        int destroy = main.indexOf("root_poa->destroy (true, true);");
        assertTrue(loop > 0 && done > loop && join > done && destroy > join,
                "done after the loops; the signal thread (still inside the ORB's shutdown) joined before the POA and ORB go\n" + main);
        assertTrue(main.contains("return stop_signals.exit_status (ex, options.process);"), main);
        String gps = out.text("src/GpsProcess.cpp");
        assertTrue(gps.indexOf("orb->run ();") < gps.indexOf("stop_signals.stop ();")
                && gps.indexOf("stop_signals.stop ();") < gps.indexOf("root_poa->destroy"), gps);
    }

    /** The libraries the MPC projects link, per process, for the launcher's check before it builds. */
    @Test
    void theManifestNamesTheTaoLibrariesEachProcessLinks() throws Exception {
        MemoryOutput out = TaoFixtures.generate(TaoFixtures.load(TaoFixtures.fixture("chain")), null);
        JsonObject manifest = JsonParser.parseString(out.text("manifest.json")).getAsJsonObject();
        Map<String, String> neededBy = new LinkedHashMap<>();
        for (var e : manifest.getAsJsonObject("build").getAsJsonArray("libraries")) {
            JsonObject library = e.getAsJsonObject();
            assertEquals("$ACE_ROOT/lib", library.get("dir").getAsString());
            neededBy.put(library.get("name").getAsString(), library.getAsJsonArray("neededBy").toString());
        }
        assertEquals("[\"Channel_Bus\"]", neededBy.get("TAO_CosEvent_Serv"));
        assertEquals("[\"Channel_Bus\",\"GpsProcess\"]", neededBy.get("TAO_CosEvent_Skel"));
        assertEquals("[\"Channel_Bus\",\"GpsProcess\",\"RateGenProcess\"]", neededBy.get("TAO_CosEvent"));
        assertEquals("[\"Channel_Bus\",\"GpsProcess\",\"AirframeProcess\"]", neededBy.get("TAO_PortableServer"));
        assertTrue(neededBy.get("TAO").contains("DisplayProcess"), neededBy.toString());
        assertFalse(neededBy.containsKey("TAO_Strategies"), "no process loads TAO_Strategies");
    }

    // ---- event chains ----------------------------------------------------------------------------------------

    /**
     * The avionics chain generates for TAO: the stamp rides in the events' timed wrapper and, in calls, in a request
     * service context added and read by portable interceptors registered before ORB_init (so every project links
     * PI_Server); the GPS's sink runs its busy work and publishes; the airframe's sink calls the GPS and publishes;
     * each path metric gets a recorder, with its hops in path order, in the process of its end.
     */
    @Test
    void theAvionicsChainGeneratesWithStampsInEventsAndRequests() throws Exception {
        MemoryOutput out = TaoFixtures.generate(TaoFixtures.load(TaoFixtures.example("avionics-chain")), "remote");
        assertNotNull(out.text("src/bgml_tao_chain.h"), "the chain header is written");
        String idl = out.text("idl/AvionicsChain_Events.idl");
        assertTrue(idl.contains("typedef sequence<unsigned long long> Path_Stamp;") && idl.contains("Path_Stamp path;"), idl);
        String mpc = out.text("AvionicsChain.mpc");
        for (String process : List.of("DisplayProcess", "AirframeProcess", "GpsProcess", "RateGenProcess")) {
            String main = out.text("src/" + process + ".cpp");
            assertTrue(main.indexOf("bgml_tao::register_path_interceptors ();") < main.indexOf("CORBA::ORB_init"), process);
            assertTrue(mpc.lines().anyMatch(l -> l.startsWith("project(" + process + "):") && l.contains("pi_server")), mpc);
        }
        String gps = out.text("src/GpsProcess.cpp");
        assertTrue(gps.contains("chain_Gps_refresh->add_busy_work (20UL, 0u);\n      chain_Gps_refresh->add_send (send_Gps_ready, 0u);"), gps);
        assertTrue(gps.contains("pulse_consumer->set_chain (chain_Gps_refresh);"), gps);
        assertTrue(gps.contains("std::vector<std::string> { \"Pulse\", \"Gps.refresh actions\", \"GpsReady\", \"Airframe.gpsReady actions\", \"AirframeGps\" }"), gps);
        String airframe = out.text("src/AirframeProcess.cpp");
        assertTrue(airframe.contains("chain_Airframe_gpsReady->add_send (send_Airframe_gps_read, 0u);\n      chain_Airframe_gpsReady->add_send (send_Airframe_ready, 0u);"), airframe);
        assertTrue(airframe.contains("bgml_tao::Call_Scope scope (bgml_tao::Path_Wire (stamp, "), airframe);
        assertTrue(airframe.contains("bgml_tao::add_path_results (result, *path_TickToDisplayRead, \"TickToDisplayRead\", \"Airframe/position\", options);"), airframe);
        String rateGen = out.text("src/RateGenProcess.cpp");
        assertTrue(rateGen.contains("spec.rate_hz = 100.0;") && rateGen.contains("bgml_tao::Loop_Spec spec (0, 600);")
                && rateGen.contains("spec.deadline_ns = 10000000;"), rateGen);
        assertTrue(out.text("src/Position_Glue.cpp").contains("this->chain_->arrive (bgml_tao::take_call_stamp ());"));

        JsonObject manifest = JsonParser.parseString(out.text("manifest.json")).getAsJsonObject();
        Map<String, JsonObject> processes = new LinkedHashMap<>();
        manifest.getAsJsonArray("processes").forEach(p -> processes.put(p.getAsJsonObject().get("name").getAsString(), p.getAsJsonObject()));
        assertEquals("exit", processes.get("RateGenProcess").get("stop").getAsString(), "the rate generator ends by itself");
        assertEquals("signal", processes.get("GpsProcess").get("stop").getAsString());
        assertTrue(processes.get("AirframeProcess").getAsJsonArray("calls").toString().contains("GpsProcess"),
                "the airframe's call action calls the GPS: stopped before it");
        assertTrue(processes.get("DisplayProcess").getAsJsonArray("calls").toString().contains("AirframeProcess"));
        assertTrue(manifest.getAsJsonObject("build").getAsJsonArray("libraries").toString().contains("\"TAO_PI_Server\""));
    }

    /** Collocated, the rate generator's process serves the whole chain and ends by itself after its ticks. */
    @Test
    void theCollocatedChainEndsByItself() throws Exception {
        MemoryOutput out = TaoFixtures.generate(TaoFixtures.load(TaoFixtures.example("avionics-chain")), "collocated");
        String main = out.text("src/AvionicsProcess.cpp");
        assertFalse(main.contains("orb->run ()"), main);
        assertTrue(main.indexOf("bgml_tao::Tick_Call tick") < main.indexOf("bgml_tao::add_path_results (result, *path_TickToDisplayRead"), main);
        assertTrue(main.contains("::Avionics::Position::_narrow (gps_position.in ())"), "the airframe reads the GPS collocated");
    }

    /**
     * A path from an event connection whose source has no timer is refused on tao, naming the metric; a path from a
     * client's calls (the airframe's reads of the GPS) generates: after its loops, the airframe's process makes the
     * path's own calls, each stamped with the path's origin; ciao still refuses every path.
     */
    @Test
    void aPathFromAnUntimedEventIsRefusedAndOneFromCallsGenerates() throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("avionics-chain"));
        org.bgml.model.PathLatency pl = (org.bgml.model.PathLatency) model.getMetrics().stream()
                .filter(m -> m.getName().equals("TickToGpsRead")).findFirst().orElseThrow();
        pl.setPort(null);
        pl.setConnection(model.getConnections().stream().filter(c -> c.getName().equals("GpsReady")).findFirst().orElseThrow());
        // straight to the generator: validation (which objects too) is not what is tested here
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new org.bgml.generator.tao.TaoGenerator()
                .generate(new org.bgml.generator.common.plan.Planner(new org.bgml.generator.common.Naming()).plan(model, "remote", null),
                        new MemoryOutput()));
        assertTrue(e.getMessage().startsWith("tao: TickToGpsRead") && e.getMessage().contains("client's calls"), e.getMessage());

        BenchmarkModel calls = TaoFixtures.load(TaoFixtures.example("avionics-chain"));
        org.bgml.model.PathLatency fromCalls = (org.bgml.model.PathLatency) calls.getMetrics().stream()
                .filter(m -> m.getName().equals("TickToGpsRead")).findFirst().orElseThrow();
        fromCalls.setPort(calls.getConnections().stream().filter(c -> c.getName().equals("AirframeGps")).findFirst().orElseThrow().getSource());
        MemoryOutput out = new MemoryOutput();
        new org.bgml.generator.tao.TaoGenerator().generate(
                new org.bgml.generator.common.plan.Planner(new org.bgml.generator.common.Naming()).plan(calls, "remote", null), out);
        String airframe = out.text("src/AirframeProcess.cpp");
        int origin = org.bgml.generator.common.plan.ChainPlan.of(calls).path(fromCalls).origin().id();
        assertTrue(airframe.contains("bgml_tao::Tick_Call calls (origin_TickToGpsRead, " + origin + "u);"), airframe);
        assertTrue(airframe.contains("bgml_tao::Loop_Spec spec (100, 500);"), airframe);
        assertFalse(org.bgml.generator.tao.TaoUnsupported.find(calls).isEmpty(), "what ciao refuses is still found");
    }

    /** Every example, in every deployment, generates for TAO or is refused with a message naming the element. */
    @TestFactory
    Stream<DynamicTest> everyExampleGenerates() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : TaoFixtures.examples()) {
            BenchmarkModel model = TaoFixtures.load(file);
            List<String> deployments = new ArrayList<>();
            model.getDeployments().forEach(d -> deployments.add(d.getName()));
            if (deployments.isEmpty()) {
                deployments.add(null);
            }
            for (String d : deployments) {
                tests.add(DynamicTest.dynamicTest(file.getFileName() + (d == null ? "" : " / " + d), () -> {
                    try {
                        MemoryOutput out = TaoFixtures.generate(model, d);
                        assertNotNull(out.text("manifest.json"));
                        assertNotNull(out.text("run_test.pl"));
                        assertTrue(out.files().keySet().stream().anyMatch(p -> p.endsWith(".mpc")));
                    } catch (IllegalArgumentException refused) {
                        assertTrue(refused.getMessage().startsWith("tao: "), refused.getMessage());
                    }
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void anUnknownConfigurationIsRefused() {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        assertThrows(IllegalArgumentException.class, () -> generate(model, null, "noSuchConfiguration"));
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    static MemoryOutput generate(BenchmarkModel model, String deployment, String configuration) throws Exception {
        MemoryOutput out = new MemoryOutput();
        new GenerationService().generate(new GenerationService.Request(model, TaoFixtures.TARGET, deployment, configuration), out);
        return out;
    }

    static Configuration configuration(BenchmarkModel model, String name, Map<String, String> settings) {
        return TaoFixtures.addConfiguration(model, name, settings);
    }

    /**
     * The roundtrip's four clients started together on CPU 0 share it: measured on TAO 2.2.2, the CIAO-CIAO pair took
     * 207 us per call at the median then, against 33 us alone, and the clients ran past the 158 s limit of a client
     * alone. Together, each client's limit covers its 753,000 calls at that rate, and the servers outlive it; one at a
     * time, the limits stay those of a client alone.
     */
    @Test
    void clientsTogetherGetLimitsForSharingTheCpus() throws Exception {
        BenchmarkModel model = TaoFixtures.load(TaoFixtures.example("roundtrip"));
        Deployment remote = model.getDeployments().stream().filter(d -> d.getName().equals("remote")).findFirst().orElseThrow();
        assertEquals(org.bgml.model.ClientStart.ONE_AT_ATIME, remote.getClients());
        int alone = process(TaoFixtures.generate(model, "remote"), "CiaoCiaoClientProcess").get("timeoutSeconds").getAsInt();
        assertEquals(158, alone);

        remote.setClients(org.bgml.model.ClientStart.TOGETHER);
        MemoryOutput out = TaoFixtures.generate(model, "remote");
        long calls = 3L * (1000 + 250_000);
        for (String client : List.of("TaoTaoClientProcess", "CiaoTaoClientProcess", "TaoCiaoClientProcess", "CiaoCiaoClientProcess")) {
            int limit = process(out, client).get("timeoutSeconds").getAsInt();
            assertTrue(limit > calls * 207 / 1_000_000 + 30, client + ": " + limit + " s does not cover 753,000 calls at 207 us");
            assertTrue(process(out, "CiaoCiaoServerProcess").get("timeoutSeconds").getAsInt() > limit + 30, "servers outlive " + client);
        }
        String script = out.text("run_test.pl");
        assertTrue(script.contains("POSIX::mkfifo") && script.contains("BGML_START_LINE"), "a start line in run_test.pl");
        assertFalse(TaoFixtures.generate(TaoFixtures.load(TaoFixtures.example("roundtrip")), "remote").text("run_test.pl")
                .contains("BGML_START_LINE"), "no start line when the clients run one at a time");
    }

    static JsonObject process(MemoryOutput out, String name) {
        JsonObject manifest = JsonParser.parseString(out.text("manifest.json")).getAsJsonObject();
        for (var p : manifest.getAsJsonArray("processes")) {
            if (p.getAsJsonObject().get("name").getAsString().equals(name)) {
                return p.getAsJsonObject();
            }
        }
        throw new AssertionError("no process " + name + " in the manifest");
    }

    static List<String> args(MemoryOutput out, String name) {
        List<String> args = new ArrayList<>();
        process(out, name).getAsJsonArray("args").forEach(a -> args.add(a.getAsString()));
        return args;
    }
}
