package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.bgml.analysis.Analysis;
import org.bgml.analysis.AnalysisReport;
import org.bgml.analysis.AnalysisText;
import org.bgml.analysis.ConfigurationTable;
import org.bgml.analysis.Factor;
import org.bgml.analysis.Response;
import org.bgml.analysis.StoreTables;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.Experiment;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml analyze FILE --experiment NAME}: which options matter in an experiment's stored runs. Prints the main
 * effects with their tests and stars, the strongest interaction, the subset fixed with {@code --fix OPTION=LEVEL}
 * (repeatable; the unset options are {@code *}) against the whole space with the unset options that still matter, and
 * the classification tree of the worst {@code --worst PCT}% runs. {@code --adjusted} tests each factor on the response
 * less the other factors' main effects (more power with few runs). {@code --report OUT.html} also writes the HTML report.
 */
@Command(name = "analyze",
        description = "which options matter in an experiment: main effects, subsets (--fix), worst-configuration tree, HTML report",
        footer = "  bgml analyze examples/omniorb-options-experiment.bgml --fix threadPerConnectionPolicy=0 --report a.html")
final class AnalyzeCommand implements Subcommand {
    private static final String FIX = "--fix";

    @Parameters(paramLabel = "FILE", description = "the model that declares the experiment")
    List<String> files = new ArrayList<>();

    @Option(names = "--experiment", paramLabel = "NAME", description = "the experiment (needed when the model has more than one)")
    String experimentName;

    @Option(names = FIX, paramLabel = "OPTION=LEVEL", description = "analyse the subset with OPTION at LEVEL (repeatable, or comma-separated)")
    List<String> fixes = new ArrayList<>();

    @Option(names = "--worst", paramLabel = "PCT", description = "the share of runs the classification tree calls worst (default 10)")
    String worstPercent;

    @Option(names = "--response", paramLabel = "RESPONSE", description = "latency or throughput (default: latency)")
    String responseName;

    @Option(names = "--measurement", paramLabel = "LABEL", description = "the measurement to analyse when runs hold several")
    String measurement;

    @Option(names = "--adjusted", description = "test each factor on the response less the other factors' main effects")
    boolean adjusted;

    @Option(names = "--seed", paramLabel = "N", description = "the seed of the tree's sampling (default 1)")
    String seedValue;

    @Option(names = "--report", paramLabel = "OUT.html", description = "also write the HTML report")
    String reportFile;

    @Mixin
    Stores stores = new Stores();

    @Override
    public String synopsis() {
        return "FILE --experiment NAME [--fix OPTION=LEVEL]... [--worst PCT] [--response latency|throughput] [--measurement LABEL]"
                + " [--adjusted] [--seed N] [--report OUT.html] [--store PATH]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        Map<String, String> fixed = new LinkedHashMap<>();
        for (String fix : fixes) {
            for (String part : fix.split(",")) {
                int eq = part.indexOf('=');
                if (eq <= 0 || eq == part.length() - 1) {
                    throw new UsageException(FIX + " takes OPTION=LEVEL, got '" + part + "'");
                }
                String option = part.substring(0, eq).trim();
                if (fixed.containsKey(option)) {
                    throw new UsageException(option + " fixed twice");
                }
                fixed.put(option, part.substring(eq + 1).trim());
            }
        }
        String file = ArgumentChecks.single(files, "model file");
        Response response;
        double worst;
        long seed;
        try {
            response = Response.parse(responseName == null ? "latency" : responseName);
            worst = worstPercent == null ? 10 : Double.parseDouble(worstPercent.replace("%", ""));
            seed = seedValue == null ? 1 : Long.parseLong(seedValue);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e instanceof NumberFormatException ? "--worst and --seed take numbers: " + e.getMessage() : e.getMessage());
        }
        if (!(worst > 0 && worst < 100)) {
            throw new UsageException("--worst takes a percentage above 0 and below 100, got " + worstPercent);
        }
        BenchmarkModel model;
        try {
            model = ModelFiles.loadModel(in.path(file));
        } catch (ModelLoadException e) {
            err.println(e.describe());
            return Bgml.UNUSABLE;
        }
        Experiment experiment = null;
        for (Experiment e : model.getExperiments()) {
            if (experimentName == null ? model.getExperiments().size() == 1 : experimentName.equals(e.getName())) {
                experiment = e;
            }
        }
        if (experiment == null) {
            List<String> names = model.getExperiments().stream().map(Experiment::getName).toList();
            err.println("bgml " + name() + ": " + (experimentName == null ? "give --experiment NAME" : "no experiment '" + experimentName + "' in " + file)
                    + (names.isEmpty() ? " (the model has no experiments)" : " (experiments: " + String.join(", ", names) + ")"));
            return Bgml.UNUSABLE;
        }
        List<Factor> declared = experiment.getFactors().stream().map(f -> new Factor(f.getName(), List.copyOf(f.getLevels()))).toList();
        ConfigurationTable table;
        try (ResultsStore store = stores.open(in, name(), err)) {
            if (store == null) {
                return Bgml.UNUSABLE;
            }
            table = StoreTables.read(store, experiment.getName(), declared, measurement);
        } catch (ResultsStoreException e) {
            err.println("bgml " + name() + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        if (table.size() == 0) {
            err.println("bgml " + name() + ": none of the " + table.dropped().size() + " runs of " + experiment.getName() + " can be analysed:");
            table.dropped().stream().limit(10).forEach(d -> err.println("  " + d));
            return Bgml.MODEL_ERRORS;
        }
        Analysis analysis;
        try {
            analysis = Analysis.of(table, new Analysis.Options(response, fixed, worst, seed, adjusted));
        } catch (IllegalArgumentException e) {
            err.println("bgml " + name() + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        AnalysisText.print(analysis, out);
        if (reportFile != null) {
            try {
                Path written = AnalysisReport.write(analysis, in.path(reportFile));
                out.println("report: " + written);
            } catch (IOException e) {
                err.println("bgml " + name() + ": cannot write the report: " + e.getMessage());
                return Bgml.UNUSABLE;
            }
        }
        return Bgml.OK;
    }
}
