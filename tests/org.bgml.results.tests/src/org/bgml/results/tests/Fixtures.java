package org.bgml.results.tests;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import org.bgml.launcher.results.RunRecord;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;

/**
 * Writes result files the way the C++ runtime does (runtime/cpp/RESULTS.md, schema version 1): every key present,
 * statistics computed from the samples (nearest-rank percentiles, sample standard deviation, log histogram with 16
 * buckets per power of two), optionally with a raw samples file.
 */
final class Fixtures {
    private Fixtures() {
    }

    /** A result file under construction. */
    static final class ResultFileBuilder {
        private final JsonObject root = new JsonObject();
        private final JsonArray measurements = new JsonArray();
        private final Path dir;

        ResultFileBuilder(Path dir, String process, String target) {
            this.dir = dir;
            root.addProperty("schemaVersion", 1);
            root.addProperty("process", process);
            root.addProperty("target", target);
            root.addProperty("host", "testhost");
            root.addProperty("pid", 4242);
            root.addProperty("startedAt", "2026-11-21T09:30:00Z");
            root.addProperty("writtenAt", "2026-11-21T09:30:04Z");
            JsonObject env = new JsonObject();
            env.addProperty("kernel", "Linux 6.1.0-test");
            env.addProperty("cpuModel", "Test CPU");
            env.addProperty("compiler", "g++ 12.2.0");
            env.addProperty("cplusplus", 201103);
            root.add("environment", env);
            JsonObject labels = new JsonObject();
            labels.addProperty("orb", "omniORB 4.2.5");
            labels.addProperty("configuration", "omniorbLoopback");
            root.add("labels", labels);
            JsonArray affinity = new JsonArray();
            affinity.add(0);
            root.add("cpuAffinity", affinity);
            root.addProperty("cpuObserved", 0);
            JsonObject probe = new JsonObject();
            probe.addProperty("pairs", 4000);
            probe.addProperty("minNs", 20);
            probe.addProperty("medianNs", 21);
            probe.addProperty("meanNs", 22.5);
            root.add("probeCost", probe);
            root.add("footprint", JsonNull.INSTANCE);
            root.add("measurements", measurements);
        }

        /** The host the process ran on ({@code gethostname()}) and its kernel; "testhost" and "Linux 6.1.0-test" unless set. */
        ResultFileBuilder host(String host, String kernel) {
            root.addProperty("host", host);
            root.getAsJsonObject("environment").addProperty("kernel", kernel);
            return this;
        }

        ResultFileBuilder affinity(int... cpus) {
            JsonArray a = new JsonArray();
            Arrays.stream(cpus).forEach(a::add);
            root.add("cpuAffinity", a);
            return this;
        }

        /** The process waited at the start line and was released at {@code releasedNs} (CLOCK_REALTIME ns). */
        ResultFileBuilder startLine(long releasedNs, long waitedNs) {
            JsonObject line = new JsonObject();
            line.addProperty("releasedNs", releasedNs);
            line.addProperty("waitedNs", waitedNs);
            root.add("startLine", line);
            return this;
        }

        ResultFileBuilder add(JsonObject measurement) {
            measurements.add(measurement);
            return this;
        }

        Path write(String name) {
            Path file = dir.resolve(name);
            try {
                Files.createDirectories(dir);
                Files.writeString(file, new GsonBuilder().serializeNulls().setPrettyPrinting().create().toJson(root), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return file;
        }
    }

    /** A measurement with every key of RESULTS.md, statistics filled from {@code samplesNs} (may be empty). */
    static JsonObject measurement(String kind, String metric, String element, String operation, Long payload, String segment,
            long[] samplesNs) {
        JsonObject m = new JsonObject();
        m.addProperty("kind", kind);
        m.addProperty("metric", metric);
        m.addProperty("element", element);
        m.addProperty("operation", operation);
        m.addProperty("segment", segment);
        m.addProperty("unit", "ns");
        m.addProperty("payloadBytes", payload);
        m.add("threads", JsonNull.INSTANCE);
        m.addProperty("warmup", 100);
        m.addProperty("dropped", 0);
        int n = samplesNs.length;
        m.addProperty("n", n);
        long[] sorted = samplesNs.clone();
        Arrays.sort(sorted);
        if (n > 0) {
            double mean = Arrays.stream(sorted).average().orElse(0);
            double ss = 0;
            for (long v : sorted) {
                ss += (v - mean) * (v - mean);
            }
            m.addProperty("mean", mean);
            m.addProperty("stddev", n > 1 ? Math.sqrt(ss / (n - 1)) : 0.0);
            m.addProperty("min", sorted[0]);
            m.addProperty("max", sorted[n - 1]);
            m.addProperty("p50", rank(sorted, 50));
            m.addProperty("p90", rank(sorted, 90));
            m.addProperty("p99", rank(sorted, 99));
            m.addProperty("p999", rank(sorted, 99.9));
        } else {
            for (String k : List.of("mean", "stddev", "min", "max", "p50", "p90", "p99", "p999")) {
                m.add(k, JsonNull.INSTANCE);
            }
        }
        m.add("histogram", histogram(sorted));
        long wall = Arrays.stream(samplesNs).sum();
        if (n > 0) {
            m.addProperty("calls", n);
            m.addProperty("wallNs", wall);
            m.addProperty("throughput", n * 1e9 / wall);
            m.add("bytesPerSecond", payload == null ? JsonNull.INSTANCE : new com.google.gson.JsonPrimitive(n * 1e9 / wall * payload));
        } else {
            m.add("calls", JsonNull.INSTANCE);
            m.add("wallNs", JsonNull.INSTANCE);
            m.add("throughput", JsonNull.INSTANCE);
            m.add("bytesPerSecond", JsonNull.INSTANCE);
        }
        for (String k : List.of("rateHz", "missedDeadlines", "skippedPeriods", "segmentSumError", "staticFootprintBytes",
                "peakResidentKiB", "residentKiB", "value", "rawSamples")) {
            m.add(k, JsonNull.INSTANCE);
        }
        return m;
    }

    /** A throughput-only measurement (one figure, no samples). */
    static JsonObject throughputOnly(String metric, String element, String operation, long calls, long wallNs) {
        JsonObject m = measurement("throughput", metric, element, operation, null, null, new long[0]);
        m.addProperty("calls", calls);
        m.addProperty("wallNs", wallNs);
        m.addProperty("throughput", calls * 1e9 / wallNs);
        return m;
    }

    /** Gives a measurement its measuring window (CLOCK_REALTIME ns since the epoch). */
    static JsonObject window(JsonObject m, long beginNs, long endNs) {
        m.addProperty("windowBeginNs", beginNs);
        m.addProperty("windowEndNs", endNs);
        return m;
    }

    /** Writes the samples beside the result file and points the measurement at them (a relative path, as the runtime may). */
    static void rawSamples(JsonObject m, Path dir, String name, long[] samples) {
        StringBuilder b = new StringBuilder();
        for (long v : samples) {
            b.append(v).append('\n');
        }
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(name), b.toString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        m.addProperty("rawSamples", name);
    }

    static long rank(long[] sorted, double q) {
        long r = (long) Math.ceil(q / 100.0 * sorted.length);
        return sorted[(int) Math.max(1, Math.min(sorted.length, r)) - 1];
    }

    /** Log buckets: width 1 below 16, else 16 per power of two. */
    static JsonArray histogram(long[] sorted) {
        TreeMap<Long, long[]> buckets = new TreeMap<>();
        for (long v : sorted) {
            long lower;
            long width;
            if (v < 16) {
                lower = v;
                width = 1;
            } else {
                int e = 63 - Long.numberOfLeadingZeros(v);
                width = 1L << (e - 4);
                lower = v / width * width;
            }
            buckets.computeIfAbsent(lower, k -> new long[] { k, 0, 0 });
            long[] b = buckets.get(lower);
            b[1] = lower + width;
            b[2]++;
        }
        JsonArray out = new JsonArray();
        for (long[] b : buckets.values()) {
            JsonObject o = new JsonObject();
            o.addProperty("lower", b[0]);
            o.addProperty("upper", b[1]);
            o.addProperty("count", b[2]);
            out.add(o);
        }
        return out;
    }

    /** Normal-ish samples around {@code meanNs}. */
    static long[] samples(long seed, int n, double meanNs, double sdNs) {
        Random r = new Random(seed);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = Math.max(1, Math.round(meanNs + sdNs * r.nextGaussian()));
        }
        return out;
    }

    /** Two modes: {@code shareLow} of the samples near {@code lowNs}, the rest near {@code highNs} (unpinned loopback). */
    static long[] bimodal(long seed, int n, double lowNs, double highNs, double shareLow) {
        Random r = new Random(seed);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            double centre = r.nextDouble() < shareLow ? lowNs : highNs;
            out[i] = Math.max(1, Math.round(centre * (1 + 0.04 * r.nextGaussian())));
        }
        return out;
    }

    static long[] concat(long[]... parts) {
        List<Long> all = new ArrayList<>();
        for (long[] p : parts) {
            for (long v : p) {
                all.add(v);
            }
        }
        return all.stream().mapToLong(Long::longValue).toArray();
    }

    /** A run built from result files the way the pipeline builds it. */
    static RunRecord run(String runId, Path model, String deployment, List<Path> resultFiles) throws IOException {
        RunRecord.Builder b = RunRecord.builder(runId).target("omniorb").deployment(deployment).configuration("omniorbLoopback")
                .setting("", "endPoint", "giop:tcp:127.0.0.1:").startedAt("2026-11-21T09:30:00Z").endedAt("2026-11-21T09:30:05Z");
        if (model != null) {
            b.model(model, "RoundTrip");
        }
        return b.resultFiles(resultFiles).build();
    }
}
