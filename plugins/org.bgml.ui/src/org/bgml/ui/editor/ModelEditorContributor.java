package org.bgml.ui.editor;

import org.eclipse.jface.action.IAction;
import org.eclipse.ui.IActionBars;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.part.MultiPageEditorActionBarContributor;
import org.eclipse.ui.texteditor.ITextEditor;
import org.eclipse.ui.texteditor.ITextEditorActionConstants;

/**
 * Edit &gt; Undo, Redo, Cut, Copy, Paste, Delete, Select All and Find act on the active page: on the Source page the
 * text editor's actions; on the Diagram page Undo and Redo undo and redo the diagram's edits (the GLSP command stack
 * on the server, through the client), enabled while there is something to undo or redo.
 */
public final class ModelEditorContributor extends MultiPageEditorActionBarContributor {
    private static final String[] ACTIONS = { ActionFactory.UNDO.getId(), ActionFactory.REDO.getId(), ActionFactory.CUT.getId(),
            ActionFactory.COPY.getId(), ActionFactory.PASTE.getId(), ActionFactory.DELETE.getId(), ActionFactory.SELECT_ALL.getId(),
            ActionFactory.FIND.getId(), ITextEditorActionConstants.GOTO_LINE };
    private ModelEditor editor;

    @Override
    public void setActiveEditor(IEditorPart part) {
        editor = part instanceof ModelEditor m ? m : null;
        super.setActiveEditor(part);
    }

    @Override
    public void setActivePage(IEditorPart page) {
        IActionBars bars = getActionBars();
        if (bars == null) {
            return;
        }
        ITextEditor text = page instanceof ITextEditor t ? t : null;
        DiagramPage diagram = text == null && editor != null && editor.isDiagramActive() ? editor.diagram() : null;
        for (String id : ACTIONS) {
            IAction action = text == null ? null : text.getAction(id);
            if (diagram != null && ActionFactory.UNDO.getId().equals(id)) {
                action = diagram.undoAction();
            } else if (diagram != null && ActionFactory.REDO.getId().equals(id)) {
                action = diagram.redoAction();
            }
            bars.setGlobalActionHandler(id, action);
        }
        bars.updateActionBars();
    }
}
