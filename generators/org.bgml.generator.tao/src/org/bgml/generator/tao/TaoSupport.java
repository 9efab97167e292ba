package org.bgml.generator.tao;

import org.bgml.generator.common.GeneratorOutput;
import org.bgml.generator.common.SupportFiles;

/**
 * {@code src/bgml_tao.h}, what every TAO process shares (command line, CPU placement, stop signals, ORB thread, IOR
 * files, timed loops), kept as a file in this bundle ({@code cpp/bgml_tao.h}) and written as is. The ciao target
 * writes it too, for its plain TAO processes.
 */
public final class TaoSupport {
    /** The header's name, as mains include it. */
    public static final String HEADER = "bgml_tao.h";
    /** Where it goes in a benchmark. */
    public static final String PATH = "src/" + HEADER;

    private TaoSupport() {
    }

    /** Where the event chain header ({@code cpp/bgml_tao_chain.h}) goes in a benchmark. */
    public static final String CHAIN_PATH = "src/" + TaoChains.HEADER;

    /** Writes the event chain header into a benchmark and returns its path there. */
    public static String copyChainTo(GeneratorOutput out) {
        SupportFiles.copy(TaoSupport.class, "/cpp/" + TaoChains.HEADER, out, CHAIN_PATH);
        return CHAIN_PATH;
    }

    /** Where the white-box probes header ({@code cpp/bgml_tao_probes.h}) goes in a benchmark. */
    public static final String PROBES_PATH = "src/" + TaoProbes.HEADER;

    /** Writes the white-box probes header into a benchmark and returns its path there. */
    public static String copyProbesTo(GeneratorOutput out) {
        SupportFiles.copy(TaoSupport.class, "/cpp/" + TaoProbes.HEADER, out, PROBES_PATH);
        return PROBES_PATH;
    }

    /** Writes the header into a benchmark and returns its path there. */
    public static String copyTo(GeneratorOutput out) {
        SupportFiles.copy(TaoSupport.class, "/cpp/" + HEADER, out, PATH);
        return PATH;
    }
}
