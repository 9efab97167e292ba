package org.bgml.ide.core.launch;

import java.nio.file.Path;

import org.bgml.targets.Targets;
import org.bgml.ide.core.BgmlIde;
import org.bgml.launcher.RunService;
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
        RunService.Request request = new RunService.Request(model.getLocation().toFile().toPath(), target,
                emptyToNull(config.getAttribute(BenchmarkLaunch.DEPLOYMENT, "")), emptyToNull(config.getAttribute(BenchmarkLaunch.CONFIGURATION, "")), out);
        BenchmarkProcess process = launch == null ? null : new BenchmarkProcess(launch, model.getName() + " (" + target + ")");
        return new BenchmarkJob(model, request, config.getAttribute(BenchmarkLaunch.OPEN_REPORT, true),
                config.getAttribute(BenchmarkLaunch.KEEP, 0), process);
    }

    @Override
    protected IProject[] getBuildOrder(ILaunchConfiguration configuration, String mode) throws CoreException {
        return null; // the run generates and builds its own benchmark; no workspace build first
    }

    private static String emptyToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
