package org.bgml.generator.ace

import java.util.List
import org.bgml.generator.common.GeneratorOutput
import org.bgml.generator.common.RuntimeHeaders
import org.bgml.generator.common.TargetGenerator
import org.bgml.generator.common.idl.Corba2Idl
import org.bgml.generator.common.manifest.ManifestJson
import org.bgml.generator.common.plan.BenchmarkPlan

/**
 * The {@code ace} target: hand-style ACE socket and CDR code for the model's exchange, the baseline that
 * shows what an ORB costs. {@link #generate} only dispatches; each template writes one kind of file.
 */
class AceGenerator implements TargetGenerator {

    override id() {
        "ace"
    }

    override generate(BenchmarkPlan plan, GeneratorOutput target) {
        val out = new TidyOutput(target)
        val naming = new AceNaming
        val types = new AceTypes(naming)
        val scope = new AceScope(plan, types) // refuses any and object references before anything is written
        val chains = new AceChains(plan) // refuses what the ACE baseline cannot honour in a chain
        val processes = new AceProcesses(plan, naming)
        val options = new AceOptions(plan)
        val manifest = new AceManifest(plan, naming, processes, options, chains)
        val model = plan.model

        out.writeText(naming.idlPath(model), new Corba2Idl().generate(model))
        AceFramework.writeTo(target, naming)
        RuntimeHeaders.copySourcesTo(target)

        val typesTemplate = new TypesTemplate(naming, types)
        out.writeText(naming.src(naming.typesHeader(model)), typesTemplate.generate(model, scope))
        val cdr = new CdrTemplate(naming, types)
        out.writeText(naming.src(naming.cdrHeader(model)), cdr.header(model, scope))
        out.writeText(naming.src(naming.cdrSource(model)), cdr.source(model, scope))

        val library = <String>newArrayList
        AceFramework.SOURCES.forEach[library += naming.src(it)]
        library += naming.src(naming.cdrSource(model))

        val stubs = new StubTemplate(naming, types)
        val skeletons = new SkeletonTemplate(naming, types)
        for (i : scope.interfaces) {
            out.writeText(naming.src(naming.stubHeader(i)), stubs.header(model, i))
            out.writeText(naming.src(naming.stubSource(i)), stubs.source(model, i))
            out.writeText(naming.src(naming.skeletonHeader(i)), skeletons.header(model, i))
            out.writeText(naming.src(naming.skeletonSource(i)), skeletons.source(model, i))
            library += naming.src(naming.stubSource(i))
            library += naming.src(naming.skeletonSource(i))
        }
        val servants = new ServantTemplate(naming, types)
        for (c : scope.servantClasses) {
            out.writeText(naming.src(naming.servantHeader(c.iface, c.behaviour)), servants.header(model, c.iface, c.behaviour))
            out.writeText(naming.src(naming.servantSource(c.iface, c.behaviour)), servants.source(model, c.iface, c.behaviour))
            library += naming.src(naming.servantSource(c.iface, c.behaviour))
        }
        val hooked = new ActionsServantTemplate(naming, types)
        for (i : scope.interfaces.filter[i|plan.servants.exists[iface == i && chains.hooked(facet)]]) {
            out.writeText(naming.src(naming.actionsServantHeader(i)), hooked.header(model, i))
            out.writeText(naming.src(naming.actionsServantSource(i)), hooked.source(model, i))
            library += naming.src(naming.actionsServantSource(i))
        }
        val events = new EventTemplate(naming)
        for (e : scope.eventTypes) {
            out.writeText(naming.src(naming.eventsHeader(e)), events.header(model, e))
            out.writeText(naming.src(naming.eventsSource(e)), events.source(model, e))
            library += naming.src(naming.eventsSource(e))
        }
        val mains = new ProcessTemplate(naming, types, processes, chains)
        for (p : plan.processes) {
            out.writeText(naming.src(naming.processSource(p.name)), mains.generate(p))
        }
        val processNames = plan.processes.map[name]
        out.writeText("CMakeLists.txt", new BuildTemplate(naming).generate(model, library, processNames, options))
        out.writeText("README.md", new ReadmeTemplate(naming, processes, manifest).generate(plan, scope))
        out.writeText(ManifestJson.FILE, ManifestJson.write(manifest.build(sources(out))))
    }

    /** What a rebuild depends on: the build file, every source and the runtime's headers and sources folders. */
    def List<String> sources(GeneratorOutput out) {
        val sources = <String>newArrayList
        sources += "CMakeLists.txt"
        sources += out.files.keySet.filter[startsWith("src/")].sort
        sources += RuntimeHeaders.INCLUDE_DIR
        sources += RuntimeHeaders.SOURCE_DIR
        sources
    }
}
