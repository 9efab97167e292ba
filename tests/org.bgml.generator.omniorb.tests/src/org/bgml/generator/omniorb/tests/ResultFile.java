package org.bgml.generator.omniorb.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/** A result file of the C++ runtime (runtime/cpp/RESULTS.md), read for assertions. */
final class ResultFile {
    final Path path;
    final JsonObject json;

    private ResultFile(Path path, JsonObject json) {
        this.path = path;
        this.json = json;
    }

    static ResultFile read(Path path) throws IOException {
        assertTrue(Files.isRegularFile(path), "no result file " + path);
        return new ResultFile(path, JsonParser.parseString(Files.readString(path, StandardCharsets.UTF_8)).getAsJsonObject());
    }

    /** Measurements of one metric, in file order. */
    List<JsonObject> metric(String metric) {
        List<JsonObject> found = new ArrayList<>();
        for (JsonElement e : json.getAsJsonArray("measurements")) {
            JsonElement m = e.getAsJsonObject().get("metric");
            if (m != null && !m.isJsonNull() && metric.equals(m.getAsString())) {
                found.add(e.getAsJsonObject());
            }
        }
        assertFalse(found.isEmpty(), path.getFileName() + " has no measurement of " + metric);
        return found;
    }

    /** The single measurement of a metric (for the whole call: segment null). */
    JsonObject whole(String metric) {
        return metric(metric).stream().filter(m -> m.get("segment").isJsonNull()).findFirst()
                .orElseThrow(() -> new AssertionError(path.getFileName() + ": no whole-call measurement of " + metric));
    }

    static long n(JsonObject m) {
        return m.get("n").getAsLong();
    }

    static double number(JsonObject m, String key) {
        return m.get(key).getAsDouble();
    }

    static boolean isNull(JsonObject m, String key) {
        return m.get(key) == null || m.get(key).isJsonNull();
    }

    /** n samples, mean between min and max, percentiles in order, a positive throughput. */
    static void assertTimed(JsonObject m, long expectedN) {
        String what = m.get("metric") + " " + m.get("kind");
        assertEquals(expectedN, n(m), what + ": n");
        double mean = number(m, "mean");
        assertTrue(number(m, "min") <= mean && mean <= number(m, "max"), what + ": mean " + mean + " outside [min, max]");
        assertTrue(number(m, "p50") <= number(m, "p99") && number(m, "p99") <= number(m, "max"), what + ": percentiles out of order");
        assertTrue(number(m, "throughput") > 0, what + ": throughput");
        assertEquals("ns", m.get("unit").getAsString());
    }
}
