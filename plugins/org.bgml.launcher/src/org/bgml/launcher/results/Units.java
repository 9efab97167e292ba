package org.bgml.launcher.results;

import java.util.Locale;
import java.util.Map;

/**
 * The units of results and requirements (the metamodel's {@code Unit} literals) and conversions between units of
 * one dimension: time (ns, us, ms, s), size (bytes, KiB, MiB), rate (perSecond), count and percent.
 */
public final class Units {
    private static final Map<String, Double> TIME = Map.of("ns", 1.0, "us", 1e3, "ms", 1e6, "s", 1e9);
    private static final Map<String, Double> SIZE = Map.of("bytes", 1.0, "KiB", 1024.0, "MiB", 1024.0 * 1024.0);

    private Units() {
    }

    public static boolean isTime(String unit) {
        return unit != null && TIME.containsKey(unit);
    }

    /** {@code value} in {@code from} expressed in {@code to}; null when the units measure different things. */
    public static Double convert(double value, String from, String to) {
        if (from == null || to == null) {
            return null;
        }
        if (from.equals(to)) {
            return value;
        }
        if (TIME.containsKey(from) && TIME.containsKey(to)) {
            return value * TIME.get(from) / TIME.get(to);
        }
        if (SIZE.containsKey(from) && SIZE.containsKey(to)) {
            return value * SIZE.get(from) / SIZE.get(to);
        }
        return null;
    }

    /** A time in {@code unit} as microseconds; the value itself when the unit is not a time. */
    public static double micros(double value, String unit) {
        Double us = convert(value, unit, "us");
        return us == null ? value : us;
    }

    /** How a unit is printed: {@code us} as µs, {@code perSecond} as /s. */
    public static String symbol(String unit) {
        if (unit == null) {
            return "";
        }
        return switch (unit) {
        case "us" -> "µs";
        case "perSecond" -> "/s";
        case "percent" -> "%";
        case "count" -> "";
        default -> unit;
        };
    }

    /** A payload size: 4 B, 512 B, 8 KiB, 1.5 MiB. */
    public static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        if (bytes < 1024 * 1024) {
            return trim(bytes / 1024.0) + " KiB";
        }
        return trim(bytes / (1024.0 * 1024.0)) + " MiB";
    }

    /** A figure with up to 4 significant digits and no trailing zeros: 14.51, 150, 0.0612. */
    public static String number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return String.valueOf(v);
        }
        double a = Math.abs(v);
        String s;
        if (a == 0) {
            return "0";
        } else if (a >= 1e6) {
            s = String.format(Locale.ROOT, "%.0f", v);
        } else if (a >= 100) {
            s = String.format(Locale.ROOT, "%.1f", v);
        } else if (a >= 1) {
            s = String.format(Locale.ROOT, "%.2f", v);
        } else {
            s = String.format(Locale.ROOT, "%.4g", v);
        }
        return trim(s);
    }

    private static String trim(double v) {
        return trim(String.format(Locale.ROOT, "%.2f", v));
    }

    private static String trim(String s) {
        if (s.contains(".") && !s.contains("e")) {
            s = s.replaceAll("0+$", "");
            if (s.endsWith(".")) {
                s = s.substring(0, s.length() - 1);
            }
        }
        return s;
    }
}
