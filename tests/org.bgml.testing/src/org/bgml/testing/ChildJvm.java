package org.bgml.testing;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Starts a plain JVM (no OSGi) on the classes of a few bundles. Each bundle is found from one of its classes'
 * code source: a jar for bundles from the target platform, a {@code target/classes} or {@code bin} folder for
 * bundles of this reactor run from their project folder.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** The java launcher of the running JVM. */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A class path holding the bundles that contain {@code classes}, in that order. */
    public static String classPath(Class<?>... classes) {
        Set<String> entries = new LinkedHashSet<>();
        for (Class<?> type : classes) {
            entries.add(entryOf(type).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** The jar or class folder {@code type} was loaded from. */
    public static Path entryOf(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new IllegalStateException("no code source for " + type.getName() + "; cannot build a class path");
        }
        Path location;
        try {
            location = Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalStateException("code source of " + type.getName() + " is not a file: " + source.getLocation(), e);
        }
        if (!Files.isDirectory(location)) {
            return location;
        }
        String classFile = type.getName().replace('.', '/') + ".class";
        List<Path> candidates = new ArrayList<>(List.of(location, location.resolve("target/classes"), location.resolve("bin")));
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate.resolve(classFile))) {
                return candidate;
            }
        }
        throw new IllegalStateException(type.getName() + " was loaded from " + location + " but no " + classFile + " is there");
    }
}
