package org.bgml.cli;

import java.util.Locale;

/** A span of time as a person reads it: "42 s", "12 min 05 s", "3 h 20 min". */
public final class Durations {
    private Durations() {
    }

    public static String describe(double seconds) {
        long s = Math.round(seconds);
        if (s < 120) {
            return s + " s";
        }
        if (s < 7200) {
            return String.format(Locale.ROOT, "%d min %02d s", s / 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d h %02d min", s / 3600, (s % 3600) / 60);
    }
}
