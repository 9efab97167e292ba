package org.bgml.launcher.results;

import java.io.EOFException;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonPrimitive;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;

/**
 * Reads the runtime's result files (runtime/cpp/RESULTS.md) into {@link ResultFile} records. Every problem becomes
 * one {@link ResultFileException} that names the file and says what is wrong in plain words: empty, truncated (with
 * the line and the JSON path where it stops), not JSON, written by a newer runtime, or a key with a wrong value.
 * Keys that may be null may also be missing; required keys may not.
 */
public final class ResultFileReader {
    private static final Pattern WHERE = Pattern.compile("line (\\d+) column (\\d+) path (\\S+)");

    private ResultFileReader() {
    }

    public static ResultFile read(Path file) throws ResultFileException {
        String text = readText(file);
        if (text.isBlank()) {
            throw new ResultFileException(file, "the result file is empty; the process may have died before writing it");
        }
        JsonElement root = parse(file, text);
        if (!root.isJsonObject()) {
            throw new ResultFileException(file, "expected a JSON object at the top level, found " + describe(root));
        }
        return new Parser(file).file(root.getAsJsonObject());
    }

    private static String readText(Path file) throws ResultFileException {
        try {
            byte[] bytes = Files.readAllBytes(file);
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (NoSuchFileException e) {
            throw new ResultFileException(file, "no such result file");
        } catch (AccessDeniedException e) {
            throw new ResultFileException(file, "cannot read the result file: permission denied");
        } catch (CharacterCodingException e) {
            throw new ResultFileException(file, "the result file is not UTF-8 text (corrupt?)");
        } catch (IOException e) {
            if (Files.isDirectory(file)) {
                throw new ResultFileException(file, "is a folder, not a result file");
            }
            throw new ResultFileException(file, "cannot read the result file: " + e.getMessage());
        }
    }

    private static JsonElement parse(Path file, String text) throws ResultFileException {
        JsonReader reader = new JsonReader(new StringReader(text));
        reader.setStrictness(Strictness.STRICT);
        try {
            JsonElement root = new Gson().getAdapter(JsonElement.class).read(reader);
            if (reader.peek() != JsonToken.END_DOCUMENT) {
                throw new ResultFileException(file, "unexpected text after the JSON object" + where(reader.toString()));
            }
            return root;
        } catch (EOFException e) {
            throw new ResultFileException(file, "the result file is truncated: it ends" + where(e.getMessage())
                    + " before the JSON is complete (the process may have been killed while writing it)");
        } catch (IOException | JsonParseException | IllegalStateException e) {
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            if (message.contains("End of input") || atEnd(text, message)) {
                throw new ResultFileException(file, "the result file is truncated: it ends" + where(message)
                        + " before the JSON is complete (the process may have been killed while writing it)");
            }
            throw new ResultFileException(file, "the result file is not valid JSON" + where(message) + ": " + plain(message));
        }
    }

    /** True when the parser stopped at the end of the text: the file was cut off, not garbled in the middle. */
    private static boolean atEnd(String text, String message) {
        Matcher m = WHERE.matcher(message);
        if (!m.find()) {
            return false;
        }
        int line = Integer.parseInt(m.group(1));
        int column = Integer.parseInt(m.group(2));
        int offset = 0;
        for (int l = 1; l < line && offset >= 0; l++) {
            offset = text.indexOf('\n', offset);
            offset = offset < 0 ? -1 : offset + 1;
        }
        return offset >= 0 && offset + column - 1 >= text.stripTrailing().length() - 1;
    }

    /** " at line 3 column 7 (in $.measurements[0])", from a Gson message; "" when it names no place. */
    private static String where(String message) {
        if (message == null) {
            return "";
        }
        Matcher m = WHERE.matcher(message);
        if (!m.find()) {
            return "";
        }
        String path = m.group(3);
        return " at line " + m.group(1) + " column " + m.group(2) + ("$".equals(path) ? "" : " (in " + path + ")");
    }

    /** A Gson message without its place (given separately) and its troubleshooting link. */
    private static String plain(String message) {
        String s = message;
        int see = s.indexOf("\nSee ");
        if (see >= 0) {
            s = s.substring(0, see);
        }
        s = WHERE.matcher(s).replaceAll("").replaceAll("\\s+at\\s*$", "").trim();
        int colon = s.indexOf("MalformedJsonException: ");
        if (colon >= 0) {
            s = s.substring(colon + "MalformedJsonException: ".length());
        }
        return s.isEmpty() ? "malformed JSON" : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    private static String describe(JsonElement e) {
        if (e == null || e.isJsonNull()) {
            return "null";
        }
        if (e.isJsonArray()) {
            return "an array";
        }
        if (e.isJsonObject()) {
            return "an object";
        }
        JsonPrimitive p = e.getAsJsonPrimitive();
        if (p.isString()) {
            String s = p.getAsString();
            return "the string \"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s) + "\"";
        }
        return (p.isBoolean() ? "" : "the number ") + p.toString();
    }

    /** Turns the JSON tree into records, naming the JSON path of any bad value. */
    private static final class Parser {
        private final Path file;

        Parser(Path file) {
            this.file = file;
        }

        ResultFile file(JsonObject o) throws ResultFileException {
            long version = requiredLong(o, "schemaVersion", "$");
            if (version > ResultFile.SCHEMA_VERSION) {
                throw new ResultFileException(file, "the result file has schema version " + version
                        + ", newer than this BGML Studio reads (version " + ResultFile.SCHEMA_VERSION
                        + "); use a BGML Studio as new as the runtime that wrote it");
            }
            if (version < 1) {
                throw new ResultFileException(file, "schemaVersion: expected 1, found " + version);
            }
            JsonObject env = optionalObject(o, "environment", "$");
            ResultFile.Environment environment = env == null ? new ResultFile.Environment(null, null, null, null)
                    : new ResultFile.Environment(string(env, "kernel", "$.environment"), string(env, "cpuModel", "$.environment"),
                            string(env, "compiler", "$.environment"), integer(env, "cplusplus", "$.environment"));
            Map<String, String> labels = new LinkedHashMap<>();
            JsonObject l = optionalObject(o, "labels", "$");
            if (l != null) {
                for (Map.Entry<String, JsonElement> e : l.entrySet()) {
                    labels.put(e.getKey(), string(l, e.getKey(), "$.labels"));
                }
            }
            List<Integer> affinity = new ArrayList<>();
            JsonArray a = optionalArray(o, "cpuAffinity", "$");
            if (a != null) {
                for (int i = 0; i < a.size(); i++) {
                    affinity.add((int) asLong(a.get(i), "$.cpuAffinity[" + i + "]"));
                }
            }
            JsonObject pc = optionalObject(o, "probeCost", "$");
            ResultFile.ProbeCost probeCost = pc == null ? null
                    : new ResultFile.ProbeCost(requiredLong(pc, "pairs", "$.probeCost"), requiredLong(pc, "minNs", "$.probeCost"),
                            requiredLong(pc, "medianNs", "$.probeCost"), requiredDouble(pc, "meanNs", "$.probeCost"));
            JsonObject fp = optionalObject(o, "footprint", "$");
            ResultFile.Footprint footprint = null;
            if (fp != null) {
                List<ResultFile.Binary> binaries = new ArrayList<>();
                JsonArray b = optionalArray(fp, "binaries", "$.footprint");
                if (b != null) {
                    for (int i = 0; i < b.size(); i++) {
                        String at = "$.footprint.binaries[" + i + "]";
                        JsonObject bo = object(b.get(i), at);
                        binaries.add(new ResultFile.Binary(requiredString(bo, "path", at), requiredLong(bo, "bytes", at)));
                    }
                }
                footprint = new ResultFile.Footprint(requiredLong(fp, "staticBytes", "$.footprint"), longValue(fp, "vmHwmKiB", "$.footprint"),
                        longValue(fp, "vmRssKiB", "$.footprint"), binaries);
            }
            List<ResultMeasurement> measurements = new ArrayList<>();
            JsonArray ms = optionalArray(o, "measurements", "$");
            if (ms == null) {
                throw new ResultFileException(file, "the key \"measurements\" is missing");
            }
            for (int i = 0; i < ms.size(); i++) {
                measurements.add(measurement(object(ms.get(i), "$.measurements[" + i + "]"), "$.measurements[" + i + "]"));
            }
            Long pid = longValue(o, "pid", "$");
            JsonObject sl = optionalObject(o, "startLine", "$");
            ResultFile.StartLine startLine = sl == null ? null
                    : new ResultFile.StartLine(requiredLong(sl, "releasedNs", "$.startLine"), requiredLong(sl, "waitedNs", "$.startLine"));
            return new ResultFile(file, (int) version, requiredString(o, "process", "$"), requiredString(o, "target", "$"),
                    string(o, "host", "$"), pid == null ? 0 : pid, string(o, "startedAt", "$"), string(o, "writtenAt", "$"),
                    environment, labels, affinity, integer(o, "cpuObserved", "$"), probeCost, footprint, measurements, startLine);
        }

        ResultMeasurement measurement(JsonObject m, String at) throws ResultFileException {
            String kind = requiredString(m, "kind", at);
            if (!ResultMeasurement.KINDS.contains(kind)) {
                throw new ResultFileException(file, at + ".kind: unknown measurement kind \"" + kind + "\"; expected one of "
                        + String.join(", ", ResultMeasurement.KINDS.stream().sorted().toList()));
            }
            String unit = requiredString(m, "unit", at);
            if (!ResultMeasurement.UNITS.contains(unit)) {
                throw new ResultFileException(file, at + ".unit: unknown unit \"" + unit + "\"");
            }
            long n = requiredLong(m, "n", at);
            if (n < 0) {
                throw new ResultFileException(file, at + ".n: expected a count, found " + n);
            }
            List<ResultMeasurement.Bucket> histogram = new ArrayList<>();
            JsonArray h = optionalArray(m, "histogram", at);
            if (h != null) {
                for (int i = 0; i < h.size(); i++) {
                    String b = at + ".histogram[" + i + "]";
                    JsonObject bo = object(h.get(i), b);
                    long lower = requiredLong(bo, "lower", b);
                    long upper = requiredLong(bo, "upper", b);
                    long count = requiredLong(bo, "count", b);
                    if (upper <= lower || count < 0) {
                        throw new ResultFileException(file, b + ": not a bucket: lower " + lower + ", upper " + upper + ", count " + count);
                    }
                    histogram.add(new ResultMeasurement.Bucket(lower, upper, count));
                }
            }
            // The measuring window; files from before windows lack the keys, which reads as null.
            Long begin = longValue(m, "windowBeginNs", at);
            Long end = longValue(m, "windowEndNs", at);
            if (begin != null && end != null && end < begin) {
                throw new ResultFileException(file, at + ": the measuring window ends (windowEndNs " + end + ") before it begins (windowBeginNs "
                        + begin + ")");
            }
            return new ResultMeasurement(kind, string(m, "metric", at), requiredString(m, "element", at), string(m, "operation", at),
                    string(m, "segment", at), unit, longValue(m, "payloadBytes", at), longValue(m, "threads", at),
                    longValue(m, "warmup", at), longValue(m, "dropped", at), n, doubleValue(m, "mean", at),
                    doubleValue(m, "stddev", at), longValue(m, "min", at), longValue(m, "max", at), longValue(m, "p50", at),
                    longValue(m, "p90", at), longValue(m, "p99", at), longValue(m, "p999", at), histogram, longValue(m, "calls", at),
                    longValue(m, "wallNs", at), doubleValue(m, "throughput", at), doubleValue(m, "bytesPerSecond", at),
                    doubleValue(m, "rateHz", at), longValue(m, "missedDeadlines", at), longValue(m, "skippedPeriods", at),
                    doubleValue(m, "segmentSumError", at), longValue(m, "staticFootprintBytes", at),
                    longValue(m, "peakResidentKiB", at), longValue(m, "residentKiB", at), doubleValue(m, "value", at),
                    string(m, "rawSamples", at), begin, end);
        }

        // ------------------------------------------------------------------ typed access

        private JsonElement present(JsonObject o, String key, String at) throws ResultFileException {
            JsonElement e = o.get(key);
            if (e == null || e.isJsonNull()) {
                throw new ResultFileException(file, (e == null ? "the key \"" + key + "\" is missing" : key + " is null, but it is required")
                        + ("$".equals(at) ? "" : " in " + at));
            }
            return e;
        }

        private String requiredString(JsonObject o, String key, String at) throws ResultFileException {
            return asString(present(o, key, at), at + "." + key);
        }

        private long requiredLong(JsonObject o, String key, String at) throws ResultFileException {
            return asLong(present(o, key, at), at + "." + key);
        }

        private double requiredDouble(JsonObject o, String key, String at) throws ResultFileException {
            return asDouble(present(o, key, at), at + "." + key);
        }

        private String string(JsonObject o, String key, String at) throws ResultFileException {
            JsonElement e = o.get(key);
            return e == null || e.isJsonNull() ? null : asString(e, at + "." + key);
        }

        private Long longValue(JsonObject o, String key, String at) throws ResultFileException {
            JsonElement e = o.get(key);
            return e == null || e.isJsonNull() ? null : asLong(e, at + "." + key);
        }

        private Integer integer(JsonObject o, String key, String at) throws ResultFileException {
            Long v = longValue(o, key, at);
            return v == null ? null : (int) (long) v;
        }

        private Double doubleValue(JsonObject o, String key, String at) throws ResultFileException {
            JsonElement e = o.get(key);
            return e == null || e.isJsonNull() ? null : asDouble(e, at + "." + key);
        }

        private JsonObject optionalObject(JsonObject o, String key, String at) throws ResultFileException {
            JsonElement e = o.get(key);
            return e == null || e.isJsonNull() ? null : object(e, at + "." + key);
        }

        private JsonArray optionalArray(JsonObject o, String key, String at) throws ResultFileException {
            JsonElement e = o.get(key);
            if (e == null || e.isJsonNull()) {
                return null;
            }
            if (!e.isJsonArray()) {
                throw new ResultFileException(file, at + "." + key + ": expected an array, found " + describe(e));
            }
            return e.getAsJsonArray();
        }

        private JsonObject object(JsonElement e, String at) throws ResultFileException {
            if (e == null || !e.isJsonObject()) {
                throw new ResultFileException(file, at + ": expected an object, found " + describe(e));
            }
            return e.getAsJsonObject();
        }

        private String asString(JsonElement e, String at) throws ResultFileException {
            if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isString()) {
                throw new ResultFileException(file, at + ": expected a string, found " + describe(e));
            }
            return e.getAsString();
        }

        private long asLong(JsonElement e, String at) throws ResultFileException {
            if (e == null || !e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
                throw new ResultFileException(file, at + ": expected a whole number, found " + describe(e));
            }
            try {
                return new BigDecimal(e.getAsJsonPrimitive().getAsString()).longValueExact();
            } catch (ArithmeticException | NumberFormatException x) {
                throw new ResultFileException(file, at + ": expected a whole number, found " + describe(e));
            }
        }

        private double asDouble(JsonElement e, String at) throws ResultFileException {
            if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isNumber()) {
                throw new ResultFileException(file, at + ": expected a number, found " + describe(e));
            }
            double d = e.getAsDouble();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw new ResultFileException(file, at + ": expected a finite number, found " + e);
            }
            return d;
        }
    }
}
