package org.bgml.launcher.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultMeasurement.Bucket;
import org.bgml.launcher.results.Units;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * Apache ECharts options for the report's plots, built as JSON in Java so that the page only hands them to
 * {@code echarts.init(...).setOption(...)}. Times are shown in µs.
 */
public final class ChartOptions {
    private ChartOptions() {
    }

    /** A named series of (x, y) points. */
    record Series(String name, List<double[]> points) {
    }

    /** A latency histogram on a log axis, drawn as its outline (zero between buckets that are apart), with p50 and p99 marked. */
    static JsonObject histogram(String title, ResultMeasurement m) {
        List<double[]> corners = new ArrayList<>();
        double previousUpper = Double.NaN;
        for (Bucket b : m.histogram()) {
            double lower = us(Math.max(b.lower(), 0.5), m.unit());
            double upper = us(b.upper(), m.unit());
            if (Double.isNaN(previousUpper)) {
                corners.add(new double[] { lower, 0 });
            } else if (previousUpper < lower) {
                corners.add(new double[] { previousUpper, 0 });
                corners.add(new double[] { lower, 0 });
            }
            corners.add(new double[] { lower, b.count() });
            corners.add(new double[] { upper, b.count() });
            previousUpper = upper;
        }
        if (!Double.isNaN(previousUpper)) {
            corners.add(new double[] { previousUpper, 0 });
        }
        JsonObject series = obj("type", "line", "name", "samples", "symbol", "none", "step", false, "data", points(corners),
                "areaStyle", obj("opacity", 0.35), "lineStyle", obj("width", 1));
        JsonArray marks = new JsonArray();
        if (m.p50() != null) {
            marks.add(obj("name", "p50", "xAxis", round(us(m.p50(), m.unit()))));
        }
        if (m.p99() != null) {
            marks.add(obj("name", "p99", "xAxis", round(us(m.p99(), m.unit()))));
        }
        if (!marks.isEmpty()) {
            series.add("markLine", obj("symbol", "none", "data", marks, "label", obj("formatter", "{b}"),
                    "lineStyle", obj("type", "dashed")));
        }
        return base(title, latencyAxis(corners.isEmpty() ? 1 : corners.get(0)[0], previousUpper), valueAxis("samples"), arr(series), false);
    }

    /**
     * A latency axis: logarithmic (base 10) when the samples span a factor of {@value #LOG_SPAN} or more, else linear
     * over the data, where a log axis would show no tick at all.
     */
    static JsonObject latencyAxis(double lowest, double highest) {
        if (Double.isNaN(highest) || highest / Math.max(lowest, 1e-9) >= LOG_SPAN) {
            return logAxis("latency (µs)", 10);
        }
        return obj("type", "value", "scale", true, "min", round(lowest), "max", round(highest), "name", "latency (µs)",
                "nameLocation", "middle", "nameGap", 28);
    }

    static final double LOG_SPAN = 8;

    /** Cumulative distributions from histograms, overlaid: the share of samples at or below each bucket's upper bound. */
    static JsonObject cdf(String title, List<String> names, List<ResultMeasurement> measurements) {
        JsonArray series = new JsonArray();
        for (int i = 0; i < measurements.size(); i++) {
            series.add(obj("type", "line", "name", names.get(i), "symbol", "none", "data", points(cdfPoints(measurements.get(i)))));
        }
        JsonObject y = valueAxis("samples at or below (%)");
        y.addProperty("max", 100);
        double lowest = Double.MAX_VALUE;
        double highest = 0;
        for (ResultMeasurement m : measurements) {
            List<double[]> points = cdfPoints(m);
            if (!points.isEmpty()) {
                lowest = Math.min(lowest, points.get(0)[0]);
                highest = Math.max(highest, points.get(points.size() - 1)[0]);
            }
        }
        return base(title, highest == 0 ? logAxis("latency (µs)", 10) : latencyAxis(lowest, highest), y, series, measurements.size() > 1);
    }

    static List<double[]> cdfPoints(ResultMeasurement m) {
        List<double[]> out = new ArrayList<>();
        long total = m.histogram().stream().mapToLong(Bucket::count).sum();
        if (total == 0) {
            return out;
        }
        long seen = 0;
        out.add(new double[] { us(Math.max(m.histogram().get(0).lower(), 0.5), m.unit()), 0 });
        for (Bucket b : m.histogram()) {
            seen += b.count();
            out.add(new double[] { us(b.upper(), m.unit()), 100.0 * seen / total });
        }
        return out;
    }

    /** Bars by category; {@code labels} (may be null) are printed on the bars. */
    static JsonObject bars(String title, String yName, List<String> categories, List<String> seriesNames, List<double[]> values,
            List<String[]> labels) {
        JsonArray series = new JsonArray();
        for (int s = 0; s < seriesNames.size(); s++) {
            JsonArray data = new JsonArray();
            for (int c = 0; c < categories.size(); c++) {
                double v = values.get(s)[c];
                if (Double.isNaN(v)) {
                    data.add(JsonNull.INSTANCE);
                    continue;
                }
                JsonObject point = obj("value", round(v));
                String label = labels == null || labels.get(s) == null ? null : labels.get(s)[c];
                if (label != null) {
                    point.add("label", obj("show", true, "position", "top", "formatter", label.replace("{", "(").replace("}", ")")));
                }
                data.add(point);
            }
            series.add(obj("type", "bar", "name", seriesNames.get(s), "data", data, "barMaxWidth", 48));
        }
        JsonObject x = obj("type", "category", "data", strings(categories), "axisLabel",
                obj("interval", 0, "rotate", categories.size() > 4 ? 20 : 0, "fontSize", 11));
        return base(title, x, valueAxis(yName), series, seriesNames.size() > 1);
    }

    /** Latency against payload size on a log-2 axis, one line per series, with each series' knee marked. */
    static JsonObject sweep(String title, String yName, List<Series> lines, List<Knee.Result> knees) {
        JsonArray series = new JsonArray();
        for (int i = 0; i < lines.size(); i++) {
            JsonObject s = obj("type", "line", "name", lines.get(i).name(), "symbol", "circle", "symbolSize", 6, "data",
                    points(lines.get(i).points()));
            Knee.Result knee = knees.get(i);
            if (knee != null) {
                s.add("markPoint", obj("symbol", "pin", "symbolSize", 44, "data",
                        arr(obj("name", "knee", "coord", arr(knee.size(), round(knee.latency())), "value", "knee")),
                        "label", obj("fontSize", 10)));
                s.add("markLine", obj("symbol", "none", "lineStyle", obj("type", "dashed"), "label",
                        obj("formatter", "knee " + Units.bytes(knee.size())), "data", arr(obj("xAxis", knee.size()))));
            }
            series.add(s);
        }
        JsonObject x = logAxis("payload (bytes, log scale)", 2);
        double smallest = lines.stream().flatMap(l -> l.points().stream()).mapToDouble(p -> p[0]).min().orElse(1);
        double largest = lines.stream().flatMap(l -> l.points().stream()).mapToDouble(p -> p[0]).max().orElse(2);
        x.addProperty("min", Math.pow(2, Math.floor(Math.log(smallest) / Math.log(2))));
        x.addProperty("max", Math.pow(2, Math.ceil(Math.log(largest) / Math.log(2))));
        return base(title, x, valueAxis(yName), series, lines.size() > 1);
    }

    /**
     * A timeline: one horizontal bar per row from {@code begin[i]} to {@code end[i]} (ms) on one axis, drawn as an
     * invisible offset bar with the window stacked on it.
     */
    static JsonObject timeline(String title, String axisName, List<String> rows, double[] begin, double[] end) {
        JsonArray offsets = new JsonArray();
        JsonArray lengths = new JsonArray();
        double lowest = 0;
        for (int i = 0; i < rows.size(); i++) {
            lowest = Math.min(lowest, begin[i]);
        }
        for (int i = 0; i < rows.size(); i++) {
            offsets.add(round(begin[i] - lowest));
            lengths.add(obj("value", round(end[i] - begin[i]), "label", obj("show", true, "position", "right", "fontSize", 10,
                    "formatter", Units.number(begin[i]) + " to " + Units.number(end[i]) + " ms")));
        }
        JsonArray series = new JsonArray();
        series.add(obj("type", "bar", "name", "before", "stack", "window", "data", offsets, "silent", true, "itemStyle",
                obj("color", "transparent"), "tooltip", obj("show", false)));
        series.add(obj("type", "bar", "name", "measuring window (ms)", "stack", "window", "data", lengths, "barMaxWidth", 22));
        JsonObject x = valueAxis(axisName + (lowest < 0 ? " (shifted by " + Units.number(-lowest) + " ms)" : ""));
        JsonObject y = obj("type", "category", "inverse", true, "data", strings(rows), "axisLabel", obj("fontSize", 11));
        JsonObject option = base(title, x, y, series, false);
        option.getAsJsonObject("grid").addProperty("left", 20);
        option.getAsJsonObject("grid").addProperty("right", 120);
        return option;
    }

    /** Horizontal stacked bars: one bar per group, one stack element per segment (µs). */
    static JsonObject stacked(String title, List<String> groups, List<String> segments, Map<String, double[]> valuesBySegment,
            double[] cycles) {
        JsonArray series = new JsonArray();
        for (String segment : segments) {
            JsonArray data = new JsonArray();
            for (double v : valuesBySegment.get(segment)) {
                data.add(Double.isNaN(v) ? JsonNull.INSTANCE : new JsonPrimitive(round(v)));
            }
            series.add(obj("type", "bar", "name", segment, "stack", "cycle", "data", data, "barMaxWidth", 36));
        }
        if (cycles != null) {
            JsonArray data = new JsonArray();
            for (double v : cycles) {
                data.add(Double.isNaN(v) ? JsonNull.INSTANCE : new JsonPrimitive(round(v)));
            }
            series.add(obj("type", "scatter", "name", "cycle (measured)", "symbol", "diamond", "symbolSize", 12, "data", data));
        }
        JsonObject option = base(title, valueAxis("mean (µs)"), obj("type", "category", "data", strings(groups), "axisLabel",
                obj("fontSize", 11)), series, true);
        option.getAsJsonObject("grid").addProperty("left", 20);
        return option;
    }

    // ------------------------------------------------------------------ common parts

    private static JsonObject base(String title, JsonObject x, JsonObject y, JsonArray series, boolean legend) {
        JsonObject o = obj("animation", false,
                "title", obj("text", title, "left", "center", "textStyle", obj("fontSize", 13)),
                "tooltip", obj("trigger", "axis"),
                "grid", obj("left", 60, "right", 40, "top", legend ? 58 : 40, "bottom", 40, "containLabel", true),
                "xAxis", x, "yAxis", y, "series", series);
        if (legend) {
            o.add("legend", obj("top", 24, "type", "scroll"));
        }
        return o;
    }

    private static JsonObject logAxis(String name, int base) {
        return obj("type", "log", "logBase", base, "name", name, "nameLocation", "middle", "nameGap", 28);
    }

    private static JsonObject valueAxis(String name) {
        return obj("type", "value", "name", name, "nameTextStyle", obj("align", "left"));
    }

    static double us(double value, String unit) {
        return Units.micros(value, unit);
    }

    /** Four significant digits are plenty for a plot, and keep the file small. */
    public static double round(double v) {
        if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
            return v;
        }
        double scale = Math.pow(10, 4 - (int) Math.ceil(Math.log10(Math.abs(v))));
        return Math.round(v * scale) / scale;
    }

    private static JsonArray points(List<double[]> points) {
        JsonArray a = new JsonArray();
        for (double[] p : points) {
            a.add(arr(round(p[0]), round(p[1])));
        }
        return a;
    }

    private static JsonArray strings(List<String> values) {
        JsonArray a = new JsonArray();
        values.forEach(a::add);
        return a;
    }

    public static JsonObject obj(Object... keysAndValues) {
        JsonObject o = new JsonObject();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            o.add((String) keysAndValues[i], json(keysAndValues[i + 1]));
        }
        return o;
    }

    public static JsonArray arr(Object... values) {
        JsonArray a = new JsonArray();
        for (Object v : values) {
            a.add(json(v));
        }
        return a;
    }

    private static JsonElement json(Object v) {
        if (v == null) {
            return JsonNull.INSTANCE;
        }
        if (v instanceof JsonElement e) {
            return e;
        }
        if (v instanceof Number n) {
            return new JsonPrimitive(n);
        }
        if (v instanceof Boolean b) {
            return new JsonPrimitive(b);
        }
        return new JsonPrimitive(v.toString());
    }
}
