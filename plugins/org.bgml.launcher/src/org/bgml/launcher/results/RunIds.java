package org.bgml.launcher.results;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Run ids: the UTC start time and four random hex digits, e.g. {@code 20261121-093000-ab12}.
 * Within one process no id is handed out twice: an experiment that records hundreds of runs in one second would
 * otherwise meet the birthday bound of 65,536 tags (one in three at 200 runs a second).
 */
public final class RunIds {
    public static final Pattern FORMAT = Pattern.compile("\\d{8}-\\d{6}-[0-9a-f]{4}");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int TAGS_PER_SECOND = 0x10000;

    /** The second whose tags are remembered, and the tags already given out in it. */
    private static String currentSecond = "";
    private static final Set<Integer> issued = new HashSet<>();

    private RunIds() {
    }

    public static String next(Instant start) {
        String second = STAMP.format(start);
        synchronized (RunIds.class) {
            if (!second.equals(currentSecond)) {
                currentSecond = second;
                issued.clear();
            }
            if (issued.size() >= TAGS_PER_SECOND) {
                throw new IllegalStateException("more than " + TAGS_PER_SECOND + " run ids asked for in the second " + second);
            }
            int tag;
            do {
                tag = RANDOM.nextInt(TAGS_PER_SECOND);
            } while (!issued.add(tag));
            return second + "-" + HexFormat.of().formatHex(new byte[] {(byte) (tag >> 8), (byte) tag});
        }
    }

    /** ISO-8601 UTC to the second, as stored: {@code 2026-11-21T09:30:00Z}. */
    public static String iso(Instant time) {
        return DateTimeFormatter.ISO_INSTANT.format(time.truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
    }
}
