package org.bgml.launcher.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.bgml.generator.common.manifest.Manifest;
import org.bgml.generator.common.manifest.Manifest.Library;
import org.bgml.generator.common.manifest.Manifest.ProcessSpec;

/**
 * What the build step checks around the build commands. Before: every library the manifest says the build links
 * exists where it must ({@code $ACE_ROOT/lib}), so that a missing middleware part is named before minutes of
 * compiling. After: every executable the manifest starts exists, because a build system may skip a project and still
 * end with 0 (MPC's gnuace makefiles print "X will not be built due to the following missing library: ..." and go
 * on); the build then fails with that reason, taken from the build log, instead of the run failing later.
 */
public final class BuildCheck {
    private static final Pattern VARIABLE = Pattern.compile("\\$(?:\\{(\\w+)\\}|(\\w+))");

    private BuildCheck() {
    }

    /**
     * Null when every library the manifest names is present; else one message naming each missing library, where it
     * was looked for and the processes that need it.
     */
    public static String missingLibraries(Manifest manifest, Map<String, String> env) {
        List<String> missing = new ArrayList<>();
        for (Library library : manifest.build().libraryList()) {
            String dir = expand(library.dir(), env);
            if (dir == null) {
                missing.add(library.name() + " (" + library.dir() + ": " + unsetVariables(library.dir(), env) + " not set)");
            } else if (!present(Path.of(dir), library.name())) {
                missing.add(library.name() + " (not in " + dir + "; needed by " + String.join(", ", library.neededBy()) + ")");
            }
        }
        if (missing.isEmpty()) {
            return null;
        }
        return "the " + manifest.target() + " build lacks " + (missing.size() == 1 ? "a library" : missing.size() + " libraries")
                + " this benchmark links: " + String.join("; ", missing)
                + ". Build them in that middleware installation (or point its variables at one that has them), then run again";
    }

    /**
     * Null when every executable of the manifest's processes exists after the build; else a message naming each
     * missing one with the reason the build log gives for it (MPC's "will not be built due to ..." line), if any.
     */
    public static String missingExecutables(Path benchDir, Manifest manifest, Path buildLog) {
        List<String> log = readLines(buildLog);
        List<String> problems = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        for (ProcessSpec p : manifest.processes()) {
            String exe = p.executable();
            if (!exe.contains("/") || seen.contains(exe)) {
                continue; // a command found on PATH at run time
            }
            seen.add(exe);
            Path file = benchDir.resolve(exe);
            if (Files.isExecutable(file) && !Files.isDirectory(file)) {
                continue;
            }
            String reason = reasonInLog(log, file.getFileName().toString());
            problems.add(exe + " (process " + p.name() + ") was not built" + (reason == null ? "" : ": " + reason));
        }
        if (problems.isEmpty()) {
            return null;
        }
        List<Library> libraries = manifest.build().libraryList();
        return "the build ended without error but " + String.join("; ", problems)
                + (libraries.isEmpty() ? "" : ". This benchmark links " + String.join(" ", libraries.stream().map(Library::name).toList()));
    }

    /** Why the build log says a program was skipped: the rest of MPC's line, or null. */
    static String reasonInLog(List<String> log, String program) {
        String prefix = program + " will not be built due to ";
        for (String line : log) {
            int at = line.indexOf(prefix);
            if (at >= 0) {
                return "the build skipped it due to " + line.substring(at + prefix.length()).trim();
            }
        }
        return null;
    }

    /** {@code text} with each {@code $NAME} or {@code ${NAME}} replaced from {@code env}; null if one is unset. */
    static String expand(String text, Map<String, String> env) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            String value = env.get(name);
            if (value == null || value.isBlank()) {
                return null;
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String unsetVariables(String text, Map<String, String> env) {
        List<String> unset = new ArrayList<>();
        Matcher m = VARIABLE.matcher(text);
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2);
            if (env.get(name) == null || env.get(name).isBlank()) {
                unset.add(name);
            }
        }
        return String.join(", ", unset);
    }

    /** A shared or static library of that name in {@code dir}: {@code libNAME.so}, {@code libNAME.so.6.2.2}, {@code libNAME.a}. */
    private static boolean present(Path dir, String name) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "lib" + name + ".*")) {
            for (Path f : files) {
                String rest = f.getFileName().toString().substring(("lib" + name).length());
                if (rest.equals(".so") || rest.startsWith(".so.") || rest.equals(".a") || rest.equals(".dylib")) {
                    return true;
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    private static List<String> readLines(Path file) {
        try {
            return file != null && Files.isRegularFile(file) ? Files.readAllLines(file, StandardCharsets.ISO_8859_1) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }
}
