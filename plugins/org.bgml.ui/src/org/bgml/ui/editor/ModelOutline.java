package org.bgml.ui.editor;

import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.ui.views.contentoutline.ContentOutlinePage;

/**
 * The Outline view of a model editor: the same tree as its Model page, kept in step with whatever the editor shows
 * (the file, or the Source document's newer text). Selecting an element selects it in the diagram (or the Model
 * page when the diagram is not drawn), so the Properties view follows.
 */
final class ModelOutline extends ContentOutlinePage {
    private final ModelEditor editor;

    ModelOutline(ModelEditor editor) {
        this.editor = editor;
    }

    @Override
    public void createControl(Composite parent) {
        super.createControl(parent);
        TreeViewer viewer = getTreeViewer();
        viewer.setContentProvider(new ModelTree.Content());
        viewer.setLabelProvider(new ModelTree.Labels());
        viewer.setInput(editor.root());
        viewer.expandToLevel(2);
        viewer.addOpenListener(event -> {
            if (event.getSelection() instanceof IStructuredSelection s && s.getFirstElement() instanceof ModelTree.Node n) {
                editor.select(n.path());
            }
        });
    }

    /** The editor's model was read again: show it, keeping what was expanded. */
    void modelChanged() {
        TreeViewer viewer = getTreeViewer();
        if (viewer == null || viewer.getControl().isDisposed()) {
            return;
        }
        Object[] expanded = viewer.getExpandedElements();
        viewer.setInput(editor.root());
        if (expanded.length == 0) {
            viewer.expandToLevel(2);
        } else {
            viewer.setExpandedElements(expanded);
        }
    }

    /** The elements the outline shows now (for tests and diagnosis): the tree's root nodes. */
    TreeViewer viewer() {
        return getTreeViewer();
    }
}
