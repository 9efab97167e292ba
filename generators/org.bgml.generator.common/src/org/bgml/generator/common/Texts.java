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
        // rather than through charAt, which is not a constant-time array access there; then copy whole lines
        String text = content.toString();
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
