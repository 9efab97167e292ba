package org.bgml.ui.editor;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.ide.core.BgmlIde;
import org.bgml.model.Metric;
import org.bgml.model.io.ElementPaths;
import org.bgml.model.io.ModelFiles;
import org.bgml.model.io.ModelLoadException;
import org.bgml.ui.BgmlUi;
import org.bgml.ui.launch.Launching;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IResourceChangeEvent;
import org.eclipse.core.resources.IResourceChangeListener;
import org.eclipse.core.resources.IResourceDelta;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.ListenerList;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.dialogs.ErrorDialog;
import org.eclipse.jface.text.DocumentEvent;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.text.IDocumentListener;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionChangedListener;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.SelectionChangedEvent;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.window.Window;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IEditorInput;
import org.eclipse.ui.IEditorSite;
import org.eclipse.ui.IFileEditorInput;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.dialogs.SaveAsDialog;
import org.eclipse.ui.editors.text.TextEditor;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.ide.IGotoMarker;
import org.eclipse.ui.part.FileEditorInput;
import org.eclipse.ui.part.MultiPageEditorPart;
import org.eclipse.ui.texteditor.IDocumentProvider;
import org.eclipse.ui.views.contentoutline.IContentOutlinePage;

/**
 * The editor of a .bgml file: the diagram (the GLSP client in an embedded browser), the model as a tree (with the
 * Properties view), and the XML source in the platform's text editor.
 * <p>
 * One source of truth, as in other multi-page Eclipse editors: the Source page's document. Leaving the Diagram page
 * after diagram edits writes the diagram session's model into the document as text (the document becomes dirty, the
 * session clean); entering the Diagram page after the document changed gives the document's text to the session,
 * which redraws, or, when the text does not parse, keeps the previous drawing read-only and says why (the text is
 * left as it is). Save always writes the document through the text editor (the diagram's own save request included),
 * plus the layout file when nodes moved; Undo and Redo act on the active page: the diagram's command stack on the
 * Diagram page, the document's history on the Source page. The diagram's Generate &amp; Run saves the editor and
 * launches the model as the toolbar's Generate &amp; Run does. The Properties view shows the element selected on the
 * Diagram or Model page. The tree follows the document and the file on disk (a run writes results onto the model).
 */
public final class ModelEditor extends MultiPageEditorPart implements IGotoMarker {
    private TextEditor source;
    private TreeViewer tree;
    private ModelOutline outline;
    private Label treeProblem;
    private DiagramPage diagram;
    private int treePage;
    private int sourcePage = -1;
    private int diagramPage = -1;
    private int shownPage = -1;
    private EObject root;
    /** The document text the diagram session was last given or taken from. */
    private String synced;
    /** Nodes may have moved in the diagram since the layout file was written. */
    private boolean layoutPending;
    private final PageSelection selection = new PageSelection();
    /** True while the editor itself writes the diagram's text into the document. */
    private boolean pulling;
    private boolean pushScheduled;
    /**
     * The document changed while the Diagram page is shown without diagram edits: the file changed on disk (a run
     * wrote its results onto the model, another program, a revert) and the text editor took it in; the diagram follows.
     */
    private final IDocumentListener onDocument = new IDocumentListener() {
        @Override
        public void documentAboutToBeChanged(DocumentEvent event) {
        }

        @Override
        public void documentChanged(DocumentEvent event) {
            if (pulling || pushScheduled || !isDiagramActive()) {
                return;
            }
            pushScheduled = true;
            getSite().getShell().getDisplay().asyncExec(() -> {
                pushScheduled = false;
                if (diagram != null && isDiagramActive() && !diagram.isDirty()) {
                    pushToDiagram();
                }
            });
        }
    };

    private final IResourceChangeListener onChange = event -> {
        IFile file = file();
        if (file == null || event.getDelta() == null) {
            return;
        }
        IResourceDelta d = event.getDelta().findMember(file.getFullPath());
        if (d != null && (d.getFlags() & (IResourceDelta.CONTENT | IResourceDelta.REPLACED)) != 0) {
            getSite().getShell().getDisplay().asyncExec(this::fileChanged);
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

    private Path path() {
        return file().getLocation().toFile().toPath().toAbsolutePath().normalize();
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
        tree.addSelectionChangedListener(e -> {
            if (getActivePage() == treePage) {
                selection.set(e.getSelection());
            }
        });
        treePage = addPage(treeControl);
        setPageText(treePage, "Model");

        source = new TextEditor();
        try {
            sourcePage = addPage(source, getEditorInput());
            setPageText(sourcePage, "Source");
        } catch (PartInitException e) {
            BgmlUi.log(e.getStatus());
        }
        IDocument doc = document();
        synced = doc == null ? null : doc.get();
        if (doc != null) {
            doc.addDocumentListener(onDocument);
        }
        getSite().setSelectionProvider(selection);
        reloadTree();
        setActivePage(diagramPage);
        shownPage = diagramPage;
    }

    /** The Source page's document: what Save writes. */
    public IDocument document() {
        return source == null || source.getDocumentProvider() == null ? null : source.getDocumentProvider().getDocument(getEditorInput());
    }

    /** Keeps the one model in step when the user changes pages (see the class comment). */
    @Override
    protected void pageChange(int newPageIndex) {
        if (shownPage == diagramPage && newPageIndex != diagramPage) {
            pullFromDiagram();
        }
        if (newPageIndex == diagramPage && shownPage != diagramPage && shownPage != -1) {
            pushToDiagram();
        }
        if (newPageIndex == treePage && shownPage != treePage) {
            reloadTreeFromDocument();
        }
        shownPage = newPageIndex;
        super.pageChange(newPageIndex);
        if (newPageIndex == treePage) {
            selection.set(tree.getSelection());
        } else if (newPageIndex == diagramPage) {
            diagramSelectionChanged();
        } else {
            selection.set(StructuredSelection.EMPTY);
        }
    }

    /** True while the Diagram page is the one shown. */
    public boolean isDiagramActive() {
        return diagramPage >= 0 && getActivePage() == diagramPage;
    }

    /**
     * The diagram's edits (or the client's request to save) go into the document: the session's model as text
     * replaces the document's text, the session is marked clean. No edits, no change.
     */
    void pullFromDiagram() {
        IDocument doc = document();
        boolean requested = diagram != null && diagram.takeSaveRequest();
        if (diagram == null || doc == null || !(requested || diagram.isDirty())) {
            return;
        }
        try {
            String text = diagram.modelText();
            if (text == null) {
                return;
            }
            if (!text.equals(doc.get())) {
                pulling = true;
                try {
                    doc.set(text);
                } finally {
                    pulling = false;
                }
            }
            synced = doc.get();
            layoutPending = true;
            diagram.markSaved();
            reloadTreeFromDocument();
        } catch (IOException | RuntimeException e) {
            BgmlUi.log(new Status(IStatus.ERROR, BgmlUi.PLUGIN_ID, "The diagram's edits could not be taken into the source: " + e.getMessage(), e));
        }
        firePropertyChange(PROP_DIRTY);
    }

    /** The document changed since the diagram last saw it: the diagram redraws from the document's text. */
    void pushToDiagram() {
        IDocument doc = document();
        if (diagram == null || doc == null) {
            return;
        }
        String text = doc.get();
        if (text.equals(synced) && diagram.sourceProblem() == null) {
            return;
        }
        if (diagram.push(text)) {
            synced = text;
        }
    }

    /** The client drew its first model: if the document already differs from the file, the diagram shows the document. */
    void diagramReady() {
        IDocument doc = document();
        if (doc != null && synced != null && !doc.get().equals(synced) && isDiagramActive()) {
            pushToDiagram();
        }
    }

    /** A save asked for inside the diagram: the editor's own save, so the file is written through one path. */
    void saveFromDiagram() {
        if (getSite() != null && getSite().getPage() != null) {
            getSite().getPage().saveEditor(this, false);
        }
    }

    /**
     * The diagram's Generate &amp; Run: the editor's own save (the diagram's edits included), then what the toolbar's
     * one-click action does, the model's "BGML Benchmark" launch for {@code target} in run mode (a Job with progress, the
     * Console, cancel). The run writes its results onto the file; the diagram redraws from it and shows the new run.
     */
    void runFromDiagram(String target, String configuration) {
        saveFromDiagram();
        if (isDirty()) {
            diagram.runStatus("failed", "not run: the model was not saved", null);
            return;
        }
        String refused = Launching.run(file(), target, configuration, getSite().getShell());
        if (refused != null) {
            diagram.runStatus("failed", "not launched: " + refused, null);
        }
    }

    /** The file changed on disk (a save, a run writing results, another program): the tree follows (the diagram follows the document). */
    private void fileChanged() {
        if (tree == null || tree.getControl().isDisposed()) {
            return;
        }
        reloadTree();
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
        } catch (ModelLoadException e) {
            treeProblem.setText(e.describe());
            root = null;
        }
        refreshTree();
    }

    /** Shows the document's model (which may be newer than the file) in the tree. */
    private void reloadTreeFromDocument() {
        IDocument doc = document();
        if (doc == null || tree == null || tree.getControl().isDisposed()) {
            return;
        }
        try {
            root = parse(doc.get());
            treeProblem.setText("");
        } catch (ModelLoadException e) {
            treeProblem.setText(e.describe());
            root = null;
        } catch (IOException e) {
            treeProblem.setText(e.getMessage());
            root = null;
        }
        refreshTree();
    }

    private void refreshTree() {
        Object[] expanded = tree.getExpandedElements();
        tree.setInput(root);
        if (root != null) {
            if (expanded.length == 0) {
                tree.expandToLevel(2);
            } else {
                tree.setExpandedElements(expanded);
            }
        }
        treeProblem.getParent().layout();
        if (outline != null) {
            outline.modelChanged();
        }
    }

    /** Parses text as this editor's file would be loaded (any BGML root), with the file's name in messages. */
    private EObject parse(String text) throws ModelLoadException, IOException {
        return ModelFiles.loadRootFromText(ModelFiles.newResourceSet(), path(), text);
    }

    /** The loaded model's root (as the tree and the Properties view show it), or null when it does not load. */
    public EObject root() {
        return root;
    }

    /** Shows the Model page (the tree). */
    public void showTree() {
        setActivePage(treePage);
    }

    /** Shows the Source page. */
    public void showSource() {
        setActivePage(sourcePage);
    }

    /** Shows the Diagram page. */
    public void showDiagram() {
        setActivePage(diagramPage);
    }

    public TreeViewer tree() {
        return tree;
    }

    public DiagramPage diagram() {
        return diagram;
    }

    public TextEditor source() {
        return source;
    }

    /** Selects the element with this path: in the diagram when it is drawn, else in the tree. False when the model has no such element. */
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
            // the element, else its badge (a metric), else the nearest drawn container
            List<String> ids = new ArrayList<>(List.of(path, path + "#badge"));
            for (EObject c = e.eContainer(); c != null && c.eContainer() != null; c = c.eContainer()) {
                ids.add(ElementPaths.pathOf(c));
            }
            setActivePage(diagramPage);
            if (diagram.select(ids, e instanceof Metric ? "metric" : null)) {
                return true;
            }
        }
        setActivePage(treePage);
        return true;
    }

    /** A Problems-view double-click: the marker's element in the diagram (or the tree), else its line in the source. */
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
        if (adapter == IContentOutlinePage.class) {
            if (outline == null || outline.getControl() != null && outline.getControl().isDisposed()) {
                outline = new ModelOutline(this);
            }
            return adapter.cast(outline);
        }
        return super.getAdapter(adapter);
    }

    /** The diagram's unsaved edits started or ended. */
    void diagramDirtyChanged() {
        firePropertyChange(PROP_DIRTY);
    }

    /** The client's selection changed: the Properties view shows the selected elements of the diagram's model. */
    void diagramSelectionChanged() {
        if (!isDiagramActive() || diagram == null) {
            return;
        }
        List<String> paths = diagram.selectedPaths();
        EObject model = root;
        if (!paths.isEmpty() && diagram.isDirty()) {
            // the diagram has edits the document has not: show the elements as the diagram has them
            try {
                String text = diagram.modelText();
                if (text != null) {
                    model = parse(text);
                }
            } catch (ModelLoadException | IOException e) {
                // show the document's version
            }
        }
        List<ModelTree.Node> nodes = new ArrayList<>();
        for (String path : paths) {
            EObject e = model == null ? null : "bgml-model".equals(path) ? model : ElementPaths.resolve(model, path);
            if (e != null) {
                nodes.add(new ModelTree.Node(e));
            }
        }
        selection.set(new StructuredSelection(nodes));
    }

    @Override
    public boolean isDirty() {
        return super.isDirty() || layoutPending || (diagram != null && diagram.isDirty());
    }

    /** Writes the document through the text editor, after taking in the diagram's edits; and the layout when nodes moved. */
    @Override
    public void doSave(IProgressMonitor monitor) {
        if (isDiagramActive()) {
            pullFromDiagram();
        }
        source.doSave(monitor);
        if (layoutPending && diagram != null) {
            try {
                diagram.saveLayout();
                layoutPending = false;
            } catch (IOException e) {
                BgmlUi.log(new Status(IStatus.ERROR, BgmlUi.PLUGIN_ID, "The diagram's layout could not be saved: " + e.getMessage(), e));
            }
        }
        firePropertyChange(PROP_DIRTY);
    }

    /** Asks where to (the workbench's Save As dialog), then {@link #saveAs(IFile)}. */
    @Override
    public void doSaveAs() {
        SaveAsDialog dialog = new SaveAsDialog(getSite().getShell());
        dialog.setOriginalFile(file());
        if (dialog.open() != Window.OK || dialog.getResult() == null) {
            return;
        }
        IPath path = dialog.getResult();
        if (path.getFileExtension() == null) {
            path = path.addFileExtension("bgml");
        }
        saveAs(ResourcesPlugin.getWorkspace().getRoot().getFile(path));
    }

    /**
     * Save As {@code target}: the document, with the diagram's edits, is written to the new file and the editor edits
     * that file from now on: the Source page, the tree, the diagram (which opens the new file, with the node positions
     * written beside it) and the editor's title. The old file keeps what it had on disk. False when the file could not
     * be written (the user is told why).
     */
    public boolean saveAs(IFile target) {
        if (target.equals(file())) {
            doSave(null);
            return true;
        }
        if (isDiagramActive()) {
            pullFromDiagram();
        }
        IDocumentProvider provider = source.getDocumentProvider();
        IDocument before = document();
        FileEditorInput input = new FileEditorInput(target);
        provider.aboutToChange(input);
        try {
            provider.saveDocument(new NullProgressMonitor(), input, before, true);
        } catch (CoreException e) {
            BgmlUi.log(e.getStatus());
            ErrorDialog.openError(getSite().getShell(), "Save As", "Cannot save " + target.getFullPath(), e.getStatus());
            return false;
        } finally {
            provider.changed(input);
        }
        before.removeDocumentListener(onDocument);
        source.setInput(input);
        setInputWithNotify(input);
        setPartName(input.getName());
        IDocument now = document();
        now.addDocumentListener(onDocument);
        synced = now.get();
        if (diagram != null) {
            try {
                diagram.moveTo(path());
                layoutPending = false;
            } catch (IOException e) {
                BgmlUi.log(new Status(IStatus.ERROR, BgmlUi.PLUGIN_ID, "The diagram's layout could not be saved beside " + target.getFullPath()
                        + ": " + e.getMessage(), e));
            }
        }
        reloadTree();
        firePropertyChange(PROP_DIRTY);
        return true;
    }

    @Override
    public boolean isSaveAsAllowed() {
        return true;
    }

    @Override
    public void dispose() {
        ResourcesPlugin.getWorkspace().removeResourceChangeListener(onChange);
        IDocument doc = document();
        if (doc != null) {
            doc.removeDocumentListener(onDocument);
        }
        if (diagram != null) {
            diagram.dispose();
        }
        super.dispose();
    }

    /** The editor's selection for the Properties view: the Diagram's or the Model page's, whichever is shown. */
    private static final class PageSelection implements ISelectionProvider {
        private final ListenerList<ISelectionChangedListener> listeners = new ListenerList<>();
        private ISelection current = StructuredSelection.EMPTY;

        void set(ISelection selection) {
            current = selection == null ? StructuredSelection.EMPTY : selection;
            SelectionChangedEvent event = new SelectionChangedEvent(this, current);
            for (ISelectionChangedListener l : listeners) {
                l.selectionChanged(event);
            }
        }

        @Override
        public void addSelectionChangedListener(ISelectionChangedListener listener) {
            listeners.add(listener);
        }

        @Override
        public ISelection getSelection() {
            return current;
        }

        @Override
        public void removeSelectionChangedListener(ISelectionChangedListener listener) {
            listeners.remove(listener);
        }

        @Override
        public void setSelection(ISelection selection) {
            set(selection);
        }
    }
}
