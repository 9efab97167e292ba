package org.bgml.ui.results;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.bgml.ide.core.launch.BenchmarkLaunch;
import org.bgml.launcher.report.ReportWriter;
import org.bgml.launcher.results.ResultsStore;
import org.bgml.launcher.results.ResultsStoreException;
import org.bgml.launcher.results.RunSummary;
import org.bgml.launcher.results.StoredRun;
import org.bgml.model.BenchmarkModel;
import org.bgml.model.io.ModelFiles;
import org.bgml.ui.BgmlUi;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerFilter;
import org.eclipse.swt.SWT;
import org.eclipse.swt.browser.Browser;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Text;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IWorkbenchPart;
import org.eclipse.ui.part.ViewPart;

/**
 * The runs of the current model from its project's results store (newest first): filter them, pick one to see its
 * report (latency histogram and CDF, payload sweep, requirements) drawn inside the view, pick two to compare them
 * (per-metric differences with Mann-Whitney tests), or open a report in the system browser. The current model
 * follows the selection and the active editor.
 */
public final class ResultsView extends ViewPart {
    private IFile model;
    private TableViewer table;
    private Text filter;
    private Label status;
    private Browser browser;
    private Label noBrowser;
    private Path shown;
    private final List<RunSummary> runs = new ArrayList<>();
    private Action compare;
    private Action openReport;

    private final ISelectionListener follow = (IWorkbenchPart part, org.eclipse.jface.viewers.ISelection selection) -> {
        if (part == this) {
            return;
        }
        IFile file = BgmlUi.modelOf(selection);
        if (file == null) {
            file = BgmlUi.modelOf(part);
        }
        if (file != null && !file.equals(model)) {
            show(file, null);
        }
    };

    @Override
    public void createPartControl(Composite parent) {
        parent.setLayout(new GridLayout(1, false));
        Composite top = new Composite(parent, SWT.NONE);
        top.setLayout(new GridLayout(2, false));
        top.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        status = new Label(top, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        status.setText("Select a .bgml model to see its runs.");
        filter = new Text(top, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        filter.setMessage("filter: target, configuration, status, run id");
        GridData fd = new GridData(SWT.RIGHT, SWT.CENTER, false, false);
        fd.widthHint = 260;
        filter.setLayoutData(fd);

        SashForm sash = new SashForm(parent, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        table = new TableViewer(sash, SWT.MULTI | SWT.FULL_SELECTION | SWT.BORDER);
        table.getTable().setHeaderVisible(true);
        table.getTable().setLinesVisible(true);
        column("#", 40, r -> String.valueOf(r.id()));
        column("Run", 170, RunSummary::runId);
        column("Started", 160, RunSummary::startedAt);
        column("Target", 70, RunSummary::target);
        column("Deployment", 100, RunSummary::deployment);
        column("Configuration", 130, RunSummary::configuration);
        column("Status", 70, RunSummary::status);
        column("Measurements", 95, r -> String.valueOf(r.measurements()));
        column("Failure", 250, r -> r.failure() == null ? "" : r.failure());
        table.setContentProvider(ArrayContentProvider.getInstance());
        table.addFilter(new ViewerFilter() {
            @Override
            public boolean select(Viewer viewer, Object parentElement, Object element) {
                String f = filter.getText().trim().toLowerCase(Locale.ROOT);
                if (f.isEmpty()) {
                    return true;
                }
                RunSummary r = (RunSummary) element;
                String all = String.join(" ", String.valueOf(r.id()), r.runId(), String.valueOf(r.target()), String.valueOf(r.deployment()),
                        String.valueOf(r.configuration()), String.valueOf(r.status()), String.valueOf(r.startedAt())).toLowerCase(Locale.ROOT);
                return all.contains(f);
            }
        });
        filter.addModifyListener(e -> table.refresh());
        table.addSelectionChangedListener(e -> selectionChanged());

        Composite bottom = new Composite(sash, SWT.NONE);
        bottom.setLayout(new org.eclipse.swt.layout.FillLayout());
        browser = BgmlUi.browser(bottom);
        if (browser == null) {
            noBrowser = new Label(bottom, SWT.WRAP);
            noBrowser.setText("No embedded web browser on this machine (on Linux it needs WebKitGTK: apt-get install libwebkit2gtk-4.1-0).\n"
                    + "Select a run and use 'Open Report' to see its plots in the system browser.");
        }
        sash.setWeights(45, 55);

        IToolBarManager bar = getViewSite().getActionBars().getToolBarManager();
        bar.add(new Action("Refresh") {
            @Override
            public void run() {
                reload(null);
            }
        });
        compare = new Action("Compare") {
            @Override
            public void run() {
                compareSelected();
            }
        };
        compare.setToolTipText("Compare the two selected runs (the older is the baseline)");
        compare.setEnabled(false);
        bar.add(compare);
        openReport = new Action("Open Report") {
            @Override
            public void run() {
                if (shown != null) {
                    BgmlUi.openExternally(shown);
                }
            }
        };
        openReport.setToolTipText("Open the report shown below in the system browser");
        openReport.setEnabled(false);
        bar.add(openReport);

        getSite().getPage().addPostSelectionListener(follow);
        getSite().setSelectionProvider(table);
        IFile active = BgmlUi.modelOf(getSite().getPage().getActiveEditor());
        if (active != null) {
            show(active, null);
        }
    }

    private void column(String title, int width, java.util.function.Function<RunSummary, String> text) {
        TableViewerColumn c = new TableViewerColumn(table, SWT.NONE);
        c.getColumn().setText(title);
        c.getColumn().setWidth(width);
        c.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(Object element) {
                String s = text.apply((RunSummary) element);
                return s == null ? "" : s;
            }
        });
    }

    /** Shows the runs of {@code file}; selects {@code runId} when given (a run that just finished). */
    public void show(IFile file, String runId) {
        model = file;
        reload(runId);
    }

    public IFile model() {
        return model;
    }

    /** The run ids listed now (after the filter), newest first. */
    public List<String> runIds() {
        List<String> ids = new ArrayList<>();
        for (var item : table.getTable().getItems()) {
            ids.add(((RunSummary) item.getData()).runId());
        }
        return ids;
    }

    /** The report file the view shows now, or null. */
    public Path shownReport() {
        return shown;
    }

    public boolean hasBrowser() {
        return browser != null;
    }

    public Browser browserControl() {
        return browser;
    }

    private void reload(String select) {
        runs.clear();
        if (model == null) {
            table.setInput(runs);
            return;
        }
        Path store = BenchmarkLaunch.store(model);
        String where = model.getFullPath().toString();
        if (!Files.isRegularFile(store)) {
            status.setText(where + ": no runs yet. Use Generate && Run (toolbar or context menu) to make one.");
        } else {
            try (ResultsStore s = ResultsStore.openExisting(store)) {
                List<RunSummary> all = s.runs(model.getLocation().toOSString(), 0);
                for (int i = all.size() - 1; i >= 0; i--) {
                    runs.add(all.get(i));
                }
                status.setText(where + ": " + runs.size() + (runs.size() == 1 ? " run" : " runs") + " in " + store);
            } catch (ResultsStoreException e) {
                status.setText("Cannot read " + store + ": " + e.getMessage());
            }
        }
        status.getParent().layout();
        table.setInput(new ArrayList<>(runs));
        if (select != null) {
            runs.stream().filter(r -> r.runId().equals(select)).findFirst().ifPresent(r -> table.setSelection(new StructuredSelection(r), true));
        }
    }

    private List<RunSummary> selected() {
        List<RunSummary> list = new ArrayList<>();
        for (Object o : ((IStructuredSelection) table.getSelection()).toList()) {
            list.add((RunSummary) o);
        }
        return list;
    }

    private void selectionChanged() {
        List<RunSummary> sel = selected();
        compare.setEnabled(sel.size() == 2);
        if (sel.size() == 1) {
            render(List.of(sel.get(0)));
        }
    }

    private void compareSelected() {
        List<RunSummary> sel = new ArrayList<>(selected());
        sel.sort((a, b) -> Long.compare(a.id(), b.id()));
        render(sel);
    }

    /** Writes (if needed) and shows the report of one run, or the comparison of several, off the UI thread. */
    private void render(List<RunSummary> chosen) {
        IFile file = model;
        if (file == null) {
            return;
        }
        Job job = new Job("Preparing BGML report") {
            @Override
            protected IStatus run(IProgressMonitor monitor) {
                try (ResultsStore store = ResultsStore.openExisting(BenchmarkLaunch.store(file))) {
                    List<StoredRun> stored = new ArrayList<>();
                    for (RunSummary r : chosen) {
                        stored.add(store.run(r.id()).orElseThrow());
                    }
                    Path reports = BenchmarkLaunch.reports(file);
                    Files.createDirectories(reports);
                    BenchmarkModel m = null;
                    try {
                        m = ModelFiles.loadModel(file.getLocation().toFile().toPath());
                    } catch (Exception e) {
                        // the report is still worth showing without the model's requirements
                    }
                    Path out;
                    if (stored.size() == 1) {
                        out = reports.resolve(ReportWriter.defaultName(stored.get(0)));
                        if (!Files.isRegularFile(out)) {
                            new ReportWriter().writeRun(stored.get(0), m, out);
                        }
                    } else {
                        out = reports.resolve(ReportWriter.defaultComparisonName(stored));
                        new ReportWriter().writeComparison(stored, m, out);
                    }
                    Path done = out;
                    getSite().getShell().getDisplay().asyncExec(() -> showReport(done));
                    return Status.OK_STATUS;
                } catch (Exception e) {
                    return new Status(IStatus.ERROR, BgmlUi.PLUGIN_ID, "Cannot prepare the report: " + e.getMessage(), e);
                }
            }
        };
        job.setSystem(true);
        job.schedule();
    }

    private void showReport(Path report) {
        if (table.getControl().isDisposed()) {
            return;
        }
        shown = report;
        openReport.setEnabled(true);
        if (browser != null && !browser.isDisposed()) {
            browser.setUrl(report.toUri().toString());
        } else if (noBrowser != null && !noBrowser.isDisposed()) {
            noBrowser.setText("No embedded web browser on this machine; the report is " + report + " (Open Report shows it).");
        }
    }

    @Override
    public void setFocus() {
        table.getControl().setFocus();
    }

    @Override
    public void dispose() {
        getSite().getPage().removePostSelectionListener(follow);
        super.dispose();
    }
}
