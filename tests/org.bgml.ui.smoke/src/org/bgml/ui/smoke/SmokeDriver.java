package org.bgml.ui.smoke;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.bgml.ide.core.launch.BenchmarkJob;
import org.bgml.ui.BgmlUi;
import org.bgml.ui.editor.ModelEditor;
import org.bgml.ui.results.ResultsView;
import org.bgml.ui.wizards.NewModelWizard;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;

/**
 * A user's first session in a started BGML Studio, driven through the platform's own APIs (no SWTBot: it is not
 * on Maven Central): create a project, create a model with the New BGML Model wizard (a copy of the roundtrip
 * example), see it in the editor, Generate &amp; Run it from the toolbar command, and wait for the BGML Results view
 * to list the run. A screenshot of the workbench window is taken at every step (GC.copyArea of the display). Runs
 * only when the system property {@code bgml.smoke.out} names the folder for screenshots and {@code result.txt};
 * then it closes the workbench when done.
 */
public final class SmokeDriver implements IStartup {
    private static final long STEP_SECONDS = 60;
    private Path out;
    private final List<String> log = new ArrayList<>();
    private int shots;
    private final long t0 = System.nanoTime();

    @Override
    public void earlyStartup() {
        String dir = System.getProperty("bgml.smoke.out");
        if (dir == null) {
            return;
        }
        out = Path.of(dir);
        Thread t = new Thread(this::drive, "bgml-ui-smoke");
        t.setDaemon(true);
        t.start();
    }

    private void drive() {
        boolean ok = false;
        try {
            Files.createDirectories(out);
            note("workbench up after %.1f s of JVM time", ManagementFactory.getRuntimeMXBean().getUptime() / 1000.0);
            Display display = PlatformUI.getWorkbench().getDisplay();
            await("a workbench window", () -> ui(() -> PlatformUI.getWorkbench().getActiveWorkbenchWindow() != null));
            ui(() -> {
                Shell s = window().getShell();
                s.setBounds(0, 0, 1400, 900);
                return null;
            });
            pause(1500);
            shot("workbench");

            IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject("smoke");
            if (!project.exists()) {
                project.create(null);
            }
            project.open(null);
            note("project %s created", project.getName());

            AtomicReference<NewModelWizard> wizard = new AtomicReference<>();
            AtomicReference<Dialog> dialog = new AtomicReference<>();
            ui(() -> {
                NewModelWizard w = new NewModelWizard();
                w.init(PlatformUI.getWorkbench(), new StructuredSelection(project));
                Dialog d = new Dialog(window().getShell(), w);
                d.setBlockOnOpen(false);
                d.open();
                w.page().setContainerFullPath(project.getFullPath());
                w.page().setFileName("roundtrip.bgml");
                w.page().setTemplate("roundtrip.bgml");
                wizard.set(w);
                dialog.set(d);
                return null;
            });
            pause(800);
            shot("new-model-wizard");
            ui(() -> {
                dialog.get().finish();
                return null;
            });
            IFile model = wizard.get().created();
            if (model == null || !model.exists()) {
                throw new IllegalStateException("the wizard created no model");
            }
            note("wizard created %s from the roundtrip example", model.getFullPath());
            // The example measures 250,000 samples per metric; a smoke run needs far fewer.
            String text = Files.readString(model.getLocation().toFile().toPath()).replace("samples=\"250000\"", "samples=\"2000\"")
                    .replace("warmupIterations=\"1000\"", "warmupIterations=\"100\"");
            model.setContents(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), IResource.FORCE, null);

            await("the model editor", () -> ui(() -> window().getActivePage().getActiveEditor() instanceof ModelEditor));
            boolean embedded = ui(() -> ((ModelEditor) window().getActivePage().getActiveEditor()).diagram().browser() != null);
            if (embedded) {
                try {
                    await("the diagram drawn in the editor's browser",
                            () -> ui(() -> ((ModelEditor) window().getActivePage().getActiveEditor()).diagram().rendered()), 60);
                } catch (IllegalStateException e) {
                    throw new IllegalStateException("the diagram was not drawn in the editor: "
                            + ui(() -> ((ModelEditor) window().getActivePage().getActiveEditor()).diagram().describe()), e);
                }
                pause(1500);
            } else {
                note("no embedded browser: the diagram page explains why");
            }
            shot("editor-diagram");
            boolean treeShown = ui(() -> {
                ModelEditor editor = (ModelEditor) window().getActivePage().getActiveEditor();
                boolean found = editor.select("TaoTaoClient/rt") && editor.root() != null;
                editor.showTree();
                return found;
            });
            note("editor open; model tree shows the model and selects TaoTaoClient/rt: %s", treeShown);
            pause(800);
            shot("editor-tree");

            ui(() -> {
                window().getActivePage().showView("org.eclipse.ui.console.ConsoleView");
                window().getActivePage().activate(window().getActivePage().getActiveEditor());
                IHandlerService handlers = window().getService(IHandlerService.class);
                handlers.executeCommand("org.bgml.ui.generateAndRun", null);
                return null;
            });
            note("Generate & Run executed");
            await("the benchmark job", () -> Job.getJobManager().find(BenchmarkJob.FAMILY).length > 0);
            BenchmarkJob job = (BenchmarkJob) Job.getJobManager().find(BenchmarkJob.FAMILY)[0];
            await("measuring", () -> job.samples() > 0 || job.getState() == Job.NONE, 300);
            shot("running");
            job.join(TimeUnit.MINUTES.toMillis(8), null);
            note("run finished: %s; phases %s; %d of %d samples", job.getResult(), job.phases(), job.samples(), job.samplesPlanned());
            String runId = job.outcome() == null ? null : job.outcome().stored().runId();
            if (runId == null) {
                throw new IllegalStateException("the run stored nothing: " + job.getResult());
            }
            await("the results view listing run " + runId, () -> ui(() -> {
                ResultsView v = (ResultsView) window().getActivePage().findView(BgmlUi.RESULTS_VIEW);
                return v != null && v.runIds().contains(runId);
            }));
            note("results view lists run %s", runId);
            boolean browser = ui(() -> ((ResultsView) window().getActivePage().findView(BgmlUi.RESULTS_VIEW)).hasBrowser());
            if (browser) {
                await("the run's report in the results view", () -> ui(() -> {
                    ResultsView v = (ResultsView) window().getActivePage().findView(BgmlUi.RESULTS_VIEW);
                    return v.shownReport() != null && v.shownReport().toString().contains(runId);
                }));
                pause(3000);
            }
            note("results view has an embedded browser: %s", browser);
            shot("results");
            ok = true;
        } catch (Throwable e) {
            note("FAILED: %s", e);
            for (StackTraceElement s : e.getStackTrace()) {
                note("    at %s", s);
            }
            try {
                shot("failure");
            } catch (Exception ignored) {
                // no display left to capture
            }
        } finally {
            note(ok ? "SMOKE OK" : "SMOKE FAILED");
            try {
                Files.writeString(out.resolve("result.txt"), String.join("\n", log) + "\n");
            } catch (IOException e) {
                e.printStackTrace();
            }
            Display d = PlatformUI.getWorkbench().getDisplay();
            if (!d.isDisposed()) {
                d.asyncExec(() -> PlatformUI.getWorkbench().close());
            }
        }
    }

    private static IWorkbenchWindow window() {
        IWorkbenchWindow w = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        return w != null ? w : PlatformUI.getWorkbench().getWorkbenchWindows()[0];
    }

    private void note(String format, Object... args) {
        String line = String.format(Locale.ROOT, "[%6.1f s] ", (System.nanoTime() - t0) / 1e9) + String.format(Locale.ROOT, format, args);
        log.add(line);
        System.out.println("bgml-ui-smoke: " + line);
    }

    /** Captures the workbench window as it is on screen into NN-name.png. */
    private void shot(String name) throws Exception {
        String file = String.format(Locale.ROOT, "%02d-%s.png", ++shots, name);
        ui(() -> {
            Display display = Display.getCurrent();
            Shell shell = window().getShell();
            Rectangle b = shell.getBounds();
            Image image = new Image(display, b.width, b.height);
            GC gc = new GC(display);
            try {
                gc.copyArea(image, b.x, b.y);
            } finally {
                gc.dispose();
            }
            ImageData data = image.getImageData();
            image.dispose();
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { data };
            loader.save(out.resolve(file).toString(), SWT.IMAGE_PNG);
            return null;
        });
        note("screenshot %s", file);
    }

    private static <T> T ui(Callable<T> body) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        PlatformUI.getWorkbench().getDisplay().syncExec(() -> {
            try {
                result.set(body.call());
            } catch (Exception e) {
                failure.set(e);
            }
        });
        if (failure.get() != null) {
            throw failure.get();
        }
        return result.get();
    }

    private void await(String what, Check check) throws Exception {
        await(what, check, STEP_SECONDS);
    }

    private void await(String what, Check check, long seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!check.ok()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("gave up waiting " + seconds + " s for " + what);
            }
            Thread.sleep(100);
        }
        note("saw %s", what);
    }

    private static void pause(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }

    @FunctionalInterface
    private interface Check {
        boolean ok() throws Exception;
    }

    /** A wizard dialog whose Finish can be pressed from code. */
    private static final class Dialog extends WizardDialog {
        Dialog(Shell parent, NewModelWizard wizard) {
            super(parent, wizard);
        }

        void finish() {
            finishPressed();
        }
    }

}
