package org.bgml.generator.omniorb;

import java.util.List;
import java.util.stream.Collectors;

/** Text that goes into generated C++ and CMake: literals and comment-safe descriptions. */
public final class CppText {
    private CppText() {
    }

    /** A C++ string literal, quotes included. */
    public static String literal(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : (s == null ? "" : s).toCharArray()) {
            switch (c) {
            case '\\' -> b.append("\\\\");
            case '"' -> b.append("\\\"");
            case '\n' -> b.append("\\n");
            case '\t' -> b.append("\\t");
            default -> {
                if (c < 0x20) {
                    b.append(String.format("\\%03o", (int) c));
                } else {
                    b.append(c);
                }
            }
            }
        }
        return b.append('"').toString();
    }

    /** Literals separated by ", ". */
    public static String literals(List<String> values) {
        return values.stream().map(CppText::literal).collect(Collectors.joining(", "));
    }

    /** Free text for a one-line // comment: no line breaks, trimmed. */
    public static String comment(String s) {
        return s == null ? "" : s.replaceAll("\\s+", " ").trim();
    }

    /** A double as C++ source: 0.0, 1000.0, 0.5. */
    public static String number(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return (long) d + ".0";
        }
        return Double.toString(d);
    }

    /** The last segment of a '/'-separated path. */
    public static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** CPU ids as the -c flag takes them: 0,1. */
    public static String cpus(List<Integer> cpus) {
        return cpus.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
