package org.bgml.generator.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The hand-written C++ a target bundle carries as files (its {@code cpp/} folder) and writes verbatim into every
 * benchmark: the target's support code on top of the measurement runtime.
 */
public final class SupportFiles {
    private SupportFiles() {
    }

    /**
     * The bytes of {@code resource} (an absolute resource path such as {@code /cpp/bgml_tao.h}) in the bundle of
     * {@code anchor}.
     */
    public static byte[] read(Class<?> anchor, String resource) {
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("support file " + resource + " is missing from the bundle of "
                        + anchor.getName());
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code resource} of {@code anchor}'s bundle to {@code path} of the output, byte for byte. */
    public static void copy(Class<?> anchor, String resource, GeneratorOutput out, String path) {
        out.writeBytes(path, read(anchor, resource));
    }
}
