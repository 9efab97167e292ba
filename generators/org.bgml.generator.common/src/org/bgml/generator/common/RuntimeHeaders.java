package org.bgml.generator.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The C++ measurement runtime (runtime/cpp in the repository), packaged into this bundle at build time. Its
 * headers are copied into every generated benchmark under {@code runtime/include/bgml/}. Its out-of-line parts
 * ({@code runtime/cpp/src}: the reporting, the start line of several threads) are copied under
 * {@code runtime/src/} by the targets whose builds compile them once into a runtime library
 * ({@link #copySourcesTo}); the others use only headers that need none of them.
 */
public final class RuntimeHeaders {
    /** Where generated benchmarks find the headers: {@code #include "bgml/bgml.h"} with {@code -Iruntime/include}. */
    public static final String INCLUDE_DIR = "runtime/include";
    /** Where generated benchmarks find the runtime's sources, to compile into one static library. */
    public static final String SOURCE_DIR = "runtime/src";
    private static final String RESOURCE_DIR = "/cpp-runtime/include/bgml/";
    private static final String SOURCE_RESOURCE_DIR = "/cpp-runtime/src/";

    private RuntimeHeaders() {
    }

    public static void copyTo(GeneratorOutput out) {
        for (String header : list()) {
            copy(RESOURCE_DIR + header, out, INCLUDE_DIR + "/bgml/" + header);
        }
    }

    /** Copies the runtime's sources under {@link #SOURCE_DIR}, for a build that compiles them once. */
    public static void copySourcesTo(GeneratorOutput out) {
        for (String source : sources()) {
            copy(SOURCE_RESOURCE_DIR + source, out, SOURCE_DIR + "/" + source);
        }
    }

    /** The sources' paths in a generated benchmark ({@code runtime/src/report.cpp}, ...), sorted. */
    public static List<String> sourcePaths() {
        return sources().stream().map(s -> SOURCE_DIR + "/" + s).toList();
    }

    private static void copy(String resource, GeneratorOutput out, String path) {
        out.writeBytes(path, CONTENTS.computeIfAbsent(resource, RuntimeHeaders::read)); // every output copies what it keeps
    }

    /** The runtime's files, read from the bundle once: every generation copies all of them. */
    private static final Map<String, byte[]> CONTENTS = new ConcurrentHashMap<>();

    private static byte[] read(String resource) {
        try (InputStream in = RuntimeHeaders.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("runtime file " + resource + " is missing from the generator bundle");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The header file names, sorted. */
    public static List<String> list() {
        return ENTRIES.computeIfAbsent(RESOURCE_DIR, folder -> entries(folder, "*.h", "headers"));
    }

    /** The source file names, sorted. */
    private static List<String> sources() {
        return ENTRIES.computeIfAbsent(SOURCE_RESOURCE_DIR, folder -> entries(folder, "*.cpp", "sources"));
    }

    /** The file names of each folder, listed once: the bundle's content does not change while it runs. */
    private static final Map<String, List<String>> ENTRIES = new ConcurrentHashMap<>();

    private static List<String> entries(String folder, String pattern, String what) {
        org.osgi.framework.Bundle bundle = org.osgi.framework.FrameworkUtil.getBundle(RuntimeHeaders.class);
        if (bundle == null) {
            throw new IllegalStateException("RuntimeHeaders needs to run inside OSGi");
        }
        java.util.Enumeration<java.net.URL> entries = bundle.findEntries(folder, pattern, false);
        if (entries == null) {
            throw new IllegalStateException("the generator bundle was built without the C++ runtime " + what);
        }
        java.util.List<String> names = new java.util.ArrayList<>();
        while (entries.hasMoreElements()) {
            String path = entries.nextElement().getPath();
            names.add(path.substring(path.lastIndexOf('/') + 1));
        }
        java.util.Collections.sort(names);
        return List.copyOf(names);
    }
}
