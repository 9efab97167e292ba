package org.bgml.generator.omniorb

import org.bgml.generator.common.GeneratorOutput
import org.bgml.generator.common.RuntimeHeaders
import org.bgml.generator.common.TargetGenerator
import org.bgml.generator.common.manifest.ManifestJson
import org.bgml.generator.common.plan.BenchmarkPlan

/**
 * The {@code omniorb} target, the embedded default: a complete omniORB 4 benchmark (IDL, servants, component
 * emulation, push consumers, one main per process, CMake, omniORB configuration, omniEvents, manifest) that
 * builds and runs on a Debian machine with the omniORB packages.
 */
class OmniOrbGenerator implements TargetGenerator {
    val naming = new OmniOrbNaming
    val types = new OmniOrbTypes

    override id() {
        OmniOrbNaming.TARGET
    }

    /** Metrics of a connection that ask for the same calls share one loop (see LoopGroup). */
    override timedSamples(BenchmarkPlan plan) {
        naming.index(plan.model)
        new Layouts(naming, types).layout(plan).timedSamples
    }

    override generate(BenchmarkPlan plan, GeneratorOutput out) {
        naming.index(plan.model)
        val layout = new Layouts(naming, types).layout(plan)
        val chained = ChainCode.active(layout)
        if (chained) new ChainCode(naming, types, layout).check
        new IdlTemplate(naming).generate(layout, out)
        new ImplementationTemplate(naming, types).generate(layout, out)
        new GlueTemplate(naming, types).generate(layout, out)
        new ConsumerTemplate(naming).generate(layout, out)
        new CubitTemplate(naming, types).generate(layout, out)
        new ProcessTemplate(naming, types).generate(layout, out)
        SupportFiles.copyTo(naming, layout.hasEvents, out)
        RuntimeHeaders.copySourcesTo(out)
        if (chained) SupportFiles.copyFile('bgml_omniorb_chain.h', out)
        new BuildTemplate(naming).generate(layout, out)
        new ReadmeTemplate(naming).generate(layout, out)
        val sources = newArrayList
        sources += out.files.keySet.filter[it == 'CMakeLists.txt' || startsWith('idl/') || startsWith('src/')]
        sources += ManifestFactory.runtimeHeaders
        sources += ManifestFactory.runtimeSources
        out.writeText(ManifestJson.FILE, ManifestJson.write(new ManifestFactory(naming).manifest(layout, sources.sort)))
    }
}
