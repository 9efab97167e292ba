package org.bgml.generator.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The header-only C++ measurement runtime (runtime/cpp/include in the repository), packaged into this bundle
 * at build time and copied into every generated benchmark under {@code runtime/include/bgml/}.
 */
public final class RuntimeHeaders {
    /** Where generated benchmarks find the headers: {@code #include "bgml/bgml.h"} with {@code -Iruntime/include}. */
    public static final String INCLUDE_DIR = "runtime/include";
    private static final String RESOURCE_DIR = "/cpp-runtime/include/bgml/";

    private RuntimeHeaders() {
    }

    public static void copyTo(GeneratorOutput out) {
        for (String header : list()) {
            try (InputStream in = RuntimeHeaders.class.getResourceAsStream(RESOURCE_DIR + header)) {
                if (in == null) {
                    throw new IllegalStateException("runtime header " + header + " is missing from the generator bundle");
                }
                out.writeBytes(INCLUDE_DIR + "/bgml/" + header, in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The header file names, sorted. */
    public static List<String> list() {
        org.osgi.framework.Bundle bundle = org.osgi.framework.FrameworkUtil.getBundle(RuntimeHeaders.class);
        if (bundle == null) {
            throw new IllegalStateException("RuntimeHeaders needs to run inside OSGi");
        }
        java.util.Enumeration<java.net.URL> entries = bundle.findEntries(RESOURCE_DIR, "*.h", false);
        if (entries == null) {
            throw new IllegalStateException("the generator bundle was built without the C++ runtime headers");
        }
        java.util.List<String> names = new java.util.ArrayList<>();
        while (entries.hasMoreElements()) {
            String path = entries.nextElement().getPath();
            names.add(path.substring(path.lastIndexOf('/') + 1));
        }
        java.util.Collections.sort(names);
        return names;
    }
}
