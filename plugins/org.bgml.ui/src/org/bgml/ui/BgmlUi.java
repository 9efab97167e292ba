package org.bgml.ui;

import java.nio.file.Path;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IAdaptable;
import org.eclipse.core.runtime.ILog;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.SWTError;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.program.Program;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IFileEditorInput;

/** Small helpers shared by the UI: finding the .bgml file of a selection or editor, embedded browsers, logging. */
public final class BgmlUi {
    public static final String PLUGIN_ID = "org.bgml.ui";
    public static final String RESULTS_VIEW = "org.bgml.ui.results";
    public static final String EDITOR = "org.bgml.ui.modelEditor";

    private BgmlUi() {
    }

    /** The .bgml file a selection or an editor stands for, or null. */
    public static IFile modelOf(Object selectionOrPart) {
        if (selectionOrPart instanceof IStructuredSelection s && s.size() == 1) {
            return modelOf(s.getFirstElement());
        }
        if (selectionOrPart instanceof IEditorPart editor) {
            return modelOf(editor.getEditorInput());
        }
        if (selectionOrPart instanceof IFileEditorInput input) {
            return modelOf(input.getFile());
        }
        if (selectionOrPart instanceof IFile file) {
            return "bgml".equals(file.getFileExtension()) ? file : null;
        }
        if (selectionOrPart instanceof IEditorInput input) {
            return modelOf(input.getAdapter(IFile.class));
        }
        if (selectionOrPart instanceof IAdaptable a && !(selectionOrPart instanceof ISelection)) {
            return modelOf(a.getAdapter(IFile.class));
        }
        return null;
    }

    /**
     * An embedded browser, or null when this machine has none (on Linux SWT needs WebKitGTK, Debian's
     * libwebkit2gtk-4.1-0); callers then offer the system browser instead.
     */
    public static Browser browser(Composite parent) {
        try {
            return new Browser(parent, SWT.NONE);
        } catch (SWTError e) {
            log(new Status(IStatus.INFO, PLUGIN_ID, "No embedded browser, reports open in the system browser: " + e.getMessage()));
            return null;
        }
    }

    /** Opens a file in the system's web browser; false when the desktop has no program for it. */
    public static boolean openExternally(Path file) {
        return Program.launch(file.toUri().toString());
    }

    public static void log(IStatus status) {
        ILog.of(BgmlUi.class).log(status);
    }
}
