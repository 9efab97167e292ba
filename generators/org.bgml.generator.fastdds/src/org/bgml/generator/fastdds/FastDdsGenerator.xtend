package org.bgml.generator.fastdds

import java.util.List
import org.bgml.generator.common.GeneratorOutput
import org.bgml.generator.common.TargetGenerator
import org.bgml.generator.common.Texts
import org.bgml.generator.common.manifest.ManifestJson
import org.bgml.generator.common.plan.BenchmarkPlan

/**
 * The {@code fastdds} target: the model's calls as request and reply topics over eProsima Fast DDS. What it does not
 * generate yet is refused first ({@link FastDdsRules}), so nothing is written for a refused model. {@link #generate}
 * only dispatches; each template writes one kind of file.
 */
class FastDdsGenerator implements TargetGenerator {

    override id() {
        "fastdds"
    }

    override generate(BenchmarkPlan plan, GeneratorOutput out) {
        FastDdsRules.enforce(plan)
        val naming = new FastDdsNaming
        naming.index(plan.model)
        val manifest = new FastDdsManifest(plan, naming)
        val model = plan.model

        out.writeText(naming.idlPath(model), tidy(new IdlTemplate(naming).generate(plan)))
        FastDdsSupport.writeTo(out)
        val events = new FastDdsEvents(plan, naming)
        events.writeSupport(out)
        new FastDdsForwards(plan, naming).writeSupport(out, events.active)
        new FastDdsWhiteBox(plan, naming).writeSupport(out)
        val mains = new ProcessTemplate(plan, naming, manifest)
        for (p : plan.processes) {
            out.writeText(naming.processSource(p.name), tidy(mains.generate(p)))
        }
        out.writeText("CMakeLists.txt", tidy(new BuildTemplate(naming).generate(model, plan.processes.map[name])))
        out.writeText("README.md", tidy(new ReadmeTemplate(naming, manifest).generate(plan)))
        out.writeText(ManifestJson.FILE, ManifestJson.write(manifest.build(sources(out))))
    }

    def static String tidy(CharSequence text) {
        Texts.stripTrailingBlanks(text.toString)
    }

    /** What a rebuild depends on: the build file, the IDL, every source and the runtime's headers and sources folders. */
    def List<String> sources(GeneratorOutput out) {
        val sources = <String>newArrayList
        sources += "CMakeLists.txt"
        sources += out.files.keySet.filter[startsWith("idl/") || startsWith("src/")].sort
        sources += "runtime/include"
        sources += "runtime/src"
        sources
    }
}
