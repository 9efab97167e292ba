package org.bgml.generator.common;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/** Collects generated files in memory: for golden-file tests and for hashing. */
public class MemoryOutput implements GeneratorOutput {
    private final Map<String, byte[]> files = new LinkedHashMap<>();
    private final Set<String> executables = new LinkedHashSet<>();

    @Override
    public void writeText(String relativePath, CharSequence content) {
        writeBytes(relativePath, normalise(content).getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void writeBytes(String relativePath, byte[] content) {
        keep(OutputPaths.check(relativePath), content.clone());
    }

    /** Records a file whose path is checked already, taking {@code content} as it is (the caller made it, or copied it). */
    void keep(String checkedPath, byte[] content) {
        if (files.put(checkedPath, content) != null) {
            throw new IllegalStateException("two templates write " + checkedPath);
        }
    }

    @Override
    public void markExecutable(String relativePath) {
        executables.add(OutputPaths.check(relativePath));
    }

    @Override
    public Map<String, byte[]> files() {
        return Collections.unmodifiableMap(files);
    }

    public Set<String> executables() {
        return Collections.unmodifiableSet(executables);
    }

    public String text(String relativePath) {
        byte[] b = files.get(relativePath);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    /** LF line endings and exactly one final newline, whatever the template produced. */
    static String normalise(CharSequence content) {
        String s = content.toString();
        if (s.indexOf('\r') >= 0) {
            s = s.replace("\r\n", "\n");
        }
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == '\n') {
            end--;
        }
        if (end == s.length() - 1) {
            return s; // the usual case: one final newline already, so no copy
        }
        return new StringBuilder(end + 1).append(s, 0, end).append('\n').toString();
    }
}
