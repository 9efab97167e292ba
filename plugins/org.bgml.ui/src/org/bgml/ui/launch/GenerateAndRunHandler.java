package org.bgml.ui.launch;

import org.bgml.ui.BgmlUi;
import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.resources.IFile;
import org.eclipse.ui.handlers.HandlerUtil;

/** The toolbar and context-menu "Generate &amp; Run": the selected model, else the active editor's. */
public final class GenerateAndRunHandler extends AbstractHandler {
    @Override
    public Object execute(ExecutionEvent event) {
        IFile model = BgmlUi.modelOf(HandlerUtil.getCurrentSelection(event));
        if (model == null) {
            model = BgmlUi.modelOf(HandlerUtil.getActiveEditor(event));
        }
        Launching.run(model, HandlerUtil.getActiveShell(event));
        return null;
    }
}
