package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.bgml.launcher.report.RunComparison;
import org.bgml.launcher.report.TargetComparison;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml compare RUN RUN...}: the differences between stored runs, measurement by measurement, against the first
 * run, with the p-value of a two-sided Mann-Whitney U (Wilcoxon rank-sum) test and which samples it used.
 * <p>
 * {@code bgml compare MODEL [--targets all|T,T...] [--baseline T]}: the model run once on every target that runs here
 * (the registry's targets; the others are named with the reason), each run stored, then one table per metric with
 * every target's median and p99 and their ratios to the baseline target's, and an HTML report with one plot per
 * metric. {@code --by-target} makes the same tables from stored runs of different targets.
 */
@Command(name = "compare", description = "compare stored runs (rank-sum test), or one model across targets: run it on each, one table per metric",
        footer = { "  bgml compare RUN_A RUN_B", "  bgml compare examples/roundtrip.bgml --targets all --baseline ace",
                "  bgml compare 12 13 14 --by-target --baseline ace" })
final class CompareCommand implements Subcommand {
    @Parameters(paramLabel = "RUN|MODEL", description = "stored runs (store id, run id or its start; the first is the baseline),"
            + " or one model file (.bgml) to run on each target")
    List<String> refs = new ArrayList<>();

    @Option(names = "--targets", paramLabel = "T,T...", description = "with a model: the targets to run it on, or all (default: all; "
            + "targets whose toolchain is missing here are skipped with the reason)")
    String targets;

    @Option(names = "--baseline", paramLabel = "T", completionCandidates = TargetIds.class,
            description = "across targets: the target the ratios are against (default: the first target compared)")
    String baseline;

    @Option(names = "--by-target", description = "with stored runs: put them side by side by target (one run per target), as for a model")
    boolean byTarget;

    @Option(names = "--deployment", paramLabel = "NAME", description = "with a model: the deployment to run (default: the model's first)")
    String deployment;

    @Option(names = "--out", paramLabel = "DIR", description = "with a model: the build folders, DIR/TARGET (default: .bgml/benchmarks/MODEL-TARGET)")
    String outDir;

    @Option(names = "--report", paramLabel = "FILE", description = "across targets: the HTML report (default: under .bgml/reports/)")
    String reportFile;

    @Mixin
    Stores stores = new Stores();

    @Override
    public String synopsis() {
        return "RUN RUN... [--by-target [--baseline T] [--report FILE]] [--store PATH]"
                + " | MODEL [--targets all|T,T...] [--baseline T] [--deployment NAME] [--out DIR] [--report FILE] [--store PATH]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        if (refs.size() == 1 && refs.get(0).endsWith(".bgml")) {
            return acrossTargets(in);
        }
        if (targets != null || deployment != null || outDir != null) {
            throw new UsageException("--targets, --deployment and --out go with a model file (.bgml), not with stored runs");
        }
        if (byTarget) {
            return storedByTarget(in);
        }
        if (baseline != null || reportFile != null) {
            throw new UsageException("--baseline and --report go with --by-target or a model file; for stored runs the first is the baseline");
        }
        if (refs.size() < 2) {
            throw new UsageException("compare needs at least two runs, got " + refs.size());
        }
        List<StoredRun> runs;
        try (ResultsStore store = stores.open(in, name(), err)) {
            if (store == null) {
                return Bgml.UNUSABLE;
            }
            runs = Stores.runs(store, refs, name(), err);
            if (runs == null) {
                return Bgml.UNUSABLE;
            }
        } catch (ResultsStoreException e) {
            err.println("bgml " + name() + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        RunComparison comparison = RunComparison.of(runs);
        for (int i = 0; i < runs.size(); i++) {
            StoredRun r = runs.get(i);
            out.println((i == 0 ? "baseline: " : "run:      ") + r.label() + ", " + r.record().target() + ", deployment "
                    + r.record().deployment() + ", configuration " + r.record().configuration() + ", " + r.record().status());
        }
        Set<String> samplesUsed = new LinkedHashSet<>();
        for (int i = 1; i < runs.size(); i++) {
            out.println();
            out.println(runs.get(i).label() + " against " + runs.get(0).label() + ":");
            TextTable t = new TextTable("MEASUREMENT", "FIGURE", "BASELINE", "RUN " + runs.get(i).id(), "DIFFERENCE", "DIFF %", "P-VALUE", "TEST")
                    .right(2, 3, 4, 5, 6);
            List<String> notes = new ArrayList<>();
            for (RunComparison.Row row : comparison.rows()) {
                MeasurementRecord base = row.baseline();
                MeasurementRecord other = row.measurements().get(i);
                if (base == null || other == null) {
                    continue;
                }
                Double b = RunComparison.figure(base.figures());
                Double o = RunComparison.figure(other.figures());
                if (b == null || o == null) {
                    continue;
                }
                RunComparison.Test test = row.tests().get(i);
                String testName = "none (no samples)";
                if (test != null) {
                    testName = test.samples().equals(RunComparison.RAW) ? "rank-sum, raw" : "rank-sum, histogram";
                    samplesUsed.add(test.samples());
                    if (test.note() != null) {
                        notes.add(row.label() + ": histogram-expanded samples because " + test.note());
                    }
                }
                t.row(row.label(), RunComparison.figureName(base.figures()), Units.number(b), Units.number(o), signed(o - b),
                        b == 0 ? "" : signed(100 * (o - b) / b) + "%", test == null ? "-" : pValue(test.pValue()), testName);
            }
            if (t.isEmpty()) {
                out.println("  no measurement in common");
            } else {
                t.print(out);
            }
            notes.stream().distinct().limit(10).forEach(n -> out.println("  note: " + n));
            for (RunComparison.Row row : comparison.rows()) {
                if (row.baseline() == null && row.measurements().get(i) != null) {
                    out.println("  only in " + runs.get(i).label() + ": " + row.label());
                } else if (row.baseline() != null && row.measurements().get(i) == null) {
                    out.println("  only in the baseline: " + row.label());
                }
            }
        }
        out.println();
        out.println("test: two-sided Mann-Whitney U (Wilcoxon rank-sum), normal approximation (Apache Commons Math 3.6.1);"
                + " p < 0.05 means the two samples differ in location beyond chance.");
        if (samplesUsed.contains(RunComparison.RAW)) {
            out.println("  'raw': on the raw sample files of both runs.");
        }
        if (samplesUsed.contains(RunComparison.HISTOGRAM)) {
            out.println("  'histogram': on samples expanded from the stored histograms (each bucket's count at its midpoint),"
                    + " because raw sample files were not kept by both runs; ties within a bucket make it less exact.");
        }
        return Bgml.OK;
    }

    /** One model, one run per target, one table per metric. Exit 1 when a target's run failed or was refused. */
    private int acrossTargets(Invocation in) throws UsageException {
        if (byTarget) {
            throw new UsageException("--by-target is for stored runs; a model file is compared across targets anyway");
        }
        if (baseline != null) {
            TargetIds.resolve(baseline);
        }
        List<TargetCompare.NotRun> notRun = new ArrayList<>();
        List<String> chosen = TargetCompare.choose(targets, notRun);
        Path model = in.path(refs.get(0));
        if (!Files.isRegularFile(model)) {
            throw new UsageException("no model file " + model);
        }
        if (baseline != null && !chosen.contains(baseline)) {
            throw new UsageException("--baseline " + baseline + " is not among the targets that run here: " + String.join(", ", chosen)
                    + notRun.stream().filter(n -> n.target().equals(baseline)).map(n -> " (" + n.line() + ")").findFirst().orElse(""));
        }
        notRun.forEach(n -> in.err().println("note: " + n.line()));
        if (chosen.isEmpty()) {
            in.err().println("bgml compare: none of the chosen targets runs here");
            return Bgml.UNUSABLE;
        }
        List<StoredRun> runs = TargetCompare.runAll(in, model, chosen, deployment, outDir, stores.location(in), notRun);
        if (runs.isEmpty()) {
            notRun.forEach(n -> in.err().println("bgml compare: " + n.line()));
            return Bgml.MODEL_ERRORS;
        }
        in.err().println("stored in " + stores.location(in).toAbsolutePath().normalize());
        TargetComparison comparison = TargetComparison.of(runs, TargetCompare.baseline(runs, baseline));
        in.out().println();
        TargetCompare.print(comparison, notRun, in.out());
        TargetCompare.report(in, comparison, notRun, reportFile);
        boolean allRan = runs.size() == chosen.size() && runs.stream().allMatch(r -> r.record().ok());
        return allRan ? Bgml.OK : Bgml.MODEL_ERRORS;
    }

    /** Stored runs of different targets, side by side as {@link #acrossTargets} prints them. */
    private int storedByTarget(Invocation in) throws UsageException {
        if (refs.size() < 2) {
            throw new UsageException("--by-target needs at least two runs, got " + refs.size());
        }
        List<StoredRun> runs;
        try (ResultsStore store = stores.open(in, name(), in.err())) {
            if (store == null) {
                return Bgml.UNUSABLE;
            }
            runs = Stores.runs(store, refs, name(), in.err());
            if (runs == null) {
                return Bgml.UNUSABLE;
            }
        } catch (ResultsStoreException e) {
            in.err().println("bgml " + name() + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        Set<String> seen = new LinkedHashSet<>();
        for (StoredRun r : runs) {
            if (!seen.add(r.record().target())) {
                throw new UsageException("--by-target takes one run per target; two of the runs are " + r.record().target()
                        + " (compare runs of one target without --by-target)");
            }
        }
        Set<String> models = new LinkedHashSet<>();
        runs.forEach(r -> models.add(r.record().modelName()));
        if (models.size() > 1) {
            in.err().println("note: the runs are of different models (" + String.join(", ", models) + "); measurements match by name");
        }
        TargetComparison comparison = TargetComparison.of(runs, TargetCompare.baseline(runs, baseline));
        TargetCompare.print(comparison, List.of(), in.out());
        if (reportFile != null) {
            TargetCompare.report(in, comparison, List.of(), reportFile);
        }
        return Bgml.OK;
    }

    private static String signed(double v) {
        return (v > 0 ? "+" : v < 0 ? "-" : "±") + Units.number(Math.abs(v));
    }

    private static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "n/a";
        }
        if (p == 0) {
            return "< 1e-300";
        }
        return p < 1e-4 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.4f", p);
    }
}
