package org.bgml.generator.ace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.common.RuntimeHeaders;
import org.junit.jupiter.api.Test;

/**
 * The ace output for examples/roundtrip.bgml, byte for byte against golden/roundtrip/ (all files but the copied
 * runtime headers). Refresh with -Dbgml.updateGoldens=true (see README.md).
 */
class GoldenTest {

    @Test
    void roundtripMatchesGoldenFiles() throws IOException {
        MemoryOutput out = Fixtures.generate(Fixtures.example("roundtrip"));
        Map<String, byte[]> generated = new TreeMap<>();
        out.files().forEach((path, bytes) -> {
            if (!path.startsWith(RuntimeHeaders.INCLUDE_DIR + "/")) {
                generated.put(path, bytes);
            }
        });
        Path golden = Fixtures.goldenDir("roundtrip");
        if (Boolean.getBoolean("bgml.updateGoldens")) {
            rewrite(golden, generated);
            return;
        }
        assertTrue(Files.isDirectory(golden), "no golden files at " + golden + "; run with -Dbgml.updateGoldens=true");
        Map<String, byte[]> expected = read(golden);
        List<String> problems = new ArrayList<>();
        for (String path : expected.keySet()) {
            if (!generated.containsKey(path)) {
                problems.add("no longer generated: " + path);
            }
        }
        for (Map.Entry<String, byte[]> e : generated.entrySet()) {
            byte[] want = expected.get(e.getKey());
            if (want == null) {
                problems.add("new file without a golden copy: " + e.getKey());
            } else if (!java.util.Arrays.equals(want, e.getValue())) {
                problems.add("differs: " + e.getKey() + firstDifference(want, e.getValue()));
            }
        }
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems) + "\n(refresh with -Dbgml.updateGoldens=true if the change is intended)");
        }
        assertEquals(expected.keySet(), generated.keySet());
    }

    private static String firstDifference(byte[] want, byte[] got) {
        String[] a = new String(want, StandardCharsets.UTF_8).split("\n", -1);
        String[] b = new String(got, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (!a[i].equals(b[i])) {
                return " at line " + (i + 1) + ":\n  golden:    " + a[i] + "\n  generated: " + b[i];
            }
        }
        return " (" + a.length + " lines in golden, " + b.length + " generated)";
    }

    private static Map<String, byte[]> read(Path dir) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                files.put(dir.relativize(f).toString().replace('\\', '/'), Files.readAllBytes(f));
            }
        }
        return files;
    }

    private static void rewrite(Path dir, Map<String, byte[]> files) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path f : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            Path f = dir.resolve(e.getKey());
            Files.createDirectories(f.getParent());
            Files.write(f, e.getValue());
        }
        System.out.println("rewrote " + files.size() + " golden files in " + dir);
    }
}
