package org.bgml.ui.editor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.bgml.diagram.layout.LayoutStore;
import org.bgml.diagram.server.DiagramServer;
import org.bgml.ide.core.launch.BenchmarkJob;
import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.launcher.OneClickRun;
import org.bgml.model.io.ModelLoadException;
import org.bgml.ui.BgmlUi;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.IJobChangeListener;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.debug.core.DebugPlugin;
import org.eclipse.debug.core.ILaunch;
import org.eclipse.debug.core.ILaunchConfiguration;
import org.eclipse.debug.core.ILaunchesListener;
import org.eclipse.jface.action.Action;
import org.eclipse.swt.SWT;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.browser.BrowserFunction;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.actions.ActionFactory;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;

/**
 * The diagram page of the model editor: the GLSP client (org.bgml.diagram's client/dist) in an embedded browser,
 * served with its WebSocket by the workbench's in-process diagram server ({@link DiagramServers}). The editor's
 * Source document is the one source of truth: the page hands the session's model over as text when the editor asks
 * ({@link #modelText()}), takes the document's text when the editor gives it ({@link #push(String)}), and a save the
 * client asks for becomes the editor's save, and the client's Generate &amp; Run becomes the editor's save and the
 * model's "BGML Benchmark" launch ({@link ModelEditor#runFromDiagram}); the client's run status follows every
 * benchmark run of the model (its Job), whoever launched it. The page follows the client's state, dirty flag and
 * selection as the page reports them ({@link #HOST_STATE}), and offers Undo and Redo of the diagram's edits. Without WebKitGTK, or when the diagram bundle is
 * missing, it says so and the Model and Source pages still edit the model.
 */
public final class DiagramPage {
    /**
     * The function the host page calls whenever the client's state, dirty flag, selection or drawn revision changes:
     * (model, state, dirty, selection as a JSON array of ids). The model is the file the page was opened for, so that a
     * page being replaced (Save As) is not taken for the new one.
     */
    static final String HOST_STATE = "bgmlHostState";
    private static final Gson GSON = new Gson();
    private static final String ID_PREFIX = "bgml-diagram_";
    /** When the undo history is read again after a report, in milliseconds. */
    private static final int[] UNDO_FOLLOW_UP_MILLIS = {150, 1000};
    private final ModelEditor editor;
    private Composite control;
    private Label banner;
    private Browser browser;
    private BrowserFunction hostState;
    private DiagramServer server;
    private Path file;
    private boolean dirty;
    /**
     * Set when the session was marked clean, until the client says so too: the client learns it a moment later, and
     * its dirty flag read in between is stale (the session's own flag still counts, so a new edit is not missed).
     */
    private boolean cleaning;
    private String state = "";
    private List<String> selection = List.of();
    private String problem;
    private volatile boolean saveRequested;
    private final Action undo = new Action("&Undo") {
        @Override
        public void run() {
            dispatch(Map.of("kind", "glspUndo"));
        }
    };
    private final Action redo = new Action("&Redo") {
        @Override
        public void run() {
            dispatch(Map.of("kind", "glspRedo"));
        }
    };

    /** Every benchmark run of this model (a launch from the diagram, the toolbar or "Run As"): the client shows how it goes. */
    private final IJobChangeListener runs = new JobChangeAdapter() {
        @Override
        public void scheduled(IJobChangeEvent event) {
            if (ours(event)) {
                runStatus(DiagramServer.RUN_LAUNCHED, "runs as an Eclipse launch: progress in the Progress view, output in the Console", null);
            }
        }

        @Override
        public void done(IJobChangeEvent event) {
            if (!ours(event)) {
                return;
            }
            BenchmarkJob job = (BenchmarkJob) event.getJob();
            IStatus result = event.getResult();
            OneClickRun.Outcome outcome = job.outcome();
            String runId = outcome == null || outcome.stored() == null ? null : outcome.stored().runId();
            if (result != null && result.isOK()) {
                String text = "run " + runId + (outcome.annotation() == null ? ""
                        : ": " + outcome.annotation().attached() + " measurements, " + outcome.annotation().passed() + " met, "
                                + outcome.annotation().failed() + " not met")
                        + (job.report() == null ? "" : "; report " + job.report());
                runStatus("done", text, runId);
            } else if (result != null && result.getSeverity() == IStatus.CANCEL) {
                runStatus("failed", "cancelled; every benchmark process was stopped", runId);
            } else {
                runStatus("failed", result == null ? "the run ended without a result" : result.getMessage(), runId);
            }
        }

        private boolean ours(IJobChangeEvent event) {
            return event.getJob() instanceof BenchmarkJob job && job.model().equals(editor.file());
        }
    };

    /**
     * A launch of this model that its delegate refuses (a model deleted after the editor checked it, a configuration
     * changed meanwhile) ends before any job is scheduled: the platform removes the empty launch and logs the error.
     * The client, told {@code launched} when its button was pressed, learns here that no run follows.
     */
    private final ILaunchesListener refused = new ILaunchesListener() {
        @Override
        public void launchesRemoved(ILaunch[] launches) {
            for (ILaunch launch : launches) {
                if (!launch.hasChildren() && ours(launch)) {
                    runStatus("failed", "the launch was refused before the run started; the reason is in the Error Log", null);
                }
            }
        }

        @Override
        public void launchesAdded(ILaunch[] launches) {
        }

        @Override
        public void launchesChanged(ILaunch[] launches) {
        }

        private boolean ours(ILaunch launch) {
            ILaunchConfiguration config = launch.getLaunchConfiguration();
            IFile model = editor.file();
            try {
                return config != null && model != null && BenchmarkLaunch.isFor(config, model);
            } catch (CoreException e) {
                return false;
            }
        }
    };

    DiagramPage(ModelEditor editor) {
        this.editor = editor;
        ISharedImages images = PlatformUI.getWorkbench().getSharedImages();
        undo.setActionDefinitionId(ActionFactory.UNDO.getCommandId());
        undo.setImageDescriptor(images.getImageDescriptor(ISharedImages.IMG_TOOL_UNDO));
        undo.setDisabledImageDescriptor(images.getImageDescriptor(ISharedImages.IMG_TOOL_UNDO_DISABLED));
        undo.setEnabled(false);
        redo.setActionDefinitionId(ActionFactory.REDO.getCommandId());
        redo.setImageDescriptor(images.getImageDescriptor(ISharedImages.IMG_TOOL_REDO));
        redo.setDisabledImageDescriptor(images.getImageDescriptor(ISharedImages.IMG_TOOL_REDO_DISABLED));
        redo.setEnabled(false);
    }

    Composite create(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        layout.verticalSpacing = 0;
        control.setLayout(layout);
        banner = new Label(control, SWT.WRAP);
        banner.setForeground(control.getDisplay().getSystemColor(SWT.COLOR_DARK_RED));
        showBanner(null);
        browser = BgmlUi.browser(control);
        if (browser == null) {
            problem = "No embedded web browser on this machine, so the diagram cannot be shown here (on Linux SWT needs WebKitGTK: "
                    + "apt-get install libwebkit2gtk-4.1-0). The Model and Source pages edit the model; 'bgml studio FILE' shows the diagram in a web browser.";
            showBanner(problem);
            return control;
        }
        browser.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        try {
            server = DiagramServers.get();
            file = editor.file().getLocation().toFile().toPath().toAbsolutePath().normalize();
            attach();
            Job.getJobManager().addJobChangeListener(runs);
            DebugPlugin.getDefault().getLaunchManager().addLaunchListener(refused);
            hostState = new BrowserFunction(browser, HOST_STATE) {
                @Override
                public Object function(Object[] arguments) {
                    if (arguments.length == 4) {
                        clientChanged(String.valueOf(arguments[0]), String.valueOf(arguments[1]), Boolean.TRUE.equals(arguments[2]),
                                String.valueOf(arguments[3]));
                    }
                    return null;
                }
            };
            browser.setText(hostPage(server, file));
        } catch (Exception | LinkageError e) {
            browser.dispose();
            browser = null;
            server = null;
            problem = "The diagram server could not start: " + e;
            BgmlUi.log(new Status(IStatus.WARNING, BgmlUi.PLUGIN_ID, problem, e));
            showBanner(problem + ". The Model and Source pages edit the model.");
        }
        return control;
    }

    /**
     * Makes the client's save and Generate &amp; Run requests for {@link #file} the editor's: a save it asks for (its
     * toolbar, or a key inside the page) is the editor's save; its Generate &amp; Run is the editor's (save, then the
     * Eclipse launch with its Job, Console and cancel).
     */
    private void attach() {
        server.saveByHost(file, f -> {
            saveRequested = true;
            inUi(editor::saveFromDiagram);
        });
        server.runByHost(file, (target, configuration) -> inUi(() -> editor.runFromDiagram(target, configuration)));
    }

    private void inUi(Runnable r) {
        if (!control.isDisposed()) {
            control.getDisplay().asyncExec(() -> {
                if (!control.isDisposed()) {
                    r.run();
                }
            });
        }
    }

    /**
     * Save As: the editor now edits {@code to}. The session's node positions are written beside the new file (a
     * diagram never shown writes nothing, and the old layout file, if any, is copied), the old file's hooks are
     * released, and the page opens the new file, which holds what the editor just saved. The old file keeps what it
     * had on disk.
     */
    void moveTo(Path to) throws IOException {
        Path from = file;
        Path target = to.toAbsolutePath().normalize();
        if (server == null || from == null || from.equals(target)) {
            return;
        }
        if (!server.saveLayout(from, target) && Files.isRegularFile(LayoutStore.fileFor(from))) {
            Files.copy(LayoutStore.fileFor(from), LayoutStore.fileFor(target), StandardCopyOption.REPLACE_EXISTING);
        }
        server.saveByHost(from, null);
        server.runByHost(from, null);
        file = target;
        dirty = false;
        // Until the new page reports, the old page, whose client holds the edit just saved, may still report (its
        // reports name the old file and are dropped): a stale "dirty" must not mark the editor dirty again (the same
        // wait as after a save).
        cleaning = true;
        saveRequested = false;
        state = "";
        selection = List.of();
        attach();
        showBanner(null);
        browser.setEnabled(true);
        updateUndoRedo();
        browser.setText(hostPage(server, file));
    }

    /**
     * The host page's reporter: after each change of the client's attributes on {@code #bgml-app} (batched per task, and
     * only when something the editor follows changed) it calls {@link #HOST_STATE}. SWT defines that function on the
     * page once it has loaded; until then a report waits for it (at most a few seconds: later changes report anyway).
     */
    private static final String REPORTER = "(function () {"
            + " var pending = false, last = null, waits = 0;"
            + " function report() {"
            + "  pending = false;"
            + "  if (typeof window." + HOST_STATE + " !== 'function') { if (waits++ < 200) { setTimeout(schedule, 25); } return; }"
            + "  var a = document.getElementById('bgml-app');"
            + "  var state = a && a.dataset.state ? String(a.dataset.state) : '';"
            + "  var dirty = window.bgmlDiagram ? !!window.bgmlDiagram.isDirty : !!(a && a.dataset.dirty === 'true');"
            + "  var selection = a && a.dataset.selection ? String(a.dataset.selection) : '[]';"
            + "  var now = JSON.stringify([state, dirty, selection, a ? String(a.dataset.revision || '') : '']);"
            + "  if (now === last) { return; }"
            + "  last = now;"
            + "  window." + HOST_STATE + "(window.BGML_CONFIG.model, state, dirty, selection);"
            + " }"
            + " function schedule() { if (!pending) { pending = true; setTimeout(report, 0); } }"
            + " new MutationObserver(schedule).observe(document.documentElement, {subtree: true, attributes: true,"
            + "  attributeFilter: ['data-state', 'data-dirty', 'data-selection', 'data-revision']});"
            + " schedule();"
            + "})();";

    /**
     * The page the editor hosts: the client's script and style from the server, every request carrying the access
     * token in its query (an embedded browser may not keep the server's cookie), and the client's configuration in
     * {@code window.BGML_CONFIG} (PROTOCOL.md, "Client build and page"); script errors are kept for diagnosis. The page
     * reports the client's state to the editor through {@link #HOST_STATE} whenever the client changes it on
     * {@code #bgml-app} ({@code data-state}, {@code data-dirty}, {@code data-selection}, {@code data-revision}).
     */
    static String hostPage(DiagramServer server, Path model) {
        String base = "http://127.0.0.1:" + server.port() + "/";
        String token = server.token();
        JsonObject config = new JsonObject();
        config.addProperty("token", token);
        config.addProperty("model", model.toString());
        config.addProperty("ws", server.webSocketUri().toString());
        // the workbench's Problems and Properties views show what the page's own panels would: the canvas takes the editor
        config.addProperty("host", "eclipse");
        String query = "?token=" + java.net.URLEncoder.encode(token, java.nio.charset.StandardCharsets.UTF_8);
        return "<!DOCTYPE html>\n<html><head><meta charset=\"UTF-8\"><title>BGML diagram</title>\n"
                + "<link rel=\"stylesheet\" href=\"" + base + "bgml-diagram.css" + query + "\">\n"
                + "<script>window.bgmlErrors = []; window.addEventListener('error', function (e) { window.bgmlErrors.push(String(e.message)); });\n"
                + "window.BGML_CONFIG = " + GSON.toJson(config) + ";</script>\n"
                + "<script>" + REPORTER + "</script>\n"
                + "</head><body><div id=\"bgml-app\"></div>\n"
                + "<script src=\"" + base + "bgml-diagram.js" + query + "\"></script>\n</body></html>\n";
    }

    /** A line above the diagram: why it cannot be shown, or why it shows an older model; null hides it. */
    private void showBanner(String text) {
        boolean show = text != null;
        banner.setText(show ? text : "");
        banner.setVisible(show);
        GridData gd = new GridData(SWT.FILL, SWT.TOP, true, false);
        gd.exclude = !show;
        gd.horizontalIndent = show ? 4 : 0;
        banner.setLayoutData(gd);
        control.layout(true);
    }

    /**
     * Tells the editor what the client reports, once it reports for this page's file: its state, dirty flag and
     * selection, and follows the server's undo history (each edit, undo or redo draws a new revision, which reports).
     */
    private void clientChanged(String model, String newState, boolean now, String selectionJson) {
        if (browser == null || browser.isDisposed() || file == null || !file.toString().equals(model)) {
            return;
        }
        String before = state;
        state = newState;
        if (cleaning && (!now || server == null || server.isDirty(file))) {
            cleaning = false; // the client has caught up, or there is a new edit since
        }
        if (now != dirty && !cleaning) {
            dirty = now;
            editor.diagramDirtyChanged();
        }
        List<String> ids = parseIds(selectionJson);
        if (!ids.equals(selection)) {
            selection = ids;
            editor.diagramSelectionChanged();
        }
        if ("ready".equals(state) && !"ready".equals(before)) {
            editor.diagramReady();
        }
        updateUndoRedo();
    }

    /**
     * Reads the server's undo history now and twice more shortly after: the server may record a command on its stack
     * after the client has drawn its result, and a save changes the history without any change the page reports.
     */
    private void updateUndoRedo() {
        undoRedoNow();
        if (control != null && !control.isDisposed()) {
            for (int millis : UNDO_FOLLOW_UP_MILLIS) {
                control.getDisplay().timerExec(millis, this::undoRedoNow);
            }
        }
    }

    private void undoRedoNow() {
        boolean usable = browser != null && !browser.isDisposed() && server != null && file != null && rendered() && browser.isEnabled();
        undo.setEnabled(usable && server.canUndo(file));
        redo.setEnabled(usable && server.canRedo(file));
    }

    /** The ids in the client's {@code data-selection}, a JSON array of strings (none when it is not one). */
    static List<String> parseIds(String json) {
        try {
            String[] ids = GSON.fromJson(json, String[].class);
            return ids == null ? new ArrayList<>() : new ArrayList<>(List.of(ids));
        } catch (JsonParseException e) {
            return new ArrayList<>();
        }
    }

    /** True once the client has drawn the model ({@code #bgml-app} has {@code data-state="ready"}). */
    public boolean rendered() {
        return "ready".equals(state);
    }

    /** The client's state: loading, ready, error, or empty before the page has loaded. */
    public String state() {
        return state;
    }

    /** True while the diagram has edits the editor's document does not have yet. */
    public boolean isDirty() {
        return dirty || saveRequested || (server != null && file != null && server.isDirty(file));
    }

    /** True once the client asked to save (its own save button or key); cleared by {@link #takeSaveRequest()}. */
    boolean takeSaveRequest() {
        boolean r = saveRequested;
        saveRequested = false;
        return r;
    }

    /** The GModel ids selected in the diagram, as the client last reported them. */
    public List<String> selectedIds() {
        return selection;
    }

    /** The element paths selected in the diagram: a label's or badge's id ({@code PATH#name}) counts as its owner's path. */
    public List<String> selectedPaths() {
        List<String> paths = new ArrayList<>();
        for (String id : selection) {
            int hash = id.indexOf('#');
            String path = hash < 0 ? id : id.substring(0, hash);
            if (!paths.contains(path)) {
                paths.add(path);
            }
        }
        return paths;
    }

    /** The session's model as text (what the file would hold if saved now), or null while no session is open. */
    String modelText() throws IOException {
        return server == null || file == null ? null : server.modelText(file);
    }

    /**
     * Gives the diagram the document's text: it redraws from it. Text that does not parse leaves the diagram as it was,
     * read-only, with a line above it that says what is wrong and where; false then, or when no session is open yet.
     */
    boolean push(String text) {
        if (server == null || file == null) {
            return false;
        }
        try {
            boolean done = server.replaceModel(file, text);
            if (done) {
                showBanner(null);
                browser.setEnabled(true);
                updateUndoRedo();
            }
            return done;
        } catch (ModelLoadException e) {
            showBanner("The Source page does not hold a valid model, so the diagram shows the model as it was before and cannot be edited: "
                    + e.describe() + ". Fix it on the Source page; the text stays as you wrote it.");
            browser.setEnabled(false);
            updateUndoRedo();
            return false;
        } catch (IOException e) {
            showBanner("The diagram could not take the Source page's text: " + e.getMessage());
            return false;
        }
    }

    /** The text the diagram could not take, or null when it shows the document's model. */
    public String sourceProblem() {
        return banner != null && !banner.isDisposed() && banner.getVisible() && browser != null && !browser.isEnabled() ? banner.getText() : null;
    }

    /** The document now holds the session's model: the session is clean. */
    void markSaved() throws IOException {
        if (server != null && file != null) {
            server.markSaved(file);
            dirty = false;
            cleaning = true;
            updateUndoRedo();
        }
    }

    /** Writes the layout file (node positions, which are not in the model) beside the model. */
    void saveLayout() throws IOException {
        if (server != null && file != null && server.isOpen(file)) {
            server.saveLayout(file);
        }
    }

    /**
     * Selects the first of these GModel ids that the diagram draws (an element, else its badge, else what encloses it).
     * When none is drawn and {@code viewpoint} is given (a metric's badges show on the metric layer), the diagram
     * switches to that viewpoint first and selects once it has drawn it. False when nothing could be selected.
     */
    boolean select(List<String> ids, String viewpoint) {
        if (browser == null || browser.isDisposed() || !rendered()) {
            return false;
        }
        Object done = browser.evaluate("var ids = " + GSON.toJson(ids) + "; var api = window.bgmlDiagram; if (!api) { return false; }"
                + " function find() { for (var i = 0; i < ids.length; i++) { if (document.getElementById('" + ID_PREFIX + "' + ids[i])) { return ids[i]; } } return null; }"
                + " function select(id) { api.dispatch({kind: 'elementSelected', selectedElementsIDs: [id], deselectedElementsIDs: [], deselectAll: true}); }"
                + " var id = find(); if (id) { select(id); return true; }"
                + " var layer = " + GSON.toJson(viewpoint) + "; if (!layer) { return false; }"
                + " var before = api.revision;"
                + " api.dispatch({kind: 'bgmlSetViewpoint', viewpoint: layer, showDeployment: false});"
                + " api.waitForRevision(before).then(function () { var found = find(); if (found) { select(found); } });"
                + " return true;");
        return Boolean.TRUE.equals(done);
    }

    /**
     * Sends one action to the client, which passes server actions on (operations, undo, redo): any object Gson writes
     * as the action's JSON (a map, a {@link JsonObject}, a record).
     */
    public void dispatch(Object action) {
        if (browser != null && !browser.isDisposed()) {
            browser.evaluate("if (window.bgmlDiagram) { window.bgmlDiagram.dispatch(" + GSON.toJson(action) + "); }");
        }
    }

    /** Edit &gt; Undo on this page: undoes the diagram's last edit (GLSP undo on the server's command stack). */
    public Action undoAction() {
        return undo;
    }

    public Action redoAction() {
        return redo;
    }

    public Browser browser() {
        return browser;
    }

    /** What the page shows now, for diagnosing a diagram that does not appear: URL, state, notice text. */
    public String describe() {
        if (browser == null || browser.isDisposed()) {
            return problem == null ? "no embedded browser" : problem;
        }
        try {
            Object page = browser.evaluate("var a = document.getElementById('bgml-app'); var n = document.getElementById('bgml-notice');"
                    + " return 'state=' + (a ? a.dataset.state : 'no #bgml-app') + ' notice=' + (n ? n.textContent : '') + ' title=' + document.title"
                    + " + ' bodyLength=' + document.body.innerHTML.length + ' errors=' + (window.bgmlErrors || []).join(' | ');");
            return browser.getUrl() + " " + page;
        } catch (org.eclipse.swt.SWTException e) {
            return browser.getUrl() + " (cannot evaluate: " + e.getMessage() + ")";
        }
    }

    /**
     * Shows how a run of the model goes on the client's run status ({@code launched}, {@code done}, {@code failed}); a
     * finished run's id makes it the run the overlay shows. On the UI thread, after what the run wrote has reached the
     * document (the editor redraws the diagram from it).
     */
    void runStatus(String phase, String message, String runId) {
        if (control == null || control.isDisposed()) {
            return;
        }
        control.getDisplay().asyncExec(() -> {
            if (server == null || file == null || browser == null || browser.isDisposed()) {
                return;
            }
            try {
                server.runStatus(file, phase, message, runId);
            } catch (IOException | RuntimeException e) {
                BgmlUi.log(new Status(IStatus.WARNING, BgmlUi.PLUGIN_ID, "The diagram could not show the run's status: " + e.getMessage(), e));
            }
        });
    }

    void dispose() {
        if (hostState != null && !hostState.isDisposed()) {
            hostState.dispose();
        }
        hostState = null;
        Job.getJobManager().removeJobChangeListener(runs);
        DebugPlugin.getDefault().getLaunchManager().removeLaunchListener(refused);
        if (server != null && file != null) {
            server.saveByHost(file, null);
            server.runByHost(file, null);
        }
        browser = null;
    }
}
