package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Collectors;

import org.bgml.generator.common.descriptor.Toolchain;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.launcher.OneClickRun;
import org.bgml.launcher.RunService;
import org.bgml.model.io.ModelLoadException;
import org.bgml.reproduce.Reproduction;
import org.bgml.reproduce.ReproductionReport;
import org.bgml.targets.Targets;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bgml reproduce}: runs the reproduction models through the one-click loop of {@code bgml run} and sets each of
 * the seed papers' seven findings beside ours, with a verdict. Exit 0 when every run ran (whether or not each shape was
 * reproduced), 1 when a benchmark run failed (its findings say "not run" and why), 2 when the target does not run here
 * or an argument is wrong.
 */
@Command(name = "reproduce", description = "run the seed papers' findings on this machine and set their figures beside ours",
        footer = { "  bgml reproduce --quick",
                "  (the table on standard output, progress on standard error; the HTML report under .bgml/reports/)" })
final class ReproduceCommand implements Subcommand {
    @Option(names = "--target", paramLabel = "T", completionCandidates = TargetIds.class,
            description = "the middleware the findings run on: ${COMPLETION-CANDIDATES} (default: omniorb; ACE against the ORB also runs ace)")
    String targetId;

    @Option(names = "--quick", description = "fewer samples, fewer payload sizes and shorter loops: under 5 minutes on 2 CPUs")
    boolean quick;

    @Option(names = "--report", paramLabel = "FILE", description = "the HTML report (default: .bgml/reports/reproduce-TARGET.html)")
    String reportFile;

    @Mixin
    Stores store = new Stores();

    @Override
    public String synopsis() {
        return "[--target " + TargetIds.joined("|") + "] [--quick] [--report FILE] [--store PATH]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        String target = TargetIds.resolve(targetId);
        TargetDescriptor descriptor = Targets.get(target);
        if (!descriptor.runsHere()) {
            String missing = Toolchain.detect(descriptor.toolchain(), v -> null, System.getenv(), System.getenv("PATH")).stream()
                    .filter(l -> !l.ok()).map(l -> l.variable().name() + ": " + l.problem().replaceAll("\\.$", "")).collect(Collectors.joining("; "));
            err.println("bgml reproduce: the " + target + " target does not run here (" + missing + "); nothing was run");
            return Bgml.UNUSABLE;
        }
        Path work = in.path(".bgml", "reproduce");
        Path report = reportFile != null ? in.path(reportFile) : in.path(".bgml", "reports", "reproduce-" + target + ".html");
        Path storeFile = store.location(in);
        Reproduction.Options options = new Reproduction.Options(target, quick, work);
        long expected = Reproduction.expectedSeconds(options);
        err.println("bgml reproduce: " + Reproduction.plan(target).size() + " runs on " + target + (quick ? " (quick)" : "")
                + ", expected to take about " + minutes(expected) + " here; benchmarks are built in " + work);
        CliProgress progress = new CliProgress(err, in.console());
        Reproduction.Runner runner = (model, t, deployment, outDir) -> new OneClickRun().run(new OneClickRun.Request(
                new RunService.Request(model, t, deployment, null, outDir, false), storeFile, null, work.resolve("reports"), 0, false),
                progress).stored();
        Reproduction.Outcome outcome;
        try {
            outcome = new Reproduction(runner, new Reproduction.Listener() {
                @Override
                public void step(int index, int count, String what) {
                    progress.end();
                    err.println("== run " + index + "/" + count + ": " + what);
                }
            }).run(options);
        } catch (ModelLoadException e) {
            progress.end();
            err.println("bgml reproduce: a reproduction model does not load: " + e.describe());
            return Bgml.INTERNAL_ERROR;
        } catch (IOException e) {
            progress.end();
            err.println("bgml reproduce: " + e.getMessage());
            return Bgml.UNUSABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("bgml reproduce: interrupted; every benchmark process was stopped");
            return Bgml.UNUSABLE;
        }
        progress.end();
        ReproductionReport.print(outcome, out);
        try {
            err.println("report: " + ReproductionReport.write(outcome, report));
        } catch (IOException e) {
            err.println("bgml reproduce: the report could not be written: " + e.getMessage());
            return Bgml.MODEL_ERRORS;
        }
        err.println("stored every run in " + storeFile.toAbsolutePath().normalize());
        if (!outcome.failures().isEmpty()) {
            outcome.failures().forEach(f -> err.println("bgml reproduce: " + f));
            return Bgml.MODEL_ERRORS;
        }
        return Bgml.OK;
    }

    private static String minutes(long seconds) {
        return seconds < 90 ? seconds + " s" : String.format(Locale.ROOT, "%.0f min", seconds / 60.0);
    }
}
