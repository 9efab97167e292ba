package org.bgml.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Generated files against a folder of golden files, byte for byte. With {@code -Dbgml.updateGoldens=true} the folder
 * is replaced by the generated files instead, to be reviewed as a diff.
 */
public final class GoldenFiles {
    private GoldenFiles() {
    }

    /** Whether this build rewrites golden files instead of checking them. */
    public static boolean updating() {
        return Boolean.getBoolean("bgml.updateGoldens");
    }

    /**
     * Checks {@code generated} (relative path with '/' to content) against {@code golden}, or rewrites {@code golden}
     * when updating. Throws an {@link AssertionError} that lists every missing, extra and differing file, with the
     * first differing line of each.
     */
    public static void assertMatches(Map<String, byte[]> generated, Path golden) throws IOException {
        if (updating()) {
            replace(golden, generated);
            return;
        }
        if (!Files.isDirectory(golden)) {
            throw new AssertionError("no golden files in " + golden + "; create them with -Dbgml.updateGoldens=true");
        }
        Map<String, byte[]> expected = read(golden);
        List<String> problems = new ArrayList<>();
        expected.keySet().stream().filter(p -> !generated.containsKey(p)).forEach(p -> problems.add("not generated any more: " + p));
        new TreeMap<>(generated).forEach((path, bytes) -> {
            byte[] want = expected.get(path);
            if (want == null) {
                problems.add("generated but not in the golden files: " + path);
            } else if (!Arrays.equals(want, bytes)) {
                problems.add("differs: " + path + firstDifference(want, bytes));
            }
        });
        if (!problems.isEmpty()) {
            throw new AssertionError(String.join("\n", problems)
                    + "\nIf the change is intended, refresh the golden files with -Dbgml.updateGoldens=true and review the diff.");
        }
    }

    /** Every regular file under {@code dir}, by its path relative to it with '/' separators. */
    public static Map<String, byte[]> read(Path dir) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        }
        return files;
    }

    private static String firstDifference(byte[] want, byte[] got) {
        String[] a = new String(want, StandardCharsets.UTF_8).split("\n", -1);
        String[] b = new String(got, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (!a[i].equals(b[i])) {
                return ", line " + (i + 1) + "\n  golden:    " + a[i] + "\n  generated: " + b[i];
            }
        }
        return ", " + a.length + " lines golden, " + b.length + " generated";
    }

    private static void replace(Path dir, Map<String, byte[]> files) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted((x, y) -> y.getNameCount() - x.getNameCount()).toList()) {
                    Files.delete(p);
                }
            }
        }
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            Path f = dir.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.write(f, e.getValue());
        }
    }
}
