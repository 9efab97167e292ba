package org.bgml.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.bgml.generator.common.descriptor.Toolchain;
import org.bgml.generator.common.descriptor.TargetDescriptor;
import org.bgml.experiment.slurm.HostMap;
import org.bgml.experiment.slurm.MultiHostRun;
import org.bgml.experiment.slurm.SlurmException;
import org.bgml.generator.common.InvalidModelException;
import org.bgml.launcher.OneClickRun;
import org.bgml.launcher.RunProgress;
import org.bgml.launcher.RunService;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.reproduce.Reproduction;
import org.bgml.reproduce.ReproductionModels;
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

    @Option(names = "--engine", paramLabel = "E", completionCandidates = RunCommand.Engines.class,
            description = "where the processes run: ${COMPLETION-CANDIDATES} (default: local; slurm runs the proxy penalty and the"
                    + " DBA-color segments with their processes on separate Slurm nodes, as the papers ran them, and only those)")
    String engine;

    @Option(names = "--hosts", paramLabel = "MAP", description = "with --engine slurm: where the reproductions' nodes go, modelNode=slurmNode,..."
            + " for servers, proxy, clients (proxy penalty) and agent0, agent1 (DBA-color); default: the cluster's first three nodes"
            + " in sinfo's order (servers, proxy, clients; agent0, agent1)")
    String hosts;

    @Option(names = "--partition", paramLabel = "P", description = "with --engine slurm: the Slurm partition (default: the cluster's)")
    String partition;

    @Mixin
    Stores store = new Stores();

    @Override
    public String synopsis() {
        return "[--target " + TargetIds.joined("|") + "] [--quick] [--report FILE] [--store PATH] [--engine local|slurm [--hosts MAP]"
                + " [--partition P]]";
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
        boolean acrossNodes = engine != null && !engine.equals("local");
        if (acrossNodes && !engine.equals("slurm")) {
            throw new UsageException("--engine must be local or slurm, got '" + engine + "'");
        }
        if (!acrossNodes && (hosts != null || partition != null)) {
            throw new UsageException("--hosts and --partition go with --engine slurm");
        }
        Map<String, String> placement = Map.of();
        List<String> slurmNodes = List.of();
        if (acrossNodes) {
            try {
                slurmNodes = MultiHostRun.slurmNodes();
                placement = placement(HostMap.parse(hosts), slurmNodes);
            } catch (SlurmException | IllegalArgumentException e) {
                err.println("bgml reproduce: " + e.getMessage() + "; nothing was run");
                return Bgml.UNUSABLE;
            }
            err.println("bgml reproduce: across Slurm nodes: " + String.join(", ", placement.entrySet().stream()
                    .map(e -> e.getKey() + " on " + e.getValue()).toList()));
        }
        Path work = in.path(".bgml", "reproduce");
        Path report = reportFile != null ? in.path(reportFile) : in.path(".bgml", "reports", "reproduce-" + target + ".html");
        Path storeFile = store.location(in);
        Reproduction.Options options = new Reproduction.Options(target, quick, work, acrossNodes);
        long expected = Reproduction.expectedSeconds(options);
        err.println("bgml reproduce: " + Reproduction.plan(target, acrossNodes).size() + " runs on " + target + (quick ? " (quick)" : "")
                + ", expected to take about " + minutes(expected) + " here; benchmarks are built in " + work);
        CliProgress progress = new CliProgress(err, in.console());
        Map<String, String> placed = placement;
        List<String> nodes = slurmNodes;
        Reproduction.Runner runner = new Reproduction.Runner() {
            @Override
            public StoredRun run(Path model, String t, String deployment, Path outDir) throws IOException, InterruptedException,
                    ModelLoadException, InvalidModelException, ResultsStoreException {
                return new OneClickRun(execution(model, t, deployment)).run(new OneClickRun.Request(new RunService.Request(model, t,
                        deployment, null, outDir, false), storeFile, null, work.resolve("reports"), 0, false), progress).stored();
            }

            @Override
            public String prepare(Path model, String t, String deployment, Path outDir) throws IOException, InterruptedException,
                    ModelLoadException, InvalidModelException {
                return new RunService(execution(model, t, deployment)).prepare(new RunService.Request(model, t, deployment, null, outDir,
                        false), new RunProgress() {
                        }).failure();
            }

            /** This machine, or the Slurm nodes the reproduction's model nodes are placed on. */
            private RunService.Execution execution(Path model, String t, String deployment) throws ModelLoadException, IOException {
                if (!acrossNodes) {
                    return RunService.Execution.LOCAL;
                }
                BenchmarkModel m = ModelFiles.loadModel(model);
                Set<String> own = new HashSet<>();
                m.getDeployments().stream().filter(d -> d.getName().equals(deployment)).forEach(d -> d.getNodes().forEach(n -> own.add(n.getName())));
                String map = String.join(",", placed.entrySet().stream().filter(e -> own.contains(e.getKey()))
                        .map(e -> e.getKey() + "=" + e.getValue()).toList());
                try {
                    return MultiHostRun.forModel(m, deployment, map, partition, t, () -> nodes, line -> { });
                } catch (SlurmException | IllegalArgumentException e) {
                    throw new IOException(e.getMessage(), e);
                }
            }
        };
        err.println("== building the benchmarks first, " + Reproduction.BUILDS_AT_ONCE + " at a time (nothing measures meanwhile)");
        Reproduction.Outcome outcome;
        try {
            outcome = new Reproduction(runner, new Reproduction.Listener() {
                @Override
                public void step(int index, int count, String what) {
                    progress.end();
                    err.println("== run " + index + "/" + count + ": " + what);
                }

                @Override
                public void built(String what, long nanos, String failure) {
                    err.println(String.format(Locale.ROOT, "   %s %s (%.0f s)%s", failure == null ? "built" : "could not build", what,
                            nanos / 1e9, failure == null ? "" : ": " + failure));
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

    /**
     * Slurm node of every model node the reproductions place across nodes: from the host map, else the cluster's nodes in
     * order (the first for servers and agent0, the second for proxy and agent1, the third for clients).
     */
    static Map<String, String> placement(Map<String, String> given, List<String> slurmNodes) {
        Map<String, String> placed = new LinkedHashMap<>();
        Set<String> known = new HashSet<>();
        for (String model : List.of(ReproductionModels.PROXY, ReproductionModels.DBA_COLOR)) {
            List<String> names = ReproductionModels.ACROSS_NODES.get(model);
            for (int i = 0; i < names.size(); i++) {
                String n = names.get(i);
                known.add(n);
                String slurm = given.containsKey(n) ? given.get(n) : i < slurmNodes.size() ? slurmNodes.get(i) : null;
                if (slurm == null) {
                    throw new IllegalArgumentException("the proxy penalty places servers, proxy and clients on 3 Slurm nodes, and the cluster"
                            + " has " + slurmNodes.size() + " (" + String.join(" ", slurmNodes) + "); map them with --hosts servers=A,proxy=B,clients=C");
                }
                placed.put(n, slurm);
            }
        }
        for (String key : given.keySet()) {
            if (!known.contains(key)) {
                throw new IllegalArgumentException("--hosts names '" + key + "', which is none of the reproductions' nodes: "
                        + String.join(", ", placed.keySet()));
            }
        }
        return placed;
    }

    private static String minutes(long seconds) {
        return seconds < 90 ? seconds + " s" : String.format(Locale.ROOT, "%.0f min", seconds / 60.0);
    }
}
