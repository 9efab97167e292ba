package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Random;
import java.util.regex.Pattern;

import org.bgml.generator.common.Texts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextsTest {
    private static final Pattern TRAILING_BLANKS = Pattern.compile("[ \\t]+$", Pattern.MULTILINE);

    /** The one-pass clean-up gives what the regular expression the targets used before gives. */
    @ParameterizedTest
    @ValueSource(strings = { "", " ", "a", "a \nb\t\n", "  indented\n\t \n  x  ", "{\n    \n}\n", "mixed \t \r\nline  \r",
            "no change\nat all\n", "\t\t\n\t\t\n", "a b  c\n", "\n", "\n\n  ", "x \u2028y \u0085z\t\u2029",
            "  \n  x\n\t" })
    void stripsWhatTheRegularExpressionStripped(String text) {
        assertEquals(TRAILING_BLANKS.matcher(text).replaceAll(""), Texts.stripTrailingBlanks(text));
    }

    /** The same on many random texts of blanks, letters and every kind of line end, short and long. */
    @Test
    void stripsWhatTheRegularExpressionStrippedOnRandomTexts() {
        char[] alphabet = { 'a', 'b', ' ', ' ', '\t', '\n', '\n', '\r', '\u0085', '\u2028', '\u2029', '\u00e9' };
        Random random = new Random(12);
        for (int round = 0; round < 2000; round++) {
            boolean newlinesOnly = round % 2 == 0;
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(round < 1000 ? 12 : 400);
            for (int i = 0; i < length; i++) {
                char c = alphabet[random.nextInt(newlinesOnly ? 7 : alphabet.length)];
                text.append(c);
            }
            String t = text.toString();
            assertEquals(TRAILING_BLANKS.matcher(t).replaceAll(""), Texts.stripTrailingBlanks(t), () -> t.replace("\n", "\\n"));
        }
    }

    /** A text with nothing to strip comes back as it is, not copied. */
    @Test
    void returnsATextWithNothingToStripAsItIs() {
        String clean = "int\nmain ()\n{\n  return 0;\n}\n";
        assertSame(clean, Texts.stripTrailingBlanks(clean));
    }
}
