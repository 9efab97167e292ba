package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.launcher.results.ModelAnnotator;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.io.ModelLoadException;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml annotate FILE --run ID}: writes a stored run into the model's results viewpoint, judged against the
 * requirements, and saves the model atomically. Exit 1 when the run failed or a requirement is broken.
 */
@Command(name = "annotate", description = "write a stored run's measurements and verdicts into a model",
        footer = "  bgml annotate examples/roundtrip.bgml --run RUN_ID")
final class AnnotateCommand implements Subcommand {
    @Parameters(paramLabel = "FILE", description = "the model to annotate (saved atomically)")
    List<String> files = new ArrayList<>();

    @Option(names = "--run", paramLabel = "ID", description = "the stored run (store id, run id or its start)")
    String ref;

    @Option(names = "--keep", paramLabel = "N", description = "keep the newest N result sets in the model")
    String keepCount;

    @Mixin
    Stores stores = new Stores();

    @Override
    public String synopsis() {
        return "FILE --run ID [--keep N] [--store PATH]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        Path file = in.path(ArgumentChecks.single(files, "model file"));
        ArgumentChecks.required(ref, "--run");
        int keep = 0;
        if (keepCount != null) {
            try {
                keep = Integer.parseInt(keepCount);
            } catch (NumberFormatException e) {
                keep = -1;
            }
            if (keep <= 0) {
                throw new UsageException("--keep needs a positive number of result sets to keep, got '" + keepCount + "'");
            }
        }
        StoredRun run;
        try (ResultsStore store = stores.open(in, name(), err)) {
            if (store == null) {
                return Bgml.UNUSABLE;
            }
            run = Stores.run(store, ref, name(), err);
            if (run == null) {
                return Bgml.UNUSABLE;
            }
        } catch (ResultsStoreException e) {
            err.println("bgml " + name() + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        ModelAnnotator.Summary s;
        try {
            s = new ModelAnnotator().annotate(file, run, keep);
        } catch (ModelLoadException e) {
            err.println(e.describe());
            return Bgml.UNUSABLE;
        } catch (ModelAnnotator.AnnotationException e) {
            err.println("bgml " + name() + ": " + e.getMessage());
            return Bgml.MODEL_ERRORS;
        } catch (IOException e) {
            err.println("bgml " + name() + ": cannot save " + file + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        }
        out.println("annotated " + file + " with " + run.label() + " as result set " + s.resultSetName() + ": "
                + Plural.of(s.measurements(), "measurement") + ", " + s.attached() + " attached to model elements");
        out.println("requirements: " + s.passed() + " passed, " + s.failed() + " failed");
        for (String j : s.judgements()) {
            out.println("  " + j);
        }
        if (s.pruned() > 0) {
            out.println("pruned " + Plural.of(s.pruned(), "older result set") + " (--keep " + keep + ")");
        }
        if (!run.record().ok()) {
            err.println("note: " + run.label() + " failed: " + run.record().failure());
        }
        if (s.modelChanged()) {
            err.println("note: " + file + " has changed since " + run.label() + " ran (its SHA-256 differs)");
        }
        for (String u : s.unresolved()) {
            err.println("warning: " + u + " is not in the model (renamed or deleted since the run?); " + (u.startsWith("metric ")
                    ? "its measurements are kept without a metric and are not judged"
                    : "its measurements keep the path and stay unattached"));
        }
        return s.failed() > 0 || !run.record().ok() ? Bgml.MODEL_ERRORS : Bgml.OK;
    }
}
