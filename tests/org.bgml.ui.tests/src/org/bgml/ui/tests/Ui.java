package org.bgml.ui.tests;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.bgml.ide.core.launch.BenchmarkJob;
import org.bgml.ui.editor.ModelEditor;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.debug.core.model.IProcess;
import org.eclipse.debug.ui.DebugUITools;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.console.TextConsole;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;
import org.junit.jupiter.api.Assumptions;

/**
 * Driving the running workbench from the test thread (the tests do not run on the UI thread, so the workbench keeps
 * processing events, and the embedded browser keeps loading, while a test waits).
 */
final class Ui {
    static final String EDITOR_ID = "org.bgml.ui.modelEditor";

    private Ui() {
    }

    static Display display() {
        return PlatformUI.getWorkbench().getDisplay();
    }

    /** Runs on the UI thread and returns the result; exceptions come back to the test thread. */
    static <T> T sync(Callable<T> work) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> error = new AtomicReference<>();
        display().syncExec(() -> {
            try {
                result.set(work.call());
            } catch (Throwable t) {
                error.set(t);
            }
        });
        if (error.get() instanceof RuntimeException r) {
            throw r;
        }
        if (error.get() instanceof Error e) {
            throw e;
        }
        if (error.get() != null) {
            throw new IllegalStateException(error.get());
        }
        return result.get();
    }

    interface UiRunnable {
        void run() throws Exception;
    }

    static void run(UiRunnable work) {
        sync(() -> {
            work.run();
            return null;
        });
    }

    /** Waits until {@code condition} (evaluated on the UI thread) holds; fails with {@code what} and {@code state} after {@code seconds}. */
    static void await(String what, Callable<Boolean> condition, int seconds, Callable<String> state) throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < end) {
            if (Boolean.TRUE.equals(sync(condition))) {
                return;
            }
            Thread.sleep(100);
        }
        fail("timed out after " + seconds + " s waiting for " + what + (state == null ? "" : "; now: " + sync(state)));
    }

    static void await(String what, Callable<Boolean> condition, int seconds) throws InterruptedException {
        await(what, condition, seconds, null);
    }

    /** The benchmark job scheduled for {@code model}; fails when none is scheduled within {@code seconds}. */
    static BenchmarkJob awaitJob(IFile model, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            for (Job j : Job.getJobManager().find(BenchmarkJob.FAMILY)) {
                if (j instanceof BenchmarkJob b && b.model().equals(model)) {
                    return b;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no benchmark job was scheduled for " + model);
    }

    static IWorkbenchWindow window() {
        IWorkbenchWindow w = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        return w != null ? w : PlatformUI.getWorkbench().getWorkbenchWindows()[0];
    }

    static IWorkbenchPage page() {
        return window().getActivePage();
    }

    static ModelEditor open(IFile file) {
        return sync(() -> (ModelEditor) IDE.openEditor(page(), file, EDITOR_ID, true));
    }

    /**
     * Opens the model editor and waits until the client has drawn the diagram in the embedded browser. Skips the test
     * when this machine has no embedded browser (WebKitGTK), which the diagram page says.
     */
    static ModelEditor openWithDiagram(IFile file) throws InterruptedException {
        ModelEditor editor = open(file);
        boolean browser = sync(() -> editor.diagram().browser() != null);
        Assumptions.assumeTrue(browser, () -> "skipped: no embedded browser (WebKitGTK) on this machine, so the diagram cannot be shown: "
                + sync(() -> editor.diagram().describe()));
        await("the diagram drawn in the editor's browser", () -> editor.diagram().rendered(), 120, () -> editor.diagram().describe());
        return editor;
    }

    /**
     * Runs a workbench command (what its key binding does, e.g. Ctrl+S or Ctrl+Z) with {@code part} active, once the
     * command is enabled for it.
     */
    static void command(IWorkbenchPart part, String commandId) throws InterruptedException {
        run(() -> {
            window().getShell().forceActive();
            page().activate(part);
        });
        ICommandService commands = sync(() -> PlatformUI.getWorkbench().getService(ICommandService.class));
        await("the command " + commandId + " enabled", () -> commands.getCommand(commandId).isEnabled(), 10,
                () -> "active part " + page().getActivePart() + ", active shell " + display().getActiveShell());
        run(() -> PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(commandId, null));
    }

    /**
     * What a launched process printed, once it contains {@code expected} (or after 10 s): in the workbench the
     * process's Console takes the output from the stream (its document has it); without a console the stream keeps it.
     */
    static String output(IProcess process, String expected) throws InterruptedException {
        long end = System.nanoTime() + 10_000_000_000L;
        String text;
        do {
            text = process.getStreamsProxy().getOutputStreamMonitor().getContents()
                    + sync(() -> DebugUITools.getConsole(process) instanceof TextConsole console ? console.getDocument().get() : "");
            if (text.contains(expected)) {
                break;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < end);
        return text;
    }

    /** The diagram's run status line: {@code what} is {@code dataset.phase} or {@code textContent}. */
    static String runStatus(ModelEditor editor, String what) {
        return String.valueOf(js(editor, "var s = document.getElementById('bgml-run-status'); return s ? String(s." + what + " || '') : '';"));
    }

    static void closeAll() {
        run(() -> page().closeAllEditors(false));
    }

    /** Evaluates JavaScript in the diagram page (a function body: {@code return ...}). */
    static Object js(ModelEditor editor, String script) {
        return sync(() -> editor.diagram().browser().evaluate(script));
    }

    /** True when the diagram shows an element with this GModel id. */
    static boolean drawn(ModelEditor editor, String id) {
        return Boolean.TRUE.equals(js(editor, "return !!document.getElementById('bgml-diagram_" + id + "');"));
    }

    /** The first control of type {@code type} after the label with {@code text}, in the order the children were created. */
    static <T extends Control> T after(Composite root, String text, Class<T> type) {
        java.util.List<Control> all = new java.util.ArrayList<>();
        collect(root, all);
        boolean seen = false;
        for (Control c : all) {
            if (c instanceof Label l && text.equals(l.getText())) {
                seen = true;
            } else if (seen && type.isInstance(c)) {
                return type.cast(c);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " after the label '" + text + "'");
    }

    static void collect(Composite parent, java.util.List<Control> into) {
        for (Control c : parent.getChildren()) {
            into.add(c);
            if (c instanceof Composite k) {
                collect(k, into);
            }
        }
    }
}
