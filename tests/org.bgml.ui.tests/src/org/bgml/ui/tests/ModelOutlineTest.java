package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.bgml.ui.editor.ModelEditor;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.part.IPage;
import org.eclipse.ui.views.contentoutline.ContentOutline;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Outline view of a model editor shows the model as a tree (the model, its definitions, entities, connections,
 * metrics, ...) and follows the file when it changes on disk, as after a save elsewhere or a run writing results.
 */
class ModelOutlineTest {

    @AfterEach
    void close() {
        Ui.closeAll();
    }

    @Test
    void theOutlineShowsTheModelsElementsAndFollowsTheFile() throws Exception {
        IProject project = Workspace.project("outline");
        String text = Workspace.example("roundtrip.bgml");
        IFile file = Workspace.write(project, "roundtrip.bgml", text);
        ModelEditor editor = Ui.open(file);
        Tree tree = Ui.sync(() -> {
            ContentOutline view = (ContentOutline) Ui.page().showView(IPageLayout.ID_OUTLINE);
            Ui.page().activate(editor);
            IPage page = view.getCurrentPage();
            return (Tree) page.getControl();
        });
        Ui.await("the outline's tree", () -> tree.getItemCount() == 1, 20);
        assertEquals("BenchmarkModel RoundTrip", Ui.sync(() -> tree.getItem(0).getText()));
        List<String> children = Ui.sync(() -> labels(tree.getItem(0).getItems()));
        assertTrue(children.contains("Server TaoTaoServer"), "an entity is listed under the model: " + children);
        assertTrue(children.stream().anyMatch(c -> c.startsWith("Interface ") || c.startsWith("Module ")),
                "the definitions are listed: " + children);

        // a change on disk (the model renamed) shows in the outline
        Workspace.write(project, "roundtrip.bgml", text.replaceFirst("name=\"RoundTrip\"", "name=\"RoundTripRenamed\""));
        Ui.await("the outline after the file changed", () -> tree.getItemCount() == 1
                && tree.getItem(0).getText().equals("BenchmarkModel RoundTripRenamed"), 20,
                () -> tree.getItemCount() == 0 ? "(empty)" : tree.getItem(0).getText());
    }

    private static List<String> labels(TreeItem[] items) {
        List<String> list = new ArrayList<>();
        for (TreeItem i : items) {
            list.add(i.getText());
        }
        return list;
    }
}
