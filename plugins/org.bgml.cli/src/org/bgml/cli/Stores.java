package org.bgml.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;

import picocli.CommandLine.Option;

/**
 * The results store the commands read: {@code --store PATH}, else {@code .bgml/results.db} in the current directory.
 * Commands take the option with {@code @Mixin Stores store}.
 */
final class Stores {
    static final String OPTION = "--store";

    @Option(names = OPTION, paramLabel = "PATH", description = "the results store (default: .bgml/results.db here)")
    String given;

    Path location(Invocation in) {
        return given != null ? in.path(given) : in.path(ResultsStore.DEFAULT_LOCATION);
    }

    /** Opens an existing store, or prints why not (naming the path) and returns null. */
    ResultsStore open(Invocation in, String command, PrintStream err) {
        try {
            return ResultsStore.openExisting(location(in));
        } catch (ResultsStoreException e) {
            err.println("bgml " + command + ": " + e.getMessage()
                    + (e.getMessage().startsWith("no results store") ? "; `bgml run` stores runs there, or give " + OPTION + " PATH" : ""));
            return null;
        }
    }

    /** Finds a run by store id, run id or the start of a run id, or prints why not and returns null. */
    static StoredRun run(ResultsStore store, String ref, String command, PrintStream err) throws ResultsStoreException {
        Optional<StoredRun> run = store.run(ref);
        if (run.isEmpty()) {
            err.println("bgml " + command + ": no run '" + ref + "' in " + store.file() + "; `bgml results` lists the stored runs");
            return null;
        }
        return run.get();
    }

    /** Finds every run of {@code refs} in order, or prints why one is missing and returns null. */
    static List<StoredRun> runs(ResultsStore store, List<String> refs, String command, PrintStream err) throws ResultsStoreException {
        List<StoredRun> runs = new ArrayList<>();
        for (String ref : refs) {
            StoredRun run = run(store, ref, command, err);
            if (run == null) {
                return null;
            }
            runs.add(run);
        }
        return runs;
    }
}
