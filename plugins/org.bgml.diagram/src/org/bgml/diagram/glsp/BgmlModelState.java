package org.bgml.diagram.glsp;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.bgml.diagram.DiagramTimings;
import org.bgml.diagram.layout.LayoutStore;
import org.bgml.model.BenchmarkModel;
import org.bgml.validation.ModelDiagnostic;
import org.eclipse.emf.common.command.BasicCommandStack;
import org.eclipse.glsp.server.model.DefaultGModelState;

import com.google.inject.Inject;

/**
 * One diagram session: the EMF model being edited (the source of truth), its file, its layout, what the user
 * looks at (viewpoint, deployment toggle, run and metric of the overlay) and the latest diagnostics. Every edit
 * is an EMF command on {@link #getCommandStack()}, so undo, redo and the dirty flag come from EMF.
 */
public class BgmlModelState extends DefaultGModelState {
    private Path file;
    private BenchmarkModel model;
    private LayoutStore layout = new LayoutStore();
    private Viewpoint viewpoint = Viewpoint.INTERCONNECTION;
    private boolean showDeployment;
    private String runId = "";
    private String metric = "";
    private List<ModelDiagnostic> diagnostics = new ArrayList<>();
    private final DiagramTimings timings = new DiagramTimings();

    @Override
    @Inject
    public void init() {
        setCommandStack(new BasicCommandStack());
    }

    public BasicCommandStack getCommandStack() {
        return (BasicCommandStack) commandStack;
    }

    /** Starts a new session on {@code model}: clears undo history and the dirty flag. */
    public void open(Path file, BenchmarkModel model, LayoutStore layout) {
        this.file = file;
        this.model = model;
        this.layout = layout;
        getCommandStack().flush();
    }

    public Path getFile() {
        return file;
    }

    public BenchmarkModel getModel() {
        return model;
    }

    public LayoutStore getLayout() {
        return layout;
    }

    public Viewpoint getViewpoint() {
        return viewpoint;
    }

    public void setViewpoint(Viewpoint viewpoint) {
        this.viewpoint = viewpoint;
    }

    public boolean isShowDeployment() {
        return showDeployment;
    }

    public void setShowDeployment(boolean showDeployment) {
        this.showDeployment = showDeployment;
    }

    public String getRunId() {
        return runId;
    }

    public void setRunId(String runId) {
        this.runId = runId == null ? "" : runId;
    }

    public String getMetric() {
        return metric;
    }

    public void setMetric(String metric) {
        this.metric = metric == null ? "" : metric;
    }

    public List<ModelDiagnostic> getDiagnostics() {
        return diagnostics;
    }

    public void setDiagnostics(List<ModelDiagnostic> diagnostics) {
        this.diagnostics = diagnostics;
    }

    public DiagramTimings getTimings() {
        return timings;
    }
}
