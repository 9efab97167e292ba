package org.bgml.testing;

import java.util.List;

import com.google.gson.JsonObject;

/**
 * The check every target's event-chain run test makes of one path-latency metric in its result files: one
 * end-to-end figure and one figure per hop, and the hops adding up to the whole.
 */
public final class PathHops {
    private PathHops() {
    }

    /**
     * Checks the measurements of one path metric ({@code path}: its end-to-end figure, whose segment is null, and
     * one per hop) and returns the end-to-end figure. It must be of kind pathLatency with a positive mean; the hop
     * means must add up to that mean, and its segmentSumError be, within {@code tolerance} (a share of the mean);
     * when {@code samples} is not negative, every figure holds that many samples (every timed tick arrived, the
     * warm-up left out). {@code what} heads the failure messages.
     */
    public static JsonObject check(String what, List<JsonObject> path, long samples, double tolerance) {
        List<JsonObject> totals = path.stream().filter(m -> segment(m) == null).toList();
        if (totals.size() != 1) {
            throw new AssertionError(what + ": " + totals.size() + " end-to-end figures, expected 1");
        }
        JsonObject total = totals.get(0);
        if (!"pathLatency".equals(total.get("kind").getAsString())) {
            throw new AssertionError(what + ": the end-to-end figure is of kind " + total.get("kind"));
        }
        if (samples >= 0) {
            for (JsonObject m : path) {
                if (m.get("n").getAsLong() != samples) {
                    throw new AssertionError(what + " " + segment(m) + ": " + m.get("n").getAsLong() + " samples, expected "
                            + samples + " (every timed tick, warm-up left out)");
                }
            }
        }
        double mean = total.get("mean").getAsDouble();
        if (!(mean > 0)) {
            throw new AssertionError(what + ": end-to-end mean " + mean + " ns, expected a positive time");
        }
        double sum = path.stream().filter(m -> segment(m) != null).mapToDouble(m -> m.get("mean").getAsDouble()).sum();
        if (!(Math.abs(sum - mean) <= tolerance * mean)) {
            throw new AssertionError(what + ": hops sum to " + sum + " ns, total " + mean + " ns");
        }
        double error = total.get("segmentSumError").getAsDouble();
        if (!(error <= tolerance)) {
            throw new AssertionError(what + ": segmentSumError " + error + ", above " + tolerance);
        }
        return total;
    }

    /** The hops' names (segments) of a path metric, in the order of its figures: the path's order. */
    public static List<String> hops(List<JsonObject> path) {
        return path.stream().map(PathHops::segment).filter(s -> s != null).toList();
    }

    /** A figure's segment, or null for the end-to-end one. */
    public static String segment(JsonObject m) {
        return m.get("segment") == null || m.get("segment").isJsonNull() ? null : m.get("segment").getAsString();
    }
}
