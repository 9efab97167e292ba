package org.bgml.generator.ciao.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;
import org.bgml.model.BenchmarkModel;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import com.google.gson.Gson;

/**
 * The conventions the generated files must follow (those of CIAO's tao_idl -Gex output, CIAO's MPC base
 * projects and DAnCE), the manifest's order and limits, options, behaviours, and event ports, fragment by
 * fragment.
 */
class CiaoTemplateTest {
    @TempDir
    Path temp;

    private static MemoryOutput roundtrip(String deployment, String configuration) {
        MemoryOutput out = new MemoryOutput();
        Examples.generate(Examples.load(Examples.example("roundtrip.bgml")), deployment, configuration, out);
        return out;
    }

    private static Manifest manifest(MemoryOutput out) {
        return new Gson().fromJson(out.text("manifest.json"), Manifest.class);
    }

    /**
     * A component facet with an action list runs it on each call: its executor hands the call's stamp to the facet's
     * chain before the behaviour, and the component links TAO's server interceptors.
     */
    @Test
    void aComponentFacetWithActionsRunsThemOnEachCall() {
        BenchmarkModel model = Examples.load(Examples.example("roundtrip.bgml"));
        org.bgml.model.Facet facet = (org.bgml.model.Facet) model.getEntities().stream().filter(e -> e.getName().equals("CiaoCiaoServer"))
                .findFirst().orElseThrow().getPorts().get(0);
        org.bgml.model.Behaviour behaviour = org.bgml.model.BgmlFactory.eINSTANCE.createBehaviour();
        org.bgml.model.Action busy = org.bgml.model.BgmlFactory.eINSTANCE.createAction();
        busy.setMicros(5);
        behaviour.getActions().add(busy);
        facet.setBehaviour(behaviour);
        MemoryOutput out = new MemoryOutput();
        Examples.generate(model, "remote", null, out);
        String exec = out.files().keySet().stream().filter(f -> f.endsWith("CiaoCiaoServer_exec.cpp")).map(out::text).findFirst().orElseThrow();
        assertTrue(exec.contains("this->chain_->arrive (::bgml_tao::take_call_stamp ());"), exec);
        assertTrue(exec.contains("this->chain_rt_->add_busy_work (5UL, 0u);"), exec);
        assertTrue(exec.contains("::bgml_ciao_chain::add_path_interceptors (orb.in ())"), exec);
        assertTrue(out.text(new org.bgml.generator.ciao.CiaoNaming().mpcFile(model)).contains("ciao_executor, pi_server {"), "the chained executor links TAO_PI_Server");
        assertTrue(out.files().containsKey("src/bgml_tao_chain.h") && out.files().containsKey("src/bgml_ciao_chain.h"));
    }

    /**
     * A functional-path metric between components in two locality managers is probed: the client component's loop
     * calls through the probes' ORB (the only one with client interceptors; its black-box loops keep the container's
     * reference), the serving component adds the server interceptors to its locality manager's ORB, both link
     * TAO_PI_Server, and the substitution note is gone. The plain server has no interceptors.
     */
    @Test
    void aFunctionalPathBetweenComponentsIsProbedInsideTheOrb() {
        BenchmarkModel model = Examples.load(Examples.repo().resolve("benchmarks/orb-interceptors/interceptors-ccm.bgml"));
        MemoryOutput out = new MemoryOutput();
        Examples.generate(model, "remote", null, out);
        String client = out.text("src/InterceptorsCcm_Client_exec.cpp");
        assertTrue(client.contains("#include \"bgml_ciao_probes.h\""), client);
        assertTrue(client.contains("::CORBA::ORB_var probe_orb = ::bgml_ciao_probes::probes_orb ();"), client);
        assertTrue(client.contains("::bgml_ciao_probes::carry_over (target_probed.in (), probe_orb.in ())"), client);
        assertTrue(client.contains("::bgml_tao::probes::run (call, timer, warmup, samples, incomplete, begin, end);"), client);
        assertEquals(1, client.split("probes_orb \\(", -1).length - 1, "one probed loop");
        assertTrue(client.contains("::bgml_ciao_probes::add_interceptor_ratio (result, \"WhiteBox\", timer,"), "the in-run control of the ratio");
        assertTrue(client.contains("{ \"latency\", \"InactiveInterceptors\", \"Probed\" }"), "the black-box loop of the probed connection stays");
        assertFalse(client.contains("{ \"functionalPath\""), "the probed metric has no black-box loop");
        String probed = out.text("src/InterceptorsCcm_ProbedServer_exec.cpp");
        assertTrue(probed.contains("::bgml_ciao_probes::add_server_interceptors (orb.in ())"), probed);
        assertFalse(out.text("src/InterceptorsCcm_PlainServer_exec.cpp").contains("bgml_ciao_probes"), "the plain server has no interceptors");
        String mpc = out.text(new org.bgml.generator.ciao.CiaoNaming().mpcFile(model));
        assertTrue(mpc.contains("project(InterceptorsCcm_ProbedServer_exec) : ciao_executor, pi_server {"), mpc);
        assertTrue(mpc.contains("project(InterceptorsCcm_Client_exec) : ciao_executor, pi_server {"), mpc);
        assertTrue(mpc.contains("project(InterceptorsCcm_PlainServer_exec) : ciao_executor {"), mpc);
        assertTrue(out.files().containsKey("src/bgml_ciao_probes.h") && out.files().containsKey("src/bgml_tao_probes.h"));
        assertFalse(out.text("README.md").contains("timed as whole calls"), out.text("README.md"));
    }

    /**
     * Probed oneway calls end in the receiving component: DBA-color's first agent keeps the tables of both metrics, and
     * writes them into a result file of its own (in the manifest) once the sending agent has written its file. A
     * collocated deployment is not probed, and says so.
     */
    @Test
    void probedOnewayCallsEndInTheReceivingComponent() {
        BenchmarkModel model = Examples.load(Examples.repo().resolve("reproductions/dba-color.bgml"));
        MemoryOutput out = new MemoryOutput();
        Examples.generate(model, "remote", null, out);
        String sender = out.text("src/DbaColor_DbaAgent_0_1_exec.cpp");
        assertEquals(2, sender.split("::bgml_tao::probes::run_oneway \\(", -1).length - 1, sender);
        String receiver = out.text("src/DbaColor_DbaAgent_0_0_exec.cpp");
        assertTrue(receiver.contains("::bgml_tao::probes::expect_oneway (1, \"DbaValueCycle\", \"DbaL_0_1_to_0_0\", \"Dba::Neighbour::ok\", 4,"), receiver);
        assertTrue(receiver.contains("::bgml_tao::probes::expect_oneway (2, \"DbaImprovementCycle\""), receiver);
        assertTrue(receiver.contains("::bgml_ciao_probes::wait_for_senders (std::vector<std::string> { \"results/DbaP_0_1.json\" }"), receiver);
        assertTrue(receiver.contains("::bgml_ciao_probes::add_oneway_results (result);"), receiver);
        Manifest m = manifest(out);
        String json = new Gson().toJson(m);
        assertTrue(json.contains("results/DbaP_0_0.json"), "the receiver's result file is awaited: " + json);
        assertTrue(out.text("README.md").contains("server component: probed oneway calls end here; writes their segments once the senders are done"),
                out.text("README.md"));
        assertFalse(out.text("README.md").contains("timed as whole calls"), out.text("README.md"));

        BenchmarkModel collocated = Examples.load(Examples.repo().resolve("reproductions/dba-color.bgml"));
        org.bgml.model.Process p0 = collocated.getDeployments().get(0).getNodes().get(0).getProcesses().get(0);
        org.bgml.model.Process p1 = collocated.getDeployments().get(0).getNodes().get(0).getProcesses().get(1);
        p0.getEntities().addAll(p1.getEntities());
        collocated.getDeployments().get(0).getNodes().get(0).getProcesses().remove(p1);
        MemoryOutput together = new MemoryOutput();
        Examples.generate(collocated, "remote", null, together);
        assertFalse(together.files().containsKey("src/bgml_ciao_probes.h"), "collocated calls are not probed");
        assertTrue(together.text("README.md").contains("Functional-path metrics (DbaImprovementCycle, DbaValueCycle) are timed as whole calls"),
                together.text("README.md"));
    }

    /**
     * The tao target's relay fixture chains CORBA 2.x objects through a CosEvent channel: ciao runs chains between
     * components with direct CCM events only, so it refuses the model, naming the first chained CORBA 2.x port.
     */
    @Test
    void aChainOfCorba2ObjectsThroughAChannelIsRefused() {
        BenchmarkModel model = Examples.load(Examples.repo().resolve("tests/org.bgml.generator.tao.tests/models/relay-chain.bgml"));
        MemoryOutput out = new MemoryOutput();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Examples.generate(model, "remote", null, out));
        assertTrue(e.getMessage().matches("ciao: \\w+/\\w+: on ciao event chains run between components; \\w+ is a CORBA 2\\.x object"),
                e.getMessage());
        assertTrue(out.files().isEmpty(), "nothing was written");
    }

    /**
     * A path whose origin is a CORBA 2.x client's calls is refused on ciao, naming the metric and the receptacle: the
     * calls that start a path run in a component's executor.
     */
    @Test
    void aPathFromACorba2ClientsCallsIsRefusedNamingTheMetric() {
        BenchmarkModel model = Examples.load(Examples.repo().resolve("tests/models/client-call-chain.bgml"));
        MemoryOutput out = new MemoryOutput();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Examples.generate(model, "remote", null, out));
        assertTrue(e.getMessage().startsWith("ciao: CallToDisplay: on ciao a path starts at a timer event source or at a component's receptacle;"),
                e.getMessage());
        assertTrue(e.getMessage().contains("Pilot"), e.getMessage());
        assertTrue(out.files().isEmpty(), "nothing was written");
    }

    /**
     * A path from a component's calls: the pilot's executor makes the path's 50 warm-up and 400 timed calls at 1 kHz
     * on its driver thread, after its black-box loop, each call stamped at its start and sent with the stamp in its
     * request's service context (the interceptors join its ORB at ccm_activate); the display's executor records the
     * path once the pilot's result file exists, and the pilot's limit counts the paced calls.
     */
    @Test
    void aComponentsCallsStartAPathAfterItsBlackBoxLoop() {
        BenchmarkModel model = Examples.clientCallChainOfComponents();
        MemoryOutput out = Examples.generate(model, "remote");
        String pilot = out.files().keySet().stream().filter(f -> f.endsWith("Pilot_exec.cpp")).findFirst()
                .map(out::text).orElseThrow(() -> new AssertionError("no Pilot_exec.cpp: " + out.files().keySet()));
        assertTrue(pilot.contains("add_path_interceptors"), "the pilot's calls carry stamps in service contexts");
        assertTrue(pilot.contains("::bgml_tao::Tick_Call calls (this->origin_CallToDisplay_, "), pilot);
        assertTrue(pilot.contains("::bgml::LoopSpec spec (0, 450);"), "50 warm-up and 400 timed calls");
        assertTrue(pilot.contains("spec.period_ns = ::bgml::period_from_hz (1000.0);"), "paced at 1 kHz");
        assertTrue(pilot.contains("::bgml_tao::Call_Scope scope (::bgml_tao::Path_Wire (stamp, "), "each call stamped");
        int blackBox = pilot.indexOf("PilotRoundTrip");
        int pathCalls = pilot.indexOf("this->owner_->run_path_calls (result)");
        assertTrue(blackBox >= 0 && pathCalls > blackBox, "the path's calls come after the black-box loop");
        String display = out.files().keySet().stream().filter(f -> f.endsWith("Display_exec.cpp")).findFirst().map(out::text).orElseThrow();
        assertTrue(display.contains("wait_for_files"), "the display waits for the pilot before it writes the path");
        assertTrue(display.contains("add_path_results (result, *this->path_CallToDisplay_"), display);
        assertFalse(out.files().keySet().stream().filter(f -> f.endsWith("Sensor_exec.cpp")).map(out::text)
                .anyMatch(t -> t.contains("run_path_calls")), "only the pilot makes the path's calls");
        assertFalse(display.contains("chain_ctx"), "the display sends nothing, so it keeps no context for senders");
        assertTrue(out.text("README.md").contains("Pilot") && out.text("README.md").contains("then the calls that start CallToDisplay"),
                out.text("README.md"));
    }

    /**
     * A client component that only calls out, in a locality manager that serves nothing, makes its timed calls on the
     * thread that runs the ORB's event loop, so that thread reads its own replies (a driver thread of its own would be
     * a follower under TAO's Leader/Followers, woken by that thread on every reply). The driver thread keeps the waits
     * before and the result file after. A component whose locality manager also serves calls (collocated with its
     * server), or that calls from several threads, keeps its driver thread.
     */
    @Test
    void aComponentThatOnlyCallsOutCallsOnTheOrbsEventLoopThread() {
        MemoryOutput remote = roundtrip("remote", null);
        for (String client : List.of("CiaoCiaoClient", "TaoCiaoClient")) {
            String exec = remote.text("src/RoundTrip_" + client + "_exec.cpp");
            assertTrue(exec.contains("#include \"bgml_ciao_orb_thread.h\""), exec);
            int handed = exec.indexOf("::bgml_ciao_orb_thread::run (orb.in (), calls, this->owner_->stopping_, 30)");
            int loop = exec.indexOf("bgml_support::run_loop (result, loop,");
            int startLine = exec.indexOf("bgml_support::wait_at_start_line");
            int lambda = exec.indexOf("auto calls = [&] ()");
            assertTrue(startLine >= 0 && lambda > startLine && loop > lambda && handed > loop,
                    client + ": waits at the start line on its driver thread, then hands the loop to the ORB's thread:\n" + exec);
            assertTrue(exec.contains("result.add_label (\"callingThread\", \"orb\");"), exec);
            assertTrue(exec.contains("this->driver_->activate (THR_NEW_LWP | THR_JOINABLE, 1)"), "ccm_activate still returns at once");
        }
        assertTrue(remote.files().containsKey("src/bgml_ciao_orb_thread.h"));
        assertTrue(remote.text("README.md").contains("hands its metric loops to that main thread"), remote.text("README.md"));
        assertTrue(manifest(remote).build().sources().contains("src/bgml_ciao_orb_thread.h"));

        MemoryOutput collocated = roundtrip("collocated", null);
        String exec = collocated.text("src/RoundTrip_CiaoCiaoClient_exec.cpp");
        assertFalse(exec.contains("bgml_ciao_orb_thread"), "its locality manager serves CiaoCiaoServer: " + exec);
        assertTrue(collocated.text("README.md").contains("Client components keep their driver thread when a component of their locality manager provides a facet"), collocated.text("README.md"));

        MemoryOutput threads = Examples.generate(Examples.load(Examples.repo().resolve("tests/models/threads.bgml")), "remote");
        assertFalse(threads.files().keySet().stream().filter(f -> f.endsWith("_exec.cpp")).map(threads::text)
                .anyMatch(t -> t.contains("bgml_ciao_orb_thread")), "several calling threads keep their driver thread");
        assertFalse(threads.files().containsKey("src/bgml_ciao_orb_thread.h"));
    }

    /** An action list on a CORBA 2.x object is refused on ciao, naming the port, before any file is written. */
    @Test
    void actionsOnACorba2ObjectAreRefusedNamingThePort() {
        BenchmarkModel model = Examples.load(Examples.example("roundtrip.bgml"));
        org.bgml.model.Facet facet = (org.bgml.model.Facet) model.getEntities().stream().filter(e -> e.getName().equals("TaoTaoServer"))
                .findFirst().orElseThrow().getPorts().get(0);
        org.bgml.model.Behaviour behaviour = org.bgml.model.BgmlFactory.eINSTANCE.createBehaviour();
        org.bgml.model.Action busy = org.bgml.model.BgmlFactory.eINSTANCE.createAction();
        busy.setMicros(5);
        behaviour.getActions().add(busy);
        facet.setBehaviour(behaviour);
        MemoryOutput out = new MemoryOutput();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> Examples.generate(model, "remote", null, out));
        assertTrue(e.getMessage().startsWith("ciao: TaoTaoServer/"), e.getMessage());
        assertTrue(e.getMessage().contains("event chains run between components; TaoTaoServer is a CORBA 2.x object"), e.getMessage());
        assertTrue(out.files().isEmpty(), "nothing was written");
    }

    /**
     * The collocated deployment puts a CIAO component and a CORBA 2.x entity in one process for CIAO-TAO and TAO-CIAO;
     * the target splits both, so manifest.json records the split on their connections and metrics (the launcher stores
     * it on each affected measurement). TAO-TAO and CIAO-CIAO stay collocated and are not listed; remote has no split.
     */
    @Test
    void theManifestRecordsEachSplitProcessOnTheConnectionsItAffects() {
        Manifest manifest = manifest(roundtrip("collocated", null));
        List<Manifest.Substitution> subs = manifest.substitutionList();
        assertEquals(List.of("collocated/localhost/CiaoTaoProcess", "collocated/localhost/TaoCiaoProcess"),
                subs.stream().map(Manifest.Substitution::process).toList());
        assertEquals(List.of("CiaoTao", "CiaoTaoLatency", "CiaoTaoThroughput", "CiaoTaoJitter"), subs.get(0).elements());
        assertEquals(List.of("TaoCiao", "TaoCiaoLatency", "TaoCiaoThroughput", "TaoCiaoJitter"), subs.get(1).elements());
        for (Manifest.Substitution s : subs) {
            assertEquals("split (not collocated)", s.label());
            assertTrue(s.text().contains("127.0.0.1"), s.text());
            assertFalse(s.affects("TaoTaoLatency", "TaoTao"));
            assertFalse(s.affects("CiaoCiaoLatency", "CiaoCiao"));
        }
        assertTrue(subs.get(0).affects("CiaoTaoLatency", "CiaoTao"));
        List<ProcessSpec> halves = manifest.processes().stream().filter(p -> p.name().endsWith("_corba2")).toList();
        assertEquals(2, halves.size(), "the CORBA 2.x halves of CiaoTaoProcess and TaoCiaoProcess");
        for (ProcessSpec half : halves) {
            assertEquals("localhost", half.node(), half.name() + " runs on the node of the process it was split from");
        }
        assertTrue(manifest(roundtrip("remote", null)).substitutionList().isEmpty(), "nothing is split in remote");
        assertFalse(roundtrip("remote", null).text("manifest.json").contains("substitutions"), "and the field is left out");
    }

    /**
     * Client components are not held at the start line (DAnCE starts them and each waits for the one before it), so a
     * deployment whose clients run together gets them one at a time: every component-driven connection and metric
     * says so, while the CORBA 2.x clients' figures do not. One at a time, nothing is listed.
     */
    @Test
    void componentClientsOfATogetherDeploymentAreRecordedAsRunOneAtATime() {
        BenchmarkModel model = Examples.load(Examples.example("roundtrip.bgml"));
        model.getDeployments().stream().filter(d -> d.getName().equals("remote")).findFirst().orElseThrow()
                .setClients(org.bgml.model.ClientStart.TOGETHER);
        MemoryOutput out = new MemoryOutput();
        Examples.generate(model, "remote", null, out);
        List<Manifest.Substitution> subs = manifest(out).substitutionList();
        assertFalse(subs.isEmpty(), out.text("manifest.json"));
        List<String> elements = subs.stream().flatMap(s -> s.elements().stream()).toList();
        assertTrue(elements.contains("CiaoCiao") && elements.contains("CiaoCiaoLatency"), elements.toString());
        assertTrue(elements.contains("TaoCiao"), "the CIAO client of TAO-CIAO is a component too: " + elements);
        assertFalse(elements.contains("TaoTao") || elements.contains("CiaoTao"), "CORBA 2.x clients are behind the line");
        for (Manifest.Substitution s : subs) {
            assertEquals("one at a time (not together)", s.label());
        }
        assertTrue(manifest(roundtrip("remote", null)).substitutionList().isEmpty(), "the example runs one at a time on purpose");
    }

    /**
     * run_test.pl follows the deployment's clients: the roundtrip runs them one at a time (no start line), the proxy
     * pattern (CORBA 2.x processes only) runs its clients together behind one start line, released after the last of
     * them has started, each with a limit that counts the calls of every client.
     */
    @Test
    void runTestFollowsTheDeploymentsClients() {
        String alone = roundtrip("remote", null).text("run_test.pl");
        assertFalse(alone.contains("BGML_START_LINE"), "one at a time: no start line");
        // one loop per metric (the tao target's), each of 1000 + 250,000 calls: 120 s + 3 x 251,000 x 50 us
        assertTrue(alone.contains("$TaoTaoClientProcess->SpawnWaitKill (158)"), "each client runs to completion within its own limit");
        assertTrue(alone.contains("-t 60 -c 0 -ORBEndpoint iiop://127.0.0.1 -ORBDottedDecimalAddresses 1\" . $samples);"),
                "run_test.pl -n reaches the CORBA 2.x processes as their -n");

        MemoryOutput proxy = new MemoryOutput();
        BenchmarkModel model = Examples.load(Examples.example("proxy-pattern.bgml"));
        Examples.generate(model, Examples.deployments(model).get(0), null, proxy);
        Manifest manifest = manifest(proxy);
        assertEquals(Manifest.CLIENTS_TOGETHER, manifest.clients());
        String script = proxy.text("run_test.pl");
        assertTrue(script.contains("POSIX::mkfifo"), script);
        List<ProcessSpec> clients = manifest.processes().stream().filter(p -> p.stop().equals("exit")).toList();
        assertTrue(clients.size() >= 2, "the proxy pattern has several clients");
        int releaseAt = script.indexOf("my $released = release_all (");
        assertTrue(releaseAt > 0, script);
        for (ProcessSpec c : clients) {
            assertTrue(script.indexOf("behind_the_start_line (\"" + c.name() + "\"") > 0, c.name() + " starts behind the line");
            assertTrue(script.indexOf("behind_the_start_line (\"" + c.name() + "\"") < releaseAt, c.name() + " is started before the release");
            assertTrue(script.substring(releaseAt, script.indexOf('\n', releaseAt)).contains("\"" + c.name() + "\""),
                    c.name() + " is waited for at the line");
        }
        String deployment = Examples.deployments(model).get(0);
        model.getDeployments().stream().filter(d -> d.getName().equals(deployment)).findFirst().orElseThrow()
                .setClients(org.bgml.model.ClientStart.ONE_AT_ATIME);
        MemoryOutput oneAtATime = new MemoryOutput();
        Examples.generate(model, deployment, null, oneAtATime);
        assertFalse(oneAtATime.text("run_test.pl").contains("BGML_START_LINE"));
        java.util.Map<String, Integer> limitsAlone = new java.util.HashMap<>();
        manifest(oneAtATime).processes().forEach(p -> limitsAlone.put(p.name(), p.timeoutSeconds()));
        for (ProcessSpec c : clients) {
            assertTrue(c.timeoutSeconds() > limitsAlone.get(c.name()), c.name() + ": together, the limit also counts the other clients'"
                    + " calls (" + c.timeoutSeconds() + " s, alone " + limitsAlone.get(c.name()) + " s)");
        }
    }

    /**
     * The proxy pattern's run_test.pl under PerlACE, with stand-ins for its programs (servers write their IOR files
     * and wait for SIGTERM; clients follow the start line and note when they arrived and were released): every
     * client arrives before any is released, each under its own name. The roundtrip's script compiles too.
     */
    @Test
    void runTestReleasesTheClientsTogetherUnderPerlAce() throws Exception {
        String ace = System.getenv("ACE_ROOT");
        org.junit.jupiter.api.Assumptions.assumeTrue(ace != null && Files.isDirectory(Path.of(ace, "bin", "PerlACE")),
                "run_test.pl check skipped: ACE_ROOT not set");
        Path remote = temp.resolve("roundtrip");
        Examples.generate(Examples.load(Examples.example("roundtrip.bgml")), "remote", remote);
        assertEquals(0, perl(remote, "-c", "-I" + ace + "/bin", "run_test.pl"), "roundtrip run_test.pl compiles");

        BenchmarkModel model = Examples.load(Examples.example("proxy-pattern.bgml"));
        Path bench = temp.resolve("proxy");
        Examples.generate(model, Examples.deployments(model).get(0), bench);
        assertEquals(0, perl(bench, "-c", "-I" + ace + "/bin", "run_test.pl"), "proxy-pattern run_test.pl compiles");
        Manifest manifest = new Gson().fromJson(Files.readString(bench.resolve("manifest.json")), Manifest.class);
        List<String> clients = new ArrayList<>();
        for (ProcessSpec p : manifest.processes()) {
            Path exe = bench.resolve("bin").resolve(p.args().get(0));
            Files.createDirectories(exe.getParent());
            String script;
            if (p.stop().equals("signal")) {
                StringBuilder ready = new StringBuilder();
                p.ready().paths().forEach(f -> ready.append("echo stand-in > '").append(f).append("'\n"));
                script = "#!/bin/sh\ntrap 'exit 0' TERM\n" + ready + "while :; do sleep 1; done\n";
            } else {
                clients.add(p.name());
                script = """
                        #!/bin/sh
                        name=%s
                        line=${BGML_START_LINE#fifo:}
                        [ -n "$line" ] || exit 3
                        exec 3<"${line#*|}"
                        date +%%s%%N > "results/$name.arrived"
                        printf '%%s\\n' "$BGML_START_NAME" > "${line%%%%|*}"
                        cat <&3 > /dev/null
                        date +%%s%%N > "results/$name.released"
                        """.formatted(p.name());
            }
            Files.writeString(exe, script);
            exe.toFile().setExecutable(true);
        }
        assertEquals(0, perl(bench, "run_test.pl"), "run_test.pl with stand-ins");
        long lastArrival = 0;
        long firstRelease = Long.MAX_VALUE;
        for (String c : clients) {
            lastArrival = Math.max(lastArrival, Long.parseLong(Files.readString(bench.resolve("run/results/" + c + ".arrived")).strip()));
            firstRelease = Math.min(firstRelease, Long.parseLong(Files.readString(bench.resolve("run/results/" + c + ".released")).strip()));
        }
        assertTrue(lastArrival <= firstRelease, "a client was released before every client had arrived");
    }

    private static int perl(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("perl"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        if (p.exitValue() != 0) {
            System.out.println("perl " + String.join(" ", args) + " in " + dir + ":\n" + output);
        }
        return p.exitValue();
    }

    @Test
    void plainTaoProcessesRunOnTheTaoTargetsProcessSupport() {
        MemoryOutput out = roundtrip("remote", null);
        String shipped = new String(org.bgml.generator.common.SupportFiles.read(org.bgml.generator.tao.TaoSupport.class,
                "/cpp/bgml_tao.h"), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(shipped, out.text("src/bgml_tao.h"), "the tao target's own file, not a second copy");
        String client = out.text("src/TaoTaoClientProcess.cpp");
        assertTrue(client.contains("#include \"bgml_tao.h\""));
        assertTrue(client.contains("int const parsed = bgml_tao::parse_args (argc, argv, options);"),
                "the command line is parsed as in the tao target (ACE_Get_Opt)");
        assertTrue(client.contains("bgml_tao::read_ior (orb.in (), \"TaoTaoServer_rt.ior\", options)"));
        assertTrue(client.contains("if (!bgml_tao::measure (call, spec, m, options))"), "the tao target's timed loop");
        assertTrue(client.contains("bgml::ResultFile result (\"remote/localhost/TaoTaoClientProcess\", \"ciao\");"),
                "the result file names the ciao target");
        String server = out.text("src/TaoTaoServerProcess.cpp");
        assertTrue(server.indexOf("bgml_tao::Stop_Signals stop_signals;") < server.indexOf("CORBA::ORB_init"),
                "stop signals are blocked before the ORB starts threads");
        assertTrue(server.contains("bgml_tao::write_ior (orb.in (), taoTaoServer_rt.in (), \"TaoTaoServer_rt.ior\", options)"));
        assertTrue(server.contains("RoundTrip_i *taoTaoServer_rt_servant = 0;"), "the tao target's servant class, one per interface and behaviour");
        MemoryOutput tao = new MemoryOutput();
        new org.bgml.generator.tao.TaoGenerator().generate(Examples.plan(Examples.load(Examples.example("roundtrip.bgml")), "remote", null), tao);
        assertEquals(tao.text("src/RoundTrip_i.cpp"), out.text("src/RoundTrip_i.cpp"), "the tao target's servant, as tao writes it");
        assertTrue(out.text("manifest.json").contains("\"src/bgml_tao.h\""), "a source the build depends on");
    }

    @Test
    void executorFollowsTheTaoIdlExecutorConventions() {
        MemoryOutput out = roundtrip("remote", null);
        String h = out.text("src/RoundTrip_CiaoCiaoServer_exec.h");
        assertTrue(h.contains("#include \"RoundTrip_CiaoCiaoServerEC.h\""));
        assertTrue(h.contains("namespace CIAO_RoundTrip_CiaoCiaoServer_Impl"));
        assertTrue(h.contains("class rt_exec_i\n    : public virtual ::Test::CCM_RoundTrip,\n      public virtual ::CORBA::LocalObject"));
        assertTrue(h.contains("class CiaoCiaoServer_exec_i\n    : public virtual CiaoCiaoServer_Exec,"));
        assertTrue(h.contains("virtual ::Test::CCM_RoundTrip_ptr get_rt (void);"));
        for (String op : List.of("set_session_context (::Components::SessionContext_ptr ctx)", "configuration_complete (void)",
                "ccm_activate (void)", "ccm_passivate (void)", "ccm_remove (void)")) {
            assertTrue(h.contains("virtual void " + op + ";"), op);
        }
        assertTrue(h.contains("extern \"C\" ROUNDTRIP_CIAOCIAOSERVER_EXEC_Export ::Components::EnterpriseComponent_ptr\n  create_RoundTrip_CiaoCiaoServer_Impl (void);"));
        assertTrue(h.contains("create_RoundTrip_CiaoCiaoServerHome_Impl (void);"));
        String cpp = out.text("src/RoundTrip_CiaoCiaoServer_exec.cpp");
        assertTrue(cpp.contains("// BEGIN USER CODE CiaoCiaoServer/rt/Test::RoundTrip::test_method\n    return send_time;\n"));
        assertTrue(cpp.contains("::RoundTrip::CCM_CiaoCiaoServer_Context::_narrow (ctx)"));
    }

    @Test
    void clientComponentsMeasureOnTheirOwnThreadOneAfterTheOther() {
        MemoryOutput out = roundtrip("remote", null);
        String first = out.text("src/RoundTrip_TaoCiaoClient_exec.cpp");
        String second = out.text("src/RoundTrip_CiaoCiaoClient_exec.cpp");
        assertTrue(first.contains("this->driver_->activate (THR_NEW_LWP | THR_JOINABLE, 1)"));
        assertTrue(first.contains("this->ciao_context_->get_connection_rt ()"));
        assertFalse(first.contains("wait_for_file (\"results/"), "the first client component waits for nobody");
        assertTrue(second.contains("wait_for_file (\"results/TaoCiaoClientProcess.json\""));
        assertTrue(second.contains("bgml_support::run_loop (result, loop,"), "the support header's loop times the calls");
        assertTrue(out.text("src/bgml_ciao.h").contains("bgml::SampleHistory history (spec.warmup, spec.samples);"));
        assertTrue(second.contains("\"latency\", \"CiaoCiaoLatency\""));
        assertTrue(second.contains("\"jitter\", \"CiaoCiaoJitter\""));
        assertEquals(1, second.split("target_rt->test_method", -1).length - 1, "one loop for latency, throughput and jitter");
        String server = out.text("src/RoundTrip_CiaoTaoServer_exec.cpp");
        assertTrue(server.contains("component->provide_facet (\"rt\")"), "publishes its facet for the TAO client");
        assertTrue(server.contains("write_ior (\"CiaoTaoServer_rt.ior\""));
    }

    /**
     * Every driving process waits at the start line once its set-up is done: a client component's driver before
     * its loops (announcing its node manager, the manifest's process), a CORBA 2.x client once its references are
     * resolved.
     */
    @Test
    void driversWaitAtTheStartLineBeforeTheirLoops() {
        MemoryOutput out = roundtrip("remote", null);
        String component = out.text("src/RoundTrip_CiaoCiaoClient_exec.cpp");
        int wait = component.indexOf("bgml_support::wait_at_start_line (result, \"NodeManager_");
        assertTrue(wait > 0, "the client component waits at the start line");
        assertTrue(wait < component.indexOf("bgml_support::run_loop"), "before its first loop");
        assertTrue(manifest(out).processes().stream().anyMatch(p -> component.contains("\"" + p.name() + "\")")),
                "the name it announces by default is a process of the manifest");
        String client = out.text("src/CiaoTaoClientProcess.cpp");
        int clientWait = client.indexOf("bgml_tao::wait_at_start_line (result, options)");
        assertTrue(clientWait > client.indexOf("bgml_tao::read_ior"), "after its reference is resolved");
        assertTrue(clientWait < client.indexOf("bgml_tao::measure ("), "before its first loop");
        assertFalse(out.text("src/TaoTaoServerProcess.cpp").contains("wait_at_start_line"), "a server does not wait");
    }

    /** threads = 2 on a component's metric: two calling threads, each declaring and sizing its own arguments. */
    @Test
    void threadedMetricsRunOnSeveralCallingThreads() {
        org.bgml.model.BenchmarkModel model = Examples.load(Examples.example("roundtrip.bgml"));
        for (org.bgml.model.Metric m : model.getMetrics()) {
            if (m.getName().startsWith("CiaoCiao")) {
                if (m.getWorkload() == null) {
                    m.setWorkload(org.bgml.model.BgmlFactory.eINSTANCE.createWorkload());
                }
                m.getWorkload().setThreads(2);
            }
        }
        MemoryOutput out = new MemoryOutput();
        Examples.generate(model, "remote", null, out);
        String component = out.text("src/RoundTrip_CiaoCiaoClient_exec.cpp");
        assertTrue(component.contains("bgml_support::run_threads (result, loop, 2, [&] (std::size_t, bgml_support::Thread_Loop& thread) {"),
                component);
        assertTrue(component.contains("thread.run ([&] (std::uint64_t start) { (void) target_rt->test_method ("), component);
        assertFalse(component.contains("bgml_support::run_loop (result, loop,"), "no loop of these metrics runs on one thread");
        assertTrue(out.text("src/RoundTrip_TaoCiaoClient_exec.cpp").contains("bgml_support::run_loop (result, loop,"),
                "other metrics keep their single thread");
    }

    @Test
    void idlHasIdl3ComponentsAndHomesAndTheLemPragma() {
        MemoryOutput out = roundtrip("remote", null);
        assertTrue(out.text("idl/RoundTrip.idl").contains("#pragma ciao lem \"RoundTripE.idl\""));
        String client = out.text("idl/RoundTrip_CiaoCiaoClient.idl");
        assertTrue(client.contains("#include <Components.idl>"));
        assertTrue(client.contains("component CiaoCiaoClient\n  {\n    uses ::Test::RoundTrip rt;\n  };"));
        assertTrue(client.contains("home CiaoCiaoClientHome manages CiaoCiaoClient"));
        assertTrue(out.text("idl/RoundTrip_CiaoCiaoServer.idl").contains("provides ::Test::RoundTrip rt;"));
    }

    @Test
    void mpcUsesCiaosBaseProjects() {
        String mpc = roundtrip("remote", null).text("RoundTrip.mpc");
        for (String p : List.of("project(RoundTrip_idl_gen) : componentidldefaults", "project(RoundTrip_lem_gen) : ciaoidldefaults",
                "project(RoundTrip_stub) : ccm_stub", "project(RoundTrip_CiaoCiaoClient_lem_stub) : ccm_svnt",
                "project(RoundTrip_CiaoCiaoClient_exec) : ciao_executor", "project(RoundTrip_CiaoCiaoClient_svnt) : ciao_servant",
                "project(RoundTrip_TaoTaoServerProcess) : taoexe, portableserver", "project(RoundTrip_await) : aceexe")) {
            assertTrue(mpc.contains(p), p);
        }
    }

    @Test
    void manifestRunsTheDanceSequence() {
        Manifest m = manifest(roundtrip("remote", null));
        List<String> names = m.processes().stream().map(ProcessSpec::name).toList();
        assertEquals(List.of("TaoTaoServerProcess", "TaoCiaoServerProcess", "NodeManager_localhost", "ExecutionManager",
                "PlanLauncher", "AwaitComponents", "TaoTaoClientProcess", "CiaoTaoClientProcess", "PlanTeardown"), names);
        for (ProcessSpec p : m.processes()) {
            assertEquals("scripts/run.sh", p.executable(), p.name());
            assertTrue(p.timeoutSeconds() > 0 && p.readyTimeoutSeconds() > 0, p.name());
            assertEquals(p.role().equals("client") ? "exit" : "signal", p.stop(), p.name());
        }
        ProcessSpec nm = m.processes().get(2);
        assertEquals(List.of("results/TaoCiaoClientProcess.json", "results/CiaoCiaoClientProcess.json"), nm.results());
        assertEquals(nm.results(), nm.done().paths());
        assertEquals(List.of(0), nm.cpus());
        assertTrue(String.join(" ", nm.args()).contains("-s @DANCE_ROOT@/bin/dance_locality_manager"));
        ProcessSpec await = m.processes().get(5);
        assertTrue(await.args().containsAll(List.of("CiaoTaoServer_rt.ior", "results/TaoCiaoClientProcess.json",
                "results/CiaoCiaoClientProcess.json")));
        assertEquals(List.of("dance_plan_launcher", "-k", "file://ExecutionManager.ior", "-x", "@BENCHMARK@/descriptors/remote.cdp", "-s"),
                m.processes().get(8).args());
        // three loops (one per metric) of 250,000 samples + 1,000 warm-up calls at 50 us each, plus 120 s
        assertEquals(158, m.processes().get(7).timeoutSeconds());
        List<String> args = m.processes().get(7).args();
        assertEquals("60", args.get(args.indexOf("-t") + 1), "CORBA 2.x clients wait 60 s for IORs: components publish theirs late");
    }

    @Test
    void onlyTaoOptionsReachTheOrbs() {
        Manifest omni = manifest(roundtrip("remote", "omniorbLoopback"));
        Manifest tao = manifest(roundtrip("remote", "taoLoopback"));
        for (Manifest m : List.of(omni, tao)) {
            for (ProcessSpec p : m.processes()) {
                String args = String.join(" ", p.args());
                assertFalse(args.contains("giop:tcp"), p.name() + ": " + args);
                if (!p.name().startsWith("Plan") && !p.name().startsWith("Await")) {
                    assertEquals(1, p.args().stream().filter("-ORBEndpoint"::equals).count(), p.name() + ": " + args);
                    assertEquals("iiop://127.0.0.1", p.args().get(p.args().indexOf("-ORBEndpoint") + 1), p.name());
                }
            }
        }
    }

    @Test
    void behavioursOfTheCubitAndProxyExamples() {
        MemoryOutput cubit = new MemoryOutput();
        Examples.generate(Examples.load(Examples.example("cubit.bgml")), null, null, cubit);
        String servant = cubit.text("src/Cubit_Cubit_i.cpp");
        assertTrue(servant.contains("return bgml_tao::cube (l);"), "cubit cubes");
        assertTrue(servant.contains(".length ()"), "sequences are cubed element by element");
        MemoryOutput proxy = new MemoryOutput();
        Examples.generate(Examples.load(Examples.example("proxy-pattern.bgml")), null, null, proxy);
        String front = proxy.text("src/Cubit_Forward_i.cpp");
        assertTrue(front.contains("return this->target_->cube_long (l);"), front);
        assertTrue(proxy.text("src/ProxyProcess.cpp").contains("ACE_NEW_RETURN (proxy_front1_servant, Cubit_Forward_i (toServer1_ref.in ()), 1);"));
    }

    /**
     * The proxy example's clients are duration-driven (10 s loops, the latency one 3 s after the common start): the loop
     * runs for the duration, its sample count only the history's room, and the clients' time limits (manifest and
     * run_test.pl) count the 20 s of loops each client runs.
     */
    @Test
    void durationDrivenLoopsRunForTheirDurationAndTheLimitsCountIt() {
        MemoryOutput timed = new MemoryOutput();
        Examples.generate(Examples.load(Examples.example("proxy-pattern.bgml")), null, null, timed);
        String client = loopOf(timed, "EndToEnd1");
        assertTrue(client.contains("spec.duration_ms = 10000;\n") && client.contains("spec.pre_delay_ms = 3000;\n"),
                "10 s from 3 s after the start: " + client);

        BenchmarkModel counted = Examples.load(Examples.example("proxy-pattern.bgml"));
        counted.getMetrics().stream().filter(m -> m.getWorkload() != null).forEach(m -> m.getWorkload().setDurationMillis(0));
        MemoryOutput count = new MemoryOutput();
        Examples.generate(counted, null, null, count);
        String counting = loopOf(count, "EndToEnd1");
        assertTrue(!counting.contains("duration_ms") && counting.contains("spec.pre_delay_ms = 3000;\n"), "without a duration, the sample count");

        java.util.Map<String, Integer> limits = new java.util.HashMap<>();
        manifest(count).processes().forEach(p -> limits.put(p.name(), p.timeoutSeconds()));
        int clients = 0;
        for (ProcessSpec p : manifest(timed).processes()) {
            if (p.stop().equals("exit") && limits.containsKey(p.name()) && !p.name().contains("Server")) {
                clients += p.timeoutSeconds() - limits.get(p.name()) >= 20 ? 1 : 0;
            }
        }
        assertTrue(clients >= 1, "a client's limit counts its two 10 s loops: " + manifest(timed).processes());
        assertTrue(!timed.text("run_test.pl").equals(count.text("run_test.pl")), "run_test.pl's limits count the durations too");
    }

    /**
     * The proxy penalty of bgml reproduce (reproductions/proxy-penalty.bgml) on ciao: the direct loop runs 3 s from the
     * start, the three proxied loops 3 s from 4.5 s after it, as on the other targets.
     */
    @Test
    void theProxyPenaltysLoopsKeepTheirDurationsAndStartDelays() {
        MemoryOutput out = new MemoryOutput();
        Examples.generate(Examples.load(Examples.repo().resolve("reproductions/proxy-penalty.bgml")), null, null, out);
        String direct = loopOf(out, "DirectCallsPerSecond");
        assertTrue(direct.contains("spec.duration_ms = 3000;\n") && !direct.contains("pre_delay_ms"), "3 s from the start");
        for (int i = 1; i <= 3; i++) {
            String proxied = loopOf(out, "ProxyCallsPerSecond" + i);
            assertTrue(proxied.contains("spec.duration_ms = 3000;\n") && proxied.contains("spec.pre_delay_ms = 4500;\n"),
                    "3 s from 4.5 s after the start");
        }
    }

    /** The measurement of {@code metric} in a CORBA 2.x process's main (the tao target's block, up to its result). */
    private static String loopOf(MemoryOutput out, String metric) {
        String main = out.files().keySet().stream().filter(p -> p.endsWith(".cpp")).map(out::text)
                .filter(t -> t.contains(", \"" + metric + "\", ")).findFirst().orElseThrow(() -> new AssertionError("no loop of " + metric));
        int at = main.indexOf(", \"" + metric + "\", ");
        return main.substring(at, main.indexOf("result.add (m);", at));
    }

    @Test
    void mixedProcessesKeepTheirComponentsInDance() {
        MemoryOutput out = roundtrip("collocated", null);
        assertTrue(out.files().containsKey("src/CiaoTaoProcess_corba2.cpp"));
        assertTrue(out.text("README.md").contains("## Deviations from the model"));
        assertNull(out.text("src/CiaoCiaoProcess_corba2.cpp"));
    }

    /**
     * The examples with event chains generate in every deployment: root event types carry the path stamp, the timer's
     * component drives, and each component where a path ends writes a result file the completion step waits for.
     */
    @TestFactory
    Stream<DynamicTest> everyEventChainExampleGeneratesInEveryDeployment() {
        List<DynamicTest> tests = new ArrayList<>();
        assertFalse(Examples.eventChains().isEmpty(), "the avionics chain is an example");
        for (Path file : Examples.eventChains()) {
            for (String d : Examples.deployments(Examples.load(file))) {
                tests.add(DynamicTest.dynamicTest(file.getFileName() + " " + d, () -> {
                    BenchmarkModel model = Examples.load(file);
                    MemoryOutput out = Examples.generate(model, d);
                    String idl = out.text(new org.bgml.generator.ciao.CiaoNaming().baseIdl(model));
                    assertTrue(idl.contains("typedef sequence<unsigned long long> BGML_Path_Stamp;"), idl);
                    assertTrue(idl.contains("public ::BGML_Path_Stamp bgml_path;"), idl);
                    Manifest manifest = manifest(out);
                    String await = manifest.processes().stream().filter(p -> p.name().equals("AwaitComponents")).findFirst()
                            .orElseThrow().args().toString();
                    for (org.bgml.model.Metric m : model.getMetrics()) {
                        if (m instanceof org.bgml.model.PathLatency p) {
                            String ender = ((org.bgml.model.Entity) p.getEnd().eContainer()).getName();
                            assertTrue(await.contains(".json"), await);
                            assertTrue(out.files().keySet().stream().filter(f -> f.endsWith(ender + "_exec.cpp")).map(out::text)
                                    .anyMatch(t -> t.contains("add_path_results (result)")), ender + " writes the path " + p.getName());
                        }
                    }
                }));
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyExampleGeneratesInEveryDeployment() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path file : Examples.all()) {
            BenchmarkModel model = Examples.load(file);
            for (String d : Examples.deployments(model)) {
                tests.add(DynamicTest.dynamicTest(file.getFileName() + " " + d, () -> {
                    MemoryOutput out = Examples.generate(Examples.load(file), d);
                    dump(file.getFileName().toString().replace(".bgml", "") + "-" + d, out);
                    assertTrue(out.files().containsKey("manifest.json"));
                    assertTrue(out.files().containsKey("run_test.pl"));
                    for (var e : out.files().entrySet()) {
                        String text = new String(e.getValue(), StandardCharsets.UTF_8);
                        assertFalse(text.contains("«") || text.contains("»"), e.getKey() + " has template residue");
                        if (!Examples.isRuntimeHeader(e.getKey())) {
                            assertFalse(text.matches("(?s).*[ \t]\n.*"), e.getKey() + " has trailing blanks");
                        }
                    }
                }));
            }
        }
        return tests.stream();
    }

    /** With -Dbgml.ciao.dump=DIR, writes a generated benchmark to DIR/name for reading or building by hand. */
    private static void dump(String name, MemoryOutput out) throws java.io.IOException {
        String dump = System.getProperty("bgml.ciao.dump", "");
        if (dump.isBlank()) {
            return;
        }
        for (var e : out.files().entrySet()) {
            Path target = Path.of(dump, name, e.getKey());
            Files.createDirectories(target.getParent());
            Files.write(target, e.getValue());
        }
    }

    /** Event ports: IDL3 eventtypes, publishes/consumes, push operations and EventPublisher/EventConsumer ends. */
    @Test
    void eventsBetweenComponents() throws Exception {
        Path file = temp.resolve("events.bgml");
        Files.writeString(file, EVENTS);
        MemoryOutput out = new MemoryOutput();
        Examples.generate(Examples.load(file), null, null, out);
        dump("events", out);
        assertTrue(out.text("idl/Events.idl").contains("eventtype Tick {\n    public ::Ev::Stamp stamp;\n  };")
                || out.text("idl/Events.idl").contains("public Stamp stamp;"), out.text("idl/Events.idl"));
        assertTrue(out.text("idl/Events.idl").contains("#include <Components.idl>"));
        assertTrue(out.text("idl/Events_Source.idl").contains("publishes ::Ev::Tick ticks;"));
        assertTrue(out.text("idl/Events_Sink.idl").contains("consumes ::Ev::Tick ticks_in;"));
        assertTrue(out.text("src/Events_Sink_exec.h").contains("virtual void push_ticks_in (::Ev::Tick * ev);"));
        String source = out.text("src/Events_Source_exec.cpp");
        assertTrue(source.contains("new OBV_Ev::Tick ()"));
        assertTrue(source.contains("this->ciao_context_->push_ticks (event.in ());"));
        String plan = out.text("descriptors/Events.cdp");
        assertTrue(plan.contains("<kind>EventPublisher</kind>"));
        assertTrue(plan.contains("<kind>EventConsumer</kind>"));
    }

    private static final String EVENTS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <bgml:BenchmarkModel xmi:version="2.0" xmlns:xmi="http://www.omg.org/XMI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
                xmlns:bgml="http://bgml.org/bgml/1.0" name="Events">
              <modules name="Ev">
                <definitions xsi:type="bgml:Typedef" name="Stamp">
                  <aliasedType primitive="unsigned long long"/>
                </definitions>
                <definitions xsi:type="bgml:EventType" name="Tick">
                  <members name="stamp">
                    <type named="#Ev::Stamp"/>
                  </members>
                </definitions>
              </modules>
              <entities xsi:type="bgml:Component" name="Source">
                <ports xsi:type="bgml:EventSource" name="ticks" eventType="#Ev::Tick"/>
              </entities>
              <entities xsi:type="bgml:Component" name="Sink">
                <ports xsi:type="bgml:EventSink" name="ticks_in" eventType="#Ev::Tick"/>
              </entities>
              <connections name="Ticks" source="#Source/ticks" target="#Sink/ticks_in"/>
              <metrics xsi:type="bgml:Throughput" name="TickRate" samples="1000" connection="#Ticks" eventType="#Ev::Tick"/>
            </bgml:BenchmarkModel>
            """;
}
