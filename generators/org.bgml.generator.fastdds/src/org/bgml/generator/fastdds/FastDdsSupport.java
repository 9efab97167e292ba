package org.bgml.generator.fastdds;

import java.util.List;

import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.RuntimeHeaders;
import org.bgml.generator.common.SupportFiles;

/**
 * The model-independent C++ of the fastdds target (command line, the run's domain, the participant on loopback,
 * request and reply over topics, result files), kept in the bundle's {@code cpp/bgml_fastdds} and written into
 * every benchmark under {@code src/bgml_fastdds/}.
 */
public final class FastDdsSupport {
    /** Sources compiled into the benchmark's common library. */
    public static final List<String> SOURCES = List.of("bgml_fastdds/dds.cpp", "bgml_fastdds/options.cpp");
    /** Every file, sources first. */
    public static final List<String> FILES = List.of("bgml_fastdds/dds.cpp", "bgml_fastdds/options.cpp",
            "bgml_fastdds/client.h", "bgml_fastdds/dds.h", "bgml_fastdds/options.h", "bgml_fastdds/results.h", "bgml_fastdds/rpc.h");

    private FastDdsSupport() {
    }

    public static void writeTo(GeneratorOutput out) {
        for (String file : FILES) {
            SupportFiles.copy(FastDdsSupport.class, "/cpp-fastdds/" + file, out, "src/" + file);
        }
        RuntimeHeaders.copySourcesTo(out); // the runtime library of the build (BuildTemplate)
    }
}
