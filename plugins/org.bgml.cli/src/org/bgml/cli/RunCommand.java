package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.bgml.generator.common.InvalidModelException;
import org.bgml.launcher.OneClickRun;
import org.bgml.launcher.RunService;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.run.HostCheck;
import org.bgml.launcher.results.MeasurementRecord;
import org.bgml.launcher.results.ModelAnnotator;
import org.bgml.launcher.results.Requirements;
import org.bgml.launcher.results.ResultMeasurement;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelLoadException;
import org.bgml.validation.ModelDiagnostic;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bgml run FILE}: generate, build, run, store, annotate the model and write the report, in one go.
 * Exit code 0 when the run succeeded (requirements may still fail: the table says so), 1 when the model is
 * invalid or the run failed, 2 for unusable input, a deployment on other hosts than this one included (refused before
 * anything is built or started, unless {@code --all-on-this-host}).
 */
@Command(name = "run", description = "generate, build and run a benchmark; store, annotate and report the results",
        footer = { "  bgml run examples/roundtrip.bgml --target omniorb",
                "  (the results table on standard output; progress and where things went on standard error)" })
final class RunCommand implements Subcommand {
    @Parameters(paramLabel = "FILE", description = "the model; it is annotated with the run's results")
    List<String> files = new ArrayList<>();

    @Option(names = "--target", paramLabel = "T", completionCandidates = TargetIds.class,
            description = "the middleware: ${COMPLETION-CANDIDATES} (default: omniorb)")
    String targetId;

    @Option(names = "--deployment", paramLabel = "NAME", description = "the deployment to run (default: the model's first)")
    String deployment;

    @Option(names = "--config", paramLabel = "NAME", description = "the configuration to apply (default: the model's first)")
    String config;

    @Option(names = "--out", paramLabel = "DIR", description = "the build folder (default: .bgml/benchmarks/MODEL-TARGET)")
    String outDir;

    @Mixin
    Stores store = new Stores();

    @Option(names = "--report", paramLabel = "FILE", description = "the HTML report (default: under .bgml/reports/)")
    String reportFile;

    @Option(names = "--keep", paramLabel = "N", description = "keep the newest N result sets in the model (default 0: all)")
    String keepCount;

    @Option(names = "--timings", description = "print how long each step took")
    boolean timings;

    @Option(names = "--all-on-this-host", description = "run a deployment whose nodes are other hosts as processes of this machine,"
            + " on purpose; the stored run and its report say so (without it such a deployment is refused)")
    boolean allOnThisHost;

    @Option(names = "--engine", paramLabel = "E", completionCandidates = Engines.class,
            description = "where the processes run: ${COMPLETION-CANDIDATES} (default: local; slurm runs each process as a job step on its node's host)")
    String engine;

    @Option(names = "--hosts", paramLabel = "MAP", description = "with --engine slurm: modelNode=slurmNode,... (default: Slurm nodes named like the model nodes or their hosts)")
    String hosts;

    @Option(names = "--partition", paramLabel = "P", description = "with --engine slurm: the Slurm partition (default: the cluster's)")
    String partition;

    /** The engines of {@code --engine}. */
    static final class Engines implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return List.of("local", "slurm").iterator();
        }
    }

    @Override
    public String synopsis() {
        return "FILE [--target " + TargetIds.joined("|")
                + "] [--deployment NAME] [--config NAME] [--out DIR] [--store PATH] [--report FILE] [--keep N] [--timings]"
                + " [--all-on-this-host | --engine local|slurm [--hosts MAP] [--partition P]]";
    }

    @Override
    public int run(Invocation in) throws UsageException {
        PrintStream out = in.out();
        PrintStream err = in.err();
        long startup = in.startupNanos();
        Path modelFile = in.path(ArgumentChecks.single(files, "model file"));
        String target = TargetIds.resolve(targetId);
        int keep = parseKeep(keepCount);
        String stem = modelFile.getFileName().toString().replaceFirst("\\.bgml$", "");
        Path outDir = this.outDir != null ? in.path(this.outDir) : in.path(".bgml", "benchmarks", stem + "-" + target);
        Path report = reportFile != null ? in.path(reportFile) : null;
        RunService.Execution execution = RunService.Execution.LOCAL;
        if (engine != null && !engine.equals("local")) {
            if (!engine.equals("slurm")) {
                throw new UsageException("--engine must be local or slurm, got '" + engine + "'");
            }
            if (allOnThisHost) {
                throw new UsageException("--all-on-this-host is for the local engine; with --engine slurm every node runs on its own host");
            }
            try {
                execution = slurmExecution(modelFile, target, err);
            } catch (ModelLoadException e) {
                err.println(e.describe());
                return Bgml.UNUSABLE;
            } catch (IllegalArgumentException | org.bgml.experiment.slurm.SlurmException e) {
                err.println("bgml run: " + e.getMessage());
                return Bgml.UNUSABLE;
            }
        } else if (hosts != null || partition != null) {
            throw new UsageException("--hosts and --partition go with --engine slurm");
        }

        OneClickRun.Outcome outcome;
        CliProgress progress = new CliProgress(err, in.console());
        try {
            outcome = new OneClickRun(execution).run(new OneClickRun.Request(new RunService.Request(modelFile, target, deployment,
                    config, outDir, allOnThisHost), store.location(in), report, in.path(".bgml", "reports"), keep, true), progress);
        } catch (HostCheck.ForeignHostsException e) {
            progress.end();
            err.println("bgml run: " + modelFile + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        } catch (ModelLoadException e) {
            err.println(e.describe());
            return Bgml.UNUSABLE;
        } catch (InvalidModelException e) {
            for (ModelDiagnostic d : e.diagnostics()) {
                err.println(modelFile + ": " + d.format());
            }
            err.println(modelFile + ": " + e.getMessage());
            return Bgml.MODEL_ERRORS;
        } catch (IllegalArgumentException e) {
            err.println(modelFile + ": " + e.getMessage());
            return Bgml.UNUSABLE;
        } catch (ResultsStoreException e) {
            progress.end();
            err.println("bgml run: the results could not be stored: " + e.getMessage());
            return Bgml.UNUSABLE;
        } catch (IOException e) {
            progress.end();
            err.println("bgml run: " + e.getMessage());
            return Bgml.UNUSABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("bgml run: interrupted; every benchmark process was stopped");
            return Bgml.UNUSABLE;
        }
        progress.end();
        RunService.Result result = outcome.result();
        StoredRun stored = outcome.stored();
        err.println("stored run " + result.runId() + " in " + store.location(in).toAbsolutePath().normalize());
        if (!result.ok()) {
            err.println("bgml run: the run failed: " + result.failure());
            if (result.build() != null && !result.build().ok()) {
                result.build().logTail().forEach(l -> err.println("  | " + l));
            }
            if (result.run() != null) {
                result.run().processes().stream().filter(p -> !p.ok()).forEach(p -> {
                    err.println("  " + p.name() + ": " + p.problem() + " (log " + p.log() + ")");
                    p.logTail().forEach(l -> err.println("  | " + l));
                });
            }
        }
        ModelAnnotator.Summary s = outcome.annotation();
        if (s != null) {
            err.println("annotated " + modelFile + ": " + s.attached() + " of " + s.measurements() + " measurements attached, "
                    + s.passed() + " requirement(s) met, " + s.failed() + " not met");
        } else {
            err.println("bgml run: the model was not annotated: " + outcome.annotationProblem());
        }
        if (outcome.report() != null) {
            err.println("report: " + (report != null ? report : in.path(".bgml", "reports", ReportWriter.defaultName(stored))));
        } else {
            err.println("bgml run: the report could not be written: " + outcome.reportProblem());
        }
        summary(stored, result.plan().model(), result, out);
        if (timings) {
            err.print(outcome.timings().format(startup, in.directory() == null ? "JVM, OSGi" : "daemon call"));
        }
        return result.ok() ? Bgml.OK : Bgml.MODEL_ERRORS;
    }

    /**
     * The Slurm engine for this run: every model node of the deployment mapped to a Slurm node before anything is
     * generated or submitted, so that a host Slurm does not know is an error at once.
     */
    private RunService.Execution slurmExecution(Path modelFile, String target, PrintStream err)
            throws ModelLoadException, org.bgml.experiment.slurm.SlurmException {
        BenchmarkModel model = org.bgml.model.io.ModelFiles.loadModel(modelFile);
        return org.bgml.experiment.slurm.MultiHostRun.forModel(model, deployment, hosts, partition, target,
                org.bgml.experiment.slurm.MultiHostRun::slurmNodes, err::println);
    }

    private static void summary(StoredRun run, BenchmarkModel model, RunService.Result result, PrintStream out) {
        out.println("run " + run.runId() + " (" + run.record().target() + ", " + (result.ok() ? "ok" : "failed") + ")");
        HostCheck.collapse(run.record().warnings()).ifPresent(out::println);
        if (run.record().clientsDescription() != null) {
            out.println(run.record().clientsDescription());
        }
        TextTable t = new TextTable("metric", "element", "payload", "n", "mean", "p50", "p99", "p99.9", "throughput", "requirement")
                .right(2, 3, 4, 5, 6, 7, 8);
        for (MeasurementRecord m : run.record().measurements()) {
            ResultMeasurement f = m.figures();
            Requirements.Judgement j = Requirements.judge(model, f);
            t.row(f.metric() + (f.segment() == null ? "" : " [" + f.segment() + "]"), ResultsCommand.elementWithSubstitution(m),
                    f.payloadBytes() == null || f.payloadBytes() == 0 ? "" : String.valueOf(f.payloadBytes()), String.valueOf(f.n()),
                    time(f.mean(), f.unit()), time(f.p50(), f.unit()), time(f.p99(), f.unit()), time(f.p999(), f.unit()),
                    f.rateText(),
                    j.verdict() == org.bgml.model.Verdict.NONE ? "" : j.verdict().getLiteral().toUpperCase(Locale.ROOT) + " " + j.text());
        }
        t.print(out);
        ResultsCommand.printSubstitutions(run.record().measurements(), out);
    }

    private static String time(Number ns, String unit) {
        if (ns == null) {
            return "";
        }
        if (!"ns".equals(unit)) {
            return String.format(Locale.ROOT, "%.2f %s", ns.doubleValue(), unit);
        }
        return String.format(Locale.ROOT, "%.2f µs", ns.doubleValue() / 1000.0);
    }

    private static int parseKeep(String value) throws UsageException {
        if (value == null) {
            return 0;
        }
        try {
            int keep = Integer.parseInt(value);
            if (keep < 0) {
                throw new NumberFormatException();
            }
            return keep;
        } catch (NumberFormatException e) {
            throw new UsageException("--keep needs a count of result sets to keep (0 keeps all), got '" + value + "'");
        }
    }
}
