package org.bgml.ui.editor;

import org.bgml.ui.BgmlUi;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.swt.SWT;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;

/**
 * The diagram page of the model editor: the GLSP client (org.bgml.diagram's client/dist) in an embedded browser,
 * served with its WebSocket by the workbench's in-process diagram server ({@link DiagramServers}). The page reports
 * the diagram's dirty state to the editor and saves through the client; without WebKitGTK, or when the diagram
 * bundle is missing, it says so and the Model and Source pages still edit the model.
 */
public final class DiagramPage {
    private static final int POLL_MILLIS = 500;
    private final ModelEditor editor;
    private Composite control;
    private Browser browser;
    private boolean dirty;
    private String state = "";
    private String problem;

    DiagramPage(ModelEditor editor) {
        this.editor = editor;
    }

    Composite create(Composite parent) {
        control = new Composite(parent, SWT.NONE);
        browser = BgmlUi.browser(control);
        if (browser == null) {
            message("No embedded web browser on this machine, so the diagram cannot be shown here (on Linux SWT needs WebKitGTK: "
                    + "apt-get install libwebkit2gtk-4.1-0). The Model and Source pages edit the model; 'bgml studio FILE' shows the diagram in a web browser.");
            return control;
        }
        control.setLayout(new FillLayout());
        try {
            browser.setText(hostPage(DiagramServers.get(), editor.file().getLocation().toFile().toPath()));
            control.getDisplay().timerExec(POLL_MILLIS, this::poll);
        } catch (Exception | LinkageError e) {
            browser.dispose();
            browser = null;
            problem = "The diagram server could not start: " + e;
            BgmlUi.log(new Status(IStatus.WARNING, BgmlUi.PLUGIN_ID, problem, e));
            message(problem + ". The Model and Source pages edit the model.");
        }
        return control;
    }

    /**
     * The page the editor hosts: the client's script and style from the server, every request carrying the access
     * token in its query (an embedded browser may not keep the server's cookie), and the client's configuration in
     * {@code window.BGML_CONFIG} (PROTOCOL.md, "Client build and page"); script errors are kept for diagnosis.
     */
    static String hostPage(org.bgml.diagram.server.DiagramServer server, java.nio.file.Path model) {
        String base = "http://127.0.0.1:" + server.port() + "/";
        String token = server.token();
        String config = "{\"token\": " + json(token) + ", \"model\": " + json(model.toString()) + ", \"ws\": "
                + json(server.webSocketUri().toString()) + "}";
        return "<!DOCTYPE html>\n<html><head><meta charset=\"UTF-8\"><title>BGML diagram</title>\n"
                + "<link rel=\"stylesheet\" href=\"" + base + "bgml-diagram.css?token=" + token + "\">\n"
                + "<script>window.bgmlErrors = []; window.addEventListener('error', function (e) { window.bgmlErrors.push(String(e.message)); });\n"
                + "window.BGML_CONFIG = " + config + ";</script>\n"
                + "</head><body><div id=\"bgml-app\"></div>\n"
                + "<script src=\"" + base + "bgml-diagram.js?token=" + token + "\"></script>\n</body></html>\n";
    }

    private static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
            case '"' -> b.append("\\\"");
            case '\\' -> b.append("\\\\");
            case '<' -> b.append("\\u003c");
            default -> {
                if (c < 0x20) {
                    b.append(String.format("\\u%04x", (int) c));
                } else {
                    b.append(c);
                }
            }
            }
        }
        return b.append('"').toString();
    }

    private void message(String text) {
        control.setLayout(new GridLayout(1, false));
        Label l = new Label(control, SWT.WRAP);
        l.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        l.setText(text);
    }

    /** Follows the client's state and dirty flag a few times a second while the editor is open. */
    private void poll() {
        if (browser == null || browser.isDisposed()) {
            return;
        }
        try {
            Object s = browser.evaluate("var a = document.getElementById('bgml-app'); return a ? String(a.dataset.state) : '';");
            state = s == null ? "" : s.toString();
            Object d = browser.evaluate("return !!(window.bgmlDiagram && window.bgmlDiagram.isDirty);");
            boolean now = Boolean.TRUE.equals(d);
            if (now != dirty) {
                dirty = now;
                editor.diagramDirtyChanged();
            }
        } catch (org.eclipse.swt.SWTException e) {
            // the page is (re)loading: try again at the next poll
        }
        browser.getDisplay().timerExec(POLL_MILLIS, this::poll);
    }

    /** True once the client has drawn the model ({@code #bgml-app} has {@code data-state="ready"}). */
    public boolean rendered() {
        return "ready".equals(state);
    }

    /** The client's state: loading, ready, error, or empty before the page has loaded. */
    public String state() {
        return state;
    }

    public boolean isDirty() {
        return dirty;
    }

    /** Saves through the client, which asks the server to write the model file. */
    void save() {
        if (browser != null && !browser.isDisposed()) {
            browser.evaluate("if (window.bgmlDiagram) { window.bgmlDiagram.save(); }");
        }
    }

    /** The file changed on disk: nothing to do, the server watches the model it serves. */
    void modelChanged() {
    }

    /** Selects the element with this path (its GModel id) in the diagram. */
    void select(String path) {
        if (browser != null && !browser.isDisposed() && rendered()) {
            String id = path.replace("\\", "\\\\").replace("'", "\\'");
            browser.evaluate("if (window.bgmlDiagram) { window.bgmlDiagram.dispatch({kind: 'elementSelected', selectedElementsIDs: ['" + id
                    + "'], deselectedElementsIDs: [], deselectAll: true}); }");
        }
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

    void dispose() {
        browser = null;
    }
}
