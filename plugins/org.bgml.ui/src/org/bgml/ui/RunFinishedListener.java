package org.bgml.ui;

import org.bgml.ide.core.launch.BenchmarkJob;
import org.bgml.ui.results.ResultsView;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

/**
 * After every benchmark run: refreshes the Results view and, when the launch asks for the report, shows the view
 * with the new run selected (its report drawn inside), or opens the report in the system browser when there is no
 * embedded one.
 */
public final class RunFinishedListener implements IStartup {
    @Override
    public void earlyStartup() {
        Job.getJobManager().addJobChangeListener(new JobChangeAdapter() {
            @Override
            public void done(IJobChangeEvent event) {
                if (event.getJob() instanceof BenchmarkJob job && event.getResult().getSeverity() != IStatus.CANCEL) {
                    Display display = PlatformUI.getWorkbench().getDisplay();
                    if (!display.isDisposed()) {
                        display.asyncExec(() -> finished(job));
                    }
                }
            }
        });
    }

    static void finished(BenchmarkJob job) {
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        if (window == null && PlatformUI.getWorkbench().getWorkbenchWindowCount() > 0) {
            window = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
        }
        if (window == null || window.getActivePage() == null) {
            return;
        }
        IWorkbenchPage page = window.getActivePage();
        try {
            ResultsView view = (ResultsView) (job.openReport() ? page.showView(BgmlUi.RESULTS_VIEW, null, IWorkbenchPage.VIEW_VISIBLE)
                    : page.findView(BgmlUi.RESULTS_VIEW));
            String runId = job.outcome() == null ? null : job.outcome().stored().runId();
            if (view != null) {
                view.show(job.model(), runId);
                if (job.openReport() && !view.hasBrowser() && job.report() != null) {
                    BgmlUi.openExternally(job.report());
                }
            } else if (job.openReport() && job.report() != null) {
                BgmlUi.openExternally(job.report());
            }
        } catch (PartInitException e) {
            BgmlUi.log(e.getStatus());
        }
    }
}
