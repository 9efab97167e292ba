package org.bgml.launcher.results;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** Run ids: the UTC start time and four random hex digits, e.g. {@code 20261121-093000-ab12}. */
public final class RunIds {
    public static final Pattern FORMAT = Pattern.compile("\\d{8}-\\d{6}-[0-9a-f]{4}");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();

    private RunIds() {
    }

    public static String next(Instant start) {
        byte[] tag = new byte[2];
        RANDOM.nextBytes(tag);
        return STAMP.format(start) + "-" + HexFormat.of().formatHex(tag);
    }

    /** ISO-8601 UTC to the second, as stored: {@code 2026-11-21T09:30:00Z}. */
    public static String iso(Instant time) {
        return DateTimeFormatter.ISO_INSTANT.format(time.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }
}
