package org.bgml.ide.core.toolchain;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.bgml.ide.core.BgmlIde;
import org.eclipse.core.runtime.preferences.IEclipsePreferences;
import org.eclipse.core.runtime.preferences.InstanceScope;

/**
 * Where the middleware toolchains are: ACE, TAO, CIAO and DAnCE source trees (for the TAO, CIAO and ACE-from-source
 * targets) and omniORB (for the omniORB target). Each location comes from the preferences if set there, else from
 * this process's environment, else from a guess next to the others ({@code $ACE_ROOT/TAO}, {@code $TAO_ROOT/CIAO},
 * ...) or on the PATH. {@link #environment()} is what build commands and benchmark processes get.
 */
public final class Toolchains {
    /** One toolchain location. {@code marker} is a file, relative to the location, that proves it is the right folder. */
    public enum Variable {
        ACE_ROOT("ACE", "ace/ACE.h", "the ACE source tree; the TAO, CIAO and ACE targets build against it"),
        TAO_ROOT("TAO", "tao/ORB.h", "the TAO source tree, usually $ACE_ROOT/TAO; the TAO and CIAO targets need it"),
        CIAO_ROOT("CIAO", "ciao", "the CIAO source tree, usually $TAO_ROOT/CIAO; the CIAO target needs it"),
        DANCE_ROOT("DAnCE", "dance", "the DAnCE source tree, usually $TAO_ROOT/DAnCE; the CIAO target deploys with it"),
        OMNIORB_IDL("omniidl", "", "the omniidl IDL compiler; the omniORB target needs it (Debian: apt-get install omniidl)"),
        OMNIORB_INCLUDE("omniORB headers", "omniORB4/CORBA.h",
                "the folder holding omniORB4/CORBA.h; the omniORB target needs it (Debian: apt-get install libomniorb4-dev)");

        public final String label;
        public final String marker;
        public final String purpose;

        Variable(String label, String marker, String purpose) {
            this.label = label;
            this.marker = marker;
            this.purpose = purpose;
        }
    }

    /**
     * What was found for one variable.
     *
     * @param value  the location used, or null when none was found
     * @param source "preference", "environment", "detected" or null
     * @param problem null when the location looks right; else what is wrong, in words a user can act on
     */
    public record Location(Variable variable, String value, String source, String problem) {
        public boolean ok() {
            return problem == null;
        }
    }

    private Toolchains() {
    }

    public static IEclipsePreferences preferences() {
        return InstanceScope.INSTANCE.getNode(BgmlIde.PLUGIN_ID);
    }

    /** Every location, resolved from the preferences, the environment, or detection. */
    public static List<Location> detect() {
        return detect(v -> preferences().get(v.name(), ""), System.getenv(), System.getenv("PATH"));
    }

    /** The same, from explicit inputs (for the preference page's "Detect" and for tests). */
    public static List<Location> detect(Function<Variable, String> preference, Map<String, String> env, String path) {
        Map<Variable, Location> found = new LinkedHashMap<>();
        for (Variable v : Variable.values()) {
            String value = blankToNull(preference.apply(v));
            String source = value != null ? "preference" : null;
            if (value == null && blankToNull(env.get(v.name())) != null) {
                value = env.get(v.name());
                source = "environment";
            }
            if (value == null) {
                value = guess(v, found, path);
                source = value != null ? "detected" : null;
            }
            found.put(v, new Location(v, value, source, check(v, value)));
        }
        return new ArrayList<>(found.values());
    }

    /** The variables to give build commands and benchmark processes: every location that was found and checks out. */
    public static Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        for (Location l : detect()) {
            if (l.ok() && l.variable().ordinal() <= Variable.DANCE_ROOT.ordinal()) {
                env.put(l.variable().name(), l.value());
            }
        }
        return env;
    }

    /** A one-line account for a console or a dialog: what was found where, and what is missing. */
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

    static String check(Variable v, String value) {
        if (value == null) {
            return "not set and not found: " + v.purpose + ". Set " + v.name() + " in Preferences > BGML > Toolchains.";
        }
        Path p = Path.of(value);
        if (v == Variable.OMNIORB_IDL) {
            return Files.isExecutable(p) && !Files.isDirectory(p) ? null : value + " is not an executable omniidl: " + v.purpose;
        }
        if (!Files.isDirectory(p)) {
            return value + " is not a folder: " + v.purpose;
        }
        if (!v.marker.isEmpty() && !Files.exists(p.resolve(v.marker))) {
            return value + " has no " + v.marker + ", so it is not " + v.purpose;
        }
        return null;
    }

    private static String guess(Variable v, Map<Variable, Location> found, String path) {
        return switch (v) {
        case ACE_ROOT -> null;
        case TAO_ROOT -> under(found.get(Variable.ACE_ROOT), "TAO", v);
        case CIAO_ROOT -> under(found.get(Variable.TAO_ROOT), "CIAO", v);
        case DANCE_ROOT -> under(found.get(Variable.TAO_ROOT), "DAnCE", v);
        case OMNIORB_IDL -> onPath("omniidl", path);
        case OMNIORB_INCLUDE -> Files.exists(Path.of("/usr/include/omniORB4/CORBA.h")) ? "/usr/include" : null;
        };
    }

    private static String under(Location parent, String child, Variable v) {
        if (parent == null || parent.value() == null) {
            return null;
        }
        Path p = Path.of(parent.value(), child);
        return Files.exists(p.resolve(v.marker)) ? p.toString() : null;
    }

    private static String onPath(String exe, String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, exe);
                if (Files.isExecutable(p) && !Files.isDirectory(p)) {
                    return p.toString();
                }
            }
        }
        return null;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
