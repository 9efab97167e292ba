package org.bgml.ui.editor;

import org.eclipse.jface.action.IAction;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.part.MultiPageEditorActionBarContributor;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.texteditor.ITextEditorActionConstants;

/** Hands Edit &gt; Undo, Redo, Cut, Copy, Paste, Delete, Select All and Find to the Source page while it is active. */
public final class ModelEditorContributor extends MultiPageEditorActionBarContributor {
    private static final String[] ACTIONS = { ActionFactory.UNDO.getId(), ActionFactory.REDO.getId(), ActionFactory.CUT.getId(),
            ActionFactory.COPY.getId(), ActionFactory.PASTE.getId(), ActionFactory.DELETE.getId(), ActionFactory.SELECT_ALL.getId(),
            ActionFactory.FIND.getId(), ITextEditorActionConstants.GOTO_LINE };

    @Override
    public void setActivePage(IEditorPart page) {
        IActionBars bars = getActionBars();
        if (bars == null) {
            return;
        }
        ITextEditor text = page instanceof ITextEditor t ? t : null;
        for (String id : ACTIONS) {
            IAction action = text == null ? null : text.getAction(id);
            bars.setGlobalActionHandler(id, action);
        }
        bars.updateActionBars();
    }
}
