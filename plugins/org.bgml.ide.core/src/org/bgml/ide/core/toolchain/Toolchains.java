package org.bgml.ide.core.toolchain;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.bgml.generator.common.descriptor.Toolchain;
import org.bgml.generator.common.descriptor.Toolchain.Location;
import org.bgml.generator.common.descriptor.ToolchainVariable;
import org.bgml.ide.core.BgmlIde;
import org.bgml.targets.Targets;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;

/**
 * Where the middleware toolchains are: every location a registered target declares (ACE_ROOT, TAO_ROOT, ... for
 * TAO and CIAO; omniidl and the omniORB headers for omniORB; ...). Each location comes from the preferences if set
 * there, else from this process's environment, else from the target's guesses ({@code $ACE_ROOT/TAO}, the PATH,
 * ...). {@link #environment()} is what build commands and benchmark processes get.
 */
public final class Toolchains {
    private Toolchains() {
    }

    public static IEclipsePreferences preferences() {
        return InstanceScope.INSTANCE.getNode(BgmlIde.PLUGIN_ID);
    }

    /** Every toolchain location the registered targets need, each once. */
    public static List<ToolchainVariable> variables() {
        return Targets.toolchain();
    }

    /** The variable of that name, or null when no registered target needs it. */
    public static ToolchainVariable variable(String name) {
        return variables().stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
    }

    /** Every location, resolved from the preferences, the environment, or detection. */
    public static List<Location> detect() {
        return detect(name -> preferences().get(name, ""), System.getenv(), System.getenv("PATH"));
    }

    /** The same, from explicit inputs (for the preference page's "Detect" and for tests); keyed by variable name. */
    public static List<Location> detect(Function<String, String> preference, Map<String, String> env, String path) {
        return Toolchain.detect(variables(), preference, env, path);
    }

    /** The variables to give build commands and benchmark processes: every exported location found that checks out. */
    public static Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        for (Location l : detect()) {
            if (l.ok() && l.variable().exported()) {
                env.put(l.variable().name(), l.value());
            }
        }
        return env;
    }

    /** A one-line account per location for a console or a dialog: what was found where, and what is missing. */
    public static String describe(List<Location> locations) {
        StringBuilder b = new StringBuilder();
        for (Location l : locations) {
            b.append(l.variable().name()).append(": ");
            if (l.ok()) {
                b.append(l.value()).append(" (").append(l.source()).append(")");
            } else {
                b.append(l.problem());
            }
            b.append('\n');
        }
        return b.toString();
    }
}
