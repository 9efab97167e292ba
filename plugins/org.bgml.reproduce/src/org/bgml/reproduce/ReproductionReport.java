package org.bgml.reproduce;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.bgml.launcher.report.Html;
import org.bgml.launcher.report.Page;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.ToolVersion;
import org.bgml.model.io.ModelFiles;

/**
 * What a reproduction tells its reader: the table of the findings (seed figure, ours, ratio, verdict) as text, and the
 * HTML page with one section per finding (the seed's claim, our plot, the ratio, the environment, and what would change
 * the result).
 */
public final class ReproductionReport {
    private ReproductionReport() {
    }

    /** The table of the findings, then one block per finding with the seed's figure, ours and the reason. */
    public static void print(Reproduction.Outcome outcome, PrintStream out) {
        String target = outcome.options().target();
        out.println("seed findings on " + target + " (" + (outcome.options().quick() ? "quick" : "full") + " run, "
                + Reproduction.seconds(outcome.nanos()) + ")");
        out.println(String.format(Locale.ROOT, "%-2s %-16s %-12s %-12s %s", "#", "finding", "seed ratio", "our ratio", "verdict"));
        for (Reproduction.Result r : outcome.results()) {
            out.println(String.format(Locale.ROOT, "%-2d %-16s %-12s %-12s %s", r.finding().number(), r.finding().title(),
                    orDash(Verdict.ratio(r.finding().seedRatio())), orDash(Verdict.ratio(r.verdict().ratio())), r.verdict().status().text()));
        }
        for (Reproduction.Result r : outcome.results()) {
            out.println();
            out.println(r.finding().number() + ". " + r.finding().title() + ": " + r.verdict().status().text());
            out.println("   seed: " + r.finding().seedFigure() + " [" + r.finding().source() + "]");
            if (r.verdict().figure() != null) {
                out.println("   ours: " + r.verdict().figure());
            }
            out.println("   why:  " + r.verdict().reason());
        }
        out.println();
        out.println(outcome.count(Verdict.Status.REPRODUCED) + " reproduced, " + outcome.count(Verdict.Status.NOT_REPRODUCED)
                + " not reproduced, " + outcome.count(Verdict.Status.NOT_RUN) + " not run");
    }

    private static String orDash(String s) {
        return s.isEmpty() ? "-" : s;
    }

    /** Writes the HTML report to {@code file} (atomically); returns its absolute path. */
    public static Path write(Reproduction.Outcome outcome, Path file) throws IOException {
        Page page = page(outcome);
        Path target = file.toAbsolutePath().normalize();
        if (target.getParent() != null) {
            Files.createDirectories(target.getParent());
        }
        ModelFiles.writeAtomically(target, page.render(ReportWriter.echarts(), ToolVersion.current()).getBytes(StandardCharsets.UTF_8));
        return target;
    }

    static Page page(Reproduction.Outcome outcome) {
        String target = outcome.options().target();
        Page page = new Page("The seeds' findings on " + target + ", here");
        page.paragraph("Each section sets a finding of the seed papers beside the same shape measured on this machine with bgml, on the "
                + target + " target, in a " + (outcome.options().quick() ? "quick run (fewer samples, fewer payload sizes, shorter loops)"
                        : "full run") + " that took " + Reproduction.seconds(outcome.nanos()) + ". The verdict judges the shape (who is"
                + " faster, and by roughly how much), not the values: the papers ran on 2004 testbeds with a machine per process.");
        List<List<String>> rows = new ArrayList<>();
        for (Reproduction.Result r : outcome.results()) {
            rows.add(List.of(String.valueOf(r.finding().number()), "<a href=\"#" + r.finding().anchor() + "\">" + Html.esc(r.finding().title()) + "</a>",
                    Html.esc(r.finding().seedFigure()), Html.esc(r.verdict().figure() == null ? "-" : r.verdict().figure()),
                    Html.esc(Verdict.ratio(r.verdict().ratio())), verdict(r.verdict())));
        }
        page.html("<style>table.summary td { white-space: normal; min-width: 60px; }</style>\n");
        page.html(Html.table("summary", List.of("#", "finding", "seed figure", "our figure", "our ratio", "verdict"), rows));
        if (!outcome.failures().isEmpty()) {
            StringBuilder b = new StringBuilder("<div class=\"failure\"><p>Runs that failed:</p><ul>");
            outcome.failures().forEach(f -> b.append("<li>").append(Html.esc(f)).append("</li>"));
            page.html(b.append("</ul></div>\n").toString());
        }
        for (Reproduction.Result r : outcome.results()) {
            Finding f = r.finding();
            page.section(f.anchor(), f.number() + ". " + f.title());
            page.paragraph("The seed's claim: " + f.claim());
            List<String[]> kv = new ArrayList<>();
            kv.add(new String[] { "seed", f.source() });
            kv.add(new String[] { "seed figure", f.seedFigure() });
            kv.add(new String[] { "seed ratio", Verdict.ratio(f.seedRatio()) });
            kv.add(new String[] { "our figure", r.verdict().figure() });
            kv.add(new String[] { "our ratio", Verdict.ratio(r.verdict().ratio()) });
            kv.add(new String[] { "why", r.verdict().reason() });
            kv.add(new String[] { "environment", r.environment() });
            kv.add(new String[] { "runs", r.runs().isEmpty() ? null : String.join(", ", r.runs()) + " (bgml report --run ID for every figure)" });
            page.html("<p>" + verdict(r.verdict()) + "</p>\n");
            page.html(Html.keyValues(kv));
            if (r.chart() != null) {
                page.chart("reproduction", r.chart());
            }
            page.note("What would change the result: " + f.whatChangesIt());
        }
        return page;
    }

    private static String verdict(Verdict v) {
        String css = switch (v.status()) {
            case REPRODUCED -> "pass";
            case NOT_REPRODUCED -> "fail";
            case NOT_RUN -> "muted";
        };
        return "<span class=\"verdict " + css + "\">" + Html.esc(v.status().text()) + "</span>";
    }
}
