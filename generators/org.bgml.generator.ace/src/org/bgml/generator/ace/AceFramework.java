package org.bgml.generator.ace;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

import org.bgml.generator.common.GeneratorOutput;

/**
 * The model-independent C++ of the ACE baseline (wire format, server, command line, client threads), kept
 * as files in the bundle ({@code cpp/bgml_ace}) and written into every benchmark under {@code src/bgml_ace/}.
 */
public final class AceFramework {
    /** Sources compiled into the common library. */
    public static final List<String> SOURCES = List.of("bgml_ace/chain.cpp", "bgml_ace/options.cpp", "bgml_ace/server.cpp",
            "bgml_ace/transport.cpp");
    /** Every file, sources first. */
    public static final List<String> FILES = List.of("bgml_ace/chain.cpp", "bgml_ace/options.cpp", "bgml_ace/server.cpp",
            "bgml_ace/transport.cpp", "bgml_ace/chain.h", "bgml_ace/client.h", "bgml_ace/options.h", "bgml_ace/results.h", "bgml_ace/server.h",
            "bgml_ace/transport.h");
    private static final String RESOURCE_DIR = "/cpp-ace/";

    private AceFramework() {
    }

    public static void writeTo(GeneratorOutput out, AceNaming naming) {
        for (String file : FILES) {
            out.writeText(naming.src(file), read(file));
        }
    }

    private static String read(String file) {
        try (InputStream in = AceFramework.class.getResourceAsStream(RESOURCE_DIR + file)) {
            if (in == null) {
                throw new IllegalStateException("the ACE generator bundle was built without " + RESOURCE_DIR + file);
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
