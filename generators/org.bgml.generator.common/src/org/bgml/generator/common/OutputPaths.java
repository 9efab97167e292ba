package org.bgml.generator.common;

/** Checks that a generated file's relative path stays inside the output folder. */
public final class OutputPaths {
    private OutputPaths() {
    }

    /** Returns {@code path} if it is a safe relative path, or throws explaining why not. */
    public static String check(String path) {
        if (path == null || path.isEmpty()) {
            throw new IllegalArgumentException("empty output path");
        }
        if (path.startsWith("/") || path.contains("\\") || path.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("output path " + path + " is not a relative '/'-separated path");
        }
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                throw new IllegalArgumentException("output path " + path + " would leave the output folder");
            }
            for (int i = 0; i < segment.length(); i++) {
                char c = segment.charAt(i);
                if (!(c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.'))) {
                    throw new IllegalArgumentException("output path " + path + " contains '" + c + "'");
                }
            }
        }
        return path;
    }
}
