package org.bgml.launcher.process;

import java.util.Map;
import java.util.TreeMap;

/**
 * Environment variables every build command and benchmark process gets on top of this JVM's own environment:
 * the toolchain locations ({@code ACE_ROOT}, {@code TAO_ROOT}, ...) that the IDE's preferences set, since a
 * running JVM cannot change its own environment. A process's own variables from the manifest still win. Empty
 * unless someone sets it (the command line leaves it empty and passes its environment through).
 */
public final class ProcessEnvironment {
    private static volatile Map<String, String> extra = Map.of();

    private ProcessEnvironment() {
    }

    /** Replaces the extra variables; null or empty values are dropped. */
    public static void set(Map<String, String> variables) {
        Map<String, String> copy = new TreeMap<>();
        variables.forEach((k, v) -> {
            if (k != null && !k.isEmpty() && v != null && !v.isEmpty()) {
                copy.put(k, v);
            }
        });
        extra = Map.copyOf(copy);
    }

    public static Map<String, String> get() {
        return extra;
    }
}
