package org.bgml.reproduce;

import java.util.Locale;

/**
 * What a reproduction found for one finding on one target: reproduced, not reproduced (with the numbers), or not run
 * (with why). A finding is never skipped without one of these.
 *
 * @param figure our figure in words ("collocated 512,000 calls/s against remote 40,000: 12.8x"), or null when not run
 * @param ratio  our ratio, comparable with {@link Finding#seedRatio()}, or null
 * @param reason why this verdict, in plain words
 */
public record Verdict(Status status, String figure, Double ratio, String reason) {
    public enum Status {
        REPRODUCED("shape reproduced"), NOT_REPRODUCED("not reproduced"), NOT_RUN("not run");

        private final String text;

        Status(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    public static Verdict reproduced(String figure, Double ratio, String reason) {
        return new Verdict(Status.REPRODUCED, figure, ratio, reason);
    }

    public static Verdict notReproduced(String figure, Double ratio, String reason) {
        return new Verdict(Status.NOT_REPRODUCED, figure, ratio, reason);
    }

    public static Verdict notRun(String reason) {
        return new Verdict(Status.NOT_RUN, null, null, reason);
    }

    public static Verdict judged(boolean holds, String figure, Double ratio, String reason) {
        return holds ? reproduced(figure, ratio, reason) : notReproduced(figure, ratio, reason);
    }

    /** A ratio as the tables show it. */
    public static String ratio(Double r) {
        if (r == null || r.isNaN()) {
            return "";
        }
        return r >= 10 ? String.format(Locale.ROOT, "%.1fx", r) : String.format(Locale.ROOT, "%.3f", r);
    }
}
