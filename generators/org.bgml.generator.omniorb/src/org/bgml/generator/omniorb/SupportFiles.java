package org.bgml.generator.omniorb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import org.bgml.generator.common.GeneratorOutput;

/**
 * The support code every omniORB benchmark gets verbatim (process setup, timed loops, event channels), kept
 * as C++ files in this bundle's cpp/ folder so that they can be read, compiled and tested as they are.
 */
public final class SupportFiles {
    private static final String RESOURCE_DIR = "/cpp/";

    private SupportFiles() {
    }

    public static void copyTo(OmniOrbNaming naming, boolean events, GeneratorOutput out) {
        for (String file : naming.supportFiles(events)) {
            copyFile(file, out);
        }
    }

    /** One support file, as {@code src/FILE}. */
    public static void copyFile(String file, GeneratorOutput out) {
        {
            try (InputStream in = SupportFiles.class.getResourceAsStream(RESOURCE_DIR + file)) {
                if (in == null) {
                    throw new IllegalStateException("support file " + file + " is missing from the omniorb generator bundle");
                }
                out.writeBytes("src/" + file, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
