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
        return dropBlankAfterBrace(org.bgml.generator.common.Texts.stripTrailingBlanks(content));
    }

    /**
     * {@code text} with the empty line after an opening brace removed where the next line is indented: what the
     * regular expression {@code \{\n\n(?=[ \t])} replaced by {@code "{\n"} did, in one pass with
     * {@link String#indexOf(String, int)} instead of a matcher started at every character.
     */
    static String dropBlankAfterBrace(String text) {
        StringBuilder out = null;
        int copied = 0;
        for (int at = text.indexOf("{\n\n"); at >= 0; at = text.indexOf("{\n\n", at + 3)) {
            if (at + 3 < text.length() && (text.charAt(at + 3) == ' ' || text.charAt(at + 3) == '\t')) {
                if (out == null) {
                    out = new StringBuilder(text.length());
                }
                out.append(text, copied, at + 2);
                copied = at + 3;
            }
        }
        if (out == null) {
            return text;
        }
        return out.append(text, copied, text.length()).toString();
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
