package org.bgml.launcher.report;

import com.google.gson.Gson;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * One self-contained HTML page: sections of static HTML plus ECharts plots. Each plot is a {@code div.chart}
 * whose options travel as JSON in the page; a small script renders them (SVG renderer) and writes a render status
 * into {@code #bgml-render-status} ({@code {"charts":N,"rendered":N,"errors":[...]}}) for tests and for the reader.
 * Public so that other report writers (the experiment analysis) build their pages the same way.
 */
public final class Page {
    private static final Gson GSON = new Gson(); // HTML-safe escaping: the JSON can sit inside a <script> element

    private final String title;
    private final StringBuilder body = new StringBuilder();
    private final JsonArray charts = new JsonArray();

    public Page(String title) {
        this.title = title;
    }

    public Page html(String html) {
        body.append(html);
        return this;
    }

    public Page section(String id, String heading) {
        body.append("<h2 id=\"").append(id).append("\">").append(Html.esc(heading)).append("</h2>\n");
        return this;
    }

    public Page paragraph(String text) {
        body.append("<p>").append(Html.esc(text)).append("</p>\n");
        return this;
    }

    public Page note(String text) {
        body.append("<p class=\"note\">").append(Html.esc(text)).append("</p>\n");
        return this;
    }

    /** Adds a plot; {@code kind} names what it shows (histogram, cdf, throughput, sweep, scenario, whitebox, comparison). */
    public Page chart(String kind, JsonObject option) {
        String id = "chart-" + (charts.size() + 1);
        body.append("<div class=\"chart ").append(kind).append("\" id=\"").append(id).append("\" data-kind=\"").append(kind)
                .append("\"></div>\n");
        JsonObject spec = new JsonObject();
        spec.addProperty("id", id);
        spec.add("option", option);
        charts.add(spec);
        return this;
    }

    public int charts() {
        return charts.size();
    }

    public String render(String echarts, String generator) {
        StringBuilder b = new StringBuilder(echarts.length() + body.length() + 16_384);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>").append(Html.esc(title))
                .append("</title>\n<meta name=\"generator\" content=\"").append(Html.esc(generator)).append("\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>\n").append(CSS)
                .append("</style>\n</head>\n<body>\n<main>\n<h1>").append(Html.esc(title)).append("</h1>\n").append(body)
                .append("<footer>Written by ").append(Html.esc(generator))
                .append(". Plots: Apache ECharts (Apache License 2.0), inlined so that this file needs nothing else.</footer>\n")
                .append("</main>\n<pre id=\"bgml-render-status\" hidden></pre>\n")
                .append("<script type=\"application/json\" id=\"bgml-charts\">").append(GSON.toJson(charts)).append("</script>\n")
                .append("<script>\n").append(echarts.replace("</script", "<\\/script")).append("\n</script>\n")
                .append("<script>\n").append(BOOT).append("</script>\n</body>\n</html>\n");
        return b.toString();
    }

    private static final String CSS = """
            body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0; color: #1d2330; background: #fafbfc; }
            main { max-width: 1180px; margin: 0 auto; padding: 16px 24px 40px; }
            h1 { font-size: 22px; margin: 8px 0 4px; }
            h2 { font-size: 17px; margin: 28px 0 8px; border-bottom: 1px solid #d8dde6; padding-bottom: 4px; }
            h3 { font-size: 14px; margin: 18px 0 6px; }
            table { border-collapse: collapse; margin: 6px 0 12px; font-size: 13px; background: #fff; display: block; overflow-x: auto; max-width: 100%; }
            th, td { border: 1px solid #d8dde6; padding: 3px 8px; text-align: left; vertical-align: top; white-space: nowrap; }
            table.kv td, table.summary td:nth-last-child(2), table.differences td:nth-last-child(2), table.processes td { white-space: normal; }
            th { background: #eef1f6; font-weight: 600; }
            td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
            table.kv th { width: 190px; }
            .chart { width: 100%; max-width: 1100px; height: 360px; background: #fff; border: 1px solid #e2e6ee; margin: 8px 0 14px; }
            .chart.whitebox, .chart.comparison { height: 420px; }
            .verdict { font-weight: 700; padding: 1px 6px; border-radius: 3px; }
            .verdict.pass { background: #dff5e3; color: #146c2e; }
            .verdict.fail { background: #fde2e1; color: #a4161a; }
            .status-ok { color: #146c2e; font-weight: 700; }
            .status-failed { color: #a4161a; font-weight: 700; }
            .warnings { background: #fff7e0; border: 1px solid #f0d37a; padding: 8px 14px; margin: 10px 0; }
            .warnings li { margin: 4px 0; }
            .substitutions { background: #eef4ff; border: 1px solid #9db7e8; padding: 8px 14px; margin: 10px 0; }
            .substitution { color: #2a4d8f; font-style: italic; white-space: nowrap; }
            .failure { background: #fde2e1; border: 1px solid #f1a3a0; padding: 8px 14px; margin: 10px 0; }
            pre.log { background: #1d2330; color: #e8ebf1; padding: 8px; font-size: 12px; overflow-x: auto; }
            .muted, .note { color: #6b7385; }
            .note { font-size: 12px; }
            footer { margin-top: 36px; font-size: 12px; color: #6b7385; }
            """;

    private static final String BOOT = """
            (function () {
              var specs = JSON.parse(document.getElementById('bgml-charts').textContent);
              var status = { charts: specs.length, rendered: 0, errors: [] };
              var charts = [];
              specs.forEach(function (spec) {
                var el = document.getElementById(spec.id);
                try {
                  if (typeof echarts === 'undefined') { throw new Error('the plotting library did not load'); }
                  var chart = echarts.init(el, null, { renderer: 'svg' });
                  chart.setOption(spec.option);
                  charts.push(chart);
                  el.setAttribute('data-rendered', 'true');
                  status.rendered++;
                } catch (e) {
                  status.errors.push(spec.id + ': ' + e.message);
                  el.textContent = 'This plot could not be drawn: ' + e.message;
                }
              });
              if (typeof echarts !== 'undefined') { status.echarts = echarts.version; }
              document.getElementById('bgml-render-status').textContent = JSON.stringify(status);
              window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
            })();
            """;
}
