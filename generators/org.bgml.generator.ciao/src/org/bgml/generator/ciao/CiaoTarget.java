package org.bgml.generator.ciao;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.generator.ciao.CiaoDeployment.TaoProcess;
import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.generator.common.SupportFiles;
import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.tao.EventMainParts;
import org.bgml.generator.tao.ProcessTemplate;
import org.bgml.generator.tao.ServantTemplate;
import org.bgml.generator.tao.TaoBehaviours;
import org.bgml.generator.tao.TaoCalls;
import org.bgml.generator.tao.TaoChains;
import org.bgml.generator.tao.TaoMetrics;
import org.bgml.generator.tao.TaoNaming;
import org.bgml.generator.tao.TaoOptions;
import org.bgml.generator.tao.TaoServants;
import org.bgml.generator.tao.TaoSignatures;
import org.bgml.generator.tao.TaoSupport;
import org.bgml.generator.tao.TaoTypes;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Component;

/**
 * The {@code ciao} target: CCM components on CIAO, deployed by DAnCE, with the CORBA 2.x sides of mixed
 * scenarios as plain TAO processes. {@link #generate} only dispatches; each template writes one kind of file.
 */
public final class CiaoTarget implements TargetGenerator {
    public static final String ID = "ciao";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void generate(BenchmarkPlan plan, GeneratorOutput out) {
        CiaoChains chains = new CiaoChains(plan);
        chains.check();
        CiaoNaming naming = new CiaoNaming();
        CppCode cpp = new CppCode();
        // the connections' own metric loops see no paths and nothing on a timer (as on tao)
        CiaoDeployment deployment = new CiaoDeployment(chains.active() ? TaoChains.loopPlan(plan) : plan, naming);
        deployment.chains(chains);
        CiaoOptions options = new CiaoOptions(plan);
        BenchmarkModel model = plan.model();
        List<String> sources = new ArrayList<>();

        CiaoBaseIdl baseIdl = new CiaoBaseIdl(naming);
        baseIdl.setChained(chains.active());
        write(out, sources, naming.baseIdl(model), baseIdl.generate(model));
        ComponentIdl componentIdl = new ComponentIdl(naming);
        Executor executor = new Executor(naming, cpp, deployment);
        for (Component c : deployment.deployedComponents()) {
            write(out, sources, naming.componentIdl(c), componentIdl.generate(c));
            write(out, sources, executor.headerPath(c).toString(), executor.doGenerateHeader(c));
            write(out, sources, executor.sourcePath(c).toString(), executor.doGenerateSource(c));
        }
        ExportHeader export = new ExportHeader(naming);
        for (String library : libraries(naming, deployment)) {
            write(out, sources, export.path(library).toString(), export.generate(library));
        }
        SupportFiles.copy(CiaoTarget.class, "/cpp/" + naming.supportHeader(), out, naming.supportHeaderPath());
        sources.add(naming.supportHeaderPath());

        if (deployment.callsOnOrbThread()) {
            SupportFiles.copy(CiaoTarget.class, "/cpp/" + CiaoNaming.ORB_THREAD_HEADER, out, "src/" + CiaoNaming.ORB_THREAD_HEADER);
            sources.add("src/" + CiaoNaming.ORB_THREAD_HEADER);
        }
        boolean probed = !deployment.probes().all().isEmpty();
        if (!deployment.taoProcesses().isEmpty() || chains.active() || probed) {
            sources.add(TaoSupport.copyTo(out));
        }
        if (probed) {
            sources.add(TaoSupport.copyProbesTo(out));
            SupportFiles.copy(CiaoTarget.class, "/cpp/" + CiaoProbes.HEADER, out, "src/" + CiaoProbes.HEADER);
            sources.add("src/" + CiaoProbes.HEADER);
        }
        if (chains.active()) {
            sources.add(TaoSupport.copyChainTo(out));
            SupportFiles.copy(CiaoTarget.class, "/cpp/" + CiaoChains.HEADER, out, "src/" + CiaoChains.HEADER);
            sources.add("src/" + CiaoChains.HEADER);
        }
        TaoNaming taoNaming = new TaoNaming();
        taoNaming.index(model);
        TaoServants taoServants = new TaoServants(taoNaming);
        CiaoTaoProcesses taoProcesses = CiaoTaoProcesses.of(deployment, taoNaming);
        writeTaoProcesses(out, sources, taoNaming, taoServants, taoProcesses);

        if (deployment.hasComponents()) {
            AwaitProgram await = new AwaitProgram(naming);
            write(out, sources, await.path(model).toString(), await.generate(model));
        }

        Mpc mpc = new Mpc(naming, deployment, options.macros(), taoServants, taoProcesses.processes());
        write(out, sources, naming.mwcFile(model), mpc.doGenerateWorkspace(model));
        write(out, sources, naming.mpcFile(model), mpc.doGenerateProjects(model));

        CiaoManifest manifest = new CiaoManifest(naming, deployment, options, taoProcesses);
        writeSvcConfs(out, plan, deployment, options, manifest);
        String planFile = null;
        if (deployment.hasComponents()) {
            DeploymentPlan cdp = new DeploymentPlan(naming, deployment);
            planFile = cdp.path();
            out.writeText(planFile, tidy(cdp.doGenerate()));
        }
        sources.addAll(runtimeHeaders());
        Manifest m = manifest.build(sources);
        out.writeText(CiaoManifest.RUN_SCRIPT, tidy(new RunScript().generate()));
        out.markExecutable(CiaoManifest.RUN_SCRIPT);
        RunTest runTest = new RunTest();
        runTest.setCorba2(deployment.taoProcesses().stream().map(CiaoDeployment.TaoProcess::name).toList());
        out.writeText("run_test.pl", tidy(runTest.generate(m, deployment.taoProcesses().stream()
                .filter(CiaoDeployment.TaoProcess::drives).map(CiaoDeployment.TaoProcess::name).toList())));
        out.markExecutable("run_test.pl");
        out.writeText("README.md", tidy(new Readme(naming, deployment).generate(m)));
        out.writeText(ManifestJson.FILE, ManifestJson.write(m));
    }

    /**
     * The plain TAO processes (the CORBA 2.x entities of the model), written by the tao target's templates: one servant
     * class per interface and behaviour, one main per process.
     */
    private static void writeTaoProcesses(GeneratorOutput out, List<String> sources, TaoNaming naming, TaoServants servants,
            CiaoTaoProcesses processes) {
        BenchmarkPlan plan = processes.plan();
        TaoTypes types = new TaoTypes();
        TaoCalls calls = new TaoCalls(types);
        TaoMetrics metrics = new TaoMetrics(types, calls);
        ServantTemplate servantTemplate = new ServantTemplate(naming, types, new TaoSignatures(types, new TaoBehaviours(types)));
        for (TaoServants.Kind k : servants.servantKinds(plan)) {
            String cls = naming.servantClass(k.iface(), k.behaviour());
            write(out, sources, naming.srcPath(naming.header(cls)), servantTemplate.header(plan.model(), k));
            write(out, sources, naming.srcPath(naming.source(cls)), servantTemplate.source(plan.model(), k));
        }
        ProcessTemplate processTemplate = new ProcessTemplate(naming, types, calls, metrics, servants,
                new EventMainParts(naming, types, metrics));
        // svc.conf loads TAO_Strategies itself (SvcConf): no process links it
        TaoOptions.ProcessOptions options = new TaoOptions.ProcessOptions(List.of(), false, List.of(), Map.of(), Map.of(), List.of());
        for (ProcessPlan p : processes.processes()) {
            write(out, sources, naming.mainSource(p.name()), processTemplate.main(plan, p, processes, options));
        }
    }

    private static void write(GeneratorOutput out, List<String> sources, String path, CharSequence text) {
        out.writeText(path, tidy(text));
        sources.add(path);
    }

    /** No trailing blanks: the templates' indentation leaves some on empty lines. */
    static String tidy(CharSequence text) {
        return org.bgml.generator.common.Texts.stripTrailingBlanks(text);
    }

    /** Every shared library the MPC projects build, each with its export header. */
    static List<String> libraries(CiaoNaming naming, CiaoDeployment deployment) {
        BenchmarkModel model = deployment.model();
        List<String> libraries = new ArrayList<>(
                List.of(naming.baseStubLib(model), naming.baseSkelLib(model), naming.baseLemStubLib(model)));
        for (Component c : deployment.deployedComponents()) {
            libraries.addAll(List.of(naming.stubLib(c), naming.lemStubLib(c), naming.execLib(c), naming.svntLib(c)));
        }
        return libraries;
    }

    private static void writeSvcConfs(GeneratorOutput out, BenchmarkPlan plan, CiaoDeployment deployment,
            CiaoOptions options, CiaoManifest manifest) {
        SvcConf svcConf = new SvcConf();
        for (TaoProcess t : deployment.taoProcesses()) {
            CiaoOptions.Options o = options.of(t.splitFrom() != null ? t.splitFrom() : t.name());
            if (o.hasSvcConf()) {
                out.writeText(manifest.svcConfPath(t.name()), svcConf.generate(t.name(), plan.configuration(), o.svcConf()));
            }
        }
        for (String node : deployment.nodes()) {
            CiaoOptions.Options o = options.of(deployment.localitiesOn(node).get(0).process().name());
            if (o.hasSvcConf()) {
                Map<String, List<String>> factories = o.svcConf();
                out.writeText(manifest.svcConfPath(manifest.svcConfName(node)),
                        svcConf.generate("the locality managers of node " + node, plan.configuration(), factories));
            }
        }
    }

    /** The runtime headers the generation service copies in: they decide rebuilds too. */
    private static List<String> runtimeHeaders() {
        try {
            return RuntimeHeaders.list().stream().map(h -> RuntimeHeaders.INCLUDE_DIR + "/bgml/" + h).toList();
        } catch (IllegalStateException outsideOsgi) {
            return List.of();
        }
    }
}
