package org.bgml.generator.tao;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.TargetGenerator;
import org.bgml.generator.common.idl.Corba2Idl;
import org.bgml.generator.common.manifest.ManifestJson;
import org.bgml.generator.common.plan.BenchmarkPlan;
import org.bgml.generator.common.plan.ProcessPlan;
import org.bgml.generator.tao.TaoServants.Kind;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.EventChannel;
import org.bgml.model.EventType;
import org.bgml.model.Interface;

/**
 * The {@code tao} target: a CORBA 2.x benchmark on TAO. IDL, servants (and glue plus executors for components,
 * emulated as on CORBA 2.x), one main per process, MPC projects, a svc.conf per process, a PerlACE run_test.pl,
 * a README and manifest.json. {@link #generate} only dispatches; each template writes its own kind of file.
 */
public class TaoGenerator implements TargetGenerator {
    private final TaoNaming naming = new TaoNaming();
    private final TaoTypes types = new TaoTypes();
    private final TaoBehaviours behaviours = new TaoBehaviours(types);
    private final TaoSignatures signatures = new TaoSignatures(types, behaviours);
    private final TaoCalls calls = new TaoCalls(types);
    private final TaoMetrics metrics = new TaoMetrics(types, calls);
    private final TaoServants servants = new TaoServants(naming);
    private final TaoOptions optionRules = new TaoOptions();
    private final TaoManifest manifest = new TaoManifest(naming);

    private final ServantTemplate servantTemplate = new ServantTemplate(naming, types, signatures);
    private final ComponentTemplate componentTemplate = new ComponentTemplate(naming, signatures, servantTemplate);
    private final ProcessTemplate processTemplate = new ProcessTemplate(naming, types, calls, metrics, servants,
            new EventMainParts(naming, types, metrics));
    private final EventTemplate eventTemplate = new EventTemplate(naming);
    private final ChannelTemplate channelTemplate = new ChannelTemplate(naming);
    private final BuildTemplate buildTemplate = new BuildTemplate(naming, servants);
    private final SvcConfTemplate svcConfTemplate = new SvcConfTemplate(naming);
    private final RunTestTemplate runTestTemplate = new RunTestTemplate(naming, manifest);
    private final ReadmeTemplate readmeTemplate = new ReadmeTemplate(naming, metrics, manifest);

    @Override
    public String id() {
        return TaoManifest.TARGET;
    }

    @Override
    public void generate(BenchmarkPlan modelPlan, GeneratorOutput out) {
        BenchmarkModel model = modelPlan.model();
        naming.index(model);
        TaoChains chains = new TaoChains(modelPlan, naming, types, calls);
        chains.check();
        // the metric loops leave end-to-end paths and timer sources to the chains
        BenchmarkPlan plan = chains.active() ? TaoChains.loopPlan(modelPlan) : modelPlan;
        servantTemplate.setChained(chains.active());
        eventTemplate.setChained(chains.active());
        TaoProcesses processes = new TaoProcesses(plan, naming, chains);
        TaoEvents events = processes.events();
        events.check();
        Map<String, TaoOptions.ProcessOptions> byProcess = new LinkedHashMap<>();
        events.channels().forEach(c -> byProcess.put(naming.channelProcess(c), optionRules.of(plan, naming.channelProcess(c))));
        plan.processes().forEach(p -> byProcess.put(p.name(), optionRules.of(plan, p.name())));
        checkMacros(byProcess);
        Function<String, TaoOptions.ProcessOptions> options = byProcess::get;
        List<TaoProcesses.Launch> launches = processes.launches(naming, options);
        boolean anys = usesAny(plan) || events.any();
        List<String> sources = new ArrayList<>();

        write(out, sources, naming.idlPath(model), new Corba2Idl().generate(model));
        if (events.any()) {
            write(out, sources, naming.eventsIdlPath(model), eventTemplate.eventsIdl(plan, events));
        }
        sources.add(TaoSupport.copyTo(out));
        if (chains.active()) {
            sources.add(TaoSupport.copyChainTo(out));
        }
        if (!processes.probes().all().isEmpty()) {
            sources.add(TaoSupport.copyProbesTo(out));
        }
        for (Kind k : servants.servantKinds(plan)) {
            String cls = naming.servantClass(k.iface(), k.behaviour());
            write(out, sources, naming.srcPath(naming.header(cls)), servantTemplate.header(model, k));
            write(out, sources, naming.srcPath(naming.source(cls)), servantTemplate.source(model, k));
        }
        for (Interface iface : servants.glueInterfaces(plan)) {
            write(out, sources, naming.srcPath(naming.header(naming.executorBase(iface))), componentTemplate.executorBase(model, iface));
            write(out, sources, naming.srcPath(naming.header(naming.glueClass(iface))), componentTemplate.glueHeader(model, iface));
            write(out, sources, naming.srcPath(naming.source(naming.glueClass(iface))), componentTemplate.glueSource(model, iface));
        }
        for (Kind k : servants.executorKinds(plan)) {
            String cls = naming.executorClass(k.iface(), k.behaviour());
            write(out, sources, naming.srcPath(naming.header(cls)), componentTemplate.executorHeader(model, k));
            write(out, sources, naming.srcPath(naming.source(cls)), componentTemplate.executorSource(model, k));
        }
        for (EventType t : events.consumedTypes()) {
            String cls = naming.consumerClass(t);
            write(out, sources, naming.srcPath(naming.header(cls)), eventTemplate.consumerHeader(model, t));
            write(out, sources, naming.srcPath(naming.source(cls)), eventTemplate.consumerSource(model, t));
        }
        for (EventChannel c : events.channels()) {
            String name = naming.channelProcess(c);
            write(out, sources, naming.mainSource(name), channelTemplate.main(plan, c, options.apply(name)));
        }
        for (ProcessPlan p : plan.processes()) {
            write(out, sources, naming.mainSource(p.name()), processTemplate.main(plan, p, processes, options.apply(p.name())));
        }
        write(out, sources, naming.mpcFile(model), buildTemplate.mpc(plan, processes, options::apply, anys));
        write(out, sources, naming.mwcFile(model), buildTemplate.mwc(plan));
        for (TaoProcesses.Launch l : launches) {
            text(out, naming.svcConf(l.name()), svcConfTemplate.svcConf(plan, l.name(), l.options()));
        }
        text(out, naming.runTestScript(), runTestTemplate.script(plan, launches));
        out.markExecutable(naming.runTestScript());
        text(out, naming.readme(), readmeTemplate.readme(plan, processes, launches));
        text(out, ManifestJson.FILE, ManifestJson.write(manifest.manifest(plan, launches, sources,
                buildTemplate.libraries(plan, processes, options::apply, anys))));
    }

    private static void write(GeneratorOutput out, List<String> sources, String path, CharSequence content) {
        text(out, path, content);
        sources.add(path);
    }

    /** Writes a text file without the trailing blanks that nested templates leave on empty lines. */
    private static void text(GeneratorOutput out, String path, CharSequence content) {
        out.writeText(path, org.bgml.generator.common.Texts.stripTrailingBlanks(content));
    }

    /** Compile-time macros are TAO build settings: they must be the same in every process. */
    private static void checkMacros(Map<String, TaoOptions.ProcessOptions> byProcess) {
        Map<String, String> first = null;
        String firstName = null;
        for (Map.Entry<String, TaoOptions.ProcessOptions> e : byProcess.entrySet()) {
            Map<String, String> macros = e.getValue().macros();
            if (first == null) {
                first = macros;
                firstName = e.getKey();
            } else if (!first.equals(macros)) {
                throw new IllegalArgumentException("tao: process " + e.getKey() + " compiles with macros " + macros
                        + " but " + firstName + " with " + first
                        + "; compile-time macros are TAO build settings and must be the same for every process");
            }
        }
    }

    /** Whether tao_idl must generate Any and TypeCode support (the model uses any). */
    private boolean usesAny(BenchmarkPlan plan) {
        for (org.bgml.model.TypeRef t : org.bgml.model.ModelIndex.of(plan.model()).allOf(org.bgml.model.TypeRef.class)) {
            if (t.getNamed() == null && t.isSetPrimitive() && t.getPrimitive() == org.bgml.model.PrimitiveKind.ANY) {
                return true;
            }
        }
        return false;
    }
}
