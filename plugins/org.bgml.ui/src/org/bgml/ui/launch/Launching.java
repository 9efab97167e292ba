package org.bgml.ui.launch;

import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.ide.core.launch.BenchmarkLaunchDelegate;
import org.bgml.ide.core.markers.ModelNature;
import org.bgml.ui.BgmlUi;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchConfigurationWorkingCopy;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.widgets.Shell;

/**
 * One-click Generate &amp; Run: the launch configuration of a model (made on first use), saved editors, launched. The
 * toolbar and context-menu action, "Run As", and the diagram's own Generate &amp; Run button inside the model editor.
 */
public final class Launching {
    private Launching() {
    }

    static void run(IFile model, Shell shell) {
        run(model, BenchmarkLaunch.defaultTarget(), null, shell);
    }

    /**
     * Launches the model's "BGML Benchmark" configuration for {@code target} in run mode (found, else made and saved).
     * A {@code configuration} name (null for the launch's own) applies to this launch only. Null when launched, else
     * why nothing was launched (no model, the configuration could not be made, or the launch would be refused); the
     * user has been told so.
     */
    public static String run(IFile model, String target, String configuration, Shell shell) {
        if (model == null) {
            String why = "Select a .bgml model file, or open one in the editor.";
            org.eclipse.jface.dialogs.MessageDialog.openInformation(shell, "Generate & Run", why);
            return why;
        }
        try {
            ModelNature.addTo(model.getProject(), null); // so its problems show in the Problems view
            ILaunchConfiguration config = BenchmarkLaunch.findOrCreate(model, target);
            if (configuration != null && !configuration.isBlank()
                    && !configuration.equals(config.getAttribute(BenchmarkLaunch.CONFIGURATION, ""))) {
                ILaunchConfigurationWorkingCopy once = config.getWorkingCopy();
                once.setAttribute(BenchmarkLaunch.CONFIGURATION, configuration);
                config = once; // launched unsaved: the stored configuration stays as the user set it
            }
            // What the launch delegate would refuse (an unknown target, a model that is gone) is refused here, with
            // its reason, rather than in the platform's background launch, where it only reaches the Error Log.
            BenchmarkLaunchDelegate.createJob(config, null);
            DebugUITools.launch(config, ILaunchManager.RUN_MODE);
            return null;
        } catch (CoreException e) {
            BgmlUi.log(e.getStatus());
            ErrorDialog.openError(shell, "Generate & Run", "Cannot launch " + model.getFullPath(), e.getStatus());
            return e.getStatus().getMessage();
        }
    }
}
