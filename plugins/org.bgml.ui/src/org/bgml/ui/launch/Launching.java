package org.bgml.ui.launch;

import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.ide.core.markers.ModelNature;
import org.bgml.ui.BgmlUi;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.swt.widgets.Shell;

/** One-click Generate &amp; Run: the launch configuration of a model (made on first use), saved editors, launched. */
final class Launching {
    private Launching() {
    }

    static void run(IFile model, Shell shell) {
        if (model == null) {
            org.eclipse.jface.dialogs.MessageDialog.openInformation(shell, "Generate & Run", "Select a .bgml model file, or open one in the editor.");
            return;
        }
        try {
            ModelNature.addTo(model.getProject(), null); // so its problems show in the Problems view
            ILaunchConfiguration config = BenchmarkLaunch.findOrCreate(model, BenchmarkLaunch.DEFAULT_TARGET);
            DebugUITools.launch(config, ILaunchManager.RUN_MODE);
        } catch (CoreException e) {
            BgmlUi.log(e.getStatus());
            ErrorDialog.openError(shell, "Generate & Run", "Cannot launch " + model.getFullPath(), e.getStatus());
        }
    }
}
