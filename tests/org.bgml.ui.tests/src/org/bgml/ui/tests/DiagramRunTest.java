package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.bgml.ide.core.launch.BenchmarkJob;
import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.ResultSet;
import org.bgml.model.RunStatus;
import org.bgml.model.io.ModelFiles;
import org.bgml.ui.editor.ModelEditor;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The diagram's own Generate &amp; Run button inside the model editor runs the Eclipse way: the editor saves (the
 * diagram's unsaved edit goes into the file through the editor's one save path), the model's "BGML Benchmark" launch
 * runs as a Job with its Console, and when it ends the diagram shows the new run on the measured connection, the
 * client's run chooser and status follow, and the Source document is the file; the diagram follows a run launched
 * from the workbench's own Generate &amp; Run as well. A real run: roundtrip on omniORB with
 * few samples.
 */
class DiagramRunTest {

    @BeforeAll
    static void needsOmniOrb() {
        Assumptions.assumeTrue(Workspace.hasOmniOrb(), "omniORB is not installed (apt-get install omniidl libomniorb4-dev)");
        DebugPlugin.getDefault(); // the debug framework is started before any launch
    }

    @AfterEach
    void close() {
        Ui.closeAll();
    }

    private static String onDisk(IFile file) throws Exception {
        return Files.readString(Path.of(file.getLocationURI()), StandardCharsets.UTF_8);
    }

    private static String runStatus(ModelEditor editor, String what) {
        return Ui.runStatus(editor, what);
    }

    @Test
    void theDiagramsGenerateAndRunSavesTheEditorAndRunsAsABenchmarkLaunch() throws Exception {
        IProject project = Workspace.project("diagramrun");
        IFile file = Workspace.write(project, "run.bgml", Workspace.roundtrip(2000, 100));
        ModelEditor editor = Ui.openWithDiagram(file);
        assertTrue(Ui.drawn(editor, "TaoTao"), "the measured connection is drawn");
        assertFalse(Ui.drawn(editor, "TaoTao#result"), "no results on it before the run");

        // an unsaved diagram edit: the run must see it, so the editor saves first
        Ui.run(() -> editor.diagram().dispatch(Map.of("kind", "applyLabelEdit", "labelId", "TaoTaoClient#name", "text", "EditedClient")));
        Ui.await("the renamed client drawn", () -> Ui.drawn(editor, "EditedClient"), 30);
        Ui.await("the editor dirty after the diagram edit", editor::isDirty, 10);
        List<ILaunch> before = List.of(DebugPlugin.getDefault().getLaunchManager().getLaunches());

        // the Generate & Run button of the diagram's own toolbar, clicked in the page
        Ui.js(editor, "document.getElementById('bgml-run-target').value = 'omniorb'; document.getElementById('bgml-run').click(); return true;");
        BenchmarkJob job = Ui.awaitJob(file, 60);
        Ui.await("the client's status says the run goes on as an Eclipse launch", () -> "launched".equals(runStatus(editor, "dataset.phase")), 20,
                () -> runStatus(editor, "textContent"));
        assertTrue(runStatus(editor, "textContent").contains("Console"), runStatus(editor, "textContent"));
        assertTrue(onDisk(file).contains("name=\"EditedClient\""), "the editor saved the diagram's edit before the run");

        assertTrue(job.join(TimeUnit.MINUTES.toMillis(8), null), "the run finished within 8 minutes");
        IStatus status = job.getResult();
        ILaunch launch = List.of(DebugPlugin.getDefault().getLaunchManager().getLaunches()).stream().filter(l -> !before.contains(l))
                .filter(l -> l.getLaunchConfiguration() != null && l.getProcesses().length > 0).findFirst().orElse(null);
        assertNotNull(launch, "a launch was made");
        assertEquals(BenchmarkLaunch.type(), launch.getLaunchConfiguration().getType(), "a BGML Benchmark launch");
        assertEquals(file.getFullPath().toString(), launch.getLaunchConfiguration().getAttribute(BenchmarkLaunch.MODEL, ""));
        assertEquals("omniorb", launch.getLaunchConfiguration().getAttribute(BenchmarkLaunch.TARGET, ""));
        String console = Ui.output(launch.getProcesses()[0], "== Measuring");
        assertTrue(status.isOK(), status + "\n" + console);
        assertTrue(console.contains("== Measuring"), "the run's output is in the Console:\n" + console);

        String runId = job.outcome().stored().runId();
        String saved = onDisk(file);
        assertTrue(saved.contains("name=\"EditedClient\""), "the file keeps the diagram's edit");
        BenchmarkModel annotated = ModelFiles.loadModel(Path.of(file.getLocationURI()));
        ResultSet set = annotated.getResults().stream().filter(r -> runId.equals(r.getRunId())).findFirst()
                .orElseThrow(() -> new AssertionError("run " + runId + " is not on the model file"));
        assertEquals(RunStatus.OK, set.getStatus());

        Ui.await("the Source document takes in the run's results", () -> editor.document().get().equals(onDisk(file)), 30);
        Ui.await("the measured connection shows the run's numbers", () -> Ui.drawn(editor, "TaoTao#result"), 30, editor.diagram()::describe);
        String label = String.valueOf(Ui.js(editor, "return document.getElementById('bgml-diagram_TaoTao#result').textContent;"));
        assertTrue(label.matches("(?s)^p50 [\\d.]+ (ns|\u00b5s|ms) \u00b7 p99 [\\d.]+ (ns|\u00b5s|ms).*"), label);
        Ui.await("the run chooser shows the new run", () -> runId.equals(Ui.js(editor, "return document.getElementById('bgml-run-select').value;")), 30,
                () -> String.valueOf(Ui.js(editor, "return document.getElementById('bgml-run-select').outerHTML;")));
        Ui.await("the client's run status ends", () -> "done".equals(runStatus(editor, "dataset.phase")), 30, () -> runStatus(editor, "textContent"));
        assertTrue(runStatus(editor, "textContent").contains(runId), runStatus(editor, "textContent"));
        assertEquals(Boolean.FALSE, Ui.js(editor, "return document.getElementById('bgml-run').disabled;"), "the run button is usable again");
        assertTrue(Ui.drawn(editor, "EditedClient"), "the diagram keeps the edit");
        assertFalse(Ui.sync(editor::isDirty), "taking in the run's results leaves the editor clean");
        assertEquals(onDisk(file), Ui.sync(() -> editor.document().get()), "the Source document is the file");

        // the workbench's own Generate & Run (toolbar button) on the open model: the diagram follows that run too
        Ui.command(editor, "org.bgml.ui.generateAndRun");
        BenchmarkJob second = Ui.awaitJob(file, 60);
        Ui.await("the client's status follows the workbench's launch", () -> "launched".equals(runStatus(editor, "dataset.phase")), 20,
                () -> runStatus(editor, "textContent"));
        assertTrue(second.join(TimeUnit.MINUTES.toMillis(8), null), "the second run finished within 8 minutes");
        assertTrue(second.getResult().isOK(), String.valueOf(second.getResult()));
        String secondId = second.outcome().stored().runId();
        assertFalse(runId.equals(secondId), "a new run");
        Ui.await("the run chooser moves to the newer run", () -> secondId.equals(Ui.js(editor, "return document.getElementById('bgml-run-select').value;")), 30);
        Ui.await("the client's run status ends with the newer run", () -> "done".equals(runStatus(editor, "dataset.phase"))
                && runStatus(editor, "textContent").contains(secondId), 30, () -> runStatus(editor, "textContent"));
        Ui.await("the Source document takes in the second run", () -> editor.document().get().equals(onDisk(file)), 30);
        assertTrue(onDisk(file).contains("runId=\"" + secondId + "\""), "the second run is on the file");
        assertFalse(Ui.sync(editor::isDirty));
    }
}
