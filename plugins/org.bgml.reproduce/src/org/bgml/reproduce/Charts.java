package org.bgml.reproduce;

import static org.bgml.launcher.report.ChartOptions.arr;
import static org.bgml.launcher.report.ChartOptions.obj;
import static org.bgml.launcher.report.ChartOptions.round;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/** The ECharts options of the reproduction report's plots, built with the launcher report's JSON helpers. */
final class Charts {
    private Charts() {
    }

    /** Latency against payload size on log-2 axes, the plain and the component sweep, the knee marked. */
    static JsonObject sweep(Reproduction.Sweep plain, Reproduction.Sweep component, Verdict verdict) {
        JsonArray series = new JsonArray();
        series.add(line("plain servant (TAO-TAO)", plain));
        if (component.sizes().length > 0) {
            series.add(line("component (CIAO-CIAO)", component));
        }
        JsonObject o = base("median round trip against payload size" + (verdict.ratio() == null ? "" : ", knee step " + Rules.times(verdict.ratio())),
                obj("type", "log", "logBase", 2, "name", "payload (bytes)", "nameLocation", "middle", "nameGap", 28),
                obj("type", "value", "name", "latency (µs)", "scale", true), series);
        o.add("tooltip", obj("trigger", "axis"));
        return o;
    }

    private static JsonObject line(String name, Reproduction.Sweep s) {
        JsonArray data = new JsonArray();
        for (int i = 0; i < s.sizes().length; i++) {
            data.add(arr(s.sizes()[i], round(s.latenciesUs()[i])));
        }
        return obj("type", "line", "name", name, "data", data, "symbolSize", 6);
    }

    /** One bar per name. */
    static JsonObject bars(String title, String unit, List<String> names, List<Double> values) {
        return bars(title, unit, names, values, false);
    }

    /** One bar per name, on a log axis when the bars differ by orders of magnitude. */
    static JsonObject bars(String title, String unit, List<String> names, List<Double> values, boolean log) {
        JsonArray data = new JsonArray();
        values.forEach(v -> data.add(round(v)));
        JsonArray cats = new JsonArray();
        names.forEach(cats::add);
        JsonArray series = arr(obj("type", "bar", "name", unit, "data", data, "barMaxWidth", 48, "label", obj("show", true, "position", "top")));
        return base(title, obj("type", "category", "data", cats), log ? obj("type", "log", "name", unit) : obj("type", "value", "name", unit),
                series);
    }

    /** Each cycle's segment means stacked, beside the measured cycle. */
    static JsonObject segments(StoredRun run, List<Rules.Cycle> cycles) {
        Map<String, double[]> bySegment = new LinkedHashMap<>();
        List<String> labels = cycles.stream().map(Rules.Cycle::label).toList();
        for (MeasurementRecord r : run.record().measurements()) {
            ResultMeasurement m = r.figures();
            if (m.segment() == null || m.mean() == null) {
                continue;
            }
            String label = m.metric() + " at " + m.element();
            int i = labels.indexOf(label);
            if (i >= 0) {
                bySegment.computeIfAbsent(m.segment(), s -> new double[labels.size()])[i] += Units.micros(m.mean(), m.unit());
            }
        }
        JsonArray series = new JsonArray();
        bySegment.forEach((segment, values) -> {
            JsonArray data = new JsonArray();
            for (double v : values) {
                data.add(round(v));
            }
            series.add(obj("type", "bar", "name", segment, "stack", "segments", "data", data, "barMaxWidth", 40));
        });
        JsonArray measured = new JsonArray();
        cycles.forEach(c -> measured.add(round(c.cycleMean())));
        series.add(obj("type", "scatter", "name", "cycle (measured)", "symbol", "diamond", "symbolSize", 14, "data", measured));
        JsonArray cats = new JsonArray();
        labels.forEach(cats::add);
        return base("segment means stacked against the measured cycle", obj("type", "category", "data", cats),
                obj("type", "value", "name", "mean (µs)"), series);
    }

    /** Latency histograms as outlines on a log axis, one per placement. */
    static JsonObject histograms(List<String> names, List<ResultMeasurement> ms) {
        JsonArray series = new JsonArray();
        for (int k = 0; k < names.size(); k++) {
            ResultMeasurement m = ms.get(k);
            long total = m.histogram().stream().mapToLong(ResultMeasurement.Bucket::count).sum();
            List<double[]> pts = new ArrayList<>();
            for (ResultMeasurement.Bucket b : m.histogram()) {
                double lower = Units.micros(Math.max(b.lower(), 1), m.unit());
                double upper = Units.micros(b.upper(), m.unit());
                double share = total == 0 ? 0 : 100.0 * b.count() / total;
                pts.add(new double[] { lower, share });
                pts.add(new double[] { upper, share });
            }
            JsonArray data = new JsonArray();
            pts.forEach(p -> data.add(arr(round(p[0]), round(p[1]))));
            series.add(obj("type", "line", "name", names.get(k), "data", data, "symbol", "none", "areaStyle", obj("opacity", 0.2)));
        }
        return base("round-trip latency by placement (share of samples per bucket)",
                obj("type", "log", "logBase", 10, "name", "latency (µs)", "nameLocation", "middle", "nameGap", 28),
                obj("type", "value", "name", "% of samples"), series);
    }

    private static JsonObject base(String title, JsonObject x, JsonObject y, JsonArray series) {
        return obj("animation", false, "title", obj("text", title, "left", "center", "textStyle", obj("fontSize", 13)),
                "tooltip", obj("trigger", "item"), "legend", obj("top", 24, "type", "scroll"),
                "grid", obj("left", 60, "right", 40, "top", 58, "bottom", 40, "containLabel", true), "xAxis", x, "yAxis", y,
                "series", series);
    }
}
