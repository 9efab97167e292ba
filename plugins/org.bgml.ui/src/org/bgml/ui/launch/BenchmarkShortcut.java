package org.bgml.ui.launch;

import org.bgml.ui.BgmlUi;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.PlatformUI;

/** "Run As &gt; BGML Benchmark" on a .bgml file or its editor. */
public final class BenchmarkShortcut implements org.eclipse.debug.ui.ILaunchShortcut {
    @Override
    public void launch(ISelection selection, String mode) {
        Launching.run(BgmlUi.modelOf(selection), PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell());
    }

    @Override
    public void launch(IEditorPart editor, String mode) {
        Launching.run(BgmlUi.modelOf(editor), editor.getSite().getShell());
    }
}
