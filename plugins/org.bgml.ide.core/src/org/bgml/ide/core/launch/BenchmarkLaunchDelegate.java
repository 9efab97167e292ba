package org.bgml.ide.core.launch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.bgml.targets.Targets;
import org.bgml.ide.core.BgmlIde;
import org.bgml.launcher.RunService;
import org.bgml.experiment.slurm.MultiHostRun;
import org.bgml.experiment.slurm.SlurmException;
import org.bgml.launcher.run.HostCheck;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.model.LaunchConfigurationDelegate;

/**
 * Launches a "BGML Benchmark" configuration: checks it, adds a {@link BenchmarkProcess} to the launch (its console
 * and Terminate button), and schedules the run as a {@link BenchmarkJob}. The launch ends when the job does.
 */
public final class BenchmarkLaunchDelegate extends LaunchConfigurationDelegate {
    @Override
    public void launch(ILaunchConfiguration config, String mode, ILaunch launch, IProgressMonitor monitor) throws CoreException {
        BenchmarkJob job = createJob(config, launch);
        job.schedule();
    }

    /** The job for {@code config}, not yet scheduled; {@code launch} may be null (no console). */
    public static BenchmarkJob createJob(ILaunchConfiguration config, ILaunch launch) throws CoreException {
        return createJob(config, launch, MultiHostRun::slurmNodes);
    }

    /**
     * As {@link #createJob(ILaunchConfiguration, ILaunch)}, with the Slurm cluster's nodes from {@code slurmNodes}.
     * For the Slurm engine, every model node is placed on a Slurm node here, before anything is generated or
     * submitted: a malformed host map, a node that cannot be placed or an unreachable Slurm is a CoreException in
     * the words of {@code bgml run --engine slurm}.
     */
    public static BenchmarkJob createJob(ILaunchConfiguration config, ILaunch launch, MultiHostRun.NodeList slurmNodes) throws CoreException {
        IFile model = BenchmarkLaunch.model(config);
        String target = config.getAttribute(BenchmarkLaunch.TARGET, BenchmarkLaunch.defaultTarget());
        if (!Targets.isKnown(target)) {
            throw new CoreException(BgmlIde.error(Targets.unknownTargetMessage(target), null));
        }
        Path out = BenchmarkLaunch.outputFolder(config, model, target);
        String deployment = emptyToNull(config.getAttribute(BenchmarkLaunch.DEPLOYMENT, ""));
        boolean allOnThisHost = config.getAttribute(BenchmarkLaunch.ALL_ON_THIS_HOST, false);
        String engine = config.getAttribute(BenchmarkLaunch.ENGINE, BenchmarkLaunch.ENGINE_LOCAL);
        Path file = model.getLocation().toFile().toPath();
        Messages said = new Messages();
        RunService.Execution execution = null;
        if (BenchmarkLaunch.ENGINE_SLURM.equals(engine)) {
            if (allOnThisHost) {
                throw new CoreException(BgmlIde.error("\"Run every process on this host\" goes with the local engine, not with Slurm:"
                        + " choose one of them on the launch configuration's Benchmark tab", null));
            }
            execution = slurmExecution(file, deployment, config.getAttribute(BenchmarkLaunch.HOSTS, ""),
                    config.getAttribute(BenchmarkLaunch.PARTITION, ""), config.getAttribute(BenchmarkLaunch.NODE_COMMAND, ""), target,
                    slurmNodes, said);
        } else if (!BenchmarkLaunch.ENGINE_LOCAL.equals(engine)) {
            throw new CoreException(BgmlIde.error("unknown engine '" + engine + "': choose " + BenchmarkLaunch.ENGINE_LOCAL
                    + " or " + BenchmarkLaunch.ENGINE_SLURM, null));
        } else if (!allOnThisHost) {
            checkHosts(file, deployment);
        }
        RunService.Request request = new RunService.Request(file, target, deployment,
                emptyToNull(config.getAttribute(BenchmarkLaunch.CONFIGURATION, "")), out, allOnThisHost);
        BenchmarkProcess process = launch == null ? null : new BenchmarkProcess(launch, model.getName() + " (" + target + ")");
        said.attach(process);
        return new BenchmarkJob(model, request, config.getAttribute(BenchmarkLaunch.OPEN_REPORT, true),
                config.getAttribute(BenchmarkLaunch.KEEP, 0), process, execution);
    }

    /** The Slurm execution, built as the CLI builds it ({@link MultiHostRun#forModel}); its messages go to {@code said}, then the console. */
    private static RunService.Execution slurmExecution(Path file, String deployment, String hosts, String partition, String nodeCommand,
            String target, MultiHostRun.NodeList slurmNodes, Messages said) throws CoreException {
        BenchmarkModel m;
        try {
            m = ModelFiles.loadModel(file);
        } catch (ModelLoadException e) {
            throw new CoreException(BgmlIde.error(e.describe(), e));
        }
        try {
            return MultiHostRun.forModel(m, deployment, hosts, partition, target, nodeCommand, slurmNodes, said);
        } catch (IllegalArgumentException | SlurmException e) {
            String hint = e.getMessage() != null && e.getMessage().contains(org.bgml.experiment.slurm.SlurmEngine.COMMAND_ENV)
                    ? " (or give the bgml command on the nodes on the launch configuration's Benchmark tab)" : "";
            throw new CoreException(BgmlIde.error("The Slurm launch cannot start: " + e.getMessage() + hint, null));
        }
    }

    /**
     * Refuses, before anything is generated or started, a deployment whose nodes are other hosts: the launch runs
     * every process on this machine, so it says what to choose instead.
     */
    static void checkHosts(Path file, String deployment) throws CoreException {
        List<HostCheck.Placement> foreign;
        try {
            foreign = HostCheck.foreign(ModelFiles.loadModel(file), deployment);
        } catch (ModelLoadException e) {
            return; // the run reports an unloadable model in its own words
        }
        if (!foreign.isEmpty()) {
            throw new CoreException(BgmlIde.error(refusal(deployment, foreign), null));
        }
    }

    /** The refusal in the launch configuration's words. */
    public static String refusal(String deployment, List<HostCheck.Placement> foreign) {
        return "The " + HostCheck.what(deployment, foreign) + ". Either tick \"Run every process on this host\" on the launch"
                + " configuration's Benchmark tab to run them here on purpose (the stored run and its report then say that the"
                + " deployment was collapsed), or choose the slurm engine there with a host map such as "
                + String.join(",", foreign.stream().map(p -> p.node() + "=SLURM_NODE").toList()) + ".";
    }

    @Override
    protected IProject[] getBuildOrder(ILaunchConfiguration configuration, String mode) throws CoreException {
        return null; // the run generates and builds its own benchmark; no workspace build first
    }

    /** The Slurm run's messages (placement, job id, nodes): kept until the launch's console exists, then printed there. */
    private static final class Messages implements Consumer<String> {
        private final List<String> early = new ArrayList<>();
        private BenchmarkProcess console;
        private boolean attached;

        @Override
        public synchronized void accept(String line) {
            if (!attached) {
                early.add(line);
            } else if (console != null) {
                console.print(line + "\n");
            }
        }

        synchronized void attach(BenchmarkProcess process) {
            console = process;
            attached = true;
            if (console != null) {
                early.forEach(line -> console.print(line + "\n"));
            }
            early.clear();
        }
    }

    private static String emptyToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
