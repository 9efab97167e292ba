package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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

import org.bgml.generator.common.RuntimeHeaders;
import org.junit.jupiter.api.Test;

/**
 * The omniorb output of examples/roundtrip.bgml against golden/roundtrip/, byte for byte: every generated
 * file but the copied runtime headers (tested with the runtime itself). -Dbgml.updateGoldens=true rewrites
 * the golden files instead (README.md).
 */
class GoldenTest {

    @Test
    void roundtripIsTheGoldenOutput() throws IOException {
        Map<String, byte[]> generated = new TreeMap<>();
        Fixtures.generate(Fixtures.example("roundtrip")).files().forEach((path, bytes) -> {
            if (!path.startsWith(RuntimeHeaders.INCLUDE_DIR + "/")) {
                generated.put(path, bytes);
            }
        });
        Path golden = Fixtures.goldenDir("roundtrip");
        if (Boolean.getBoolean("bgml.updateGoldens")) {
            replace(golden, generated);
            return;
        }
        assertTrue(Files.isDirectory(golden), "no golden files in " + golden + "; create them with -Dbgml.updateGoldens=true");
        Map<String, byte[]> expected = read(golden);
        List<String> problems = new ArrayList<>();
        expected.keySet().stream().filter(p -> !generated.containsKey(p)).forEach(p -> problems.add("not generated any more: " + p));
        generated.forEach((path, bytes) -> {
            byte[] want = expected.get(path);
            if (want == null) {
                problems.add("generated but not in the golden files: " + path);
            } else if (!Arrays.equals(want, bytes)) {
                problems.add("differs: " + path + where(want, bytes));
            }
        });
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems) + "\nIf the change is intended, refresh the golden files (README.md).");
        }
    }

    /** The first line that differs, both versions. */
    private static String where(byte[] want, byte[] got) {
        String[] a = new String(want, StandardCharsets.UTF_8).split("\n", -1);
        String[] b = new String(got, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (!a[i].equals(b[i])) {
                return ", line " + (i + 1) + "\n  golden:    " + a[i] + "\n  generated: " + b[i];
            }
        }
        return ", " + a.length + " lines golden, " + b.length + " generated";
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
