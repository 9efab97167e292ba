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
        int n = text.length();
        StringBuilder out = new StringBuilder(n);
        int blanksFrom = -1;
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == ' ' || c == '\t') {
                if (blanksFrom < 0) {
                    blanksFrom = out.length();
                }
            } else {
                if (blanksFrom >= 0 && isLineEnd(c)) {
                    out.setLength(blanksFrom);
                }
                blanksFrom = -1;
            }
            out.append(c);
        }
        if (blanksFrom >= 0) {
            out.setLength(blanksFrom);
        }
        return out.toString();
    }

    /** The characters that end a line for {@code $} in a MULTILINE regular expression. */
    private static boolean isLineEnd(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }
}
