package org.bgml.ui.editor;

import org.bgml.ide.core.BgmlIde;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.ui.BgmlUi;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.editors.text.TextEditor;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.ide.IGotoMarker;
import org.eclipse.ui.part.MultiPageEditorPart;

/**
 * The editor of a .bgml file: the diagram (the GLSP client in an embedded browser), the model as a tree (with the
 * Properties view), and the XML source in the platform's text editor, which owns the file: dirty state, Save,
 * Undo/Redo and markers in the ruler work as in any Eclipse editor. The tree follows the file whenever it changes
 * on disk (a save, or a run writing its results onto the model).
 */
public final class ModelEditor extends MultiPageEditorPart implements IGotoMarker {
    private TextEditor source;
    private TreeViewer tree;
    private Label treeProblem;
    private DiagramPage diagram;
    private int treePage;
    private int sourcePage;
    private int diagramPage = -1;
    private EObject root;

    private final IResourceChangeListener onChange = event -> {
        IFile file = file();
        if (file == null || event.getDelta() == null) {
            return;
        }
        IResourceDelta d = event.getDelta().findMember(file.getFullPath());
        if (d != null && (d.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0) {
            getSite().getShell().getDisplay().asyncExec(this::reloadTree);
        }
    };

    @Override
    public void init(IEditorSite site, IEditorInput input) throws PartInitException {
        if (!(input instanceof IFileEditorInput)) {
            throw new PartInitException("The BGML editor opens .bgml files of the workspace");
        }
        super.init(site, input);
        setPartName(input.getName());
        ResourcesPlugin.getWorkspace().addResourceChangeListener(onChange, IResourceChangeEvent.POST_CHANGE);
    }

    public IFile file() {
        return getEditorInput() instanceof IFileEditorInput f ? f.getFile() : null;
    }

    @Override
    protected void createPages() {
        diagram = new DiagramPage(this);
        Composite diagramControl = diagram.create(getContainer());
        diagramPage = addPage(diagramControl);
        setPageText(diagramPage, "Diagram");

        Composite treeControl = new Composite(getContainer(), SWT.NONE);
        treeControl.setLayout(new GridLayout(1, false));
        treeProblem = new Label(treeControl, SWT.WRAP);
        treeProblem.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        tree = new TreeViewer(treeControl, SWT.BORDER | SWT.MULTI);
        tree.getControl().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        tree.setContentProvider(new ModelTree.Content());
        tree.setLabelProvider(new ModelTree.Labels());
        treePage = addPage(treeControl);
        setPageText(treePage, "Model");

        source = new TextEditor();
        try {
            sourcePage = addPage(source, getEditorInput());
            setPageText(sourcePage, "Source");
        } catch (PartInitException e) {
            BgmlUi.log(e.getStatus());
        }
        getSite().setSelectionProvider(tree);
        reloadTree();
        setActivePage(diagramPage);
    }

    /** Reads the file again and shows its elements; a file that does not load says why. */
    public void reloadTree() {
        if (tree == null || tree.getControl().isDisposed()) {
            return;
        }
        IFile file = file();
        try {
            root = ModelFiles.loadRoot(ModelFiles.newResourceSet(), file.getLocation().toFile().toPath());
            treeProblem.setText("");
            Object[] expanded = tree.getExpandedElements();
            tree.setInput(root);
            if (expanded.length == 0) {
                tree.expandToLevel(2);
            } else {
                tree.setExpandedElements(expanded);
            }
        } catch (ModelLoadException e) {
            treeProblem.setText(e.describe());
            tree.setInput(null);
        }
        treeProblem.getParent().layout();
        if (diagram != null) {
            diagram.modelChanged();
        }
    }

    /** The loaded model's root (as the tree shows it), or null when the file does not load. */
    public EObject root() {
        return root;
    }

    /** Shows the Model page (the tree). */
    public void showTree() {
        setActivePage(treePage);
    }

    public TreeViewer tree() {
        return tree;
    }

    public DiagramPage diagram() {
        return diagram;
    }

    /** Selects the element with {@code path} in the diagram (when drawn, else the tree page is shown) and the tree; false when the model has no such element. */
    public boolean select(String path) {
        if (root == null) {
            return false;
        }
        EObject e = ElementPaths.resolve(root, path);
        if (e == null) {
            return false;
        }
        tree.setSelection(new StructuredSelection(new ModelTree.Node(e)), true);
        if (diagram != null && diagram.rendered()) {
            setActivePage(diagramPage);
            diagram.select(path);
        } else {
            setActivePage(treePage);
        }
        return true;
    }

    /** A Problems-view double-click: the marker's element in the tree, else its line in the source. */
    @Override
    public void gotoMarker(IMarker marker) {
        String path = marker.getAttribute(BgmlIde.ELEMENT_PATH, null);
        if (path != null && select(path)) {
            return;
        }
        setActivePage(sourcePage);
        IDE.gotoMarker(source, marker);
    }

    @Override
    public <T> T getAdapter(Class<T> adapter) {
        if (adapter == IGotoMarker.class) {
            return adapter.cast(this);
        }
        return super.getAdapter(adapter);
    }

    /** The diagram's unsaved edits started or ended. */
    void diagramDirtyChanged() {
        firePropertyChange(PROP_DIRTY);
    }

    @Override
    public boolean isDirty() {
        return super.isDirty() || (diagram != null && diagram.isDirty());
    }

    /** Saves the page that holds the edits: the diagram (through its server) or the source text. */
    @Override
    public void doSave(IProgressMonitor monitor) {
        if (diagram != null && diagram.isDirty() && !source.isDirty()) {
            diagram.save();
        } else {
            source.doSave(monitor);
        }
    }

    @Override
    public void doSaveAs() {
        source.doSaveAs();
        setInput(source.getEditorInput());
        setPartName(getEditorInput().getName());
    }

    @Override
    public boolean isSaveAsAllowed() {
        return true;
    }

    @Override
    public void dispose() {
        ResourcesPlugin.getWorkspace().removeResourceChangeListener(onChange);
        if (diagram != null) {
            diagram.dispose();
        }
        super.dispose();
    }
}
