package org.bgml.validation.rules;

import java.util.Locale;

/**
 * Checks for strings that flow into generated files, command lines and paths. Each check returns a clause
 * that follows the quoted text in a message ("contains '$(' which a shell would interpret as command
 * substitution"), or null when the text is safe.
 */
public final class TextSafety {
    private TextSafety() {
    }

    /**
     * For values that land on command lines, in svc.conf directives or configuration files: no control
     * characters, nothing a shell expands or interprets, and no quote that would break generated quoting.
     */
    public static String commandLineProblem(String text) {
        if (text == null) {
            return null;
        }
        String control = controlProblem(text, false);
        if (control != null) {
            return control;
        }
        return shellProblem(text);
    }

    /** As {@link #commandLineProblem}, and no white space: for host names, option keys and factory names. */
    public static String wordProblem(String text) {
        String problem = commandLineProblem(text);
        if (problem != null || text == null) {
            return problem;
        }
        for (int i = 0; i < text.length(); i++) {
            if (Character.isWhitespace(text.charAt(i))) {
                return "contains a space, which would split it into two words on a command line";
            }
        }
        if (text.isEmpty()) {
            return "is empty";
        }
        return null;
    }

    /**
     * For descriptions, which the generators copy into C++ and IDL comments: line breaks are fine (each line
     * gets its own comment), but nothing may end a comment early or splice the next generated line into it.
     */
    public static String commentProblem(String text) {
        if (text == null) {
            return null;
        }
        String control = controlProblem(text, true);
        if (control != null) {
            return control;
        }
        if (text.contains("*/")) {
            return "contains '*/' which would end the generated C++ or IDL comment early";
        }
        if (text.contains("??/")) {
            return "contains the trigraph '??/' which a C++11 compiler reads as '\\' and would splice the next line into the comment";
        }
        for (String line : text.split("\r?\n|\r", -1)) {
            if (line.endsWith("\\")) {
                return "ends a line with '\\', which would continue a generated // comment onto the next line of code";
            }
        }
        return null;
    }

    /** For relative paths inside the output or results folder: never absolute, never leaving the folder. */
    public static String relativePathProblem(String text) {
        if (text == null) {
            return null;
        }
        if (text.isEmpty()) {
            return "is empty";
        }
        String control = controlProblem(text, false);
        if (control != null) {
            return control;
        }
        if (text.startsWith("/") || text.startsWith("\\")) {
            return "is an absolute path; it must be relative to the output folder";
        }
        if (text.length() >= 2 && Character.isLetter(text.charAt(0)) && text.charAt(1) == ':') {
            return "is an absolute path with a drive letter; it must be relative to the output folder";
        }
        if (text.startsWith("~")) {
            return "starts with '~', which a shell expands to a home folder outside the output folder";
        }
        for (String segment : text.split("[/\\\\]", -1)) {
            if (segment.equals("..")) {
                return "has a '..' segment, which would leave the output folder";
            }
        }
        return shellProblem(text);
    }

    /** For a single file or folder name: a relative path without separators. */
    public static String fileNameProblem(String text) {
        if (text != null && (text.contains("/") || text.contains("\\"))) {
            return "contains a path separator; it names one file or folder";
        }
        if (".".equals(text) || "..".equals(text)) {
            return "is '" + text + "', which names a folder, not a file";
        }
        return relativePathProblem(text);
    }

    private static String controlProblem(String text, boolean lineBreaksAllowed) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                return "contains a NUL character, which ends the text early in generated C++ and on command lines";
            }
            if (c == '\n' || c == '\r') {
                if (!lineBreaksAllowed) {
                    return "contains a line break, which would split the generated command line or configuration entry";
                }
                continue;
            }
            if (c == '\t' && lineBreaksAllowed) {
                continue;
            }
            if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0) || c == '\u2028' || c == '\u2029') {
                return String.format(Locale.ROOT, "contains the control character U+%04X", (int) c);
            }
        }
        return null;
    }

    private static String shellProblem(String text) {
        if (text.contains("$(")) {
            return "contains '$(' which a shell would interpret as command substitution";
        }
        if (text.contains("`")) {
            return "contains '`' which a shell would interpret as command substitution";
        }
        if (text.contains("${")) {
            return "contains '${' which a shell would expand as a variable";
        }
        if (text.contains("$")) {
            return "contains '$' which a shell would expand as a variable";
        }
        for (int i = 0; i < text.length(); i++) {
            String problem = switch (text.charAt(i)) {
                case ';' -> "contains ';' which a shell would interpret as the end of a command";
                case '&' -> "contains '&' which a shell would interpret as a background job or command chain";
                case '|' -> "contains '|' which a shell would interpret as a pipe";
                case '<', '>' -> "contains '" + text.charAt(i) + "' which a shell would interpret as a redirection";
                case '"' -> "contains a double quote (\") which would break the quoting of generated command lines and files";
                case '\'' -> "contains a single quote (') which would break the quoting of generated command lines and files";
                case '\\' -> "contains '\\' which shells and generated string literals interpret as an escape";
                default -> null;
            };
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }
}
