package org.bgml.validation.tests;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.bgml.validation.ModelDiagnostic;
import org.bgml.validation.Severity;

/**
 * One diagnostic a broken model must produce, as its header comment states it:
 * {@code <!-- expect: <severity> <rule-id> <element-path> -->}.
 */
record Expectation(Severity severity, String ruleId, String elementPath) {
    private static final Pattern LINE = Pattern.compile("<!--\\s*expect:\\s*(\\S+)\\s+(\\S+)\\s+(.+?)\\s*-->");

    static Expectation of(ModelDiagnostic d) {
        return new Expectation(d.severity(), d.ruleId(), d.elementPath());
    }

    /** The expectations stated in {@code file}'s comments. */
    static List<Expectation> readFrom(Path file) throws IOException {
        List<Expectation> found = new ArrayList<>();
        Matcher m = LINE.matcher(Files.readString(file, StandardCharsets.UTF_8));
        while (m.find()) {
            found.add(new Expectation(Severity.valueOf(m.group(1).toUpperCase(Locale.ROOT)), m.group(2), m.group(3)));
        }
        return found;
    }

    @Override
    public String toString() {
        return severity.label() + " " + ruleId + " " + elementPath;
    }
}
