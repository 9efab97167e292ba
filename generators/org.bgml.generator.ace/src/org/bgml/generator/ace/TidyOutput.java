package org.bgml.generator.ace;

import java.util.Map;

import org.bgml.generator.common.GeneratorOutput;

/**
 * Passes generated text on without trailing blanks on any line and without an empty first line in a block,
 * which the templates' optional sections would otherwise leave behind.
 */
final class TidyOutput implements GeneratorOutput {
    private final GeneratorOutput out;

    TidyOutput(GeneratorOutput out) {
        this.out = out;
    }

    @Override
    public void writeText(String relativePath, CharSequence content) {
        out.writeText(relativePath, tidy(content));
    }

    static String tidy(CharSequence content) {
        String text = org.bgml.generator.common.Texts.stripTrailingBlanks(content);
        return text.replaceAll("\\{\\n\\n(?=[ \\t])", "{\n");
    }

    @Override
    public void writeBytes(String relativePath, byte[] content) {
        out.writeBytes(relativePath, content);
    }

    @Override
    public void markExecutable(String relativePath) {
        out.markExecutable(relativePath);
    }

    @Override
    public Map<String, byte[]> files() {
        return out.files();
    }
}
