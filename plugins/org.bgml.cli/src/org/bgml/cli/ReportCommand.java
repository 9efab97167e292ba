package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml report --run ID} or {@code bgml report --compare ID ID...}: a self-contained HTML report of one run or a
 * comparison of runs. Requirements come from {@code --model FILE}, else from the model file the run was made from.
 */
@Command(name = "report", description = "write an HTML report of a stored run, or of a comparison of runs",
        footer = { "  bgml report --run RUN_ID", "  bgml report --compare RUN_A RUN_B --out comparison.html" })
final class ReportCommand implements Subcommand {
    @Parameters(hidden = true)
    List<String> unexpected = new ArrayList<>();

    @Option(names = "--run", paramLabel = "ID", description = "the stored run to report (store id, run id or its start)")
    String runRef;

    @Option(names = "--compare", arity = "1..*", paramLabel = "ID", description = "compare these runs (at least two) instead")
    List<String> compare;

    @Option(names = "--out", paramLabel = "FILE", description = "the report file (default: a name made from the run, here)")
    String outFile;

    @Option(names = "--model", paramLabel = "FILE", description = "judge the requirements of this model (default: the run's model file)")
    String modelFile;

    @Mixin
    Stores stores = new Stores();

    @Override
    public String synopsis() {
        return "(--run ID | --compare ID ID...) [--out FILE] [--model FILE] [--store PATH]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        ArgumentChecks.none(unexpected);
        if (compare == null && runRef == null) {
            throw new UsageException("give --run ID for a run report or --compare ID ID... for a comparison");
        }
        if (compare != null && runRef != null) {
            throw new UsageException("give either --run or --compare, not both");
        }
        if (compare != null && compare.size() < 2) {
            throw new UsageException("--compare needs at least two run ids, got " + compare.size());
        }
        List<StoredRun> runs;
        try (ResultsStore store = stores.open(in, name(), err)) {
            if (store == null) {
                return Bgml.UNUSABLE;
            }
            runs = Stores.runs(store, compare != null ? compare : List.of(runRef), name(), err);
            if (runs == null) {
                return Bgml.UNUSABLE;
            }
        } catch (ResultsStoreException e) {
            err.println("bgml " + name() + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        BenchmarkModel model;
        if (modelFile != null) {
            try {
                model = ModelFiles.loadModel(in.path(modelFile));
            } catch (ModelLoadException e) {
                err.println(e.describe());
                return Bgml.UNUSABLE;
            }
        } else {
            model = modelOf(runs.get(0), err);
        }
        ReportWriter writer = new ReportWriter();
        Path target = in.path(outFile != null ? outFile
                : compare != null ? ReportWriter.defaultComparisonName(runs) : ReportWriter.defaultName(runs.get(0)));
        if (Files.isDirectory(target)) {
            err.println("bgml " + name() + ": " + target + " is a folder; --out names the report file");
            return Bgml.UNUSABLE;
        }
        try {
            Path written = compare != null ? writer.writeComparison(runs, model, target) : writer.writeRun(runs.get(0), model, target);
            out.println("wrote " + written);
            return Bgml.OK;
        } catch (IOException e) {
            err.println("bgml " + name() + ": cannot write " + target + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
    }

    /** The model a run was made from, when it is still there and loads; else null with a note. */
    private static BenchmarkModel modelOf(StoredRun run, PrintStream err) {
        String path = run.record().modelPath();
        if (path == null || !Files.isRegularFile(Path.of(path))) {
            err.println("note: the model of " + run.label() + " (" + path + ") is not available; requirements are not judged (give --model FILE)");
            return null;
        }
        try {
            return ModelFiles.loadModel(Path.of(path));
        } catch (ModelLoadException e) {
            err.println("note: requirements are not judged: " + e.describe());
            return null;
        }
    }
}
