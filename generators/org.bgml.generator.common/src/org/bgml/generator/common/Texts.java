package org.bgml.generator.common;

/** Clean-ups of generated text that every target applies before writing. */
public final class Texts {
    private Texts() {
    }

    /**
     * {@code text} without blanks (spaces, tabs) at the end of any line, or at its very end: what the
     * indentation of a template's optional sections leaves on lines that came out empty. One pass over the
     * text, unlike the regular expression {@code [ \t]+$}, which starts over at every blank of an indentation.
     */
    public static String stripTrailingBlanks(CharSequence content) {
        // a template's result (Xtend's StringConcatenation) is a list of segments: read it as one String, once,
        // rather than through charAt, which is not a constant-time array access there
        String text = content.toString();
        if (onlyNewlines(text)) {
            return stripBeforeNewlines(text);
        }
        // then copy whole lines
        int n = text.length();
        StringBuilder out = new StringBuilder(n);
        int lineStart = 0;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if ((c < ' ' || c > '~') && isLineEnd(c)) { // only control and non-ASCII characters can end a line
                appendWithoutTrailingBlanks(out, text, lineStart, i);
                out.append(c);
                lineStart = i + 1;
            }
        }
        appendWithoutTrailingBlanks(out, text, lineStart, n);
        return out.length() == n ? text : out.toString();
    }

    /** Whether '\n' is the only character in {@code text} that ends a line (what every template writes). */
    private static boolean onlyNewlines(String text) {
        return text.indexOf('\r') < 0 && text.indexOf('\u0085') < 0 && text.indexOf('\u2028') < 0 && text.indexOf('\u2029') < 0;
    }

    /**
     * The usual case, lines ended by '\n' only: jumps from line end to line end with {@link String#indexOf(int, int)}
     * (a vectorised search) instead of reading every character, and copies nothing when no line has trailing blanks.
     */
    private static String stripBeforeNewlines(String text) {
        int n = text.length();
        StringBuilder out = null;
        int copied = 0;
        int lineStart = 0;
        while (lineStart <= n) {
            int end = text.indexOf('\n', lineStart);
            if (end < 0) {
                end = n;
            }
            int last = end;
            while (last > lineStart && (text.charAt(last - 1) == ' ' || text.charAt(last - 1) == '\t')) {
                last--;
            }
            if (last < end) {
                if (out == null) {
                    out = new StringBuilder(n);
                }
                out.append(text, copied, last);
                copied = end;
            }
            lineStart = end + 1;
        }
        if (out == null) {
            return text;
        }
        out.append(text, copied, n);
        return out.toString();
    }

    private static void appendWithoutTrailingBlanks(StringBuilder out, String text, int start, int end) {
        int last = end;
        while (last > start && (text.charAt(last - 1) == ' ' || text.charAt(last - 1) == '\t')) {
            last--;
        }
        out.append(text, start, last);
    }

    /** The characters that end a line for {@code $} in a MULTILINE regular expression. */
    private static boolean isLineEnd(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }
}
