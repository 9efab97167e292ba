package org.bgml.experiment.slurm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.bgml.experiment.engine.Engines;
import org.bgml.experiment.engine.ExperimentEngine;
import org.bgml.experiment.engine.ExperimentException;
import org.bgml.experiment.engine.ExperimentJob;
import org.bgml.experiment.engine.ExperimentProgress;
import org.bgml.experiment.engine.TaskCommand;
import org.bgml.experiment.engine.TaskOutputs;
import org.bgml.experiment.plan.PlannedRun;
import org.bgml.experiment.slurm.ConfigurationOutcome.Status;
import org.bgml.launcher.results.RunRecord;

/**
 * {@code --engine slurm}: the pending runs of an experiment as one Slurm job array. Each task runs a block of
 * {@link SlurmSettings#blockSize} configurations: one as {@code bgml experiment task ... --index I}, several in one
 * process as {@code bgml experiment task ... --indexes I,J,K} ({@link TaskCommand}). Each configuration writes its
 * output file into
 * {@code WORK/slurm/<plan key>/outputs/}; this process, the only one holding the results store, ingests each output
 * as soon as its configuration ends ({@link TaskOutputs#ingest}). A configuration that left no output (its task
 * failed before it, was cancelled by someone, timed out or lost its node) is stored as a failed run with Slurm's
 * reason. Interrupting the run (Ctrl-C) cancels the array; the configurations it cancelled are not stored, so
 * {@code --resume} runs them again. Settings come from {@code BGML_SLURM_*} variables
 * ({@link SlurmSettings#fromEnvironment}); the command that starts bgml on the nodes from {@value #COMMAND_ENV}
 * ({@code bin/bgml} sets it), else {@code bgml} on the PATH. See SLURM.md.
 */
public final class SlurmEngine implements ExperimentEngine {
    /** The absolute command that starts bgml on a node; {@code bin/bgml} exports its own path. */
    public static final String COMMAND_ENV = "BGML_COMMAND";
    /** Inside the work folder: one folder per plan. */
    public static final String WORK_SUBDIR = "slurm";
    public static final String OUTPUTS = "outputs";
    /** Inside the outputs folder: outputs already stored. */
    public static final String STORED = "stored";

    private final SlurmCommands slurm;
    private final SlurmSettings settings;
    private final List<String> bgml;

    /** The real Slurm ({@code SLURM_CONF} if set), settings and bgml command from the environment. */
    public SlurmEngine() {
        this(SlurmCli.fromEnvironment(), null, null);
    }

    /**
     * @param settings null for {@link SlurmSettings#fromEnvironment} of this process's environment
     * @param bgml     the command that starts bgml on a node, null for {@value #COMMAND_ENV} or {@code bgml}
     */
    public SlurmEngine(SlurmCommands slurm, SlurmSettings settings, List<String> bgml) {
        this.slurm = slurm;
        this.settings = settings;
        this.bgml = bgml;
    }

    @Override
    public String id() {
        return Engines.SLURM;
    }

    /** The folder of a plan's array: script, task logs, per-configuration records ({@code configs/}) and outputs. */
    public static Path planDir(ExperimentJob job) {
        return job.options().workDir().toAbsolutePath().normalize().resolve(WORK_SUBDIR).resolve(job.plan().key());
    }

    @Override
    public void run(ExperimentJob job, ExperimentProgress progress) throws ExperimentException, InterruptedException {
        SlurmSettings s;
        try {
            s = settings != null ? settings : SlurmSettings.fromEnvironment(System.getenv());
        } catch (IllegalArgumentException e) {
            throw new ExperimentException("Slurm settings: " + e.getMessage(), e);
        }
        MultiHostRun multiHost = multiHost(job, s, progress);
        if (multiHost != null) {
            // One allocation per configuration, each process a job step on its node, run one after the other from here.
            new org.bgml.experiment.engine.LocalEngine(new org.bgml.experiment.execute.LauncherExecutor(job.modelFile(), job.options(),
                    progress, org.bgml.experiment.execute.VariantCache.Bound.fromEnvironment(System.getenv()), multiHost)).run(job, progress);
            return;
        }
        Path dir = planDir(job);
        Path outputs = dir.resolve(OUTPUTS);
        // Outputs an earlier submission of this plan left un-ingested (its bgml was killed) are results already.
        Map<Integer, PlannedRun> byIndex = new HashMap<>();
        List<Integer> indexes = new ArrayList<>();
        int earlier = 0;
        for (PlannedRun r : job.pending()) {
            TaskOutputs.IngestResult done = TaskOutputs.ingest(
                    new ExperimentJob(job.modelFile(), job.plan(), List.of(r), job.options(), job.sink()), outputs, progress);
            if (done.stored() + done.alreadyStored() > 0) {
                earlier += done.stored();
                setAside(outputs, r.index());
            } else {
                byIndex.put(r.index(), r);
                indexes.add(r.index());
            }
        }
        if (earlier > 0) {
            progress.message("stored " + earlier + " runs from outputs an earlier submission left in " + outputs);
        }
        if (indexes.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(bgmlCommand());
        command.addAll(TaskCommand.arguments(job, JobScript.INDEX, outputs));
        List<String> blockCommand = new ArrayList<>(bgmlCommand());
        blockCommand.addAll(TaskCommand.blockArguments(job, JobScript.INDEXES, outputs, JobScript.CONFIGS));
        try {
            Files.createDirectories(outputs);
        } catch (IOException e) {
            throw new ExperimentException("cannot create the Slurm work folder " + dir + ": " + e.getMessage(), e);
        }
        ExperimentJob toRun = new ExperimentJob(job.modelFile(), job.plan(), indexes.stream().map(byIndex::get).toList(), job.options(),
                job.sink());
        Ingest ingest = new Ingest(toRun, byIndex, outputs, progress);
        SlurmArrayRunner.Result result;
        try {
            result = new SlurmArrayRunner(slurm, s).run(new SlurmArrayRunner.Request(dir, indexes, command, Map.of(), blockCommand), ingest);
        } catch (SlurmException e) {
            throw new ExperimentException(e.getMessage(), e);
        } catch (IOException e) {
            throw new ExperimentException("Slurm work folder " + dir + ": " + e.getMessage(), e);
        }
        if (ingest.failure != null) {
            throw ingest.failure;
        }
        long interrupted = result.count(Status.INTERRUPTED);
        if (interrupted > 0) {
            progress.message(interrupted + " run" + (interrupted == 1 ? " was" : "s were") + " cancelled with Slurm job array "
                    + result.arrayJobId() + " and not stored; --resume runs them again");
        }
        if (result.interrupted() && Thread.interrupted()) {
            throw new InterruptedException("Slurm job array " + result.arrayJobId() + " cancelled");
        }
    }

    /**
     * Moves a stored output to {@code outputs/stored/}, so that only outputs never stored count as left over by an
     * earlier submission (a later run of the same plan into another store measures afresh).
     */
    static void setAside(Path outputs, int index) {
        Path file = outputs.resolve(TaskOutputs.fileName(index));
        try {
            Path stored = Files.createDirectories(outputs.resolve(STORED));
            Files.move(file, stored.resolve(file.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            // kept in place: a later resume of the same store finds it already stored
        }
    }

    /** The host map of a multi-host experiment: {@code modelNode=slurmNode,...}, as {@code bgml run --hosts}. */
    public static final String HOSTS_ENV = "BGML_SLURM_HOSTS";

    /**
     * The multi-host execution when the experiment's deployment puts its nodes on more than one host (each
     * configuration then runs in an allocation of its own, its processes as job steps on their nodes); null when it
     * runs on one host (the job array runs it, every configuration on one node) or is synthetic.
     */
    private MultiHostRun multiHost(ExperimentJob job, SlurmSettings s, ExperimentProgress progress) throws ExperimentException {
        if (job.options().synthetic() != null) {
            return null;
        }
        try {
            org.bgml.model.BenchmarkModel model = org.bgml.model.io.ModelFiles.loadModel(job.modelFile());
            org.bgml.model.Experiment experiment = model.getExperiments().stream().filter(e -> job.plan().experiment().equals(e.getName()))
                    .findFirst().orElse(null);
            org.bgml.model.Deployment deployment = experiment != null && experiment.getDeployment() != null ? experiment.getDeployment()
                    : model.getDeployments().stream().findFirst().orElse(null);
            if (deployment == null || deployment.getNodes().stream().filter(n -> !n.getProcesses().isEmpty()).map(n -> n.getHost())
                    .distinct().count() < 2) {
                return null;
            }
            Map<String, String> placed = HostMap.resolve(model, deployment.getName(), HostMap.parse(System.getenv(HOSTS_ENV)),
                    MultiHostRun.slurmNodes(), job.options().target());
            if (placed.values().stream().distinct().count() < 2) {
                return null;
            }
            progress.message("deployment " + deployment.getName() + " spans several hosts: each configuration runs in an allocation of its own ("
                    + String.join(", ", placed.entrySet().stream().map(e -> e.getKey() + " on " + e.getValue()).toList()) + ")");
            return new MultiHostRun(placed, s.partition(), bgmlCommand(), progress::message);
        } catch (org.bgml.model.io.ModelLoadException e) {
            throw new ExperimentException("the model could not be loaded: " + e.describe(), e);
        } catch (IllegalArgumentException | SlurmException e) {
            throw new ExperimentException(e.getMessage(), e);
        }
    }

    /** bgml on the nodes: the injected command, {@value #COMMAND_ENV}, or {@code bgml} from the PATH. */
    private List<String> bgmlCommand() throws ExperimentException {
        if (bgml != null) {
            return bgml;
        }
        String c = System.getenv(COMMAND_ENV);
        if (c != null && !c.isBlank()) {
            return List.of(c.strip());
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, "bgml"))) {
                return List.of(Path.of(d, "bgml").toString());
            }
        }
        throw new ExperimentException("cannot tell the Slurm tasks how to start bgml: run it as bin/bgml, or set " + COMMAND_ENV
                + " to the bgml command's absolute path on the nodes");
    }

    /** Stores each configuration as soon as its outcome is known, on the thread that runs the engine. */
    private static final class Ingest implements SlurmArrayRunner.Listener {
        final ExperimentJob job;
        final Map<Integer, PlannedRun> byIndex;
        final Path outputs;
        final ExperimentProgress progress;
        ExperimentException failure;

        Ingest(ExperimentJob job, Map<Integer, PlannedRun> byIndex, Path outputs, ExperimentProgress progress) {
            this.job = job;
            this.byIndex = byIndex;
            this.outputs = outputs;
            this.progress = progress;
        }

        @Override
        public void submitted(String arrayJobId, int tasks, Path script) {
            progress.message("submitted Slurm job array " + arrayJobId + ": " + byIndex.size() + " runs in " + tasks + " task"
                    + (tasks == 1 ? "" : "s") + " (" + script + ")");
            for (PlannedRun r : job.pending()) {
                progress.started(r);
            }
        }

        @Override
        public void finished(ConfigurationOutcome o) {
            if (failure != null) {
                return; // the store failed: record nothing more
            }
            PlannedRun run = byIndex.get(o.index());
            try {
                ExperimentJob one = new ExperimentJob(job.modelFile(), job.plan(), List.of(run), job.options(), job.sink());
                TaskOutputs.IngestResult r = TaskOutputs.ingest(one, outputs, progress);
                if (r.stored() + r.alreadyStored() > 0) {
                    setAside(outputs, run.index());
                    return;
                }
                if (o.status() == Status.INTERRUPTED) {
                    return; // not a result: --resume runs it again
                }
                String reason = reason(o) + (r.problems().isEmpty() ? "" : "; " + String.join("; ", r.problems()));
                RunRecord failed = TaskOutputs.failedRecord(job, run, reason);
                if (job.sink().record(run, failed)) {
                    progress.finished(run, failed);
                }
            } catch (ExperimentException e) {
                failure = e;
            }
        }

        private static String reason(ConfigurationOutcome o) {
            return switch (o.status()) {
            case SUCCEEDED -> "the task ended well but wrote no output file";
            case FAILED -> o.exitCode() == 2 ? "the task could not run: " + o.reason()
                    : o.exitCode() >= 0 ? "the task " + o.reason() + ", and wrote no output file" : "Slurm: " + o.reason();
            default -> "Slurm: " + o.reason();
            };
        }
    }
}
