package org.bgml.ide.core.launch;

import java.nio.file.Path;
import java.util.List;

import org.bgml.targets.Targets;
import org.bgml.ide.core.BgmlIde;
import org.bgml.launcher.RunService;
import org.bgml.launcher.run.HostCheck;
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
        IFile model = BenchmarkLaunch.model(config);
        String target = config.getAttribute(BenchmarkLaunch.TARGET, BenchmarkLaunch.defaultTarget());
        if (!Targets.isKnown(target)) {
            throw new CoreException(BgmlIde.error(Targets.unknownTargetMessage(target), null));
        }
        Path out = BenchmarkLaunch.outputFolder(config, model, target);
        String deployment = emptyToNull(config.getAttribute(BenchmarkLaunch.DEPLOYMENT, ""));
        boolean allOnThisHost = config.getAttribute(BenchmarkLaunch.ALL_ON_THIS_HOST, false);
        Path file = model.getLocation().toFile().toPath();
        if (!allOnThisHost) {
            checkHosts(file, deployment);
        }
        RunService.Request request = new RunService.Request(file, target, deployment,
                emptyToNull(config.getAttribute(BenchmarkLaunch.CONFIGURATION, "")), out, allOnThisHost);
        BenchmarkProcess process = launch == null ? null : new BenchmarkProcess(launch, model.getName() + " (" + target + ")");
        return new BenchmarkJob(model, request, config.getAttribute(BenchmarkLaunch.OPEN_REPORT, true),
                config.getAttribute(BenchmarkLaunch.KEEP, 0), process);
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
                + " deployment was collapsed), or run the model with the Slurm engine and a host map (bgml run --engine slurm --hosts "
                + String.join(",", foreign.stream().map(p -> p.node() + "=SLURM_NODE").toList()) + ").";
    }

    @Override
    protected IProject[] getBuildOrder(ILaunchConfiguration configuration, String mode) throws CoreException {
        return null; // the run generates and builds its own benchmark; no workspace build first
    }

    private static String emptyToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
