package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.bgml.ide.core.BgmlIde;
import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.model.io.ElementPaths;
import org.bgml.ui.editor.ModelEditor;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.Adapters;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchManager;
import org.eclipse.emf.ecore.EObject;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.text.IDocument;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.ui.IWorkbenchCommandConstants;
import org.eclipse.ui.actions.ActionFactory;
import org.eclipse.ui.ide.IDE;
import org.eclipse.ui.views.properties.IPropertySource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The model editor with the diagram in its embedded browser, as a user works with it: edits in the diagram make the
 * editor dirty, Save (the workbench's Save command, i.e. Ctrl+S) writes them, Edit &gt; Undo undoes them, the Source
 * and Diagram pages show each other's edits, and a Problems-view marker selects its element in the diagram and the
 * Properties view. The diagram's state is read back from the client (its DOM and {@code data-selection}).
 */
class DiagramEditorTest {

    @AfterEach
    void close() {
        Ui.closeAll();
    }

    private static IFile model(String project, String name) throws Exception {
        IProject p = Workspace.project(project);
        return Workspace.write(p, name, Workspace.example("roundtrip.bgml"));
    }

    private static String onDisk(IFile file) throws Exception {
        return Files.readString(Path.of(file.getLocationURI()), StandardCharsets.UTF_8);
    }

    /** A rename through the client, as the diagram's direct label edit sends it. */
    private static void rename(ModelEditor editor, String path, String name) {
        Ui.run(() -> editor.diagram().dispatch(Map.of("kind", "applyLabelEdit", "labelId", path + "#name", "text", name)));
    }

    /** A move of one node to (x, y), as the client sends it when a node is dragged. */
    private static Map<String, Object> move(String id, int x, int y) {
        return Map.of("kind", "changeBounds", "newBounds",
                List.of(Map.of("elementId", id, "newSize", Map.of("width", 160, "height", 56), "newPosition", Map.of("x", x, "y", y))));
    }

    @Test
    void aDiagramEditMakesTheEditorDirtySaveWritesItAndUndoRedoFollowTheDiagram() throws Exception {
        IFile file = model("diagram", "edit.bgml");
        ModelEditor editor = Ui.openWithDiagram(file);
        assertTrue(Ui.drawn(editor, "TaoTaoClient"), "the client entity is drawn");
        assertFalse(Ui.sync(editor::isDirty), "a freshly opened editor is clean");

        rename(editor, "TaoTaoClient", "RenamedClient");
        Ui.await("the renamed entity in the diagram", () -> Ui.drawn(editor, "RenamedClient"), 30);
        Ui.await("the editor dirty after the diagram edit", editor::isDirty, 10);
        assertFalse(onDisk(file).contains("RenamedClient"), "nothing is written before Save");

        // Ctrl+S: the workbench's Save command on the active editor
        Ui.command(editor, IWorkbenchCommandConstants.FILE_SAVE);
        Ui.await("the editor clean after Save", () -> !editor.isDirty(), 20);
        String saved = onDisk(file);
        assertTrue(saved.contains("name=\"RenamedClient\""), "Save wrote the diagram's edit");
        assertTrue(saved.contains("entities=\"#TaoTaoServer #RenamedClient\""), "references follow the renamed entity");
        assertTrue(Ui.sync(() -> editor.document().get().equals(saved)), "the Source document holds what was saved");
        assertTrue(Ui.sync(() -> editor.isDiagramActive()), "the diagram page stayed active");

        // Edit > Undo on the diagram page: the diagram's own undo
        IAction undo = Ui.sync(() -> editor.getEditorSite().getActionBars().getGlobalActionHandler(ActionFactory.UNDO.getId()));
        IAction redo = Ui.sync(() -> editor.getEditorSite().getActionBars().getGlobalActionHandler(ActionFactory.REDO.getId()));
        assertNotNull(undo, "the Diagram page has an Undo action");
        Ui.await("Undo enabled after an edit", undo::isEnabled, 10);
        assertFalse(Ui.sync(redo::isEnabled), "nothing to redo yet");
        Ui.command(editor, IWorkbenchCommandConstants.EDIT_UNDO);
        Ui.await("the entity's old name back after Undo", () -> Ui.drawn(editor, "TaoTaoClient") && !Ui.drawn(editor, "RenamedClient"), 20);
        Ui.await("the editor dirty after Undo (the file has the new name)", editor::isDirty, 10);
        Ui.await("Redo enabled after Undo", redo::isEnabled, 10);
        Ui.await("Undo disabled with nothing left to undo", () -> !undo.isEnabled(), 10);

        Ui.run(redo::run);
        Ui.await("the new name back after Redo", () -> Ui.drawn(editor, "RenamedClient"), 20);
        Ui.await("clean again: the diagram matches the saved file", () -> !editor.diagram().isDirty(), 10);
    }

    @Test
    void theDiagramsOwnSaveAndAMovedNodeGoThroughTheEditorsSave() throws Exception {
        IFile file = model("diagram", "own-save.bgml");
        ModelEditor editor = Ui.openWithDiagram(file);
        Path layout = Path.of(file.getLocationURI()).resolveSibling("own-save.bgml.layout.json");
        assertFalse(Files.exists(layout), "no layout file before anything moved");

        // the Save button of the diagram's own toolbar asks the server to save: the editor saves instead
        rename(editor, "TaoTaoServer", "SavedServer");
        Ui.await("the rename drawn", () -> Ui.drawn(editor, "SavedServer"), 30);
        Ui.run(() -> editor.diagram().browser().evaluate("window.bgmlDiagram.save();"));
        Ui.await("the file written by the editor's save", () -> onDisk(file).contains("name=\"SavedServer\""), 20);
        Ui.await("the editor clean", () -> !editor.isDirty(), 10);
        assertEquals(onDisk(file), Ui.sync(() -> editor.document().get()), "the Source document is what was written");

        // moving a node changes no model text; the editor is dirty until Save writes the layout file
        Ui.run(() -> editor.diagram().dispatch(move("SavedServer", 432, 321)));
        Ui.await("the editor dirty after the move", editor::isDirty, 10);
        String before = onDisk(file);
        Ui.run(editor::showSource);
        assertFalse(Ui.sync(() -> editor.source().isDirty()), "the model text did not change");
        assertTrue(Ui.sync(editor::isDirty), "the moved node is still to be saved");
        Ui.run(() -> editor.doSave(null));
        Ui.await("clean after Save", () -> !editor.isDirty(), 10);
        assertEquals(before, onDisk(file));
        String positions = Files.readString(layout, StandardCharsets.UTF_8);
        assertTrue(positions.replaceAll("\\s", "").contains("\"SavedServer\":[432.0,321.0"), positions);
    }

    @Test
    void saveAsMovesTheEditorItsDiagramAndItsLayoutToTheNewFile() throws Exception {
        IFile file = model("diagram", "first.bgml");
        String original = onDisk(file);
        ModelEditor editor = Ui.openWithDiagram(file);
        rename(editor, "TaoTaoServer", "CopiedServer");
        Ui.await("the rename drawn", () -> Ui.drawn(editor, "CopiedServer"), 30);
        Ui.run(() -> editor.diagram().dispatch(move("CopiedServer", 512, 288)));
        Ui.await("the editor dirty", editor::isDirty, 10);

        IFile copy = Workspace.project("diagram").getFile("second.bgml");
        assertTrue(Ui.sync(() -> editor.saveAs(copy)), "Save As wrote the new file");
        assertTrue(onDisk(copy).contains("name=\"CopiedServer\""), "the new file has the diagram's unsaved edit");
        assertEquals(original, onDisk(file), "the old file keeps what it had on disk");
        assertEquals(copy, Ui.sync(editor::file), "the editor edits the new file");
        assertEquals("second.bgml", Ui.sync(editor::getPartName));
        assertFalse(Ui.sync(editor::isDirty), "clean after Save As");
        Path layout = Path.of(copy.getLocationURI()).resolveSibling("second.bgml.layout.json");
        assertTrue(Files.readString(layout, StandardCharsets.UTF_8).replaceAll("\\s", "").contains("\"CopiedServer\":[512.0,288.0"),
                "the moved node's position went with the model");
        assertFalse(Files.exists(Path.of(file.getLocationURI()).resolveSibling("first.bgml.layout.json")), "and not beside the old file");

        // the diagram now shows the new file: its edits and its save go there, and so does a change on disk
        Ui.await("the diagram opened the new file", () -> {
            try {
                return editor.diagram().rendered() && Ui.drawn(editor, "CopiedServer") && String.valueOf(Ui.js(editor,
                        "return window.BGML_CONFIG ? window.BGML_CONFIG.model : '';")).endsWith("second.bgml");
            } catch (org.eclipse.swt.SWTException e) {
                return false; // the page is loading
            }
        }, 30, editor.diagram()::describe);
        rename(editor, "TaoTaoClient", "SecondClient");
        Ui.await("the next edit drawn", () -> Ui.drawn(editor, "SecondClient"), 30);
        Ui.await("dirty again", editor::isDirty, 10);
        Ui.command(editor, IWorkbenchCommandConstants.FILE_SAVE);
        Ui.await("saved", () -> !editor.isDirty(), 20);
        assertTrue(onDisk(copy).contains("name=\"SecondClient\""), "Save writes the new file");
        assertEquals(original, onDisk(file), "and leaves the old one alone");
        Workspace.write(Workspace.project("diagram"), "second.bgml", onDisk(copy).replace("CopiedServer", "DiskServer"));
        Ui.await("a change on disk of the new file redraws the diagram", () -> Ui.drawn(editor, "DiskServer"), 30);
        assertTrue(Ui.sync(() -> editor.document().get().contains("name=\"DiskServer\"")), "and reaches the Source document");
    }

    @Test
    void aLaunchThatIsRefusedEndsTheDiagramsRunStatusWithTheReason() throws Exception {
        IFile file = model("diagram", "refused.bgml");
        ModelEditor editor = Ui.openWithDiagram(file);
        // a target the launch delegate does not know: refused before launching, with the reason (and an error dialog,
        // which the test harness's automated mode does not open)
        Ui.js(editor, "var s = document.getElementById('bgml-run-target'); var o = document.createElement('option');"
                + " o.value = 'nosuch'; o.textContent = 'nosuch'; s.appendChild(o); s.value = 'nosuch';"
                + " document.getElementById('bgml-run').click(); return true;");
        Ui.await("the client's run status ends with the refusal", () -> "failed".equals(Ui.runStatus(editor, "dataset.phase")), 30,
                () -> Ui.runStatus(editor, "textContent"));
        String status = Ui.runStatus(editor, "textContent");
        assertTrue(status.contains("not launched: unknown target 'nosuch'; choose one of omniorb"), status);
        assertEquals(Boolean.FALSE, Ui.js(editor, "return document.getElementById('bgml-run').disabled;"), "the run button is usable again");

        // a launch of the model that the delegate refuses on its own (as when the file goes in between): the platform
        // drops the empty launch, and the diagram hears of it
        ILaunchConfiguration refused = BenchmarkLaunch.findOrCreate(file, "nosuch");
        try {
            assertThrows(CoreException.class, () -> refused.launch(ILaunchManager.RUN_MODE, new NullProgressMonitor()));
            Ui.await("the client's run status says the launch was refused", () -> "failed".equals(Ui.runStatus(editor, "dataset.phase"))
                    && Ui.runStatus(editor, "textContent").contains("refused before the run started"), 30, () -> Ui.runStatus(editor, "textContent"));
        } finally {
            refused.delete();
        }
    }

    @Test
    void aChangeOnDiskRedrawsTheDiagramWhenItHasNoEditsOfItsOwn() throws Exception {
        IFile file = model("diagram", "disk.bgml");
        ModelEditor editor = Ui.openWithDiagram(file);
        // another writer (a run annotating the model, a version control update) changes the file
        Workspace.write(Workspace.project("diagram"), "disk.bgml", Workspace.example("roundtrip.bgml").replace("TaoTaoServer", "DiskServer"));
        Ui.await("the diagram redrawn from the changed file", () -> Ui.drawn(editor, "DiskServer") && !Ui.drawn(editor, "TaoTaoServer"), 30);
        assertFalse(Ui.sync(editor::isDirty), "taking in the file's change leaves the editor clean");
        assertTrue(Ui.sync(() -> editor.document().get().contains("name=\"DiskServer\"")), "the Source document has the file's text");
    }

    @Test
    void sourceEditsShowInTheDiagramAndDiagramEditsInTheSource() throws Exception {
        IFile file = model("diagram", "sync.bgml");
        String original = onDisk(file);
        ModelEditor editor = Ui.openWithDiagram(file);

        // Source -> Diagram
        Ui.run(editor::showSource);
        Ui.run(() -> {
            IDocument doc = editor.document();
            doc.set(doc.get().replace("TaoTaoServer", "SourceServer"));
        });
        assertTrue(Ui.sync(editor::isDirty), "a text edit makes the editor dirty");
        Ui.run(editor::showDiagram);
        Ui.await("the text edit drawn in the diagram", () -> Ui.drawn(editor, "SourceServer") && !Ui.drawn(editor, "TaoTaoServer"), 30);
        assertEquals(original, onDisk(file), "switching pages writes nothing");

        // Diagram -> Source
        rename(editor, "TaoTaoClient", "DiagramClient");
        Ui.await("the diagram edit drawn", () -> Ui.drawn(editor, "DiagramClient"), 30);
        Ui.run(editor::showSource);
        String text = Ui.sync(() -> editor.document().get());
        assertTrue(text.contains("name=\"DiagramClient\""), "leaving the diagram puts its edit into the source");
        assertTrue(text.contains("name=\"SourceServer\""), "and keeps the earlier text edit");
        assertFalse(Ui.sync(() -> editor.diagram().isDirty()), "the diagram session is clean once the source has its edits");
        assertTrue(Ui.sync(editor::isDirty), "the editor stays dirty until saved");

        // Source that does not parse: the diagram says so and the text stays
        String broken = text.replace("<entities xsi:type=\"bgml:Server\" name=\"SourceServer\"", "<entities xsi:type=\"bgml:Server\" name=\"SourceServer\" <<");
        Ui.run(() -> editor.document().set(broken));
        Ui.run(editor::showDiagram);
        String problem = Ui.sync(() -> editor.diagram().sourceProblem());
        assertNotNull(problem, "the diagram page reports the broken source");
        assertTrue(problem.contains("sync.bgml:"), problem);
        Ui.run(editor::showSource);
        assertEquals(broken, Ui.sync(() -> editor.document().get()), "the broken text is not lost");
        assertTrue(Ui.drawn(editor, "DiagramClient"), "the diagram keeps the last model that parsed");

        // fixed again: the diagram follows and saving writes one file
        Ui.run(() -> editor.document().set(text));
        Ui.run(editor::showDiagram);
        assertEquals(null, Ui.sync(() -> editor.diagram().sourceProblem()), "the report goes away once the source parses");
        Ui.run(() -> editor.doSave(null));
        Ui.await("clean after saving", () -> !editor.isDirty(), 20);
        assertEquals(text, onDisk(file), "Save writes the source document, which has both pages' edits");
    }

    @Test
    void openingAProblemMarkerSelectsItsElementInTheDiagramAndTheProperties() throws Exception {
        IProject project = Workspace.project("diagram");
        String broken = Workspace.example("roundtrip.bgml").replaceFirst("(name=\"TaoTaoLatency\"[^>]*?)samples=\"250000\"", "$1samples=\"0\"");
        IFile file = Workspace.write(project, "marked.bgml", broken);
        Workspace.waitForBuild();
        IMarker marker = Arrays.stream(file.findMarkers(BgmlIde.MARKER, true, IResource.DEPTH_ZERO))
                .filter(m -> "metric.counts".equals(m.getAttribute(BgmlIde.RULE_ID, ""))).findFirst()
                .orElseThrow(() -> new AssertionError("no metric.counts marker on the broken model"));

        ModelEditor editor = Ui.openWithDiagram(file);
        Ui.run(editor::showSource);
        // what a double-click in the Problems view does
        Ui.run(() -> IDE.openEditor(Ui.page(), marker));
        assertTrue(Ui.sync(editor::isDiagramActive), "the marker shows the Diagram page");
        Ui.await("the marker's element selected in the diagram", () -> editor.diagram().selectedPaths().equals(List.of("TaoTaoLatency")), 20,
                () -> "selected " + editor.diagram().selectedIds());
        assertEquals(List.of("TaoTaoLatency#badge"), Ui.sync(() -> editor.diagram().selectedIds()),
                "a metric is selected as its badge, which the diagram shows on its metric layer");

        Ui.await("the editor's selection (what the Properties view shows) is that element", () -> {
            Object first = ((IStructuredSelection) editor.getSite().getSelectionProvider().getSelection()).getFirstElement();
            EObject element = first == null ? null : Adapters.adapt(first, EObject.class);
            return element != null && "TaoTaoLatency".equals(ElementPaths.pathOf(element));
        }, 10);
        Ui.run(() -> Ui.page().showView("org.eclipse.ui.views.PropertySheet"));
        Object first = Ui.sync(() -> ((IStructuredSelection) editor.getSite().getSelectionProvider().getSelection()).getFirstElement());
        IPropertySource properties = Adapters.adapt(first, IPropertySource.class);
        assertNotNull(properties, "the selected element has properties");
        assertEquals("0", properties.getPropertyValue("samples"), "the Properties view shows the element's attributes");

        // selecting another element in the diagram moves the Properties view along
        Ui.run(() -> Ui.page().activate(editor));
        Ui.run(() -> editor.diagram().dispatch(Map.of("kind", "elementSelected", "selectedElementsIDs", List.of("TaoTaoServer"),
                "deselectedElementsIDs", List.of(), "deselectAll", true)));
        Ui.await("the Properties view follows the diagram's selection", () -> {
            Object f = ((IStructuredSelection) editor.getSite().getSelectionProvider().getSelection()).getFirstElement();
            IPropertySource p = f == null ? null : Adapters.adapt(f, IPropertySource.class);
            return p != null && "TaoTaoServer".equals(p.getPropertyValue("name"));
        }, 10);
    }
}
