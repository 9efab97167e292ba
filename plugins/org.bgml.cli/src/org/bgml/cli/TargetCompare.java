package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.bgml.generator.common.InvalidModelException;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.generator.common.descriptor.Toolchain;
import org.bgml.launcher.OneClickRun;
import org.bgml.launcher.RunService;
import org.bgml.launcher.report.Knee;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.report.TargetComparison;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;
import org.bgml.model.io.ModelLoadException;
import org.bgml.targets.Targets;
import org.bgml.validation.ModelDiagnostic;

/**
 * The comparison across targets behind {@code bgml compare MODEL --targets ...} and {@code bgml compare RUN...
 * --by-target}: which targets to run (from the registry; those that cannot run here are named with the reason), one
 * run of the model per target, and the tables, one per metric.
 */
final class TargetCompare {
    /** A target chosen but not run, and why. */
    record NotRun(String target, String reason) {
        String line() {
            return target + ": " + reason;
        }
    }

    private TargetCompare() {
    }

    /**
     * The targets {@code spec} names ({@code all}, or ids separated by commas), in the registry's order for
     * {@code all} and in the given order otherwise; those whose toolchain is missing here go to {@code notRun}.
     */
    static List<String> choose(String spec, List<NotRun> notRun) throws UsageException {
        List<TargetDescriptor> named = new ArrayList<>();
        if (spec == null || spec.equals("all")) {
            named.addAll(Targets.all());
        } else {
            Set<String> ids = new LinkedHashSet<>();
            for (String id : spec.split(",")) {
                if (!id.isBlank()) {
                    ids.add(TargetIds.resolve(id.trim()));
                }
            }
            if (ids.isEmpty()) {
                throw new UsageException("--targets needs 'all' or target ids separated by commas, got '" + spec + "'");
            }
            ids.forEach(id -> named.add(Targets.get(id)));
        }
        List<String> chosen = new ArrayList<>();
        for (TargetDescriptor t : named) {
            String missing = Toolchain.detect(t.toolchain(), v -> null, System.getenv(), System.getenv("PATH")).stream()
                    .filter(l -> !l.ok()).map(l -> l.variable().name() + " " + l.problem()).findFirst().orElse(null);
            if (missing == null) {
                chosen.add(t.id());
            } else {
                notRun.add(new NotRun(t.id(), "skipped, it does not run here: " + missing));
            }
        }
        return chosen;
    }

    /**
     * Runs the model once on each target, as {@code bgml run} does (generate, build, run, store, a report per run), but
     * leaves the model file alone. A refused model or an unusable run of one target is named in {@code notRun}, and the
     * others still run. Returns the stored runs in the order of {@code targets}.
     */
    static List<StoredRun> runAll(Invocation in, Path model, List<String> targets, String deployment, String outBase, Path store,
            List<NotRun> notRun) throws UsageException {
        PrintStream err = in.err();
        String stem = model.getFileName().toString().replaceFirst("\\.bgml$", "");
        List<StoredRun> runs = new ArrayList<>();
        for (String target : targets) {
            Path out = outBase != null ? in.path(outBase).resolve(target) : in.path(".bgml", "benchmarks", stem + "-" + target);
            err.println("== " + target + ": " + model + " into " + out);
            CliProgress progress = new CliProgress(err, in.console());
            try {
                OneClickRun.Outcome outcome = new OneClickRun().run(new OneClickRun.Request(
                        new RunService.Request(model, target, deployment, null, out), store, null, in.path(".bgml", "reports"), 0, false),
                        progress);
                progress.end();
                StoredRun stored = outcome.stored();
                err.println("stored run " + stored.id() + " (" + target + ", " + (outcome.ok() ? "ok" : "failed") + ")"
                        + (outcome.report() == null ? "" : ", report " + outcome.report()));
                if (!outcome.ok()) {
                    err.println("  " + target + ": the run failed: " + outcome.result().failure());
                }
                runs.add(stored);
            } catch (ModelLoadException e) {
                progress.end();
                throw new UsageException(e.describe());
            } catch (InvalidModelException e) {
                progress.end();
                for (ModelDiagnostic d : e.diagnostics()) {
                    err.println(model + ": " + d.format());
                }
                notRun.add(new NotRun(target, "the model is refused: "
                        + (e.diagnostics().isEmpty() ? e.getMessage() : e.diagnostics().get(0).format())));
            } catch (IllegalArgumentException | IOException | ResultsStoreException e) {
                progress.end();
                notRun.add(new NotRun(target, "not run: " + e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                notRun.add(new NotRun(target, "interrupted; every benchmark process was stopped"));
                break;
            }
        }
        return runs;
    }

    /** The index of the baseline among the runs: the run of target {@code baseline}, else the first. */
    static int baseline(List<StoredRun> runs, String baseline) throws UsageException {
        if (baseline == null) {
            return 0;
        }
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).record().target().equals(baseline)) {
                return i;
            }
        }
        throw new UsageException("--baseline " + baseline + " names no compared run; the runs are of "
                + String.join(", ", runs.stream().map(r -> r.record().target()).toList()));
    }

    /** Prints one table per metric: p50 and p99 of every target, and their ratios to the baseline's. */
    static void print(TargetComparison c, List<NotRun> notRun, PrintStream out) {
        String base = c.name(c.baseline());
        out.println(c.runs().get(0).record().modelName() + " across " + c.runs().size() + " target(s), baseline " + base + ":");
        for (int i = 0; i < c.runs().size(); i++) {
            StoredRun r = c.runs().get(i);
            out.println("  " + r.record().target() + ": " + r.label() + ", deployment " + r.record().deployment() + ", configuration "
                    + (r.record().configuration() == null ? "none" : r.record().configuration()) + ", " + r.record().status());
        }
        notRun.forEach(n -> out.println("  " + n.line()));
        for (TargetComparison.Table t : c.tables()) {
            out.println();
            out.println(t.metric() + " (" + t.kind() + "), µs; ratios are each target's figure over " + base + "'s:");
            List<String> headers = new ArrayList<>(List.of("ELEMENT"));
            List<Integer> right = new ArrayList<>();
            for (int i = 0; i < c.runs().size(); i++) {
                String n = c.name(i);
                headers.addAll(List.of(n + " p50", n + " p99"));
                if (i != c.baseline()) {
                    headers.addAll(List.of(n + "/" + base + " p50", n + "/" + base + " p99"));
                }
            }
            for (int k = 1; k < headers.size(); k++) {
                right.add(k);
            }
            TextTable table = new TextTable(headers.toArray(String[]::new)).right(right.stream().mapToInt(Integer::intValue).toArray());
            for (TargetComparison.Row row : t.rows()) {
                List<String> cells = new ArrayList<>(List.of(row.label()));
                ResultMeasurement b = row.cells().get(c.baseline());
                for (int i = 0; i < row.cells().size(); i++) {
                    Double p50 = TargetComparison.p50(row.cells().get(i));
                    Double p99 = TargetComparison.p99(row.cells().get(i));
                    cells.add(p50 == null ? "-" : Units.number(p50));
                    cells.add(p99 == null ? "-" : Units.number(p99));
                    if (i != c.baseline()) {
                        cells.add(TargetComparison.times(TargetComparison.ratio(p50, TargetComparison.p50(b))));
                        cells.add(TargetComparison.times(TargetComparison.ratio(p99, TargetComparison.p99(b))));
                    }
                }
                table.row(cells.toArray(String[]::new));
            }
            table.print(out);
            if (TargetComparison.isSweep(t)) {
                List<String> knees = new ArrayList<>();
                for (int i = 0; i < c.runs().size(); i++) {
                    Knee.Result k = TargetComparison.knee(t, i).orElse(null);
                    knees.add(c.name(i) + " " + (k == null ? "none" : Units.bytes(k.size()) + String.format(Locale.ROOT, " (+%s µs)", Units.number(k.step()))));
                }
                out.println("  knee (where the latency-against-size slope changes): " + String.join(", ", knees));
            }
        }
        if (c.tables().isEmpty()) {
            out.println();
            out.println("no timed measurement to compare");
        }
    }

    /** Writes the HTML report: to {@code given}, else under {@code .bgml/reports}; prints where, or why not. */
    static void report(Invocation in, TargetComparison c, List<NotRun> notRun, String given) {
        Path file = given != null ? in.path(given) : in.path(".bgml", "reports", ReportWriter.defaultTargetComparisonName(c.runs()));
        try {
            java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
            Path written = new ReportWriter().writeTargetComparison(c, notRun.stream().map(NotRun::line).toList(), file);
            in.err().println("report: " + written);
        } catch (IOException | RuntimeException e) {
            in.err().println("bgml compare: the report could not be written: " + e.getMessage());
        }
    }
}
