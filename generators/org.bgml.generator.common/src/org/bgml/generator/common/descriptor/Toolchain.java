package org.bgml.generator.common.descriptor;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.bgml.generator.common.descriptor.ToolchainVariable.At;
import org.bgml.generator.common.descriptor.ToolchainVariable.Guess;
import org.bgml.generator.common.descriptor.ToolchainVariable.OnPath;
import org.bgml.generator.common.descriptor.ToolchainVariable.Under;

/**
 * Resolves toolchain locations: from a preference if set, else from the environment, else from the variable's
 * guesses; then checks that what was found is the right thing.
 */
public final class Toolchain {
    /**
     * What was found for one variable.
     *
     * @param value   the location used, or null when none was found
     * @param source  "preference", "environment", "detected" or null
     * @param problem null when the location looks right; else what is wrong, in words a user can act on
     */
    public record Location(ToolchainVariable variable, String value, String source, String problem) {
        public boolean ok() {
            return problem == null;
        }
    }

    private Toolchain() {
    }

    /**
     * Every variable, resolved in order (a guess under another variable sees what was found for it before).
     *
     * @param preference the value a user set for a variable name, or null or blank
     */
    public static List<Location> detect(List<ToolchainVariable> variables, Function<String, String> preference,
            Map<String, String> env, String path) {
        Map<String, Location> found = new LinkedHashMap<>();
        for (ToolchainVariable v : variables) {
            String value = blankToNull(preference.apply(v.name()));
            String source = value != null ? "preference" : null;
            if (value == null && blankToNull(env.get(v.name())) != null) {
                value = env.get(v.name()).trim();
                source = "environment";
            }
            if (value == null) {
                value = guess(v, found, path);
                source = value != null ? "detected" : null;
            }
            found.putIfAbsent(v.name(), new Location(v, value, source, check(v, value)));
        }
        return new ArrayList<>(found.values());
    }

    /** Null when {@code value} is a right location for {@code v}; else what is wrong. */
    public static String check(ToolchainVariable v, String value) {
        if (value == null) {
            return "not set and not found: " + v.purpose() + ". Set " + v.name() + " in Preferences > BGML > Toolchains"
                    + (v.exported() ? " or in the environment." : ".");
        }
        Path p = Path.of(value);
        if (v.kind() == ToolchainVariable.Kind.PROGRAM) {
            return Files.isExecutable(p) && !Files.isDirectory(p) ? null : value + " is not an executable " + v.label() + ": " + v.purpose();
        }
        if (!Files.isDirectory(p)) {
            return value + " is not a folder: " + v.purpose();
        }
        if (!v.marker().isEmpty() && !Files.exists(p.resolve(v.marker()))) {
            return value + " has no " + v.marker() + ", so it is not " + v.purpose();
        }
        return null;
    }

    private static String guess(ToolchainVariable v, Map<String, Location> found, String path) {
        for (Guess g : v.guesses()) {
            String value = switch (g) {
            case Under u -> under(found.get(u.variable()), u.child(), v);
            case OnPath o -> onPath(o.program(), path);
            case At a -> check(v, a.path()) == null ? a.path() : null;
            };
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private static String under(Location parent, String child, ToolchainVariable v) {
        if (parent == null || parent.value() == null) {
            return null;
        }
        String p = Path.of(parent.value(), child).toString();
        return check(v, p) == null ? p : null;
    }

    private static String onPath(String program, String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path p = Path.of(dir, program);
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
