package org.bgml.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.bgml.launcher.report.RunComparison;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;
import org.bgml.launcher.results.Units;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml compare RUN RUN...}: the differences between stored runs, measurement by measurement, against the first
 * run, with the p-value of a two-sided Mann-Whitney U (Wilcoxon rank-sum) test and which samples it used.
 */
@Command(name = "compare", description = "compare stored runs: differences and their significance (rank-sum test)",
        footer = "  bgml compare RUN_A RUN_B")
final class CompareCommand implements Subcommand {
    @Parameters(paramLabel = "RUN", description = "stored runs (store id, run id or its start); the first is the baseline")
    List<String> refs = new ArrayList<>();

    @Mixin
    Stores stores = new Stores();

    @Override
    public String synopsis() {
        return "RUN RUN... [--store PATH]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
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
