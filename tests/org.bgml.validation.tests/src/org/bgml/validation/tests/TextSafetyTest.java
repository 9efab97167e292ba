package org.bgml.validation.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bgml.validation.rules.TextSafety;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextSafetyTest {

    @ParameterizedTest
    @ValueSource(strings = {"iiop://127.0.0.1:0", "giop:tcp:127.0.0.1:", "thread-per-connection", "svc.conf", "-ORBDebugLevel 5",
            "* unix,tcp", "[::1]", "50%", "a=b,c"})
    void ordinaryValuesAreSafe(String value) {
        assertNull(TextSafety.commandLineProblem(value), value);
    }

    @Test
    void shellMetacharactersAreNamedPrecisely() {
        assertEquals("contains '$(' which a shell would interpret as command substitution", TextSafety.commandLineProblem("x$(reboot)"));
        assertEquals("contains '`' which a shell would interpret as command substitution", TextSafety.commandLineProblem("`id`"));
        assertEquals("contains '${' which a shell would expand as a variable", TextSafety.commandLineProblem("${HOME}"));
        assertEquals("contains '$' which a shell would expand as a variable", TextSafety.commandLineProblem("$HOME"));
        assertEquals("contains ';' which a shell would interpret as the end of a command", TextSafety.commandLineProblem("a; rm -rf /"));
        assertEquals("contains '|' which a shell would interpret as a pipe", TextSafety.commandLineProblem("a|b"));
        assertEquals("contains '>' which a shell would interpret as a redirection", TextSafety.commandLineProblem("a > b"));
        assertTrue(TextSafety.commandLineProblem("a&b").contains("'&'"));
        assertTrue(TextSafety.commandLineProblem("it's").contains("single quote"));
        assertTrue(TextSafety.commandLineProblem("say \"hi\"").contains("double quote"));
        assertTrue(TextSafety.commandLineProblem("a\\b").contains("'\\'"));
    }

    @Test
    void controlCharactersAndLineBreaksAreRefusedInValues() {
        assertTrue(TextSafety.commandLineProblem("a\nb").contains("line break"));
        assertTrue(TextSafety.commandLineProblem("a\u0000b").contains("NUL"));
        assertTrue(TextSafety.commandLineProblem("a\u0007b").contains("U+0007"));
    }

    @Test
    void wordsHaveNoSpaces() {
        assertNull(TextSafety.wordProblem("localhost"));
        assertNull(TextSafety.wordProblem("Advanced_Resource_Factory"));
        assertTrue(TextSafety.wordProblem("my host").contains("space"));
        assertNotNull(TextSafety.wordProblem(""));
    }

    @Test
    void descriptionsMayHaveLinesButNotEndComments() {
        assertNull(TextSafety.commentProblem("First line.\nSecond line, with a tab\there."));
        assertTrue(TextSafety.commentProblem("a */ b").contains("'*/'"));
        assertTrue(TextSafety.commentProblem("continued \\\nnext").contains("'\\'"));
        assertTrue(TextSafety.commentProblem("ends with \\").contains("'\\'"));
        assertTrue(TextSafety.commentProblem("what??/").contains("trigraph"));
        assertNotNull(TextSafety.commentProblem("nul\u0000"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/etc/passwd", "\\\\server\\share", "C:\\temp\\x.csv", "~/x.csv", "../x.csv", "a/../../x.csv",
            "a\\..\\x", "x\u0000.csv", "$(id).csv", ""})
    void pathsStayInsideTheOutputFolder(String path) {
        assertNotNull(TextSafety.relativePathProblem(path), path);
    }

    @ParameterizedTest
    @ValueSource(strings = {"samples/latency.csv", "run-1/raw.bin", "a..b/x", ".hidden/x"})
    void relativePathsPass(String path) {
        assertNull(TextSafety.relativePathProblem(path), path);
    }

    @Test
    void fileNamesHaveNoSeparators() {
        assertNull(TextSafety.fileNameProblem("run-2024-05-01T10:00:00Z"));
        assertNotNull(TextSafety.fileNameProblem("a/b"));
        assertNotNull(TextSafety.fileNameProblem(".."));
    }
}
