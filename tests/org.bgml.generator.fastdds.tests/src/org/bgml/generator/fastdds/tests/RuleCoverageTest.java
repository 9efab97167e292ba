package org.bgml.generator.fastdds.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.bgml.generator.common.MemoryOutput;
import org.bgml.generator.fastdds.FastDdsRefusal;
import org.bgml.generator.fastdds.FastDdsRules;
import org.bgml.model.BenchmarkModel;
import org.bgml.validation.ModelDiagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The refusals of the fastdds target follow the validation rules' scheme: each model in broken/ announces the
 * refusals it must get ({@code <!-- expect: error <rule-id> <element-path> -->}) and gets exactly those, with nothing
 * written; every rule id of {@link FastDdsRules} has a broken model.
 */
class RuleCoverageTest {
    private static final Pattern EXPECT = Pattern.compile("<!-- expect: (error|warning) (\\S+) (.+?) -->");

    static List<Path> brokenModels() throws IOException {
        try (Stream<Path> files = Files.list(Fixtures.broken())) {
            return files.filter(f -> f.toString().endsWith(".bgml")).sorted().toList();
        }
    }

    private static List<String> expected(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        Matcher m = EXPECT.matcher(Files.readString(file, StandardCharsets.UTF_8));
        while (m.find()) {
            out.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("brokenModels")
    void brokenModelGetsExactlyItsRefusalsAndNoFiles(Path file) throws IOException {
        List<String> expected = expected(file);
        assertFalse(expected.isEmpty(), file + " announces no refusal");
        BenchmarkModel model = Fixtures.load(file);
        MemoryOutput out = new MemoryOutput();
        FastDdsRefusal refusal = assertThrows(FastDdsRefusal.class, () -> Fixtures.generate(model, out));
        List<String> got = refusal.diagnostics().stream()
                .map(d -> d.severity().name().toLowerCase() + " " + d.ruleId() + " " + d.elementPath()).sorted().toList();
        assertEquals(expected.stream().sorted().toList(), got, refusal.getMessage());
        for (ModelDiagnostic d : refusal.diagnostics()) {
            assertTrue(refusal.getMessage().contains("[" + d.ruleId() + "]"), "the message names the rule: " + refusal.getMessage());
        }
        assertTrue(out.files().isEmpty(), "nothing is written: " + out.files().keySet());
    }

    @Test
    void everyRuleHasABrokenModel() throws Exception {
        Set<String> declared = new TreeSet<>();
        for (Field f : FastDdsRules.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                String id = (String) f.get(null);
                assertTrue(id.matches("fastdds\\.[a-z]+(-[a-z]+)*"), "rule id " + id);
                declared.add(id);
            }
        }
        Set<String> exercised = new TreeSet<>();
        for (Path file : brokenModels()) {
            for (String e : expected(file)) {
                exercised.add(e.split(" ")[1]);
            }
        }
        assertEquals(declared, exercised, "every rule id has a broken model, and broken models name only declared rules");
    }
}
