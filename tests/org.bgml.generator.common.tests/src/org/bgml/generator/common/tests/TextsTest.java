package org.bgml.generator.common.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.regex.Pattern;

import org.bgml.generator.common.Texts;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextsTest {
    private static final Pattern TRAILING_BLANKS = Pattern.compile("[ \\t]+$", Pattern.MULTILINE);

    /** The one-pass clean-up gives what the regular expression the targets used before gives. */
    @ParameterizedTest
    @ValueSource(strings = { "", " ", "a", "a \nb\t\n", "  indented\n\t \n  x  ", "{\n    \n}\n", "mixed \t \r\nline  \r",
            "no change\nat all\n", "\t\t\n\t\t\n", "a b  c\n" })
    void stripsWhatTheRegularExpressionStripped(String text) {
        assertEquals(TRAILING_BLANKS.matcher(text).replaceAll(""), Texts.stripTrailingBlanks(text));
    }
}
